"""SOL-H.7: a posted state must agree with the components and with itself.

Every card of every colour in play exactly once (hands, decks, discards, the board,
the Rival's deck and discard), every delivery tile exactly once (decks, displays,
slots, tiles beside the board, tiles the Rival threw out), derived fields (capacity,
permanent resources, active improvements) as the rules derive them, hands and decks
as long as the turn count says, and phase, pending decisions and draft coherent.
Failures are core's ``invalid_state`` with the JSON path at fault, each reason a phrase
(``state_*``, declared here on Solenia's catalogue) so that it reads in the request's language;
the colours, rows and things a reason names are phrases too.

Every state a request posts goes through here, so the common case (a valid state)
is kept cheap: multisets are compared in bulk and only a failure walks them one
by one with ``rulesets.core.Inventory`` to name the exact place; messages are only
formatted for a failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import is_not
from typing import Any, Iterator

from rulesets.core import Inventory, RulesetError, Worded, state_refusal

from . import resources as res
from .components import (AIRSHIP_REST, CARDS, CARDS_PER_PLAYER, COLOR_DECKS, COLORS, COLUMNS, DISPLAY_SIZE,
                         HAND_SIZE, LEVEL1, LEVEL3, PERMUTABLE_STRIPS, ROUNDS, SLOTS_PER_ROW, STRIPS, TILES,
                         TILES_BY_KIND, WINTER_LEVELS)
from .board import ALL_SPACES, on_board
from .events import Part
from .improvements import derive_active, make_draft_order
from .refusals import refusals
from .seating import turn_position
from .state import RIVAL, BoardSide, Column, Improvements, Options, Owner, PlayerBoard, SoleniaState
from .storage import capacity_for
from .winter import filled_at_level, permanents_for

RULE = "SOL-H.7"
_STATE = refusals.phrase

# ---------------------------------------------------------------- what the reasons name
CARD = _STATE("state_thing_card", "card")()
STRIP = _STATE("state_thing_strip", "strip")()
DELIVERY_TILE = _STATE("state_thing_delivery_tile", "delivery tile")()
#: a seat's colour, by its id (the English is the id)
COLOUR_NAMES: dict[str, Worded] = {color: _STATE(f"state_colour_{color}", color)() for color in COLORS}
#: a row, a tile's kind, a display: day or night
KIND_NAMES: dict[str, Worded] = {kind: _STATE(f"state_{kind}", kind)() for kind in ("day", "night")}
#: a strip's face; a name no strip has is named as the state spells it
FACE_NAMES: dict[str, Worded] = {**KIND_NAMES, **{face: _STATE(f"state_{face}", face)() for face in ("dawn", "dusk")}}
#: every colour, listed in the components' order (its own phrase: each language lists with its own separator)
ALL_COLOURS = _STATE("state_all_colours", ", ".join(COLORS))()

# ---------------------------------------------------------------- the reasons, in the order checked
# (a reason without values is worded once, here: a request's checks build no text until one fails)
SEAT_COUNT = _STATE("state_seat_count", "Solenia seats 1 to {most} players, not {count}.")
IMPROVEMENTS_NEED_WINTER = _STATE("state_improvements_need_winter",
                                  "Improvement tiles need the winter side (SOL-9.1).")()
STRIP_PERMUTATION = _STATE("state_strip_permutation", "strip_permutation must order {strips} once each.")
ROUND_RANGE = _STATE("state_round_range", "round runs 1 to {rounds}, not {round}.")
ACTIVE_SEAT = _STATE("state_active_seat", "active_seat must name one of the {seats} seats.")
DRAFT_ROUND = _STATE("state_draft_round",
                     "The draft comes before the first turn (SOL-9.1): round is 1 while drafting, not {round}.")
DRAFT_ACTIVE_SEAT = _STATE("state_draft_active_seat",
                           "While drafting, the seat to play first once the draft ends is first_player (SOL-9.1).")()
FINISHED_GAME = _STATE("state_finished_game", "A finished game stands after the last seat's last round.")()
PLAYER_SEAT = _STATE("state_player_seat", "players[{seat}] must have seat {seat}.")
OWN_COLOUR = _STATE("state_own_colour", "Each seat plays its own colour, one of {colours}.")
SOLO_RIVAL = _STATE("state_solo_rival", "A solo game (1 player) has a Rival, and only a solo game has one.")()
RIVAL_COLOUR = _STATE("state_rival_colour", "The Rival plays a colour no player uses.")()
RIVAL_MOVED = _STATE("state_rival_moved", "The Rival has moved this round only while an overflow is being settled.")()
AIRSHIP_AT_REST = _STATE("state_airship_rest", "Between turns the airship rests on {space}.")
STRIP_COUNT = _STATE("state_strip_count", "The board has {count} strips.")
NO_SUCH_STRIP = _STATE("state_no_such_strip", "There is no strip {strip}.")
NO_SUCH_FACE = _STATE("state_no_such_face", "Strip {strip} has no {face} face.")
BOARD_CARD_OFF_BOARD = _STATE("state_board_card_off_board",
                              "A board card must lie on a space (cols and rows 0 to 4).")()
TWO_CARDS_ON_SPACE = _STATE("state_two_cards_on_space",
                            "Two cards on ({col},{row}): board.cards[{other}] and this one.")
RIVAL_CARDS = _STATE("state_rival_cards", "Only the solo Rival's own cards belong to the Rival.")()
OWNER_SEAT = _STATE("state_owner_seat", "owner must be a seat 0 to {last}.")
NOT_THE_SEATS_CARD = _STATE("state_not_the_seats_card", "{card} is not a card of seat {seat} ({colour}).")
NOT_A_COLOUR_CARD = _STATE("state_not_a_colour_card", "{card} is not a {colour} card.")
NOT_A_RIVAL_CARD = _STATE("state_not_a_rival_card", "{card} is not a Rival card.")
WRONG_KIND_OF_TILE = _STATE("state_wrong_kind_of_tile",
                            "{tile} is not a {kind} tile; it cannot lie among {kind} tiles.")
DISPLAY_FULL = _STATE("state_display_full", "The {kind} display shows {size} tiles while its deck lasts, never more.")
DISCARDED_TILES = _STATE("state_discarded_tiles", "Only the solo Rival throws tiles out of a display.")()
WINTER_LEVELS_FILLED = _STATE("state_winter_levels",
                              "More level-{upper} than level-{lower} slots are filled in the {row} row (SOL-8.2).")
SUMMER_GAPS = _STATE("state_summer_gaps", "Summer slots fill from the left without gaps (SOL-5.5).")()
ROW_SLOTS = _STATE("state_row_slots", "A row has {count} slots.")
PERMANENTS = _STATE("state_permanents", "Permanent resources come from filled C and E slots: expected {slots}.")
CAPACITY = _STATE("state_capacity", "capacity is derived: it must be {expected}, not {given}.")
ACTIVE_PARTS = _STATE("state_active_parts", "active lists, in order, the improvement parts whose covered slots are "
                      "filled (SOL-9.3).")()
EXTRA_TILE = _STATE("state_extra_tile", "A tile lies beside the board only once its row is full (SOL-5.7).")()
CARDS_LEFT = _STATE("state_cards_left",
                    "After its turns so far seat {seat} has {left} cards in hand and deck, not {count} (SOL-2.2).")
HAND_BETWEEN_TURNS = _STATE("state_hand_between_turns",
                            "Seat {seat} holds {size} cards between turns, not {count} (SOL-2.4).")
RIVAL_DECK = _STATE("state_rival_deck", "The Rival deck holds {count} cards at this point.")
DRAFT_PHASE = _STATE("state_draft_phase", "A draft is present exactly in the draft phase.")()
DRAFT_WITHOUT_IMPROVEMENTS = _STATE("state_draft_without_improvements", "Only a game with improvements drafts them.")()
NO_IMPROVEMENTS = _STATE("state_no_improvements", "This game is played without improvement tiles.")()
NO_SUCH_LEVEL1 = _STATE("state_no_such_level1", "There is no level-1 tile {tile}.")
LEVEL1_HELD_TWICE = _STATE("state_level1_held_twice", "Level-1 tile {tile} is held by two players.")
LEVEL3_HALVES = _STATE("state_level3_halves", "A level-3 tile has a day half and a night half.")()
LEVEL3_KINDS = _STATE("state_level3_kinds", "A level-3 pair joins halves of two different kinds.")()
HELD_AFTER_DRAFT = _STATE("state_held_after_draft",
                          "After the draft every player holds a level-1 tile and a level-3 pair (SOL-9.1).")()
DRAFT_ORDER = _STATE("state_draft_order", "The draft runs from the last seat in reverse turn order, twice.")()
PICKS_SO_FAR = _STATE("state_picks_so_far", "Seat {seat} has picked {count} improvement(s) so far.")
LEVEL1_OFFER = _STATE("state_level1_offer", "The level-1 offer holds distinct tiles nobody has taken.")()
LEVEL1_OFFERED = _STATE("state_level1_offered", "{count} level-1 tiles were offered.")
LEVEL3_OFFERED = _STATE("state_level3_offered", "{count} level-3 pairs were offered; taken ones are null.")
PENDING_PHASE = _STATE("state_pending_phase", "Pending overflow decisions exist exactly in the overflow phase.")()
PENDING_SEATS = _STATE("state_pending_seats", "Each pending entry names a different seat of this game.")()
OVER_CAPACITY = _STATE("state_over_capacity", "Seat {seat} is {over} over capacity.")
STORAGE_OVERFLOW = _STATE("state_storage_overflow",
                          "Storage holds {stored} of {capacity}; an overflow must be pending (SOL-4.3).")

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


def _fail(reason: Worded, path: str, **context: Any) -> RulesetError:
    return state_refusal(reason, path, RULE, **context)


# ---------------------------------------------------------------- options, phase, seats
def _check_frame(state: SoleniaState) -> None:
    n = len(state.players)
    if not 1 <= n <= len(COLORS):
        raise _fail(SEAT_COUNT(most=len(COLORS), count=n), "$.players")
    opts = state.options
    if opts.improvements and opts.board_side != "winter":
        raise _fail(IMPROVEMENTS_NEED_WINTER, "$.options.improvements")
    if sorted(opts.strip_permutation) != SORTED_STRIPS:
        raise _fail(STRIP_PERMUTATION(strips=", ".join(PERMUTABLE_STRIPS)), "$.options.strip_permutation")
    if not 1 <= state.round <= ROUNDS:
        raise _fail(ROUND_RANGE(rounds=ROUNDS, round=state.round), "$.round")
    if state.active_seat >= n:
        raise _fail(ACTIVE_SEAT(seats=n), "$.active_seat")
    if state.phase == "draft":
        # SOL-9.1: the draft is setup's last step, before round 1's first turn. Outside the draft
        # the round is tied to the cards the seats hold (_check_hands); inside it no card has
        # been played, so the round and the seat to play next are the setup's.
        if state.round != 1:
            raise _fail(DRAFT_ROUND(round=state.round), "$.round")
        if state.active_seat != state.first_player:
            raise _fail(DRAFT_ACTIVE_SEAT, "$.active_seat")
    if state.phase == "game_over" and (state.round != ROUNDS or turn_position(state, state.active_seat) != n - 1):
        raise _fail(FINISHED_GAME, "$.round")
    used: set[str] = set()
    for seat, player in enumerate(state.players):
        if player.seat != seat:
            raise _fail(PLAYER_SEAT(seat=seat), f"$.players[{seat}].seat")
        if player.color not in COLORS or player.color in used:
            raise _fail(OWN_COLOUR(colours=ALL_COLOURS), f"$.players[{seat}].color")
        used.add(player.color)
    solo = state.solo
    if (solo is not None) != (n == 1):
        raise _fail(SOLO_RIVAL, "$.solo")
    if solo is not None:
        if solo.rival_color not in COLORS or solo.rival_color in used:
            raise _fail(RIVAL_COLOUR, "$.solo.rival_color")
        if solo.rival_moved and state.phase != "overflow":
            raise _fail(RIVAL_MOVED, "$.solo.rival_moved")


# ---------------------------------------------------------------- board
def _check_board(state: SoleniaState, colors: tuple[str, ...]) -> None:
    board = state.board
    signature = tuple(board.columns)  # frozen Columns: hashable values
    if signature not in _VALID_COLUMNS:
        _check_columns(state)
        _VALID_COLUMNS.add(signature)
    if (board.airship.col, board.airship.row) != AIRSHIP_REST:
        raise _fail(AIRSHIP_AT_REST(space=str(AIRSHIP_REST)), "$.board.airship")
    _check_board_cards(state, colors)


def _check_columns(state: SoleniaState) -> None:
    board = state.board
    if len(board.columns) != COLUMNS:
        raise _fail(STRIP_COUNT(count=COLUMNS), "$.board.columns")
    for col, column in enumerate(board.columns):
        faces = STRIPS.get(column.strip)
        if faces is None:
            raise _fail(NO_SUCH_STRIP(strip=column.strip), f"$.board.columns[{col}].strip")
        if column.face not in faces:
            raise _fail(NO_SUCH_FACE(strip=column.strip, face=FACE_NAMES.get(column.face, column.face)),
                        f"$.board.columns[{col}].face")
    if {c.strip for c in board.columns} != STRIP_SET:
        strips = Inventory(STRIP, RULE)
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
            raise _fail(BOARD_CARD_OFF_BOARD, f"$.board.cards[{i}]")
        if space in used:
            raise _fail(TWO_CARDS_ON_SPACE(col=placed.col, row=placed.row, other=used[space]), f"$.board.cards[{i}]")
        used[space] = i
        card = CARDS.get(placed.card)
        if placed.owner == RIVAL:
            if state.solo is None or card is None or card.color != state.solo.rival_color:
                raise _fail(RIVAL_CARDS, f"$.board.cards[{i}].owner")
        elif not 0 <= placed.owner < n:
            raise _fail(OWNER_SEAT(last=n - 1), f"$.board.cards[{i}].owner")
        elif card is None or card.color != state.players[placed.owner].color:
            raise _fail(NOT_THE_SEATS_CARD(card=placed.card, seat=placed.owner,
                                           colour=COLOUR_NAMES[state.players[placed.owner].color]),
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
        inventory = Inventory(CARD, RULE)
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
                raise _fail(NOT_A_COLOUR_CARD(card=cards[i], colour=COLOUR_NAMES[player.color]),
                            f"$.players[{seat}].{field}[{i}]")
    if solo is not None:
        rival = COLOR_DECKS[solo.rival_color]
        for field in ("rival_deck", "rival_discard"):
            cards = getattr(solo, field)
            if not rival.issuperset(cards):
                i = next(i for i, card in enumerate(cards) if card not in rival)
                raise _fail(NOT_A_RIVAL_CARD(card=cards[i]), f"$.solo.{field}[{i}]")


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
                raise _fail(WRONG_KIND_OF_TILE(tile=tiles[i], kind=KIND_NAMES[kind]), f"{path}[{i}]")


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
        inventory = Inventory(DELIVERY_TILE, RULE)
        for tile, path in _tile_places(state):
            inventory.see(tile, path)
        inventory.expect_exactly(ALL_TILES, "$.delivery")
        _check_kinds(state)
    size = DISPLAY_SIZE[len(state.players)]
    # SOL-5.6: a display is refilled at once, so it is short only once its deck is empty.
    day_shown, night_shown = len(d.day_display), len(d.night_display)
    if day_shown != size and (day_shown > size or d.day_deck):
        raise _fail(DISPLAY_FULL(kind=KIND_NAMES["day"], size=size), "$.delivery.day_display")
    if night_shown != size and (night_shown > size or d.night_deck):
        raise _fail(DISPLAY_FULL(kind=KIND_NAMES["night"], size=size), "$.delivery.night_display")
    if state.solo is None and d.discarded:
        raise _fail(DISCARDED_TILES, "$.delivery.discarded")


# ---------------------------------------------------------------- one player board
@dataclass(frozen=True)
class _Derived:
    """What a board's filled slots imply, whatever tiles fill them."""

    rows_ok: tuple[Worded | None, ...]  # per row: None, or why its filled slots are impossible
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
        problems: list[Worded | None] = []
        for row, slots in rows.items():
            problem = None
            if side == "winter":
                for lower, upper in zip(WINTER_LEVELS, WINTER_LEVELS[1:]):
                    # SOL-8.2: level-L slots can only ever be filled as far as level L-1 slots are.
                    if filled_at_level(slots, row, upper) > filled_at_level(slots, row, lower):
                        problem = WINTER_LEVELS_FILLED(upper=upper, lower=lower, row=KIND_NAMES[row])
            elif None in slots and any(slots[slots.index(None):]):
                problem = SUMMER_GAPS
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
            raise _fail(ROW_SLOTS(count=SLOTS_PER_ROW), f"$.players[{seat}].{field}")
        held = player.improvements
        derived = _derived((side, held.level1, held.level3_day, held.level3_night,
                            tuple(map(is_not, day, _EMPTY_ROW)), tuple(map(is_not, night, _EMPTY_ROW))), held)
        if derived.row_problem:
            _fail_row(player, seat, derived)
        if player.extra_tiles:
            _check_extra_tiles(player, seat)
        if player.permanent or derived.permanents:
            if sorted((p.id, p.resource) for p in player.permanent) != sorted(derived.permanents):
                raise _fail(PERMANENTS(slots=str([slot_id for slot_id, _ in derived.permanents])),
                            f"$.players[{seat}].permanent")
        if player.capacity != derived.capacity:
            raise _fail(CAPACITY(expected=derived.capacity, given=player.capacity),
                        f"$.players[{seat}].capacity", expected=derived.capacity)
        if improvements and held.active != derived.active:
            raise _fail(ACTIVE_PARTS,
                        f"$.players[{seat}].improvements.active")


def _fail_row(player: PlayerBoard, seat: int, derived: _Derived) -> None:
    for field, problem in zip(("day_slots", "night_slots"), derived.rows_ok):
        if problem is not None:
            slots = getattr(player, field)
            first_gap = slots.index(None) if None in slots else 0
            index = next((i for i in range(first_gap, len(slots)) if slots[i] is not None), None)
            path = f"$.players[{seat}].{field}" + (f"[{index}]" if problem is SUMMER_GAPS and index is not None else "")
            raise _fail(problem, path)


def _check_extra_tiles(player: PlayerBoard, seat: int) -> None:
    for i, tile in enumerate(player.extra_tiles):
        row = player.day_slots if TILES[tile].kind == "day" else player.night_slots
        if None in row:
            raise _fail(EXTRA_TILE,
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
            raise _fail(CARDS_LEFT(seat=seat, left=left, count=unplayed), f"$.players[{seat}].deck")
        if len(player.hand) != min(HAND_SIZE, unplayed):
            raise _fail(HAND_BETWEEN_TURNS(seat=seat, size=min(HAND_SIZE, unplayed), count=len(player.hand)),
                        f"$.players[{seat}].hand")
    solo = state.solo
    if solo is not None:
        rival_done = ROUNDS if state.phase == "game_over" else state.round - 1 + solo.rival_moved
        if len(solo.rival_deck) != CARDS_PER_PLAYER - rival_done:
            raise _fail(RIVAL_DECK(count=CARDS_PER_PLAYER - rival_done), "$.solo.rival_deck")


# ---------------------------------------------------------------- improvements and the draft
def _check_improvements(state: SoleniaState) -> None:
    drafting = state.phase == "draft"
    if drafting != (state.draft is not None):
        raise _fail(DRAFT_PHASE, "$.draft")
    if not state.options.improvements:
        if drafting:
            raise _fail(DRAFT_WITHOUT_IMPROVEMENTS, "$.phase")
        for seat, player in enumerate(state.players):
            held = player.improvements
            if held.level1 is not None or held.level3_day is not None or held.level3_night is not None or held.active:
                raise _fail(NO_IMPROVEMENTS, f"$.players[{seat}].improvements")
        return
    held_level1: set[str] = set()
    for seat, player in enumerate(state.players):
        held = player.improvements
        path = f"$.players[{seat}].improvements"
        if held.level1 is not None:
            if held.level1 not in LEVEL1:
                raise _fail(NO_SUCH_LEVEL1(tile=held.level1), f"{path}.level1")
            if held.level1 in held_level1:
                raise _fail(LEVEL1_HELD_TWICE(tile=held.level1), f"{path}.level1")
            held_level1.add(held.level1)
        if (held.level3_day is None) != (held.level3_night is None):
            raise _fail(LEVEL3_HALVES, f"{path}.level3_night")
        if held.level3_day is not None and (held.level3_day not in LEVEL3 or held.level3_night not in LEVEL3
                                            or held.level3_day == held.level3_night):
            raise _fail(LEVEL3_KINDS, f"{path}.level3_day")
        if not drafting and (held.level1 is None or held.level3_day is None):
            raise _fail(HELD_AFTER_DRAFT, path)
    if drafting:
        _check_draft(state, held_level1)


def _check_draft(state: SoleniaState, held_level1: set[str]) -> None:
    draft = state.draft
    assert draft is not None
    n = len(state.players)
    full_order = make_draft_order(n, state.first_player)
    picks = len(full_order) - len(draft.order)
    if not draft.order or picks < 0 or draft.order != full_order[picks:]:
        raise _fail(DRAFT_ORDER, "$.draft.order")
    for seat, player in enumerate(state.players):
        made = full_order[:picks].count(seat)
        held = player.improvements
        if (held.level1 is not None) + (held.level3_day is not None) != made:
            raise _fail(PICKS_SO_FAR(seat=seat, count=made), f"$.players[{seat}].improvements")
    offer = draft.level1_offer
    if len(set(offer)) != len(offer) or any(t not in LEVEL1 or t in held_level1 for t in offer):
        raise _fail(LEVEL1_OFFER, "$.draft.level1_offer")
    if len(offer) + len(held_level1) != n:
        raise _fail(LEVEL1_OFFERED(count=n), "$.draft.level1_offer")
    taken3 = sum(1 for p in state.players if p.improvements.level3_day is not None)
    if len(draft.level3_offer) != n or draft.level3_offer.count(None) != taken3:
        raise _fail(LEVEL3_OFFERED(count=n), "$.draft.level3_offer")
    for i, pair in enumerate(draft.level3_offer):
        if pair is not None and (pair.day not in LEVEL3 or pair.night not in LEVEL3 or pair.day == pair.night):
            raise _fail(LEVEL3_KINDS, f"$.draft.level3_offer[{i}]")


# ---------------------------------------------------------------- SOL-6.6 pending decisions
def _check_pending(state: SoleniaState) -> None:
    n = len(state.players)
    if (state.phase == "overflow") != bool(state.pending):
        raise _fail(PENDING_PHASE, "$.pending")
    listed: set[int] = set()
    for i, entry in enumerate(state.pending):
        if not 0 <= entry.player < n or entry.player in listed:
            raise _fail(PENDING_SEATS, f"$.pending[{i}].player")
        listed.add(entry.player)
        player = state.players[entry.player]
        over = res.total(player.storage) - player.capacity
        if entry.amount != over or over <= 0:
            raise _fail(OVER_CAPACITY(seat=entry.player, over=max(over, 0)), f"$.pending[{i}].amount")
    for seat, player in enumerate(state.players):
        if seat not in listed:
            held = player.storage
            stored = held.wood + held.wheat + held.stone + held.water  # res.total, without a call per seat
            if stored > player.capacity:
                raise _fail(STORAGE_OVERFLOW(stored=stored, capacity=player.capacity), f"$.players[{seat}].storage")
