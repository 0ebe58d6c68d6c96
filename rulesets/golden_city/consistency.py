"""Spec 3.1 invariants: a posted state that contradicts the components or itself is refused
with core's ``invalid_state`` and the JSON path at fault (GC-12, GC-13.2), its reason a phrase that reads in
the request's language.

Checked: the seats and their colours, the options, card totals (10 landscape cards of each type, 8 goods,
8 bonus, 16 scoring cards, each in exactly one place), 6 keys, 35 coins, the board (known
spaces, one post per harbour or village, one regular post per player per district,
black posts only as GC-11.3 allows, each post connected to an earlier post of its owner
unless it stands on a harbour, the build counter), posts on the board plus in supply
equal to what a player owns, and that the phase and its bookkeeping agree.
"""

from __future__ import annotations

from collections import Counter

from rulesets.core import Inventory, Worded, require, state_refusal

from .components import (BLACK, BONUS_CARDS, COINS_TOTAL, COLOURS, DATA_VERSION, GOODS_CARDS, GOODS_DISPLAY,
                         HAND_LIMIT, HARBOUR, KEYS_TOTAL, LANDSCAPE_COUNTS, NEIGHBOURS, PLAYER_COUNTS, SCORING_CARDS,
                         SCORING_STACK_ORDER, SINGLE, SPACES)
from .building import BUILDS_PER_TURN, supply_exhausted
from .options import CHOICES
from .refusals import refusals
from .state import IS_BLACK, OWNER, SEQ, GoldenCityState

#: every rule an ``invalid_state`` refusal below cites, for the served catalogue (core's code, the game's rules).
CITED_RULES: tuple[str, ...] = (
    "GC-1.2", "GC-1.5", "GC-1.7", "GC-1.8", "GC-2.1", "GC-3.1", "GC-4.1", "GC-4.2", "GC-4.4", "GC-5.1", "GC-5.3",
    "GC-5.4.1", "GC-5.4.2", "GC-5.5.2", "GC-5.7", "GC-6.5", "GC-9.1", "GC-10.1", "GC-10.4", "GC-11.1", "GC-11.3",
    "GC-12.1", "GC-12.3", "GC-12.4", "GC-12.5", "GC-12.6", "GC-12.8", "GC-13.2",
)

# ---------------------------------------------------------------- what a refused state is told
# Each reason is a phrase of the game's catalogue, so that it reads in the request's language (core's
# invalid_state sentence frames it). A sentence with no values is worded once, here: a check that passes
# builds nothing; one with values is worded only when its check fails. Ids, paths and numbers are values
# as they are.
_STATE = refusals.phrase
#: what an Inventory counts (core's sentences name it, capitalized where it begins one)
LANDSCAPE_CARD = _STATE("state_thing_landscape_card", "landscape card")()
GOODS_CARD = _STATE("state_thing_goods_card", "goods card")()
BONUS_CARD = _STATE("state_thing_bonus_card", "bonus card")()
SCORING_CARD = _STATE("state_thing_scoring_card", "scoring card")()
POST_NUMBER = _STATE("state_thing_post_number", "post number")()
# the header and the players (GC-1, GC-12, GC-13.2)
PLAYER_COUNT = _STATE("state_player_count", "The Golden City is played by {low} to {high} players, not {seats}.")
DATA_VERSION_READ = _STATE("state_data_version", "This referee reads component data {version}.")
OPTION_CHOICES = _STATE("state_option_choices", "Option {option} must be one of {choices}.")
START_PLAYER = _STATE("state_start_player", "start_player names seat {seat}.")
COLOUR_NOT_FREE = _STATE("state_colour_not_free", "Seat {seat}'s colour {colour} is not a free post colour.")
KEYS_ADD_UP = _STATE("state_keys_total", "The keys in the supply and in hands must total {total}.")
COINS_ADD_UP = _STATE("state_coins_total", "The coins in the bank and with the players must total {total}.")
# the cards (GC-1.2, GC-1.7, GC-6.5)
GOODS_DISPLAY_FULL = _STATE("state_goods_display_full",
                            "The goods display holds {count} cards while the goods deck lasts.")
BONUS_DECK_OR_DISPLAY = _STATE("state_bonus_deck_or_display",
                               "Bonus cards are either a face-down deck or, under the public-choice reading, a "
                               "face-up display.")()
SCORING_DECK_STACKED = _STATE("state_scoring_deck_stacked",
                              "The scoring deck is stacked back 1, then 2, then 3 from the top.")()
# the board (GC-1.5, GC-5, GC-11, GC-12.8)
NO_SUCH_SPACE = _STATE("state_no_such_space", "There is no space {space} on the board.")
SPACE_WITHOUT_POST = _STATE("state_space_without_post", "{space} is listed with no post; list only occupied spaces.")
ONE_POST_AT_MOST = _STATE("state_one_post_at_most", "{space} holds one post at most.")
POST_OF_ABSENT_SEAT = _STATE("state_post_of_absent_seat", "Post of seat {seat}, which is not in this game.")
TWO_POSTS_IN_DISTRICT = _STATE("state_two_posts_in_district", "A player has two posts in {space}.")
BLACK_POST_ALONE = _STATE("state_black_post_alone",
                          "The black post in {space} must join its owner's regular post in a district no one else "
                          "has entered.")
POST_NOT_CONNECTED = _STATE("state_post_not_connected",
                            "Post {seq} on {space} has no road to an earlier post of its owner.")
REGULAR_POSTS_ADD_UP = _STATE("state_regular_posts_total",
                              "Seat {seat} owns {owned} regular posts: {on_board} on the board and {in_supply} in "
                              "supply do not add up.")
BLACK_POSTS_ADD_UP = _STATE("state_black_posts_total",
                            "Seat {seat} owns {owned} black posts: {on_board} on the board and {in_supply} in supply "
                            "do not add up.")
# the phase and its bookkeeping (GC-2 to GC-5, GC-9, GC-10)
ROUND_MISMATCH = _STATE("state_round_mismatch", "Round {round} does not match the {scored} scoring card(s) scored.")
SCORING_CARD_UP = _STATE("state_scoring_card_up",
                         "The round's scoring card is face up during the auction and the building only.")()
AUCTION_IN_PHASE = _STATE("state_auction_in_phase", "The auction exists in the auction phase only.")()
BUILD_IN_PHASE = _STATE("state_build_in_phase", "The build turn exists in the build phase only.")()
DISCARDS_IN_PHASE = _STATE("state_discards_in_phase", "Discards are pending in the discard phase only.")()
RESULT_AT_END = _STATE("state_result_at_end", "The result exists once the game is over.")()
END_TRIGGERED = _STATE("state_end_triggered", "A player has built his last post: the end is triggered.")()
PAIRS_ON_OFFER = _STATE("state_pairs_on_offer", "{pairs} pairs of two cards are on offer.")
MARKER_SLOTS = _STATE("state_marker_slots", "One marker slot per pair.")()
MARKER_ONCE = _STATE("state_marker_once", "Each player's marker lies on one pair at most.")()
AUCTION_QUEUE = _STATE("state_auction_queue",
                       "The seats still to place are exactly those whose marker is off the table.")()
NO_AUCTION_AFTER_END = _STATE("state_no_auction_after_end",
                              "A triggered end comes with the round it was triggered in; no auction follows it.")()
HAND_LIMIT_IN_AUCTION = _STATE("state_hand_limit_in_auction", "No hand exceeds {limit} cards during the auction.")
BUILD_TURNS_LEFT = _STATE("state_build_turns_left", "Every player has had his build turn.")()
BUILDS_IN_TURN = _STATE("state_builds_in_turn", "At most {most} builds stand in a turn still open.")
DISCARD_OWED_ONLY = _STATE("state_discard_owed_only",
                           "Only players over the hand limit owe a discard, once each, and only if the game goes on.")()
DISCARD_OWED = _STATE("state_discard_owed", "Every player over the hand limit owes a discard.")()
RESULT_SEATS = _STATE("state_result_seats", "The result lists every seat in order.")()


def check(state: GoldenCityState) -> None:
    # Checks whose message is formatted test first and format only to refuse: every
    # request runs them all.
    seats = len(state.players)
    if seats not in PLAYER_COUNTS:
        raise state_refusal(PLAYER_COUNT(low=min(PLAYER_COUNTS), high=max(PLAYER_COUNTS), seats=seats), "$.players",
                            "GC-1.5")
    if state.data_version != DATA_VERSION:
        raise state_refusal(DATA_VERSION_READ(version=DATA_VERSION), "$.data_version", "GC-13.2")
    for name in state.options.__struct_fields__:
        if getattr(state.options, name) not in CHOICES[name]:
            raise state_refusal(OPTION_CHOICES(option=name, choices=str(CHOICES[name])), f"$.options.{name}",
                                "GC-13.2")
    counts = PLAYER_COUNTS[seats]
    if state.start_player >= seats:
        raise state_refusal(START_PLAYER(seat=state.start_player), "$.start_player", "GC-1.8")
    _players(state, seats, counts.black_posts)
    _cards(state)
    _board(state, seats, counts.regular_posts, counts.black_posts)
    _phase(state, seats, counts.pairs_per_round)


def _players(state: GoldenCityState, seats: int, black_posts: int) -> None:
    colours = [player.colour for player in state.players]
    for seat, colour in enumerate(colours):
        if colour not in COLOURS or colours.index(colour) != seat or (black_posts and colour == BLACK):
            raise state_refusal(COLOUR_NOT_FREE(seat=seat, colour=repr(colour)), f"$.players[{seat}].colour",
                                "GC-1.5")
    if state.key_supply + sum(p.keys for p in state.players) != KEYS_TOTAL:
        raise state_refusal(KEYS_ADD_UP(total=KEYS_TOTAL), "$.key_supply", "GC-12.5")
    if state.bank_coins + sum(p.coins for p in state.players) != COINS_TOTAL:
        raise state_refusal(COINS_ADD_UP(total=COINS_TOTAL), "$.bank_coins", "GC-12.6")


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


def _each_once(what: Worded, rule: str, places: list[tuple[str, list[str]]], expected: frozenset[str]) -> None:
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
    inventory = Inventory(LANDSCAPE_CARD, rule="GC-12.1", multiset=True)
    for path, cards in places:
        inventory.see_all(cards, path)
    inventory.expect_exactly(LANDSCAPE_COUNTS)


def _cards(state: GoldenCityState) -> None:
    players = state.players
    pairs = state.auction.pairs if state.auction is not None else []
    _landscape_cards([(f"$.players[{seat}].hand", player.hand) for seat, player in enumerate(players)]
                     + [("$.landscape_deck", state.landscape_deck), ("$.landscape_discard", state.landscape_discard)]
                     + [(f"$.auction.pairs[{index}]", pair) for index, pair in enumerate(pairs)])
    _each_once(GOODS_CARD, "GC-12.3",
               [(f"$.players[{seat}].goods", player.goods) for seat, player in enumerate(players)]
               + [("$.goods_display", state.goods_display), ("$.goods_deck", state.goods_deck)], _GOODS_SET)
    _each_once(BONUS_CARD, "GC-12.4",
               [(f"$.players[{seat}].bonus", player.bonus) for seat, player in enumerate(players)]
               + [("$.bonus_display", state.bonus_display), ("$.bonus_deck", state.bonus_deck)], _BONUS_SET)
    if len(state.goods_display) != min(GOODS_DISPLAY, len(state.goods_display) + len(state.goods_deck)):
        raise state_refusal(GOODS_DISPLAY_FULL(count=GOODS_DISPLAY), "$.goods_display", "GC-6.5")
    public_choice = state.options.bonus_card_acquisition == "choose_any_public"
    if state.bonus_deck if public_choice else state.bonus_display:
        raise state_refusal(BONUS_DECK_OR_DISPLAY, "$.bonus_deck" if public_choice else "$.bonus_display", "GC-1.2")
    current = [state.scoring_card] if state.scoring_card is not None else []
    if not _complete([state.scoring_removed, current, state.scoring_deck], _SCORING_SET):
        scoring = Inventory(SCORING_CARD, rule="GC-1.7")
        scoring.see_all(state.scoring_removed, "$.scoring_removed")
        if state.scoring_card is not None:
            scoring.see(state.scoring_card, "$.scoring_card")
        scoring.see_all(state.scoring_deck, "$.scoring_deck")
        scoring.expect_exactly(SCORING_CARDS)
    backs = [_STACK_RANK[card] for card in state.scoring_deck]
    if backs != sorted(backs):
        raise state_refusal(SCORING_DECK_STACKED, "$.scoring_deck", "GC-1.7")


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
            if space_id not in SPACES:
                raise state_refusal(NO_SUCH_SPACE(space=repr(space_id)), path, "GC-5.3")
            if not placed:
                raise state_refusal(SPACE_WITHOUT_POST(space=space_id), path, "GC-12.8")
            raise state_refusal(ONE_POST_AT_MOST(space=space_id), path, "GC-5.4.1")
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
                raise state_refusal(POST_OF_ABSENT_SEAT(seat=seat), f"$.board.{space_id}[{index}][{OWNER}]", "GC-1.5")
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
            raise state_refusal(TWO_POSTS_IN_DISTRICT(space=space_id), f"$.board.{space_id}", "GC-5.4.2")
        if blacks and not (len(blacks) == 1 and space_id not in SINGLE and blacks[0] in owners
                           and all(post[OWNER] == blacks[0] for post in placed)):
            raise state_refusal(BLACK_POST_ALONE(space=space_id), f"$.board.{space_id}", "GC-11.3")
    if sorted(seqs) != list(range(1, len(seqs) + 1)):
        posts = Inventory(POST_NUMBER, rule="GC-12.8")
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
                raise state_refusal(POST_NOT_CONNECTED(seq=seq, space=space_id), f"$.board.{space_id}", "GC-5.5.2")
    for seat, player in enumerate(state.players):
        if regular[seat] + player.posts_left != regular_posts:
            raise state_refusal(REGULAR_POSTS_ADD_UP(seat=seat, owned=regular_posts, on_board=regular[seat],
                                                     in_supply=player.posts_left), f"$.players[{seat}].posts_left",
                                "GC-1.5")
        if black[seat] + player.black_left != black_posts:
            raise state_refusal(BLACK_POSTS_ADD_UP(seat=seat, owned=black_posts, on_board=black[seat],
                                                   in_supply=player.black_left), f"$.players[{seat}].black_left",
                                "GC-11.1")


def _phase(state: GoldenCityState, seats: int, pairs: int) -> None:
    phase = state.phase
    scored = len(state.scoring_removed)
    if state.round != scored + (state.scoring_card is not None):
        raise state_refusal(ROUND_MISMATCH(round=state.round, scored=scored), "$.round", "GC-3.1")
    require((state.scoring_card is not None) == (phase in ("auction", "build")),
            SCORING_CARD_UP, "$.scoring_card", "GC-3.1")
    require((state.auction is not None) == (phase == "auction"), AUCTION_IN_PHASE, "$.auction", "GC-2.1")
    require((state.build is not None) == (phase == "build"), BUILD_IN_PHASE, "$.build", "GC-2.1")
    require(bool(state.discard_pending) == (phase == "discard"), DISCARDS_IN_PHASE, "$.discard_pending", "GC-9.1")
    require((state.result is not None) == (phase == "game_over"), RESULT_AT_END, "$.result", "GC-10.4")
    if phase != "game_over" and any(supply_exhausted(state, seat) for seat in range(seats)):
        require(state.end_triggered, END_TRIGGERED, "$.end_triggered", "GC-5.7")
    if phase == "auction":
        auction = state.auction
        assert auction is not None
        if len(auction.pairs) != pairs or any(len(pair) != 2 for pair in auction.pairs):
            raise state_refusal(PAIRS_ON_OFFER(pairs=pairs), "$.auction.pairs", "GC-4.1")
        require(len(auction.markers) == pairs, MARKER_SLOTS, "$.auction.markers", "GC-4.2")
        placed = [seat for seat in auction.markers if seat is not None]
        require(all(seat < seats for seat in placed) and len(placed) == len(set(placed)),
                MARKER_ONCE, "$.auction.markers", "GC-4.2")
        require(sorted(auction.queue) == sorted(set(range(seats)) - set(placed)) and bool(auction.queue),
                AUCTION_QUEUE, "$.auction.queue", "GC-4.4")
        require(not state.end_triggered, NO_AUCTION_AFTER_END, "$.end_triggered", "GC-10.1")
        for seat, player in enumerate(state.players):
            if len(player.hand) > HAND_LIMIT:
                raise state_refusal(HAND_LIMIT_IN_AUCTION(limit=HAND_LIMIT), f"$.players[{seat}].hand", "GC-9.1")
    elif phase == "build":
        build = state.build
        assert build is not None
        require(build.index < seats, BUILD_TURNS_LEFT, "$.build.index", "GC-5.1")
        most = BUILDS_PER_TURN if state.options.explicit_end_turn else BUILDS_PER_TURN - 1
        if build.builds > most:
            raise state_refusal(BUILDS_IN_TURN(most=most), "$.build.builds", "GC-5.1")
    elif phase == "discard":
        pending = state.discard_pending
        over = {seat for seat in range(seats) if len(state.players[seat].hand) > HAND_LIMIT}
        require(len(pending) == len(set(pending)) and set(pending) <= over and not state.end_triggered,
                DISCARD_OWED_ONLY, "$.discard_pending", "GC-9.1")
        require(over <= set(pending), DISCARD_OWED, "$.discard_pending", "GC-9.1")
    else:
        require(state.result is not None and len(state.result) == seats
                and [entry.player for entry in state.result] == list(range(seats)),
                RESULT_SEATS, "$.result", "GC-10.4")
