"""SOL-H.7: a posted state must agree with the components and with itself.

Every card of every colour in play exactly once (hands, decks, discards, the board,
the Rival's deck and discard), every delivery tile exactly once (decks, displays,
slots, tiles beside the board, tiles the Rival threw out), derived fields (capacity,
permanent resources, active improvements) as the rules derive them, hands and decks
as long as the turn count says, and phase, pending decisions and draft coherent.
Failures are ``InvalidState`` with the JSON path at fault.

The card and tile inventories first compare multisets in bulk (the common case,
a valid state, pays little); only a failure walks them one by one with
``rulesets.core.Inventory`` to name the exact place.
"""

from __future__ import annotations

from typing import Iterator

from rulesets.core import Inventory, InvalidState, require

from . import resources as res
from .components import (AIRSHIP_REST, CARDS, CARDS_PER_PLAYER, COLOR_DECKS, COLORS, COLUMNS, DISPLAY_SIZE,
                         HAND_SIZE, LEVEL1, LEVEL3, PERMUTABLE_STRIPS, ROUNDS, SLOTS_PER_ROW, STRIPS, TILES,
                         WINTER_LEVELS, WINTER_SLOTS)
from .board import on_board
from .improvements import derive_active, make_draft_order
from .state import RIVAL, SoleniaState
from .storage import capacity_of
from .winter import derive_permanents, filled_at_level

RULE = "SOL-H.7"
ALL_TILES = frozenset(TILES)


def check(state: SoleniaState) -> None:
    _check_frame(state)
    _check_board(state)
    _check_cards(state)
    _check_tiles(state)
    for seat in range(len(state.players)):
        _check_player(state, seat)
    _check_hands(state)
    _check_improvements(state)
    _check_pending(state)


def _fail(detail: str, path: str, **context) -> InvalidState:
    return InvalidState(detail, path, rule=RULE, **context)


# ---------------------------------------------------------------- options, phase, seats
def _check_frame(state: SoleniaState) -> None:
    n = len(state.players)
    require(1 <= n <= len(COLORS), f"Solenia seats 1 to {len(COLORS)} players, not {n}.", "$.players", RULE)
    opts = state.options
    require(not opts.improvements or opts.board_side == "winter",
            "Improvement tiles need the winter side (SOL-9.1).", "$.options.improvements", RULE)
    require(sorted(opts.strip_permutation) == sorted(PERMUTABLE_STRIPS),
            f"strip_permutation must order {', '.join(PERMUTABLE_STRIPS)}.", "$.options.strip_permutation", RULE)
    require(1 <= state.round <= ROUNDS, f"round runs 1 to {ROUNDS}.", "$.round", RULE)
    require(state.active_seat < n, f"active_seat must name one of the {n} seats.", "$.active_seat", RULE)
    if state.phase == "game_over":
        require(state.round == ROUNDS and state.active_seat == n - 1,
                "A finished game stands after the last seat's last round.", "$.round", RULE)
    for seat, player in enumerate(state.players):
        require(player.seat == seat, f"players[{seat}] must have seat {seat}.", f"$.players[{seat}].seat", RULE)
        require(player.color == COLORS[seat], f"Seat {seat} plays {COLORS[seat]}.", f"$.players[{seat}].color", RULE)
    solo = state.solo
    require((solo is not None) == (n == 1), "A solo game (1 player) has a Rival, and only a solo game has one.",
            "$.solo", RULE)
    if solo is not None:
        require(solo.rival_color in COLORS and solo.rival_color != COLORS[0],
                "The Rival plays a colour no player uses.", "$.solo.rival_color", RULE)
        require(state.phase == "overflow" or not solo.rival_moved,
                "The Rival only stands between turns while an overflow is settled.", "$.solo.rival_moved", RULE)


# ---------------------------------------------------------------- board
def _check_board(state: SoleniaState) -> None:
    board = state.board
    require(len(board.columns) == COLUMNS, f"The board has {COLUMNS} strips.", "$.board.columns", RULE)
    strips = Inventory("strip", RULE)
    for col, column in enumerate(board.columns):
        require(column.strip in STRIPS, f"There is no strip {column.strip}.", f"$.board.columns[{col}].strip", RULE)
        require(column.face in STRIPS[column.strip], f"Strip {column.strip} has no {column.face} face.",
                f"$.board.columns[{col}].face", RULE)
        strips.see(column.strip, f"$.board.columns[{col}]")
    strips.expect_exactly(STRIPS, "$.board.columns")
    require((board.airship.col, board.airship.row) == AIRSHIP_REST,
            f"Between turns the airship rests on {AIRSHIP_REST}.", "$.board.airship", RULE)
    n = len(state.players)
    used: dict[tuple[int, int], int] = {}
    for i, placed in enumerate(board.cards):
        path = f"$.board.cards[{i}]"
        require(on_board(placed.col, placed.row), "A board card must lie on a space.", path, RULE)
        require((placed.col, placed.row) not in used,
                f"Two cards on ({placed.col},{placed.row}): board.cards[{used.get((placed.col, placed.row))}] "
                f"and this one.", path, RULE)
        used[(placed.col, placed.row)] = i
        if placed.owner == RIVAL:
            require(state.solo is not None and CARDS.get(placed.card) is not None
                    and CARDS[placed.card].color == state.solo.rival_color,
                    "Only the solo Rival's own cards belong to the Rival.", f"{path}.owner", RULE)
        else:
            require(isinstance(placed.owner, int) and 0 <= placed.owner < n,
                    f"owner must be a seat 0 to {n - 1}.", f"{path}.owner", RULE)
            require(placed.card in COLOR_DECKS[COLORS[placed.owner]],
                    f"{placed.card} is not a {COLORS[placed.owner]} card of seat {placed.owner}.",
                    f"{path}.card", RULE)


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


def _check_cards(state: SoleniaState) -> None:
    colors = {COLORS[seat]: f"$.players[{seat}]" for seat in range(len(state.players))}
    if state.solo is not None:
        colors[state.solo.rival_color] = "$.solo"
    expected = frozenset().union(*(COLOR_DECKS[c] for c in colors))
    everywhere = [card for card, _ in _card_places(state)]
    if len(everywhere) != len(expected) or set(everywhere) != expected:
        inventory = Inventory("card", RULE)
        for card, path in _card_places(state):
            inventory.see(card, path)
        missing = sorted(expected - set(everywhere))
        where = colors[CARDS[missing[0]].color] if missing else "$"
        inventory.expect_exactly(expected, where)
    # Each player's hand, deck and discard hold only that player's colour; the Rival's likewise.
    for seat, player in enumerate(state.players):
        own = COLOR_DECKS[COLORS[seat]]
        for field in ("hand", "deck", "discard"):
            for i, card in enumerate(getattr(player, field)):
                if card not in own:
                    raise _fail(f"{card} is not a {COLORS[seat]} card.", f"$.players[{seat}].{field}[{i}]")
    if state.solo is not None:
        rival = COLOR_DECKS[state.solo.rival_color]
        for field in ("rival_deck", "rival_discard"):
            for i, card in enumerate(getattr(state.solo, field)):
                if card not in rival:
                    raise _fail(f"{card} is not a Rival card.", f"$.solo.{field}[{i}]")


# ---------------------------------------------------------------- SOL-H.7 tile multiset
def _tile_places(state: SoleniaState) -> Iterator[tuple[str, str, str | None]]:
    """(tile, path, the kind that place holds or None for any)."""
    d = state.delivery
    for field, kind in (("day_deck", "day"), ("night_deck", "night"), ("day_display", "day"),
                        ("night_display", "night"), ("discarded", None)):
        for i, tile in enumerate(getattr(d, field)):
            yield tile, f"$.delivery.{field}[{i}]", kind
    for seat, player in enumerate(state.players):
        for field, kind in (("day_slots", "day"), ("night_slots", "night"), ("extra_tiles", None)):
            for i, tile in enumerate(getattr(player, field)):
                if tile is not None:
                    yield tile, f"$.players[{seat}].{field}[{i}]", kind


def _check_tiles(state: SoleniaState) -> None:
    everywhere = [tile for tile, _, _ in _tile_places(state)]
    if len(everywhere) != len(ALL_TILES) or set(everywhere) != ALL_TILES:
        inventory = Inventory("delivery tile", RULE)
        for tile, path, _ in _tile_places(state):
            inventory.see(tile, path)
        inventory.expect_exactly(ALL_TILES, "$.delivery")
    for tile, path, kind in _tile_places(state):
        if kind is not None and TILES[tile].kind != kind:
            raise _fail(f"{tile} is a {TILES[tile].kind} tile; it cannot lie among {kind} tiles.", path)
    d = state.delivery
    size = DISPLAY_SIZE[len(state.players)]
    for kind, shown, left in (("day", d.day_display, d.day_deck), ("night", d.night_display, d.night_deck)):
        # SOL-5.6: a display is refilled at once, so it is short only once its deck is empty.
        require(len(shown) <= size and (len(shown) == size or not left),
                f"The {kind} display shows {size} tiles while its deck lasts, never more.",
                f"$.delivery.{kind}_display", RULE)
    if state.solo is None:
        require(not d.discarded, "Only the solo Rival throws tiles out of a display.", "$.delivery.discarded", RULE)


# ---------------------------------------------------------------- one player board
def _check_player(state: SoleniaState, seat: int) -> None:
    player = state.players[seat]
    path = f"$.players[{seat}]"
    winter = state.options.board_side == "winter"
    for field in ("day_slots", "night_slots"):
        slots = getattr(player, field)
        require(len(slots) == SLOTS_PER_ROW, f"A row has {SLOTS_PER_ROW} slots.", f"{path}.{field}", RULE)
        row = field[: -len("_slots")]
        if winter:
            for lower, upper in zip(WINTER_LEVELS, WINTER_LEVELS[1:]):
                # SOL-8.2: level-L slots can only ever be filled as far as level L-1 slots are.
                require(filled_at_level(slots, row, upper) <= filled_at_level(slots, row, lower),
                        f"More level-{upper} than level-{lower} slots are filled in the {row} row (SOL-8.2).",
                        f"{path}.{field}", RULE)
        else:
            first_gap = next((i for i, t in enumerate(slots) if t is None), len(slots))
            for i in range(first_gap, len(slots)):
                # SOL-5.5: summer rows fill strictly left to right.
                require(slots[i] is None, "Summer slots fill from the left without gaps (SOL-5.5).",
                        f"{path}.{field}[{i}]", RULE)
    for i, tile in enumerate(player.extra_tiles):
        row = player.day_slots if TILES[tile].kind == "day" else player.night_slots
        require(all(t is not None for t in row), "A tile lies beside the board only once its row is full (SOL-5.7).",
                f"{path}.extra_tiles[{i}]", RULE)
    expected_permanents = derive_permanents(player) if winter else []
    require(sorted((p.id, p.resource) for p in player.permanent) == sorted(expected_permanents),
            f"Permanent resources come from filled C and E slots: expected "
            f"{[slot_id for slot_id, _ in expected_permanents]}.", f"{path}.permanent", RULE)
    require(len({p.id for p in player.permanent}) == len(player.permanent), "A permanent resource is listed twice.",
            f"{path}.permanent", RULE)
    capacity = capacity_of(state.options, player)
    require(player.capacity == capacity, f"capacity is derived: it must be {capacity}, not {player.capacity}.",
            f"{path}.capacity", RULE, expected=capacity)


# ---------------------------------------------------------------- hands and decks vs. turns
def _turns_taken(state: SoleniaState, seat: int) -> int:
    if state.phase == "draft":
        return 0
    if state.phase == "game_over":
        return ROUNDS
    done = state.round - 1
    if seat < state.active_seat or (seat == state.active_seat and state.phase == "overflow"):
        done += 1
    return done


def _check_hands(state: SoleniaState) -> None:
    for seat, player in enumerate(state.players):
        left = CARDS_PER_PLAYER - _turns_taken(state, seat)
        unplayed = len(player.hand) + len(player.deck)
        require(unplayed == left, f"After its turns so far seat {seat} has {left} cards in hand and deck, "
                                  f"not {unplayed} (SOL-2.2).", f"$.players[{seat}].deck", RULE)
        require(len(player.hand) == min(HAND_SIZE, unplayed),
                f"Seat {seat} holds {min(HAND_SIZE, unplayed)} cards between turns, not {len(player.hand)} (SOL-2.4).",
                f"$.players[{seat}].hand", RULE)
    if state.solo is not None:
        if state.phase == "game_over":
            rival_done = ROUNDS
        else:
            rival_done = state.round - 1 + (1 if state.solo.rival_moved else 0)
        require(len(state.solo.rival_deck) == CARDS_PER_PLAYER - rival_done,
                f"The Rival deck holds {CARDS_PER_PLAYER - rival_done} cards at this point.",
                "$.solo.rival_deck", RULE)


# ---------------------------------------------------------------- improvements and the draft
def _check_improvements(state: SoleniaState) -> None:
    n = len(state.players)
    drafting = state.phase == "draft"
    require(drafting == (state.draft is not None), "A draft is present exactly in the draft phase.", "$.draft", RULE)
    if drafting:
        require(state.options.improvements, "Only a game with improvements drafts them.", "$.phase", RULE)
    held_level1: dict[str, int] = {}
    for seat, player in enumerate(state.players):
        held = player.improvements
        path = f"$.players[{seat}].improvements"
        if not state.options.improvements:
            require(held.level1 is None and held.level3_day is None and held.level3_night is None and not held.active,
                    "This game is played without improvement tiles.", path, RULE)
            continue
        require(held.level1 is None or held.level1 in LEVEL1, f"There is no level-1 tile {held.level1}.",
                f"{path}.level1", RULE)
        require(held.level1 is None or held.level1 not in held_level1,
                f"Level-1 tile {held.level1} is held by two players.", f"{path}.level1", RULE)
        if held.level1 is not None:
            held_level1[held.level1] = seat
        require((held.level3_day is None) == (held.level3_night is None),
                "A level-3 tile has a day half and a night half.", f"{path}.level3_night", RULE)
        if held.level3_day is not None:
            require(held.level3_day in LEVEL3 and held.level3_night in LEVEL3 and held.level3_day != held.level3_night,
                    "A level-3 pair joins halves of two different kinds.", f"{path}.level3_day", RULE)
        if not drafting:
            require(held.level1 is not None and held.level3_day is not None,
                    "After the draft every player holds a level-1 tile and a level-3 pair (SOL-9.1).", path, RULE)
        require(sorted(held.active) == sorted(derive_active(held, player.day_slots, player.night_slots)),
                "active lists the improvement parts whose covered slots are filled (SOL-9.3).",
                f"{path}.active", RULE)
        require(len(set(held.active)) == len(held.active), "An improvement part is listed twice.",
                f"{path}.active", RULE)
    if drafting:
        draft = state.draft
        full_order = make_draft_order(n)
        picks = len(full_order) - len(draft.order)
        require(picks >= 0 and draft.order == full_order[picks:] and draft.order,
                "The draft runs from the last seat in reverse seat order, twice.", "$.draft.order", RULE)
        for seat, player in enumerate(state.players):
            made = full_order[:picks].count(seat)
            held = player.improvements
            has = (held.level1 is not None) + (held.level3_day is not None)
            require(has == made, f"Seat {seat} has picked {made} improvement(s) so far.",
                    f"$.players[{seat}].improvements", RULE)
        require(len(set(draft.level1_offer)) == len(draft.level1_offer)
                and all(t in LEVEL1 and t not in held_level1 for t in draft.level1_offer),
                "The level-1 offer holds distinct tiles nobody has taken.", "$.draft.level1_offer", RULE)
        require(len(draft.level1_offer) + len(held_level1) == n, f"{n} level-1 tiles were offered.",
                "$.draft.level1_offer", RULE)
        taken3 = sum(1 for p in state.players if p.improvements.level3_day is not None)
        require(len(draft.level3_offer) == n and sum(1 for p in draft.level3_offer if p is None) == taken3,
                f"{n} level-3 pairs were offered; taken ones are null.", "$.draft.level3_offer", RULE)
        for i, pair in enumerate(draft.level3_offer):
            if pair is not None:
                require(pair.day in LEVEL3 and pair.night in LEVEL3 and pair.day != pair.night,
                        "A level-3 pair joins halves of two different kinds.", f"$.draft.level3_offer[{i}]", RULE)


# ---------------------------------------------------------------- SOL-6.6 pending decisions
def _check_pending(state: SoleniaState) -> None:
    n = len(state.players)
    require((state.phase == "overflow") == bool(state.pending),
            "Pending overflow decisions exist exactly in the overflow phase.", "$.pending", RULE)
    listed: set[int] = set()
    for i, entry in enumerate(state.pending):
        require(0 <= entry.player < n and entry.player not in listed,
                "Each pending entry names a different seat of this game.", f"$.pending[{i}].player", RULE)
        listed.add(entry.player)
        player = state.players[entry.player]
        over = sum(res.vector(player.storage)) - player.capacity
        require(entry.amount == over and over > 0, f"Seat {entry.player} is {max(over, 0)} over capacity.",
                f"$.pending[{i}].amount", RULE)
    for seat, player in enumerate(state.players):
        if seat not in listed:
            stored = sum(res.vector(player.storage))
            require(stored <= player.capacity,
                    f"Storage holds {stored} of {player.capacity}; an overflow must be pending or settled (SOL-4.3).",
                    f"$.players[{seat}].storage", RULE)
