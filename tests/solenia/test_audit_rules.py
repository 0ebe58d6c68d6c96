"""Audit of rule details the other tests reach only in passing: what counts as a free
placement for SOL-3.4, payability after lengthening (SOL-5.3, D-1), overflow after the slot
reward (SOL-5.8), the second resolution of a double advance (SOL-6.7, SOL-6.8), the solo
game's last round (SOL-7.1, SOL-10.4), and private events over whole games (SOL-H.1 to H.5)."""

from __future__ import annotations

import random

import orjson
import pytest

from rulesets.solenia.board import terrain
from rulesets.solenia.components import AIRSHIP_REST, CARDS, CARDS_PER_PLAYER, TILES_BY_KIND

from .scenario import (R, action, events_of, fill, first_card, give, kinds_of, listed, new, play, printed_cost, put,
                       refused, seen, show, stock)
from .test_improvements import improved

AIR = AIRSHIP_REST
ZERO = first_card(0)
ONE = first_card(1)


def dist(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def tile(kind, **cost):
    """The first tile of this kind costing exactly this."""
    want = {r: cost.get(r, 0) for r in ("wood", "wheat", "stone", "water")}
    return next(t for t in TILES_BY_KIND[kind] if printed_cost(t) == want)


def unpayable_day_display(state):
    """Day tiles all ask for stone or water; a store without them pays none."""
    shown = [t for t in TILES_BY_KIND["day"] if printed_cost(t)["stone"] and printed_cost(t)["water"]][:3]
    show(state, "day", *shown)


def block_free_islands(state, blocker=1):
    """Another seat's cards on every island at or next to the airship: only cities stay free."""
    n = 1
    for space in [AIR, (AIR[0] - 1, AIR[1]), (AIR[0] + 1, AIR[1]), (AIR[0], AIR[1] - 1), (AIR[0], AIR[1] + 1)]:
        if terrain(state, *space).kind == "island":
            n += 1
            put(state, blocker, n, *space)
    free_cities = [s for s in [(AIR[0] - 1, AIR[1]), (AIR[0] + 1, AIR[1]), (AIR[0], AIR[1] - 1),
                               (AIR[0], AIR[1] + 1), AIR] if terrain(state, *s).kind == "city"]
    assert any(terrain(state, *s).city == "night" for s in free_cities)
    return free_cities


# ---------------------------------------------------------------- SOL-3.4 with SOL-5.3
NIGHT_WOOD_WOOD_WHEAT = tile("night", wood=2, wheat=1)
NIGHT_THREE_WHEAT = tile("night", wheat=3)
NIGHT_WHEAT_WATER = tile("night", wheat=2, water=1)


def test_sol_3_4_a_free_city_payable_only_with_a_permanent_resource_forbids_discarding():
    """SOL-3.4 / SOL-5.3: the free city counts as a legal free placement when a permanent resource
    (SOL-8.4) completes the payment, so discard_to_advance is refused; without it, allowed."""
    for with_permanent in (True, False):
        state = new(2, board_side="winter")
        fill(state, 0, *(("day_A", "day_B", "day_C") if with_permanent else ("day_A", "day_B")))
        give(state, 0, ONE)
        block_free_islands(state)
        unpayable_day_display(state)
        show(state, "night", NIGHT_WOOD_WOOD_WHEAT, NIGHT_THREE_WHEAT, NIGHT_WHEAT_WATER)
        stock(state, 0, wood=2)
        discard = action("discard_to_advance", 0, card=state.players[0].hand[0])
        if with_permanent:
            error = refused(state, discard, "discard_not_allowed", "SOL-3.4")
            space = error.context["example"]["space"]
            assert terrain(state, space["col"], space["row"]).city == "night"
            assert {a["type"] for a in listed(state, 0)} == {"play_card"}
        else:
            after, events = R.apply(state, discard)
            assert events_of(events, "airship_advanced")[0]["cause"] == "discard"


def test_sol_3_4_a_free_city_payable_only_by_substitution_forbids_discarding():
    """SOL-3.4 / SOL-5.3 / spec 3.8: wood standing for wheat under an active L1_STORE_WOOD_WHEAT makes the
    free city payable; with another level-1 tile the same position may discard."""
    for level1, substitutes in (("L1_STORE_WOOD_WHEAT", True), ("L1_ONES_TWICE", False)):
        state = improved(level1)
        fill(state, 0, "day_A", "night_A")
        give(state, 0, ONE)
        block_free_islands(state)
        unpayable_day_display(state)
        show(state, "night", NIGHT_THREE_WHEAT, NIGHT_WHEAT_WATER, tile("night", wheat=2, stone=2))
        stock(state, 0, wood=3)
        discard = action("discard_to_advance", 0, card=state.players[0].hand[0])
        if substitutes:
            refused(state, discard, "discard_not_allowed", "SOL-3.4")
            payments = [a["delivery"]["payment"] for a in listed(state, 0) if a.get("delivery")]
            assert payments and all(p == {"wood": 3} for p in payments)
        else:
            R.apply(state, discard)


# ---------------------------------------------------------------- SOL-5.3 / D-1 after lengthening
def test_sol_5_3_payability_depends_on_the_lengthening_mix_paid():
    """SOL-5.3 (D-1): a city is judged after the lengthening is paid: paying it with the wood the tile needs
    leaves no payable tile (delivery_required under SOL-5.3, empty list); paying with stone keeps the tile."""
    state = new(2)
    card = give(state, 0, ONE)[0]
    target = next(s for s in [(c, r) for c in range(5) for r in range(5)]
                  if dist(s, AIR) == 2 and terrain(state, *s).kind == "city" and terrain(state, *s).city == "night")
    show(state, "night", NIGHT_WOOD_WOOD_WHEAT, NIGHT_THREE_WHEAT, NIGHT_WHEAT_WATER)
    stock(state, 0, wood=2, wheat=1, stone=1)
    space = {"col": target[0], "row": target[1]}
    error = refused(state, action("play_card", 0, card=card, space=space, lengthen_payment={"wood": 1}),
                    "delivery_required", "SOL-5.3")
    assert error.context["payable"] == []
    error = refused(state, action("play_card", 0, card=card, space=space, lengthen_payment={"stone": 1}),
                    "delivery_required", "SOL-5.2")
    assert error.context["payable"] == [NIGHT_WOOD_WOOD_WHEAT]
    here = [a for a in listed(state, 0) if a["space"] == space]
    assert here and {tuple(a["lengthen_payment"].items()) for a in here} == {(("stone", 1),)}
    refused(state, action("play_card", 0, card=card, space=space, lengthen_payment={"wood": 1},
                          delivery={"tile": NIGHT_WOOD_WOOD_WHEAT, "payment": {"wood": 2, "wheat": 1}}),
            "insufficient_resources", "SOL-5.4")
    after, _ = play(state, 0, card, *target, lengthen_payment={"stone": 1},
                    delivery={"tile": NIGHT_WOOD_WOOD_WHEAT, "payment": {"wood": 2, "wheat": 1}})
    assert NIGHT_WOOD_WOOD_WHEAT in after.players[0].night_slots


# ---------------------------------------------------------------- SOL-5.8 step 7
def test_sol_5_8_overflow_is_settled_after_the_slot_reward():
    """SOL-5.8 steps 3-7: a tile paid wholly with permanent resources leaves storage full; the B slot's
    resource then overflows and is returned in the same action (it may be the resource just gained)."""
    state = new(2, board_side="winter")
    card = give(state, 0, ONE)[0]
    fill(state, 0, "day_A", "day_B", "day_C", "day_D", "day_E", "night_A", "night_C", "night_E")
    every_icon = tile("night", wood=1, wheat=1, stone=1, water=1)
    show(state, "night", every_icon, NIGHT_THREE_WHEAT, NIGHT_WHEAT_WATER)
    capacity = state.players[0].capacity
    stock(state, 0, wood=capacity)
    space = next(s for s in [(AIR[0], AIR[1] - 1), (AIR[0] - 1, AIR[1]), (AIR[0] + 1, AIR[1]), (AIR[0], AIR[1] + 1)]
                 if terrain(state, *s).kind == "city" and terrain(state, *s).city == "night")
    delivery = {"tile": every_icon, "permanent": ["day_C", "day_E", "night_C", "night_E"], "slot": "night_B",
                "reward_choice": "stone"}
    act = action("play_card", 0, card=card, space={"col": space[0], "row": space[1]}, delivery=delivery)
    error = refused(state, act, "overflow_discard_mismatch", "SOL-4.3")
    assert error.context["surplus"] == 1
    after, events = R.apply(state, {**act, "overflow_discard": {"stone": 1}})
    kinds = kinds_of(events)
    assert kinds.index("stars_gained") < kinds.index("delivery_completed") < kinds.index("display_refilled") \
        < kinds.index("resources_discarded")
    assert after.players[0].storage.wood == capacity and after.players[0].storage.stone == 0
    assert all(p.used_this_turn is False for p in after.players[0].permanent)  # reset at the end of the turn


# ---------------------------------------------------------------- SOL-6.7 with SOL-6.8
def test_sol_6_7_the_second_pass_resolves_a_card_played_on_col_1():
    """SOL-6.7 / SOL-6.8: with a 2-space advance the strip that became col 0 after the first shift resolves
    too, including the 0-card just played on it."""
    state = improved("L1_DOUBLE_ADVANCE")
    fill(state, 0, "day_A", "night_A")
    zero = give(state, 0, ZERO)[0]
    target = next(s for s in [(AIR[0] - 1, AIR[1])] if terrain(state, *s).kind == "island")
    resource = terrain(state, *target).resource
    strips = [c.strip for c in state.board.columns]
    after, events = play(state, 0, zero, *target, advance=2)
    assert [e["strip"] for e in events_of(events, "strip_resolved")] == strips[:2]
    activated = events_of(events, "card_activated")
    assert [e["card"] for e in activated] == [zero]
    multiplier = CARDS[zero].activation.multiplier
    assert activated[0]["resources"] == {resource: multiplier}
    assert getattr(after.players[0].storage, resource) == multiplier  # a 0-card gains nothing when played
    assert zero in after.players[0].discard and all(c.card != zero for c in after.board.cards)
    assert [c.strip for c in after.board.columns] == strips[2:] + strips[:2]


# ---------------------------------------------------------------- SOL-7.1 / SOL-10.4
def test_sol_10_4_the_last_round_includes_the_rivals_sixteenth_turn():
    """SOL-7.1 / SOL-10.2 / SOL-10.4: the solo game ends after the Rival's 16th turn, in the same response
    as the human's last action; every Rival card has been played."""
    state = new(1, seed="last-round")
    chooser = random.Random(5)
    while True:
        legal = R.legal_actions(state, 0)
        state, events = R.apply(state, chooser.choice(legal))
        if state.phase == "game_over":
            break
    kinds = kinds_of(events)
    assert "rival_card_revealed" in kinds and kinds.index("rival_card_revealed") < kinds.index("game_ended")
    on_board = [c.card for c in state.board.cards if c.owner == "rival"]
    assert state.solo.rival_deck == []
    assert len(on_board) + len(state.solo.rival_discard) == CARDS_PER_PLAYER


# ---------------------------------------------------------------- SOL-H over whole games
@pytest.mark.parametrize("players, options", [(2, {}), (1, {"board_side": "winter", "improvements": True})])
def test_sol_h_events_never_carry_hidden_cards_tiles_or_the_seed(players, options):
    """SOL-H.1-H.5: after every action, the events a seat (or a spectator) may see name no card still
    hidden from it (other hands, any deck, the Rival deck), no face-down delivery tile, and not the seed."""
    seed = "audit-hidden-seed-7c1"
    state = R.setup(players, seed, options)
    chooser = random.Random(players)
    while state.phase != "game_over":
        seat = R.status(state).active_players[0]
        state, events = R.apply(state, chooser.choice(R.legal_actions(state, seat)))
        for viewer in (None, *range(players)):
            text = orjson.dumps(seen(events, viewer)).decode()
            hidden = list(state.delivery.day_deck) + list(state.delivery.night_deck)
            for other, player in enumerate(state.players):
                hidden += player.deck + (player.hand if other != viewer else [])
            if state.solo is not None:
                hidden += state.solo.rival_deck
            assert seed not in text
            assert not [h for h in hidden if f'"{h}"' in text], viewer
