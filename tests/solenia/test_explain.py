"""Issue 25: a Solenia refusal whose rule compares amounts or positions says what the move needed and what the
seat has or offered (``explain``). Expected values come from the spec's rules and the components' data
(board size, capacities, tile costs, slot prerequisites), not from the code."""

from __future__ import annotations

import json
from pathlib import Path

from .scenario import R, action, fill, first_card, give, new, printed_cost, put, refused, stock
from .test_deliveries import city_play
from .test_improvements import drafted, improved, island
from .test_placement import AIR, dist, far_island
from .test_storage import near_island
from .test_winter import night_tile_with, pay, setup_night_delivery, winter

DATA = json.loads((Path(__file__).parents[2] / "rulesets/solenia/solenia.components.json").read_text())
COLUMNS, ROWS = DATA["board"]["columns"], DATA["board"]["rows"]
SUMMER_CAPACITY = DATA["player_board"]["summer"]["storage_capacity"]


def play_at(card, space, **params):
    return action("play_card", 0, card=card, space={"col": space[0], "row": space[1]}, **params)


# ---------------------------------------------------------------- positions
def test_sol_1_3_1_space_off_board_gives_the_boards_bounds():
    """SOL-1.3.1: columns and rows run 0 to 4 (JSON board.columns, board.rows: 5 each)."""
    state = new(2)
    card = give(state, 0, 9)[0]
    error = refused(state, play_at(card, (COLUMNS, 2)), "space_off_board", "SOL-1.3.1")
    assert error.explain == {"space": {"col": COLUMNS, "row": 2}, "columns": [0, COLUMNS - 1], "rows": [0, ROWS - 1]}


def test_sol_3_1_space_occupied_names_the_card_on_it():
    """SOL-3.1: the target holds no card of any player; the refusal names the card holding it (public)."""
    state = new(2)
    card = give(state, 0, 9)[0]
    holder = put(state, 1, 9, 1, 2)
    error = refused(state, play_at(card, (1, 2)), "space_occupied", "SOL-3.1")
    assert error.explain == {"space": {"col": 1, "row": 2}, "held_by": holder}


def test_sol_3_4_discard_not_allowed_names_a_free_placement():
    """SOL-3.4: discarding only without a free placement; a card on the airship's space is one (SOL-3.2 a)."""
    state = new(2)
    error = refused(state, action("discard_to_advance", 0, card=state.players[0].hand[0]), "discard_not_allowed",
                    "SOL-3.4")
    example = error.explain["free_placement"]
    assert example["card"] in state.players[0].hand and dist((example["space"]["col"], example["space"]["row"]),
                                                             AIR) <= 1


# ---------------------------------------------------------------- amounts: lengthening, storage, deliveries
def test_sol_3_3_lengthen_payment_mismatch_the_cost_and_the_offer():
    """SOL-3.3.1/3.3.2: two spaces from the only anchor (the airship) costs max(0, 2 - 1) = 1, paid exactly."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wood=3)
    target = far_island(state, 2)
    error = refused(state, play_at(card, target, lengthen_payment={"wood": 3}), "lengthen_payment_mismatch", "SOL-3.3")
    assert error.explain == {"space": {"col": target[0], "row": target[1]}, "needed": {"resources": 1},
                             "offered": {"resources": 3}}


def test_sol_3_3_3_insufficient_resources_for_a_lengthening():
    """SOL-3.3.3: paid only from storage."""
    state = new(2)
    card = give(state, 0, 9)[0]
    stock(state, 0, wheat=1)
    error = refused(state, play_at(card, far_island(state, 2), lengthen_payment={"wood": 1}),
                    "insufficient_resources", "SOL-3.3.3")
    assert error.explain == {"needed": {"wood": 1}, "have": {"wood": 0}}


def test_sol_4_3_overflow_the_surplus_and_the_capacity():
    """SOL-4.2/4.3: the summer side holds 8 (JSON); a gain above it returns exactly the surplus, from storage."""
    state = new(2)
    card = give(state, 0, first_card(2))[0]
    stock(state, 0, wood=4, wheat=4)
    space, ground = near_island(state)
    error = refused(state, play_at(card, space, overflow_discard={"wood": 1}), "overflow_discard_mismatch", "SOL-4.3")
    # 8 stored and the card's value (2) gained: 10, two above the capacity
    assert error.explain == {"needed": {"resources": 10 - SUMMER_CAPACITY}, "offered": {"resources": 1},
                             "have": {"stored": 10, "capacity": SUMMER_CAPACITY}}
    other = next(r for r in ("stone", "water") if r != ground.resource)
    error = refused(state, play_at(card, space, overflow_discard={other: 2}), "insufficient_resources", "SOL-4.3")
    assert error.explain == {"needed": {other: 2}, "have": {other: 0}}


def test_sol_5_4_delivery_payment_the_tiles_printed_cost():
    """SOL-5.4: exactly the tile's printed resources (JSON cost); storage must cover the payment."""
    state, card, tile, space = city_play()
    cost = {r: n for r, n in printed_cost(tile).items() if n}
    short = dict(cost)
    first = sorted(short)[0]
    short[first] -= 1
    error = refused(state, play_at(card, space, delivery={"tile": tile, "payment": short}),
                    "delivery_payment_mismatch", "SOL-5.4")
    assert error.explain == {"needed": cost, "offered": {r: n for r, n in short.items() if n}}
    stock(state, 0)
    error = refused(state, play_at(card, space, delivery={"tile": tile, "payment": cost}), "insufficient_resources",
                    "SOL-5.4")
    assert error.explain == {"needed": cost, "have": {r: 0 for r in cost}}


# ---------------------------------------------------------------- winter: slots and permanent resources
def test_sol_8_2_slot_prerequisite_and_an_occupied_slot():
    """SOL-8.2: the first level-2 slot needs one filled level-1 slot of its row; a slot holds one tile."""
    state = winter()
    tile = night_tile_with("wood")
    card, space = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile))
    base = {"tile": tile, "payment": pay(tile)}
    error = refused(state, play_at(card, space, delivery={**base, "slot": "night_C"}), "slot_prerequisite_unmet",
                    "SOL-8.2")
    assert error.explain == {"slot": "night_C", "needed": {"filled_level_1": 1}, "have": {"filled_level_1": 0}}
    held = fill(state, 0, "night_A")[0]
    error = refused(state, play_at(card, space, delivery={**base, "slot": "night_A"}), "slot_occupied", "SOL-8.2")
    assert error.explain == {"slot": "night_A", "held_by": held}


def test_sol_8_4_a_permanent_resource_pays_one_icon_a_turn():
    """SOL-8.4: each permanent resource pays one icon per turn: used already, or named twice."""
    state = winter()
    tile = night_tile_with("wheat")
    card, space = setup_night_delivery(state, tile)
    stock(state, 0, **pay(tile, wheat=1))
    fill(state, 0, "day_A", "day_C")
    delivery = {"tile": tile, "payment": pay(tile, wheat=1), "permanent": ["day_C"], "slot": "night_A"}
    state.players[0].permanent[0].used_this_turn = True
    error = refused(state, play_at(card, space, delivery=delivery), "permanent_already_used", "SOL-8.4")
    assert error.explain == {"limit": {"day_C": 1}, "have": {"day_C": 1}, "offered": {"day_C": 1}}
    state.players[0].permanent[0].used_this_turn = False
    error = refused(state, play_at(card, space, delivery={**delivery, "permanent": ["day_C", "day_C"]}),
                    "permanent_already_used", "SOL-8.4")
    assert error.explain == {"limit": {"day_C": 1}, "have": {"day_C": 0}, "offered": {"day_C": 2}}


# ---------------------------------------------------------------- improvements
def test_sol_9_1_one_item_of_each_level():
    """SOL-9.1: each player takes one level-1 tile and one level-3 pair."""
    state = drafted(2)
    first, second = state.draft.level1_offer
    state, _ = R.apply(state, action("choose_improvement", 1, level=1, tile=first))
    state, _ = R.apply(state, action("choose_improvement", 0, level=3, pair=0))
    error = refused(state, action("choose_improvement", 1, level=1, tile=second), "improvement_level_already_taken",
                    "SOL-9.1")
    assert error.explain == {"limit": {"level_1_tiles": 1}, "have": {"level_1_tiles": 1}}
    state = drafted(2)
    state, _ = R.apply(state, action("choose_improvement", 1, level=3, pair=0))
    state, _ = R.apply(state, action("choose_improvement", 0, level=1, tile=first))
    error = refused(state, action("choose_improvement", 1, level=3, pair=1), "improvement_level_already_taken",
                    "SOL-9.1")
    assert error.explain == {"limit": {"level_3_pairs": 1}, "have": {"level_3_pairs": 1}}


def test_sol_6_1_and_9_4_a_zero_card_advances_one_or_two_with_double_advance():
    """SOL-6.1: a value-0 card advances 1; SOL-9.4: 2 with L1_DOUBLE_ADVANCE active, and no other number."""
    state = new(2)
    zero = give(state, 0, first_card(0))[0]
    target, _ = near_island(state)
    error = refused(state, play_at(zero, target, advance=2), "advance_not_allowed", "SOL-9.4")
    assert error.explain == {"limit": {"advance": 1}, "offered": {"advance": 2}}
    state = improved("L1_DOUBLE_ADVANCE")
    fill(state, 0, "day_A", "night_A")  # SOL-9.3: active with both covered slots filled
    zero = give(state, 0, first_card(0))[0]
    target = island(state)
    error = refused(state, play_at(zero, target, advance=3), "advance_not_allowed", "SOL-9.4")
    assert error.explain == {"limit": {"advance": 2}, "offered": {"advance": 3}}
    error = refused(state, play_at(zero, target, advance=0), "advance_not_allowed", "SOL-9.4")
    assert error.explain is None  # below one space: not a cap the rule compares
