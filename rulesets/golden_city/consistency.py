"""Spec 3.1 invariants: a posted state that contradicts the components or itself is refused
with ``InvalidState`` and the JSON path at fault (GC-12, GC-13.2).

Checked: the seats and their colours, the options, card totals (10 landscape cards of each type, 8 goods,
8 bonus, 16 scoring cards, each in exactly one place), 6 keys, 35 coins, the board (known
spaces, one post per harbour or village, one regular post per player per district,
black posts only as GC-11.3 allows, each post connected to an earlier post of its owner
unless it stands on a harbour, the build counter), posts on the board plus in supply
equal to what a player owns, and that the phase and its bookkeeping agree.
"""

from __future__ import annotations

from collections import Counter

from rulesets.core import InvalidState, Inventory, require

from .components import (BLACK, BONUS_CARDS, COINS_TOTAL, COLOURS, DATA_VERSION, GOODS_CARDS, GOODS_DISPLAY,
                         HAND_LIMIT, HARBOUR, KEYS_TOTAL, LANDSCAPE_COUNTS, NEIGHBOURS, PLAYER_COUNTS, SCORING_CARDS,
                         SCORING_STACK_ORDER, SINGLE, SPACES)
from .building import BUILDS_PER_TURN, supply_exhausted
from .options import CHOICES
from .state import IS_BLACK, OWNER, SEQ, GoldenCityState

#: every rule an ``invalid_state`` refusal below cites, for the served catalogue (core's code, the game's rules).
CITED_RULES: tuple[str, ...] = (
    "GC-1.2", "GC-1.5", "GC-1.7", "GC-1.8", "GC-2.1", "GC-3.1", "GC-4.1", "GC-4.2", "GC-4.4", "GC-5.1", "GC-5.3",
    "GC-5.4.1", "GC-5.4.2", "GC-5.5.2", "GC-5.7", "GC-6.5", "GC-9.1", "GC-10.1", "GC-10.4", "GC-11.1", "GC-11.3",
    "GC-12.1", "GC-12.3", "GC-12.4", "GC-12.5", "GC-12.6", "GC-12.8", "GC-13.2",
)


def check(state: GoldenCityState) -> None:
    # Checks whose message is formatted test first and format only to refuse: every
    # request runs them all.
    seats = len(state.players)
    if seats not in PLAYER_COUNTS:
        raise InvalidState(f"The Golden City is played by {min(PLAYER_COUNTS)} to {max(PLAYER_COUNTS)} "
                           f"players, not {seats}.", "$.players", rule="GC-1.5")
    if state.data_version != DATA_VERSION:
        raise InvalidState(f"This referee reads component data {DATA_VERSION}.", "$.data_version", rule="GC-13.2")
    for name in state.options.__struct_fields__:
        if getattr(state.options, name) not in CHOICES[name]:
            raise InvalidState(f"Option {name} must be one of {CHOICES[name]}.", f"$.options.{name}", rule="GC-13.2")
    counts = PLAYER_COUNTS[seats]
    if state.start_player >= seats:
        raise InvalidState(f"start_player names seat {state.start_player}.", "$.start_player", rule="GC-1.8")
    _players(state, seats, counts.black_posts)
    _cards(state)
    _board(state, seats, counts.regular_posts, counts.black_posts)
    _phase(state, seats, counts.pairs_per_round)


def _players(state: GoldenCityState, seats: int, black_posts: int) -> None:
    colours = [player.colour for player in state.players]
    for seat, colour in enumerate(colours):
        if colour not in COLOURS or colours.index(colour) != seat or (black_posts and colour == BLACK):
            raise InvalidState(f"Seat {seat}'s colour {colour!r} is not a free post colour.",
                               f"$.players[{seat}].colour", rule="GC-1.5")
    if state.key_supply + sum(p.keys for p in state.players) != KEYS_TOTAL:
        raise InvalidState(f"The keys in the supply and in hands must total {KEYS_TOTAL}.", "$.key_supply",
                           rule="GC-12.5")
    if state.bank_coins + sum(p.coins for p in state.players) != COINS_TOTAL:
        raise InvalidState(f"The coins in the bank and with the players must total {COINS_TOTAL}.", "$.bank_coins",
                           rule="GC-12.6")


_GOODS_SET = frozenset(GOODS_CARDS)
_BONUS_SET = frozenset(BONUS_CARDS)
_SCORING_SET = frozenset(SCORING_CARDS)
_STACK_RANK = {card: SCORING_STACK_ORDER.index(SCORING_CARDS[card].back) for card in SCORING_CARDS}
_HARBOURS = frozenset(sid for sid, space in SPACES.items() if space.kind == HARBOUR)
_NEIGHBOUR_TUPLES = {sid: tuple(near) for sid, near in NEIGHBOURS.items()}  # a tuple iterates faster than a set


def _complete(places: list[list[str]], expected: frozenset[str]) -> bool:
    """The fast path: every expected card once, nothing else (the slow path then names the place at fault)."""
    seen = [card for place in places for card in place]
    return len(seen) == len(expected) and expected.issuperset(seen) and len(set(seen)) == len(seen)


def _each_once(what: str, rule: str, places: list[tuple[str, list[str]]], expected: frozenset[str]) -> None:
    """Every expected card in exactly one of ``places`` (path, cards), nothing else; only a state that fails
    the fast path is tallied card by card, to name the place at fault."""
    if _complete([cards for _, cards in places], expected):
        return
    inventory = Inventory(what, rule=rule)
    for path, cards in places:
        inventory.see_all(cards, path)
    inventory.expect_exactly(expected)


def _landscape_cards(places: list[tuple[str, list[str]]]) -> None:
    """Spec 5.1: 10 cards of each landscape type in all (copies of a type are interchangeable), nothing else;
    only a state that fails the count is tallied place by place, to name the place at fault."""
    if Counter(card for _, cards in places for card in cards) == LANDSCAPE_COUNTS:
        return
    inventory = Inventory("landscape card", rule="GC-12.1", multiset=True)
    for path, cards in places:
        inventory.see_all(cards, path)
    inventory.expect_exactly(LANDSCAPE_COUNTS)


def _cards(state: GoldenCityState) -> None:
    players = state.players
    pairs = state.auction.pairs if state.auction is not None else []
    _landscape_cards([(f"$.players[{seat}].hand", player.hand) for seat, player in enumerate(players)]
                     + [("$.landscape_deck", state.landscape_deck), ("$.landscape_discard", state.landscape_discard)]
                     + [(f"$.auction.pairs[{index}]", pair) for index, pair in enumerate(pairs)])
    _each_once("goods card", "GC-12.3",
               [(f"$.players[{seat}].goods", player.goods) for seat, player in enumerate(players)]
               + [("$.goods_display", state.goods_display), ("$.goods_deck", state.goods_deck)], _GOODS_SET)
    _each_once("bonus card", "GC-12.4",
               [(f"$.players[{seat}].bonus", player.bonus) for seat, player in enumerate(players)]
               + [("$.bonus_display", state.bonus_display), ("$.bonus_deck", state.bonus_deck)], _BONUS_SET)
    if len(state.goods_display) != min(GOODS_DISPLAY, len(state.goods_display) + len(state.goods_deck)):
        raise InvalidState(f"The goods display holds {GOODS_DISPLAY} cards while the goods deck lasts.",
                           "$.goods_display", rule="GC-6.5")
    public_choice = state.options.bonus_card_acquisition == "choose_any_public"
    if state.bonus_deck if public_choice else state.bonus_display:
        raise InvalidState("Bonus cards are either a face-down deck or, under the public-choice reading, a face-up "
                           "display.", "$.bonus_deck" if public_choice else "$.bonus_display", rule="GC-1.2")
    current = [state.scoring_card] if state.scoring_card is not None else []
    if not _complete([state.scoring_removed, current, state.scoring_deck], _SCORING_SET):
        scoring = Inventory("scoring card", rule="GC-1.7")
        scoring.see_all(state.scoring_removed, "$.scoring_removed")
        if state.scoring_card is not None:
            scoring.see(state.scoring_card, "$.scoring_card")
        scoring.see_all(state.scoring_deck, "$.scoring_deck")
        scoring.expect_exactly(SCORING_CARDS)
    backs = [_STACK_RANK[card] for card in state.scoring_deck]
    if backs != sorted(backs):
        raise InvalidState("The scoring deck is stacked back 1, then 2, then 3 from the top.", "$.scoring_deck",
                           rule="GC-1.7")


def _board(state: GoldenCityState, seats: int, regular_posts: int, black_posts: int) -> None:
    regular = [0] * seats
    black = [0] * seats
    # per seat, each space's earliest post number of that seat (keyed by the space id alone:
    # a (space, seat) key would be a new tuple to hash at every post and every neighbour)
    first: list[dict[str, int]] = [{} for _ in range(seats)]
    seqs: list[int] = []
    for space_id, placed in state.board.items():
        if space_id not in SPACES or not placed or (space_id in SINGLE and len(placed) != 1):
            path = f"$.board.{space_id}"
            require(space_id in SPACES, f"There is no space {space_id!r} on the board.", path, "GC-5.3")
            require(bool(placed), f"{space_id} is listed with no post; list only occupied spaces.", path, "GC-12.8")
            raise InvalidState(f"{space_id} holds one post at most.", path, rule="GC-5.4.1")
        if len(placed) == 1 and not placed[0][IS_BLACK] and placed[0][OWNER] < seats:
            # most spaces hold one regular post: no other post there to compare it with
            seat, _black, seq = placed[0]
            regular[seat] += 1
            seqs.append(seq)
            first[seat][space_id] = seq
            continue
        owners = []
        blacks = []
        for index, (seat, is_black, seq) in enumerate(placed):
            if seat >= seats:
                raise InvalidState(f"Post of seat {seat}, which is not in this game.",
                                   f"$.board.{space_id}[{index}][{OWNER}]", rule="GC-1.5")
            seqs.append(seq)
            own = first[seat]
            if own.get(space_id, seq) >= seq:
                own[space_id] = seq
            if is_black:
                black[seat] += 1
                blacks.append(seat)
            else:
                regular[seat] += 1
                owners.append(seat)
        if len(owners) != len(set(owners)):
            raise InvalidState(f"A player has two posts in {space_id}.", f"$.board.{space_id}", rule="GC-5.4.2")
        if blacks and not (len(blacks) == 1 and space_id not in SINGLE and blacks[0] in owners
                           and all(post[OWNER] == blacks[0] for post in placed)):
            raise InvalidState(f"The black post in {space_id} must join its owner's regular post in a district no "
                               f"one else has entered.", f"$.board.{space_id}", rule="GC-11.3")
    if sorted(seqs) != list(range(1, len(seqs) + 1)):
        posts = Inventory("post number", rule="GC-12.8")
        for space_id, placed in state.board.items():
            for index, post in enumerate(placed):
                posts.see(post[SEQ], f"$.board.{space_id}[{index}][{SEQ}]")
        posts.expect_exactly(range(1, len(seqs) + 1), "$.board")
    for space_id, placed in state.board.items():
        if space_id in _HARBOURS:
            continue
        for seat, _black, seq in placed:
            own = first[seat]
            for neighbour in _NEIGHBOUR_TUPLES[space_id]:
                if own.get(neighbour, seq) < seq:
                    break  # a road to an earlier post of the owner
            else:
                raise InvalidState(f"Post {seq} on {space_id} has no road to an earlier post of its owner.",
                                   f"$.board.{space_id}", rule="GC-5.5.2")
    for seat, player in enumerate(state.players):
        if regular[seat] + player.posts_left != regular_posts:
            raise InvalidState(f"Seat {seat} owns {regular_posts} regular posts: {regular[seat]} on the board and "
                               f"{player.posts_left} in supply do not add up.", f"$.players[{seat}].posts_left",
                               rule="GC-1.5")
        if black[seat] + player.black_left != black_posts:
            raise InvalidState(f"Seat {seat} owns {black_posts} black posts: {black[seat]} on the board and "
                               f"{player.black_left} in supply do not add up.", f"$.players[{seat}].black_left",
                               rule="GC-11.1")


def _phase(state: GoldenCityState, seats: int, pairs: int) -> None:
    phase = state.phase
    scored = len(state.scoring_removed)
    if state.round != scored + (state.scoring_card is not None):
        raise InvalidState(f"Round {state.round} does not match the {scored} scoring card(s) scored.", "$.round",
                           rule="GC-3.1")
    require((state.scoring_card is not None) == (phase in ("auction", "build")),
            "The round's scoring card is face up during the auction and the building only.", "$.scoring_card",
            "GC-3.1")
    require((state.auction is not None) == (phase == "auction"), "The auction exists in the auction phase only.",
            "$.auction", "GC-2.1")
    require((state.build is not None) == (phase == "build"), "The build turn exists in the build phase only.",
            "$.build", "GC-2.1")
    require(bool(state.discard_pending) == (phase == "discard"), "Discards are pending in the discard phase only.",
            "$.discard_pending", "GC-9.1")
    require((state.result is not None) == (phase == "game_over"), "The result exists once the game is over.",
            "$.result", "GC-10.4")
    if phase != "game_over" and any(supply_exhausted(state, seat) for seat in range(seats)):
        require(state.end_triggered, "A player has built his last post: the end is triggered.",
                "$.end_triggered", "GC-5.7")
    if phase == "auction":
        auction = state.auction
        assert auction is not None
        if len(auction.pairs) != pairs or any(len(pair) != 2 for pair in auction.pairs):
            raise InvalidState(f"{pairs} pairs of two cards are on offer.", "$.auction.pairs", rule="GC-4.1")
        require(len(auction.markers) == pairs, "One marker slot per pair.", "$.auction.markers", "GC-4.2")
        placed = [seat for seat in auction.markers if seat is not None]
        require(all(seat < seats for seat in placed) and len(placed) == len(set(placed)),
                "Each player's marker lies on one pair at most.", "$.auction.markers", "GC-4.2")
        require(sorted(auction.queue) == sorted(set(range(seats)) - set(placed)) and bool(auction.queue),
                "The seats still to place are exactly those whose marker is off the table.", "$.auction.queue",
                "GC-4.4")
        require(not state.end_triggered, "A triggered end comes with the round it was triggered in; no auction "
                "follows it.", "$.end_triggered", "GC-10.1")
        for seat, player in enumerate(state.players):
            if len(player.hand) > HAND_LIMIT:
                raise InvalidState(f"No hand exceeds {HAND_LIMIT} cards during the auction.",
                                   f"$.players[{seat}].hand", rule="GC-9.1")
    elif phase == "build":
        build = state.build
        assert build is not None
        require(build.index < seats, "Every player has had his build turn.", "$.build.index", "GC-5.1")
        most = BUILDS_PER_TURN if state.options.explicit_end_turn else BUILDS_PER_TURN - 1
        if build.builds > most:
            raise InvalidState(f"At most {most} builds stand in a turn still open.", "$.build.builds", rule="GC-5.1")
    elif phase == "discard":
        pending = state.discard_pending
        over = {seat for seat in range(seats) if len(state.players[seat].hand) > HAND_LIMIT}
        require(len(pending) == len(set(pending)) and set(pending) <= over and not state.end_triggered,
                "Only players over the hand limit owe a discard, once each, and only if the game goes on.",
                "$.discard_pending", "GC-9.1")
        require(over <= set(pending), "Every player over the hand limit owes a discard.", "$.discard_pending",
                "GC-9.1")
    else:
        require(state.result is not None and len(state.result) == seats
                and [entry.player for entry in state.result] == list(range(seats)),
                "The result lists every seat in order.", "$.result", "GC-10.4")
