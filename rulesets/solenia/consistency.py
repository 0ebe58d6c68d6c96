"""SOL-H.7: a posted state must agree with the components and with itself.

Every card of every colour in play exactly once (hands, decks, discards, the board,
the Rival's deck and discard), every delivery tile exactly once (decks, displays,
slots, tiles beside the board, tiles the Rival threw out), derived fields (capacity,
permanent resources, active improvements) as the rules derive them, hands and decks
as long as the turn count says, and phase, pending decisions and draft coherent.
Failures are ``InvalidState`` with the JSON path at fault.

Every state a request posts goes through here, so the common case (a valid state)
is kept cheap: multisets are compared in bulk and only a failure walks them one
by one with ``rulesets.core.Inventory`` to name the exact place; messages are only
formatted for a failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import is_not
from typing import Any, Iterator

from rulesets.core import InvalidState, Inventory

from . import resources as res
from .components import (AIRSHIP_REST, CARDS, CARDS_PER_PLAYER, COLOR_DECKS, COLORS, COLUMNS, DISPLAY_SIZE,
                         HAND_SIZE, LEVEL1, LEVEL3, PERMUTABLE_STRIPS, ROUNDS, SLOTS_PER_ROW, STRIPS, TILES,
                         TILES_BY_KIND, WINTER_LEVELS)
from .board import ALL_SPACES, on_board
from .events import Part
from .improvements import derive_active, make_draft_order
from .seating import turn_position
from .state import RIVAL, BoardSide, Column, Improvements, Options, Owner, PlayerBoard, SoleniaState
from .storage import capacity_for
from .winter import filled_at_level, permanents_for

RULE = "SOL-H.7"
ALL_TILES = frozenset(TILES)
#: the tiles a place of one kind may hold (None: an empty slot).
TILES_OR_EMPTY = {kind: frozenset(ids) | {None} for kind, ids in TILES_BY_KIND.items()}
_DAY_OR_EMPTY, _NIGHT_OR_EMPTY = TILES_OR_EMPTY["day"], TILES_OR_EMPTY["night"]
#: a row of empty slots, to read a row as filled or not in one pass (``map(is_not, row, _EMPTY_ROW)``)
_EMPTY_ROW = (None,) * SLOTS_PER_ROW
SORTED_STRIPS = sorted(PERMUTABLE_STRIPS)
STRIP_SET = frozenset(STRIPS)
_SPACES = frozenset(ALL_SPACES)
#: column layouts already found valid (the strips are few; their arrangements repeat).
_VALID_COLUMNS: set[tuple[Column, ...]] = set()


#: (seat colours, Rival colour) -> every card id in play.
_EXPECTED_CARDS: dict[tuple[tuple[str, ...], str | None], frozenset[str]] = {}
#: (seat colours, Rival colour) -> every (card, owner) pair that may lie on the board.
_BOARD_PAIRS: dict[tuple[tuple[str, ...], str | None], frozenset[tuple[str, Owner]]] = {}


def check(state: SoleniaState) -> None:
    _check_frame(state)
    colors = tuple([player.color for player in state.players])
    _check_board(state, colors)
    _check_cards(state, colors)
    _check_tiles(state)  # every slot holds a known tile or None before the slots are read as filled
    _check_improvements(state)  # the tiles held are known before their effects are derived
    _check_players(state)
    _check_pending(state)
    _check_hands(state)


def _fail(detail: str, path: str, **context: Any) -> InvalidState:
    return InvalidState(detail, path, rule=RULE, **context)


# ---------------------------------------------------------------- options, phase, seats
def _check_frame(state: SoleniaState) -> None:
    n = len(state.players)
    if not 1 <= n <= len(COLORS):
        raise _fail(f"Solenia seats 1 to {len(COLORS)} players, not {n}.", "$.players")
    opts = state.options
    if opts.improvements and opts.board_side != "winter":
        raise _fail("Improvement tiles need the winter side (SOL-9.1).", "$.options.improvements")
    if sorted(opts.strip_permutation) != SORTED_STRIPS:
        raise _fail(f"strip_permutation must order {', '.join(PERMUTABLE_STRIPS)} once each.",
                    "$.options.strip_permutation")
    if not 1 <= state.round <= ROUNDS:
        raise _fail(f"round runs 1 to {ROUNDS}, not {state.round}.", "$.round")
    if state.active_seat >= n:
        raise _fail(f"active_seat must name one of the {n} seats.", "$.active_seat")
    if state.phase == "draft":
        # SOL-9.1: the draft is setup's last step, before round 1's first turn. Outside the draft
        # the round is tied to the cards the seats hold (_check_hands); inside it no card has
        # been played, so the round and the seat to play next are the setup's.
        if state.round != 1:
            raise _fail(f"The draft comes before the first turn (SOL-9.1): round is 1 while drafting, "
                        f"not {state.round}.", "$.round")
        if state.active_seat != state.first_player:
            raise _fail("While drafting, the seat to play first once the draft ends is first_player (SOL-9.1).",
                        "$.active_seat")
    if state.phase == "game_over" and (state.round != ROUNDS or turn_position(state, state.active_seat) != n - 1):
        raise _fail("A finished game stands after the last seat's last round.", "$.round")
    used: set[str] = set()
    for seat, player in enumerate(state.players):
        if player.seat != seat:
            raise _fail(f"players[{seat}] must have seat {seat}.", f"$.players[{seat}].seat")
        if player.color not in COLORS or player.color in used:
            raise _fail(f"Each seat plays its own colour, one of {', '.join(COLORS)}.", f"$.players[{seat}].color")
        used.add(player.color)
    solo = state.solo
    if (solo is not None) != (n == 1):
        raise _fail("A solo game (1 player) has a Rival, and only a solo game has one.", "$.solo")
    if solo is not None:
        if solo.rival_color not in COLORS or solo.rival_color in used:
            raise _fail("The Rival plays a colour no player uses.", "$.solo.rival_color")
        if solo.rival_moved and state.phase != "overflow":
            raise _fail("The Rival has moved this round only while an overflow is being settled.",
                        "$.solo.rival_moved")


# ---------------------------------------------------------------- board
def _check_board(state: SoleniaState, colors: tuple[str, ...]) -> None:
    board = state.board
    signature = tuple(board.columns)  # frozen Columns: hashable values
    if signature not in _VALID_COLUMNS:
        _check_columns(state)
        _VALID_COLUMNS.add(signature)
    if (board.airship.col, board.airship.row) != AIRSHIP_REST:
        raise _fail(f"Between turns the airship rests on {AIRSHIP_REST}.", "$.board.airship")
    _check_board_cards(state, colors)


def _check_columns(state: SoleniaState) -> None:
    board = state.board
    if len(board.columns) != COLUMNS:
        raise _fail(f"The board has {COLUMNS} strips.", "$.board.columns")
    for col, column in enumerate(board.columns):
        faces = STRIPS.get(column.strip)
        if faces is None:
            raise _fail(f"There is no strip {column.strip}.", f"$.board.columns[{col}].strip")
        if column.face not in faces:
            raise _fail(f"Strip {column.strip} has no {column.face} face.", f"$.board.columns[{col}].face")
    if {c.strip for c in board.columns} != STRIP_SET:
        strips = Inventory("strip", RULE)
        for col, column in enumerate(board.columns):
            strips.see(column.strip, f"$.board.columns[{col}]")
        strips.expect_exactly(STRIPS, "$.board.columns")


def _board_pairs(colors: tuple[str, ...], rival: str | None) -> frozenset[tuple[str, Owner]]:
    key = (colors, rival)
    if key not in _BOARD_PAIRS:
        pairs: set[tuple[str, Owner]] = {(card, seat) for seat, color in enumerate(colors) for card in COLOR_DECKS[color]}
        if rival is not None:
            pairs.update((card, RIVAL) for card in COLOR_DECKS[rival])
        _BOARD_PAIRS[key] = frozenset(pairs)
    return _BOARD_PAIRS[key]


def _check_board_cards(state: SoleniaState, colors: tuple[str, ...]) -> None:
    n = len(state.players)
    cards = state.board.cards
    spaces = {(c.col, c.row) for c in cards}
    allowed = _board_pairs(colors, state.solo.rival_color if state.solo is not None else None)
    if len(spaces) == len(cards) and _SPACES.issuperset(spaces) \
            and allowed.issuperset([(c.card, c.owner) for c in cards]):
        return
    used: dict[tuple[int, int], int] = {}
    for i, placed in enumerate(cards):
        space = (placed.col, placed.row)
        if not on_board(placed.col, placed.row):
            raise _fail("A board card must lie on a space (cols and rows 0 to 4).", f"$.board.cards[{i}]")
        if space in used:
            raise _fail(f"Two cards on ({placed.col},{placed.row}): board.cards[{used[space]}] and this one.",
                        f"$.board.cards[{i}]")
        used[space] = i
        card = CARDS.get(placed.card)
        if placed.owner == RIVAL:
            if state.solo is None or card is None or card.color != state.solo.rival_color:
                raise _fail("Only the solo Rival's own cards belong to the Rival.", f"$.board.cards[{i}].owner")
        elif not 0 <= placed.owner < n:
            raise _fail(f"owner must be a seat 0 to {n - 1}.", f"$.board.cards[{i}].owner")
        elif card is None or card.color != state.players[placed.owner].color:
            raise _fail(f"{placed.card} is not a card of seat {placed.owner} "
                        f"({state.players[placed.owner].color}).",
                        f"$.board.cards[{i}].card")


# ---------------------------------------------------------------- SOL-H.7 card multiset
def _card_places(state: SoleniaState) -> Iterator[tuple[str, str]]:
    for seat, player in enumerate(state.players):
        for field in ("hand", "deck", "discard"):
            for i, card in enumerate(getattr(player, field)):
                yield card, f"$.players[{seat}].{field}[{i}]"
    for i, placed in enumerate(state.board.cards):
        yield placed.card, f"$.board.cards[{i}].card"
    if state.solo is not None:
        for field in ("rival_deck", "rival_discard"):
            for i, card in enumerate(getattr(state.solo, field)):
                yield card, f"$.solo.{field}[{i}]"


def _expected_cards(colors: tuple[str, ...], rival: str | None) -> frozenset[str]:
    key = (colors, rival)
    if key not in _EXPECTED_CARDS:
        _EXPECTED_CARDS[key] = frozenset().union(*(COLOR_DECKS[c] for c in colors + ((rival,) if rival else ())))
    return _EXPECTED_CARDS[key]


def _check_cards(state: SoleniaState, colors: tuple[str, ...]) -> None:
    solo = state.solo
    expected = _expected_cards(colors, solo.rival_color if solo else None)
    everywhere: list[str] = []
    own_colour = True
    for seat, player in enumerate(state.players):
        held = [*player.hand, *player.deck, *player.discard]
        own_colour = own_colour and COLOR_DECKS[player.color].issuperset(held)
        everywhere += held
    everywhere += [c.card for c in state.board.cards]
    if solo is not None:
        everywhere += solo.rival_deck
        everywhere += solo.rival_discard
    if len(everywhere) != len(expected) or expected != set(everywhere):  # equal lengths hide a duplicate plus a loss
        inventory = Inventory("card", RULE)
        for card, path in _card_places(state):
            inventory.see(card, path)
        missing = sorted(expected.difference(everywhere))
        if missing:
            color = CARDS[missing[0]].color
            where = "$.solo" if solo is not None and color == solo.rival_color else \
                f"$.players[{colors.index(color)}]"
        else:
            where = "$"
        inventory.expect_exactly(expected, where)
    # Each player's hand, deck and discard hold only that player's colour; the Rival's likewise.
    for seat, player in enumerate(state.players if not own_colour else ()):
        own = COLOR_DECKS[player.color]
        for field in ("hand", "deck", "discard"):
            cards = getattr(player, field)
            if not own.issuperset(cards):
                i = next(i for i, card in enumerate(cards) if card not in own)
                raise _fail(f"{cards[i]} is not a {player.color} card.", f"$.players[{seat}].{field}[{i}]")
    if solo is not None:
        rival = COLOR_DECKS[solo.rival_color]
        for field in ("rival_deck", "rival_discard"):
            cards = getattr(solo, field)
            if not rival.issuperset(cards):
                i = next(i for i, card in enumerate(cards) if card not in rival)
                raise _fail(f"{cards[i]} is not a Rival card.", f"$.solo.{field}[{i}]")


# ---------------------------------------------------------------- SOL-H.7 tile multiset
def _tile_places(state: SoleniaState) -> Iterator[tuple[str, str]]:
    d = state.delivery
    for field in ("day_deck", "night_deck", "day_display", "night_display", "discarded"):
        for i, tile in enumerate(getattr(d, field)):
            yield tile, f"$.delivery.{field}[{i}]"
    for seat, player in enumerate(state.players):
        for field in ("day_slots", "night_slots", "extra_tiles"):
            for i, tile in enumerate(getattr(player, field)):
                if tile is not None:
                    yield tile, f"$.players[{seat}].{field}[{i}]"


def _check_kinds(state: SoleniaState) -> None:
    """Day tiles only in day decks, displays and rows; night tiles likewise."""
    d = state.delivery
    for kind in ("day", "night"):
        places = [(f"$.delivery.{kind}_deck", getattr(d, f"{kind}_deck")),
                  (f"$.delivery.{kind}_display", getattr(d, f"{kind}_display"))]
        places += [(f"$.players[{seat}].{kind}_slots", getattr(player, f"{kind}_slots"))
                   for seat, player in enumerate(state.players)]
        allowed = TILES_OR_EMPTY[kind]
        for path, tiles in places:
            if not allowed.issuperset(tiles):
                i = next(i for i, tile in enumerate(tiles) if tile not in allowed)
                raise _fail(f"{tiles[i]} is not a {kind} tile; it cannot lie among {kind} tiles.", f"{path}[{i}]")


def _check_tiles(state: SoleniaState) -> None:
    d = state.delivery
    days: list[str | None] = [*d.day_deck, *d.day_display]
    nights: list[str | None] = [*d.night_deck, *d.night_display]
    extra = [*d.discarded]
    for player in state.players:
        days += player.day_slots
        nights += player.night_slots
        extra += player.extra_tiles
    day_set, night_set = set(days), set(nights)
    placed = len(days) + len(nights) + len(extra) - days.count(None) - nights.count(None)
    # As many tiles as the game has, all known and in rows of their kind, and as many different
    # ones (the empty slot aside): each tile exactly once.
    if placed != len(ALL_TILES) or not ALL_TILES.issuperset(extra) \
            or not _DAY_OR_EMPTY.issuperset(day_set) or not _NIGHT_OR_EMPTY.issuperset(night_set) \
            or len(day_set.union(night_set, extra)) - (None in day_set or None in night_set) != len(ALL_TILES):
        inventory = Inventory("delivery tile", RULE)
        for tile, path in _tile_places(state):
            inventory.see(tile, path)
        inventory.expect_exactly(ALL_TILES, "$.delivery")
        _check_kinds(state)
    size = DISPLAY_SIZE[len(state.players)]
    # SOL-5.6: a display is refilled at once, so it is short only once its deck is empty.
    day_shown, night_shown = len(d.day_display), len(d.night_display)
    if day_shown != size and (day_shown > size or d.day_deck):
        raise _fail(f"The day display shows {size} tiles while its deck lasts, never more.", "$.delivery.day_display")
    if night_shown != size and (night_shown > size or d.night_deck):
        raise _fail(f"The night display shows {size} tiles while its deck lasts, never more.",
                    "$.delivery.night_display")
    if state.solo is None and d.discarded:
        raise _fail("Only the solo Rival throws tiles out of a display.", "$.delivery.discarded")


# ---------------------------------------------------------------- one player board
@dataclass(frozen=True)
class _Derived:
    """What a board's filled slots imply, whatever tiles fill them."""

    rows_ok: tuple[str | None, ...]  # per row: None, or why its filled slots are impossible
    row_problem: bool  # whether any row has one
    capacity: int
    permanents: list[tuple[str, str]]
    active: list[Part]


#: (side, level-1 tile, level-3 day half, level-3 night half, day slots filled, night slots filled)
_DerivedKey = tuple[BoardSide, str | None, str | None, str | None, tuple[bool, ...], tuple[bool, ...]]
_DERIVED: dict[_DerivedKey, _Derived] = {}


def _derived(key: _DerivedKey, held: Improvements) -> _Derived:
    """Cached by (side, improvement tiles, filled day slots, filled night slots): the same handful
    of slot patterns recur in every state of every game."""
    found = _DERIVED.get(key)
    if found is None:
        side, _, _, _, day, night = key
        rows = {"day": ["x" if f else None for f in day], "night": ["x" if f else None for f in night]}
        problems: list[str | None] = []
        for row, slots in rows.items():
            problem = None
            if side == "winter":
                for lower, upper in zip(WINTER_LEVELS, WINTER_LEVELS[1:]):
                    # SOL-8.2: level-L slots can only ever be filled as far as level L-1 slots are.
                    if filled_at_level(slots, row, upper) > filled_at_level(slots, row, lower):
                        problem = f"More level-{upper} than level-{lower} slots are filled in the {row} row (SOL-8.2)."
            elif None in slots and any(slots[slots.index(None):]):
                problem = "Summer slots fill from the left without gaps (SOL-5.5)."
            problems.append(problem)
        options = Options(board_side=side, strip_permutation=[])
        found = _Derived(
            rows_ok=tuple(problems),
            row_problem=any(problems),
            capacity=capacity_for(options, held, rows["day"], rows["night"]),
            permanents=permanents_for(held, rows["day"], rows["night"]) if side == "winter" else [],
            active=derive_active(held, rows["day"], rows["night"]))
        _DERIVED[key] = found
    return found


def _check_players(state: SoleniaState) -> None:
    side, improvements = state.options.board_side, state.options.improvements
    for seat, player in enumerate(state.players):
        day, night = player.day_slots, player.night_slots
        if len(day) != SLOTS_PER_ROW or len(night) != SLOTS_PER_ROW:
            field = "day_slots" if len(day) != SLOTS_PER_ROW else "night_slots"
            raise _fail(f"A row has {SLOTS_PER_ROW} slots.", f"$.players[{seat}].{field}")
        held = player.improvements
        derived = _derived((side, held.level1, held.level3_day, held.level3_night,
                            tuple(map(is_not, day, _EMPTY_ROW)), tuple(map(is_not, night, _EMPTY_ROW))), held)
        if derived.row_problem:
            _fail_row(player, seat, derived)
        if player.extra_tiles:
            _check_extra_tiles(player, seat)
        if player.permanent or derived.permanents:
            if sorted((p.id, p.resource) for p in player.permanent) != sorted(derived.permanents):
                raise _fail(f"Permanent resources come from filled C and E slots: expected "
                            f"{[slot_id for slot_id, _ in derived.permanents]}.", f"$.players[{seat}].permanent")
        if player.capacity != derived.capacity:
            raise _fail(f"capacity is derived: it must be {derived.capacity}, not {player.capacity}.",
                        f"$.players[{seat}].capacity", expected=derived.capacity)
        if improvements and held.active != derived.active:
            raise _fail("active lists, in order, the improvement parts whose covered slots are filled (SOL-9.3).",
                        f"$.players[{seat}].improvements.active")


def _fail_row(player: PlayerBoard, seat: int, derived: _Derived) -> None:
    for field, problem in zip(("day_slots", "night_slots"), derived.rows_ok):
        if problem is not None:
            slots = getattr(player, field)
            first_gap = slots.index(None) if None in slots else 0
            index = next((i for i in range(first_gap, len(slots)) if slots[i] is not None), None)
            path = f"$.players[{seat}].{field}" + (f"[{index}]" if "Summer" in problem and index is not None else "")
            raise _fail(problem, path)


def _check_extra_tiles(player: PlayerBoard, seat: int) -> None:
    for i, tile in enumerate(player.extra_tiles):
        row = player.day_slots if TILES[tile].kind == "day" else player.night_slots
        if None in row:
            raise _fail("A tile lies beside the board only once its row is full (SOL-5.7).",
                        f"$.players[{seat}].extra_tiles[{i}]")


# ---------------------------------------------------------------- hands and decks vs. turns
def _check_hands(state: SoleniaState) -> None:
    phase = state.phase
    # Turns each seat has taken: every earlier round's, and this round's for the seats before the
    # active one in turn order (and the active one itself while its overflow is settled).
    earlier = ROUNDS if phase == "game_over" else 0 if phase == "draft" else state.round - 1
    counting = phase == "play" or phase == "overflow"
    active = state.active_seat
    active_position = turn_position(state, active)
    for seat, player in enumerate(state.players):
        taken = earlier
        if counting and (turn_position(state, seat) < active_position or (seat == active and phase == "overflow")):
            taken += 1
        left = CARDS_PER_PLAYER - taken
        unplayed = len(player.hand) + len(player.deck)
        if unplayed != left:
            raise _fail(f"After its turns so far seat {seat} has {left} cards in hand and deck, not {unplayed} "
                        f"(SOL-2.2).", f"$.players[{seat}].deck")
        if len(player.hand) != min(HAND_SIZE, unplayed):
            raise _fail(f"Seat {seat} holds {min(HAND_SIZE, unplayed)} cards between turns, not {len(player.hand)} "
                        f"(SOL-2.4).", f"$.players[{seat}].hand")
    solo = state.solo
    if solo is not None:
        rival_done = ROUNDS if state.phase == "game_over" else state.round - 1 + solo.rival_moved
        if len(solo.rival_deck) != CARDS_PER_PLAYER - rival_done:
            raise _fail(f"The Rival deck holds {CARDS_PER_PLAYER - rival_done} cards at this point.",
                        "$.solo.rival_deck")


# ---------------------------------------------------------------- improvements and the draft
def _check_improvements(state: SoleniaState) -> None:
    drafting = state.phase == "draft"
    if drafting != (state.draft is not None):
        raise _fail("A draft is present exactly in the draft phase.", "$.draft")
    if not state.options.improvements:
        if drafting:
            raise _fail("Only a game with improvements drafts them.", "$.phase")
        for seat, player in enumerate(state.players):
            held = player.improvements
            if held.level1 is not None or held.level3_day is not None or held.level3_night is not None or held.active:
                raise _fail("This game is played without improvement tiles.", f"$.players[{seat}].improvements")
        return
    held_level1: set[str] = set()
    for seat, player in enumerate(state.players):
        held = player.improvements
        path = f"$.players[{seat}].improvements"
        if held.level1 is not None:
            if held.level1 not in LEVEL1:
                raise _fail(f"There is no level-1 tile {held.level1}.", f"{path}.level1")
            if held.level1 in held_level1:
                raise _fail(f"Level-1 tile {held.level1} is held by two players.", f"{path}.level1")
            held_level1.add(held.level1)
        if (held.level3_day is None) != (held.level3_night is None):
            raise _fail("A level-3 tile has a day half and a night half.", f"{path}.level3_night")
        if held.level3_day is not None and (held.level3_day not in LEVEL3 or held.level3_night not in LEVEL3
                                            or held.level3_day == held.level3_night):
            raise _fail("A level-3 pair joins halves of two different kinds.", f"{path}.level3_day")
        if not drafting and (held.level1 is None or held.level3_day is None):
            raise _fail("After the draft every player holds a level-1 tile and a level-3 pair (SOL-9.1).", path)
    if drafting:
        _check_draft(state, held_level1)


def _check_draft(state: SoleniaState, held_level1: set[str]) -> None:
    draft = state.draft
    assert draft is not None
    n = len(state.players)
    full_order = make_draft_order(n, state.first_player)
    picks = len(full_order) - len(draft.order)
    if not draft.order or picks < 0 or draft.order != full_order[picks:]:
        raise _fail("The draft runs from the last seat in reverse turn order, twice.", "$.draft.order")
    for seat, player in enumerate(state.players):
        made = full_order[:picks].count(seat)
        held = player.improvements
        if (held.level1 is not None) + (held.level3_day is not None) != made:
            raise _fail(f"Seat {seat} has picked {made} improvement(s) so far.", f"$.players[{seat}].improvements")
    offer = draft.level1_offer
    if len(set(offer)) != len(offer) or any(t not in LEVEL1 or t in held_level1 for t in offer):
        raise _fail("The level-1 offer holds distinct tiles nobody has taken.", "$.draft.level1_offer")
    if len(offer) + len(held_level1) != n:
        raise _fail(f"{n} level-1 tiles were offered.", "$.draft.level1_offer")
    taken3 = sum(1 for p in state.players if p.improvements.level3_day is not None)
    if len(draft.level3_offer) != n or draft.level3_offer.count(None) != taken3:
        raise _fail(f"{n} level-3 pairs were offered; taken ones are null.", "$.draft.level3_offer")
    for i, pair in enumerate(draft.level3_offer):
        if pair is not None and (pair.day not in LEVEL3 or pair.night not in LEVEL3 or pair.day == pair.night):
            raise _fail("A level-3 pair joins halves of two different kinds.", f"$.draft.level3_offer[{i}]")


# ---------------------------------------------------------------- SOL-6.6 pending decisions
def _check_pending(state: SoleniaState) -> None:
    n = len(state.players)
    if (state.phase == "overflow") != bool(state.pending):
        raise _fail("Pending overflow decisions exist exactly in the overflow phase.", "$.pending")
    listed: set[int] = set()
    for i, entry in enumerate(state.pending):
        if not 0 <= entry.player < n or entry.player in listed:
            raise _fail("Each pending entry names a different seat of this game.", f"$.pending[{i}].player")
        listed.add(entry.player)
        player = state.players[entry.player]
        over = res.total(player.storage) - player.capacity
        if entry.amount != over or over <= 0:
            raise _fail(f"Seat {entry.player} is {max(over, 0)} over capacity.", f"$.pending[{i}].amount")
    for seat, player in enumerate(state.players):
        if seat not in listed:
            held = player.storage
            stored = held.wood + held.wheat + held.stone + held.water  # res.total, without a call per seat
            if stored > player.capacity:
                raise _fail(f"Storage holds {stored} of {player.capacity}; an overflow must be pending (SOL-4.3).",
                            f"$.players[{seat}].storage")
