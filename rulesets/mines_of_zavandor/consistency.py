"""A posted state against the components and the rules' invariants (design: ``422 invalid_state`` with
the path at fault): every gem card in exactly one zone (MOZ-2.5), hands and their public backs,
staged bids and drafts within the hand, every improvement card in one place, levels within
their printed tracks (no level skipped past the top, none below the start), the mine's size,
who is on turn, and the step's own records. Unknown halls, kinds and card ids are refused by
the types already."""

from __future__ import annotations

from rulesets.core import Inventory, require

from .cards import by_cart, contains, size
from .components import (AUCTION, AUCTION_CARDS, CARDS, CART_INDEX, DECK_CONTENTS, DRAGON_ITEM, FAMILY_ITEM,
                         KIND_OF, MAX_PLAYERS, MIN_PLAYERS, MINE_SLOTS, PATH, ROWS, ROWS_IN_PLAY, SCROLL_IDS)
from .state import Player, ZavandorState
from .trading import draft_sides

#: the phase each step belongs to (spec 3.1)
PHASE_OF_STEP = {"production": "income", "markers": "income", "one_time": "income", "trading": "trading",
                 "bidding": "auction", "reward": "auction", "king_move": "auction", "upgrade": "upgrade",
                 "game_over": "game_over"}
SEQUENTIAL = frozenset({"production", "markers", "one_time", "upgrade"})
SET_ASIDE_STEPS = frozenset({"reward", "king_move", "upgrade"})
#: MOZ-1.3 / 1.7: the improvement cards (starting scrolls included) of a game for each player count
IN_GAME = {seats: frozenset([card for card in AUCTION_CARDS if CARDS[card].min_players <= seats]
                            + list(SCROLL_IDS[:seats])) for seats in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def check(state: ZavandorState) -> None:
    seats = len(state.players)
    require(MIN_PLAYERS <= seats <= MAX_PLAYERS, f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats}.",
            "$.players", "MOZ-1.1")
    _turn(state, seats)
    _gem_cards(state)
    for seat in range(seats):
        _player(state, seat)
    _offers(state, seats)
    _improvement_cards(state, seats)


def _turn(state: ZavandorState, seats: int) -> None:
    require(state.start_player < seats, f"start_player names seat {state.start_player}.", "$.start_player", "MOZ-2.2")
    require(PHASE_OF_STEP[state.step] == state.phase, f"Step {state.step} is not part of the {state.phase} phase.",
            "$.step", "MOZ-2.1")
    if state.step in SEQUENTIAL:
        require(state.active is not None and state.active < seats, "A sequential step needs an active seat.",
                "$.active", "MOZ-2.3")
    else:
        require(state.active is None, "Only sequential steps have an active seat.", "$.active", "MOZ-2.3")
    awaiting_king = state.step in ("reward", "king_move")
    require((state.king_mover is not None) == awaiting_king and (state.king_mover or 0) < seats,
            "The king's mover is named from the reveal until the king moves.", "$.king_mover", "MOZ-5.11")
    require(bool(state.rewards) == (state.step == "reward"), "Rewards wait only in the reward step.", "$.rewards",
            "MOZ-5.8")
    order = [ROWS.index(result.row) for result in state.rewards]
    require(order == sorted(set(order)), "Pending rewards run top row first, each row once.", "$.rewards", "MOZ-5.8")
    for index, result in enumerate(state.rewards):
        require(result.winner < seats, f"Seat {result.winner} is not in this game.",
                f"$.rewards[{index}].winner", "MOZ-5.4")
    if state.step == "reward":
        head = state.rewards[0]
        row = state.display[ROWS.index(head.row)]
        require(head.bid >= AUCTION.card_min_bid and row.in_play and row.right is not None,
                "The pending reward must offer the row's right-column card.", "$.rewards[0]", "MOZ-5.6")
    require(state.step != "king_move" or state.king != PATH.coronation,
            "The king never leaves the Coronation Hall.", "$.king", "MOZ-7.3")
    require(state.bids_revealed == awaiting_king, "Bids are revealed from the last seal until the king moves.",
            "$.bids_revealed", "MOZ-5.3")
    ids = [offer.id for offer in state.offers]
    require(len(ids) == len(set(ids)) and all(i < state.next_offer for i in ids),
            "Offer ids are unique and below next_offer.", "$.offers", "MOZ-4.3")


def _gem_cards(state: ZavandorState) -> None:
    """MOZ-2.5: the cards of each kind over all zones are exactly the deck contents. Gem cards of one kind
    are interchangeable, so they are counted per kind wherever they lie (a draw pile card by card, for its
    path; discard piles and hands as the counts they are)."""
    cards = Inventory("gem card", "MOZ-2.5", multiset=True)
    carts = list(CART_INDEX)
    require(len(state.supply) == len(carts), f"The supply holds one pile per cart: {len(carts)}.", "$.supply",
            "MOZ-8.1")
    for index, pile in enumerate(state.supply):
        if CART_INDEX[pile.cart] != index:
            require(False, f"Pile {index} must be the {carts[index]} pile.", f"$.supply[{index}].cart", "MOZ-8.1")
        for position, gem in enumerate(pile.draw):
            cards.see(KIND_OF[pile.cart, gem], f"$.supply[{index}].draw[{position}]")
        for kind in pile.discard:
            require(kind.startswith(pile.cart + "."), f"A {kind} card cannot lie on the {pile.cart} discard pile.",
                    f"$.supply[{index}].discard.{kind}", "MOZ-8.1")
        cards.see_counts(pile.discard, f"$.supply[{index}].discard")
    for seat, player in enumerate(state.players):
        cards.see_counts(player.hand, f"$.players[{seat}].hand")
        cards.see_counts(player.set_aside, f"$.players[{seat}].set_aside")
    cards.expect_exactly(DECK_CONTENTS, "$.supply")


def _player(state: ZavandorState, seat: int) -> None:
    player = state.players[seat]
    path = f"$.players[{seat}]"
    require(dict(player.hand_backs) == by_cart(player.hand), "The public backs must count the hand per cart.",
            f"{path}.hand_backs", "MOZ-2.5")
    require(not player.set_aside or state.step in SET_ASIDE_STEPS,
            "Set-aside cards return to the hand at the end of the round.", f"{path}.set_aside", "MOZ-2.10")
    if state.step == "bidding":
        require(contains(player.hand, player.bid), "A staged bid is made of cards in the hand.", f"{path}.bid",
                "MOZ-5.2")
    else:
        require(not player.bid or state.bids_revealed, "Bids exist only during the auction.", f"{path}.bid",
                "MOZ-5.2")
    require(not player.sealed or state.step == "bidding" or state.bids_revealed,
            "Bids are sealed only during the auction.", f"{path}.sealed", "MOZ-5.2")
    require(player.markers_pending == 0 or (state.step == "markers" and state.active == seat),
            "Free markers wait only in their owner's marker step.", f"{path}.markers_pending", "MOZ-3.6")
    if state.step == "markers" and state.active == seat:
        require(player.markers_pending > 0, "The marker step needs markers to place.", f"{path}.markers_pending",
                "MOZ-3.6")
    require(player.drafts_opened <= state.max_trade_proposals_per_phase,
            "More drafts opened than the phase allows.", f"{path}.drafts_opened", "MOZ-4.11")
    if player.draft is not None:
        give, _ = draft_sides(player.draft)
        require(state.step == "trading", "Drafts exist only while trading.", f"{path}.draft", "MOZ-4.3")
        require(player.draft.partner < len(state.players) and player.draft.partner != seat,
                "A draft is addressed to another seat of this game.", f"{path}.draft.partner", "MOZ-4.3")
        require(contains(player.hand, give), "A draft gives only cards in the hand.", f"{path}.draft.entries",
                "MOZ-4.4")
    _levels(player, path)


def _levels(player: Player, path: str) -> None:
    """MOZ-2.8 / 6.4: every item's level lies on its printed track."""
    for target, item, level in (("family", FAMILY_ITEM, player.family),
                                ("pack_dragon", DRAGON_ITEM, player.pack_dragon)):
        require(item.start_level <= level <= item.top_level,
                f"The {target} track runs from {item.start_level} to {item.top_level}; level {level} does not exist.",
                f"{path}.{target}", "MOZ-6.4")
    require(len(player.mine) <= MINE_SLOTS, f"A mine has {MINE_SLOTS} spaces.", f"{path}.mine", "MOZ-5.9")
    for index, held in enumerate(player.mine):
        item = CARDS[held.card]
        low = min(item.start_level, min(item.levels))
        require(low <= held.level <= item.top_level,
                f"{held.card} has levels {low} to {item.top_level}; level {held.level} does not exist.",
                f"{path}.mine[{index}].level", "MOZ-6.4")
    owned = {"family", "pack_dragon", *(held.card for held in player.mine)}
    require(len(set(player.upgraded)) == len(player.upgraded) and set(player.upgraded) <= owned,
            "The upgrade record names each own item at most once.", f"{path}.upgraded", "MOZ-6.3")


def _offers(state: ZavandorState, seats: int) -> None:
    proposers: set[int] = set()
    for index, offer in enumerate(state.offers):
        path = f"$.offers[{index}]"
        require(state.step == "trading", "Offers are open only while trading.", path, "MOZ-4.10")
        require(offer.proposer < seats and offer.partner < seats and offer.proposer != offer.partner,
                "An offer is between two seats of this game.", path, "MOZ-4.3")
        require(offer.proposer not in proposers and state.players[offer.proposer].draft is None,
                "A player has at most one draft or open offer.", path, "MOZ-4.4")
        proposers.add(offer.proposer)
        require(contains(state.players[offer.proposer].hand, offer.give), "An offer gives cards its proposer holds.",
                f"{path}.give", "MOZ-4.4")
        require(bool(offer.ask) and size(offer.give) > 0, "Each side of an offer holds a card.", path, "MOZ-4.3")


def _improvement_cards(state: ZavandorState, seats: int) -> None:
    """MOZ-1.3 / 1.5: each card of this game in exactly one place; the box keeps the rest."""
    in_game = IN_GAME[seats]
    placed = [card for row in state.display for card in (row.right, row.middle, *row.stack) if card is not None]
    placed += [held.card for player in state.players for held in player.mine] + list(state.removed_from_game)
    quick = (len(state.display) == len(ROWS) and len(placed) == len(in_game) and set(placed) == in_game
             and all(row.gem == ROWS[index] and row.in_play == (row.gem in ROWS_IN_PLAY[seats])
                     for index, row in enumerate(state.display))
             and all(CARDS[card].row == row.gem for row in state.display
                     for card in (row.right, row.middle, *row.stack) if card is not None))
    if quick:
        return
    inventory = Inventory("improvement card", "MOZ-1.3")
    require(len(state.display) == len(ROWS), "The display has one row per gem.", "$.display", "MOZ-5.1")
    for index, row in enumerate(state.display):
        path = f"$.display[{index}]"
        require(row.gem == ROWS[index], f"Row {index} is the {ROWS[index]} row.", f"{path}.gem", "MOZ-5.1")
        require(row.in_play == (row.gem in ROWS_IN_PLAY[seats]), "Rows in play follow the player count.",
                f"{path}.in_play", "MOZ-1.5")
        for where in ("right", "middle"):
            card = getattr(row, where)
            if card is not None:
                require(CARDS[card].row == row.gem, f"{card} belongs to the {CARDS[card].row} row.",
                        f"{path}.{where}", "MOZ-1.4")
                inventory.see(card, f"{path}.{where}")
        for position, card in enumerate(row.stack):
            require(CARDS[card].row == row.gem, f"{card} belongs to the {CARDS[card].row} row.",
                    f"{path}.stack[{position}]", "MOZ-1.4")
        inventory.see_all(row.stack, f"{path}.stack")
    for seat, player in enumerate(state.players):
        inventory.see_all([held.card for held in player.mine], f"$.players[{seat}].mine")
    inventory.see_all(state.removed_from_game, "$.removed_from_game")
    inventory.expect_exactly(in_game)
