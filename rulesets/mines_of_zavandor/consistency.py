"""A posted state against the components and the rules' invariants (design: ``422 invalid_state`` with
the path at fault): every gem card in exactly one zone (MOZ-2.5), hands and their public backs,
staged bids and drafts within the hand, every improvement card in one place, levels within
their printed tracks (no level skipped past the top, none below the start), the mine's size,
who is on turn, and the step's own records. Unknown halls, kinds and card ids are refused by
the types already. Each reason is a phrase of the game's catalogue, so that it reads in the request's
language."""

from __future__ import annotations

from rulesets.core import Inventory, require, state_refusal

from .cards import by_cart, contains, size
from .components import (AUCTION, AUCTION_CARDS, CARDS, CART_INDEX, DECK_CONTENTS, DRAGON_ITEM, FAMILY_ITEM,
                         KIND_OF, MAX_PLAYERS, MIN_PLAYERS, MINE_SLOTS, PATH, ROWS, ROWS_IN_PLAY, SCROLL_IDS)
from .refusals import refusals
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

# ---------------------------------------------------------------- what a refused state is told
# A sentence with no values is worded once, here (a check that passes builds nothing); one with values
# is worded only when its check fails. Ids (steps, phases, carts, gem kinds, rows, tracks, cards), paths
# and numbers are values as they are.
_STATE = refusals.phrase
#: what an Inventory counts (core's sentences name it, capitalized where it begins one)
GEM_CARD = _STATE("state_thing_gem_card", "gem card")()
IMPROVEMENT_CARD = _STATE("state_thing_improvement_card", "improvement card")()
# the header and who is on turn (MOZ-1.1, MOZ-2, MOZ-4.3, MOZ-5, MOZ-7.3)
PLAYER_COUNT = _STATE("state_player_count", "A game has {low} to {high} players, not {seats}.")
START_PLAYER = _STATE("state_start_player", "start_player names seat {seat}.")
STEP_OF_PHASE = _STATE("state_step_of_phase", "Step {step} is not part of the {phase} phase.")
ACTIVE_NEEDED = _STATE("state_active_needed", "A sequential step needs an active seat.")()
ACTIVE_ONLY_SEQUENTIAL = _STATE("state_active_only_sequential", "Only sequential steps have an active seat.")()
KING_MOVER = _STATE("state_king_mover", "The king's mover is named from the reveal until the king moves.")()
REWARDS_IN_STEP = _STATE("state_rewards_in_step", "Rewards wait only in the reward step.")()
REWARDS_ORDER = _STATE("state_rewards_order", "Pending rewards run top row first, each row once.")()
REWARD_WINNER = _STATE("state_reward_winner", "Seat {seat} is not in this game.")
REWARD_OFFER = _STATE("state_reward_offer", "The pending reward must offer the row's right-column card.")()
KING_STAYS = _STATE("state_king_stays", "The king never leaves the Coronation Hall.")()
BIDS_REVEALED = _STATE("state_bids_revealed", "Bids are revealed from the last seal until the king moves.")()
OFFER_IDS = _STATE("state_offer_ids", "Offer ids are unique and below next_offer.")()
# the gem cards' supply (MOZ-8.1)
PILES_PER_CART = _STATE("state_piles_per_cart", "The supply holds one pile per cart: {carts}.")
PILE_CART = _STATE("state_pile_cart", "Pile {index} must be the {cart} pile.")
DISCARD_PILE_KIND = _STATE("state_discard_pile_kind", "A {kind} card cannot lie on the {cart} discard pile.")
# a player's hand, bid, markers and draft (MOZ-2.5, MOZ-2.10, MOZ-3.6, MOZ-4, MOZ-5.2)
HAND_BACKS = _STATE("state_hand_backs", "The public backs must count the hand per cart.")()
SET_ASIDE_RETURNS = _STATE("state_set_aside_returns", "Set-aside cards return to the hand at the end of the round.")()
BID_IN_HAND = _STATE("state_bid_in_hand", "A staged bid is made of cards in the hand.")()
BIDS_IN_AUCTION = _STATE("state_bids_in_auction", "Bids exist only during the auction.")()
SEALED_IN_AUCTION = _STATE("state_sealed_in_auction", "Bids are sealed only during the auction.")()
MARKERS_PENDING = _STATE("state_markers_pending", "Free markers wait only in their owner's marker step.")()
MARKERS_TO_PLACE = _STATE("state_markers_to_place", "The marker step needs markers to place.")()
DRAFTS_OPENED = _STATE("state_drafts_opened", "More drafts opened than the phase allows.")()
DRAFT_WHILE_TRADING = _STATE("state_draft_while_trading", "Drafts exist only while trading.")()
DRAFT_PARTNER = _STATE("state_draft_partner", "A draft is addressed to another seat of this game.")()
DRAFT_GIVES = _STATE("state_draft_gives", "A draft gives only cards in the hand.")()
# levels and the mine (MOZ-5.9, MOZ-6.3, MOZ-6.4)
TRACK_LEVELS = _STATE("state_track_levels",
                      "The {track} track runs from {low} to {high}; level {level} does not exist.")
MINE_SPACES = _STATE("state_mine_spaces", "A mine has {slots} spaces.")
CARD_LEVELS = _STATE("state_card_levels", "{card} has levels {low} to {high}; level {level} does not exist.")
UPGRADED_ONCE = _STATE("state_upgraded_once", "The upgrade record names each own item at most once.")()
# open offers (MOZ-4.3, MOZ-4.4, MOZ-4.10)
OFFERS_WHILE_TRADING = _STATE("state_offers_while_trading", "Offers are open only while trading.")()
OFFER_SEATS = _STATE("state_offer_seats", "An offer is between two seats of this game.")()
ONE_DRAFT_OR_OFFER = _STATE("state_one_draft_or_offer", "A player has at most one draft or open offer.")()
OFFER_GIVES = _STATE("state_offer_gives", "An offer gives cards its proposer holds.")()
OFFER_SIDES = _STATE("state_offer_sides", "Each side of an offer holds a card.")()
# the improvement cards' display (MOZ-1.4, MOZ-1.5, MOZ-5.1)
DISPLAY_ROWS = _STATE("state_display_rows", "The display has one row per gem.")()
ROW_GEM = _STATE("state_row_gem", "Row {index} is the {gem} row.")
ROWS_IN_PLAY_COUNT = _STATE("state_rows_in_play", "Rows in play follow the player count.")()
CARD_ROW = _STATE("state_card_row", "{card} belongs to the {row} row.")


def check(state: ZavandorState) -> None:
    seats = len(state.players)
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise state_refusal(PLAYER_COUNT(low=MIN_PLAYERS, high=MAX_PLAYERS, seats=seats), "$.players", "MOZ-1.1")
    _turn(state, seats)
    _gem_cards(state)
    for seat in range(seats):
        _player(state, seat)
    _offers(state, seats)
    _improvement_cards(state, seats)


def _turn(state: ZavandorState, seats: int) -> None:
    if state.start_player >= seats:
        raise state_refusal(START_PLAYER(seat=state.start_player), "$.start_player", "MOZ-2.2")
    if PHASE_OF_STEP[state.step] != state.phase:
        raise state_refusal(STEP_OF_PHASE(step=state.step, phase=state.phase), "$.step", "MOZ-2.1")
    if state.step in SEQUENTIAL:
        require(state.active is not None and state.active < seats, ACTIVE_NEEDED, "$.active", "MOZ-2.3")
    else:
        require(state.active is None, ACTIVE_ONLY_SEQUENTIAL, "$.active", "MOZ-2.3")
    awaiting_king = state.step in ("reward", "king_move")
    require((state.king_mover is not None) == awaiting_king and (state.king_mover or 0) < seats,
            KING_MOVER, "$.king_mover", "MOZ-5.11")
    require(bool(state.rewards) == (state.step == "reward"), REWARDS_IN_STEP, "$.rewards", "MOZ-5.8")
    order = [ROWS.index(result.row) for result in state.rewards]
    require(order == sorted(set(order)), REWARDS_ORDER, "$.rewards", "MOZ-5.8")
    for index, result in enumerate(state.rewards):
        if result.winner >= seats:
            raise state_refusal(REWARD_WINNER(seat=result.winner), f"$.rewards[{index}].winner", "MOZ-5.4")
    if state.step == "reward":
        head = state.rewards[0]
        row = state.display[ROWS.index(head.row)]
        require(head.bid >= AUCTION.card_min_bid and row.in_play and row.right is not None,
                REWARD_OFFER, "$.rewards[0]", "MOZ-5.6")
    require(state.step != "king_move" or state.king != PATH.coronation, KING_STAYS, "$.king", "MOZ-7.3")
    require(state.bids_revealed == awaiting_king, BIDS_REVEALED, "$.bids_revealed", "MOZ-5.3")
    ids = [offer.id for offer in state.offers]
    require(len(ids) == len(set(ids)) and all(i < state.next_offer for i in ids),
            OFFER_IDS, "$.offers", "MOZ-4.3")


def _gem_cards(state: ZavandorState) -> None:
    """MOZ-2.5: the cards of each kind over all zones are exactly the deck contents. Gem cards of one kind
    are interchangeable, so they are counted per kind wherever they lie (a draw pile card by card, for its
    path; discard piles and hands as the counts they are)."""
    cards = Inventory(GEM_CARD, "MOZ-2.5", multiset=True)
    carts = list(CART_INDEX)
    if len(state.supply) != len(carts):
        raise state_refusal(PILES_PER_CART(carts=len(carts)), "$.supply", "MOZ-8.1")
    for index, pile in enumerate(state.supply):
        if CART_INDEX[pile.cart] != index:
            raise state_refusal(PILE_CART(index=index, cart=carts[index]), f"$.supply[{index}].cart", "MOZ-8.1")
        for position, gem in enumerate(pile.draw):
            cards.see(KIND_OF[pile.cart, gem], f"$.supply[{index}].draw[{position}]")
        for kind in pile.discard:
            if not kind.startswith(pile.cart + "."):
                raise state_refusal(DISCARD_PILE_KIND(kind=kind, cart=pile.cart), f"$.supply[{index}].discard.{kind}",
                                    "MOZ-8.1")
        cards.see_counts(pile.discard, f"$.supply[{index}].discard")
    for seat, player in enumerate(state.players):
        cards.see_counts(player.hand, f"$.players[{seat}].hand")
        cards.see_counts(player.set_aside, f"$.players[{seat}].set_aside")
    cards.expect_exactly(DECK_CONTENTS, "$.supply")


def _player(state: ZavandorState, seat: int) -> None:
    player = state.players[seat]
    path = f"$.players[{seat}]"
    require(dict(player.hand_backs) == by_cart(player.hand), HAND_BACKS, f"{path}.hand_backs", "MOZ-2.5")
    require(not player.set_aside or state.step in SET_ASIDE_STEPS, SET_ASIDE_RETURNS, f"{path}.set_aside", "MOZ-2.10")
    if state.step == "bidding":
        require(contains(player.hand, player.bid), BID_IN_HAND, f"{path}.bid", "MOZ-5.2")
    else:
        require(not player.bid or state.bids_revealed, BIDS_IN_AUCTION, f"{path}.bid", "MOZ-5.2")
    require(not player.sealed or state.step == "bidding" or state.bids_revealed, SEALED_IN_AUCTION, f"{path}.sealed",
            "MOZ-5.2")
    require(player.markers_pending == 0 or (state.step == "markers" and state.active == seat), MARKERS_PENDING,
            f"{path}.markers_pending", "MOZ-3.6")
    if state.step == "markers" and state.active == seat:
        require(player.markers_pending > 0, MARKERS_TO_PLACE, f"{path}.markers_pending", "MOZ-3.6")
    require(player.drafts_opened <= state.max_trade_proposals_per_phase, DRAFTS_OPENED, f"{path}.drafts_opened",
            "MOZ-4.11")
    if player.draft is not None:
        give, _ = draft_sides(player.draft)
        require(state.step == "trading", DRAFT_WHILE_TRADING, f"{path}.draft", "MOZ-4.3")
        require(player.draft.partner < len(state.players) and player.draft.partner != seat, DRAFT_PARTNER,
                f"{path}.draft.partner", "MOZ-4.3")
        require(contains(player.hand, give), DRAFT_GIVES, f"{path}.draft.entries", "MOZ-4.4")
    _levels(player, path)


def _levels(player: Player, path: str) -> None:
    """MOZ-2.8 / 6.4: every item's level lies on its printed track."""
    for target, item, level in (("family", FAMILY_ITEM, player.family),
                                ("pack_dragon", DRAGON_ITEM, player.pack_dragon)):
        if not item.start_level <= level <= item.top_level:
            raise state_refusal(TRACK_LEVELS(track=target, low=item.start_level, high=item.top_level, level=level),
                                f"{path}.{target}", "MOZ-6.4")
    if len(player.mine) > MINE_SLOTS:
        raise state_refusal(MINE_SPACES(slots=MINE_SLOTS), f"{path}.mine", "MOZ-5.9")
    for index, held in enumerate(player.mine):
        item = CARDS[held.card]
        low = min(item.start_level, min(item.levels))
        if not low <= held.level <= item.top_level:
            raise state_refusal(CARD_LEVELS(card=held.card, low=low, high=item.top_level, level=held.level),
                                f"{path}.mine[{index}].level", "MOZ-6.4")
    owned = {"family", "pack_dragon", *(held.card for held in player.mine)}
    require(len(set(player.upgraded)) == len(player.upgraded) and set(player.upgraded) <= owned, UPGRADED_ONCE,
            f"{path}.upgraded", "MOZ-6.3")


def _offers(state: ZavandorState, seats: int) -> None:
    proposers: set[int] = set()
    for index, offer in enumerate(state.offers):
        path = f"$.offers[{index}]"
        require(state.step == "trading", OFFERS_WHILE_TRADING, path, "MOZ-4.10")
        require(offer.proposer < seats and offer.partner < seats and offer.proposer != offer.partner, OFFER_SEATS,
                path, "MOZ-4.3")
        require(offer.proposer not in proposers and state.players[offer.proposer].draft is None, ONE_DRAFT_OR_OFFER,
                path, "MOZ-4.4")
        proposers.add(offer.proposer)
        require(contains(state.players[offer.proposer].hand, offer.give), OFFER_GIVES, f"{path}.give", "MOZ-4.4")
        require(bool(offer.ask) and size(offer.give) > 0, OFFER_SIDES, path, "MOZ-4.3")


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
    inventory = Inventory(IMPROVEMENT_CARD, "MOZ-1.3")
    require(len(state.display) == len(ROWS), DISPLAY_ROWS, "$.display", "MOZ-5.1")
    for index, row in enumerate(state.display):
        path = f"$.display[{index}]"
        if row.gem != ROWS[index]:
            raise state_refusal(ROW_GEM(index=index, gem=ROWS[index]), f"{path}.gem", "MOZ-5.1")
        require(row.in_play == (row.gem in ROWS_IN_PLAY[seats]), ROWS_IN_PLAY_COUNT, f"{path}.in_play", "MOZ-1.5")
        for where in ("right", "middle"):
            card = getattr(row, where)
            if card is not None:
                if CARDS[card].row != row.gem:
                    raise state_refusal(CARD_ROW(card=card, row=CARDS[card].row), f"{path}.{where}", "MOZ-1.4")
                inventory.see(card, f"{path}.{where}")
        for position, card in enumerate(row.stack):
            if CARDS[card].row != row.gem:
                raise state_refusal(CARD_ROW(card=card, row=CARDS[card].row), f"{path}.stack[{position}]", "MOZ-1.4")
        inventory.see_all(row.stack, f"{path}.stack")
    for seat, player in enumerate(state.players):
        inventory.see_all([held.card for held in player.mine], f"$.players[{seat}].mine")
    inventory.see_all(state.removed_from_game, "$.removed_from_game")
    inventory.expect_exactly(in_game)
