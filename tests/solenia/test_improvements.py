"""SOL-9: improvement tiles (winter side), with SOL-3.3.6 and SOL-6.7."""

from __future__ import annotations

import pytest

from rulesets.core import to_builtins
from rulesets.solenia.components import (AIRSHIP_REST, CARDS, LEVEL1, LEVEL3, RESOURCES, TILES, TILES_BY_KIND,
                                         WINTER_CAPACITY, WINTER_SLOT_BY_ID)
from rulesets.solenia.board import terrain
from rulesets.solenia.resources import vector
from rulesets.solenia.scoring import breakdown
from rulesets.solenia.state import BoardCard

from .scenario import (R, action, events_of, fill, first_card, give, listed, new, play, printed_cost, put, refused,
                       show, spaces, stock)


def drafted(players=2, seed="draft"):
    return new(players, seed, board_side="winter", improvements=True)


def improved(level1="L1_DOUBLE_ADVANCE", day="L3_PAIRS", night="L3_TILES", players=2, seat=0):
    """A game past its draft where ``seat`` holds these improvements (others hold the rest)."""
    state = drafted(players)
    state.draft = None
    state.phase = "play"
    others = [t for t in LEVEL1 if t != level1]
    kinds = [k for k in LEVEL3 if k not in (day, night)]
    for s, player in enumerate(state.players):
        held = player.improvements
        if s == seat:
            held.level1, held.level3_day, held.level3_night = level1, day, night
        else:
            held.level1 = others.pop()
            held.level3_day, held.level3_night = kinds.pop(), kinds.pop()
    return state


def near(state, predicate):
    return next(s for s in spaces(state, predicate) if abs(s[0] - AIRSHIP_REST[0]) + abs(s[1] - AIRSHIP_REST[1]) <= 1)


def island(state):
    return near(state, lambda t: t.kind == "island")


# ---------------------------------------------------------------- SOL-9.1 draft
def test_sol_9_1_draft_offer_and_order():
    """SOL-9.1: N level-1 tiles and N level-3 pairs of different kinds; picks from the last seat, twice around."""
    state = drafted(3)
    assert state.phase == "draft" and R.status(state).active_players == [2]
    draft = state.draft
    assert len(draft.level1_offer) == len(set(draft.level1_offer)) == 3
    assert len(draft.level3_offer) == 3 and all(p.day != p.night for p in draft.level3_offer)
    assert draft.order == [2, 1, 0, 2, 1, 0]
    assert {a.level for a in R.legal_actions(state, 2)} == {1, 3} and len(R.legal_actions(state, 2)) == 6
    assert R.legal_actions(state, 0) == []


def test_sol_9_1_draft_refusals():
    """SOL-9.1: wrong phase, wrong drafter, item not on offer, a level already held."""
    state = drafted(2)
    refused(state, action("choose_improvement", 0, level=1, tile=state.draft.level1_offer[0]),
            "not_your_turn", "SOL-9.1")
    not_offered = next(t for t in LEVEL1 if t not in state.draft.level1_offer)
    refused(state, action("choose_improvement", 1, level=1, tile=not_offered), "improvement_not_offered", "SOL-9.1")
    refused(state, action("choose_improvement", 1, level=3, pair=2), "improvement_not_offered", "SOL-9.1")
    refused(state, action("play_card", 1, card=state.players[1].hand[0], space={"col": 2, "row": 2}),
            "wrong_phase", "SOL-2.3")
    tile = state.draft.level1_offer[0]
    state, events = R.apply(state, action("choose_improvement", 1, level=1, tile=tile))
    assert to_builtins(events[0]) == {"type": "improvement_chosen", "player": 1, "level": 1, "tile": tile}
    refused(state, action("choose_improvement", 0, level=3, pair=5), "improvement_not_offered", "SOL-9.1")
    state, _ = R.apply(state, action("choose_improvement", 0, level=3, pair=1))
    refused(state, action("choose_improvement", 1, level=1, tile=state.draft.level1_offer[0]),
            "improvement_level_already_taken", "SOL-9.1")
    refused(state, action("choose_improvement", 1, level=3, pair=1), "improvement_not_offered", "SOL-9.1")
    assert [a.level for a in R.legal_actions(state, 1)] == [3]
    state, _ = R.apply(state, action("choose_improvement", 1, level=3, pair=0))
    state, events = R.apply(state, R.legal_actions(state, 0)[0])
    assert state.phase == "play" and state.draft is None and to_builtins(events[-1])["type"] == "turn_started"
    for player in state.players:
        assert player.improvements.level1 and player.improvements.level3_day and player.improvements.level3_night
    R.check_consistency(state)
    refused(state, action("choose_improvement", 0, level=1, tile="L1_DOUBLE_ADVANCE"), "wrong_phase", "SOL-9.1")


# ---------------------------------------------------------------- SOL-9.2 placement
def test_sol_9_2_tiles_cover_the_a_and_f_slots():
    """SOL-9.2 (D-6): the level-1 tile covers day_A and night_A, the halves cover the F slots: their powers are lost."""
    state = improved("L1_CROSS_DELIVERY")
    fill(state, 0, "day_A", "day_B", "day_C", "day_D", "day_E", "day_F")
    assert state.players[0].capacity == WINTER_CAPACITY  # no +1 from the covered A slot
    score = breakdown(state, 0)
    printed = sum(WINTER_SLOT_BY_ID[s].power.vp for s in ("day_F",))
    assert printed == 6
    d_power = WINTER_SLOT_BY_ID["day_D"].power
    icons = sum(printed_cost(t)[d_power.resource] for t in state.players[0].day_slots if t)
    assert score["powers"] == min(d_power.cap, icons)  # D counts, the covered F does not


# ---------------------------------------------------------------- SOL-9.3 activation
def test_sol_9_3_level_1_needs_both_covered_slots():
    """SOL-9.3: the level-1 tile is active once day_A and night_A both hold a tile; a half once its slot does."""
    state = improved("L1_STORE_WOOD_WHEAT")
    fill(state, 0, "day_A")
    assert state.players[0].improvements.active == [] and state.players[0].capacity == WINTER_CAPACITY
    fill(state, 0, "night_A")
    assert state.players[0].improvements.active == ["level1"]
    assert state.players[0].capacity == WINTER_CAPACITY + 1
    fill(state, 0, "night_B", "night_C", "night_F")
    assert state.players[0].improvements.active == ["level1", "level3_night"]


def test_sol_9_3_activation_event_and_no_retroactive_on_delivery_stars():
    """SOL-9.3 (D-7): the delivery that activates an on-delivery half does not trigger it; the next one does."""
    state = improved("L1_CROSS_DELIVERY", day="L3_DELIVERY_G", night="L3_TILES")
    fill(state, 0, "day_A", "day_B", "day_C", "day_D")
    tile = min(TILES_BY_KIND["day"], key=lambda t: (TILES[t].size, t))
    show(state, "day", tile, *[t for t in state.delivery.day_deck if t != tile][:2])
    card = give(state, 0, first_card(1))[0]
    col, row = near(state, lambda t: t.kind == "city" and t.city == "day")
    stock(state, 0, **printed_cost(tile))
    payment = {r: n for r, n in printed_cost(tile).items() if n}
    after, events = play(state, 0, card, col, row, delivery={"tile": tile, "payment": payment, "slot": "day_F"})
    assert events_of(events, "improvement_activated") == [{"type": "improvement_activated", "player": 0,
                                                           "part": "level3_day"}]
    assert after.players[0].stars == 1  # the card only
    state = after
    tile2 = state.delivery.day_display[0]
    state.active_seat = 0
    card2 = give(state, 0, first_card(1, "space_multiplier"))[0]
    stock(state, 0, **printed_cost(tile2))
    payment2 = {r: n for r, n in printed_cost(tile2).items() if n}
    target = next(s for s in spaces(state, lambda t: t.kind == "city" and t.city == "day"))
    cost = max(0, min(abs(target[0] - 2) + abs(target[1] - 2),
                      *[abs(target[0] - c.col) + abs(target[1] - c.row) for c in state.board.cards
                        if c.owner == 0]) - 1)
    state.players[0].storage.stone += cost
    after2, events2 = play(state, 0, card2, *target, lengthen_payment={"stone": cost} if cost else {},
                           delivery={"tile": tile2, "payment": payment2, "slot": "day_E"})
    assert after2.players[0].stars == 1 + 1 + LEVEL3["L3_DELIVERY_G"]["day"].vp


# ---------------------------------------------------------------- SOL-9.4 level-1 effects
def test_sol_9_4_store_substitution_and_capacity():
    """SOL-9.4 (spec 3.8): L1_STORE_WOOD_WHEAT: +1 storage and wood/wheat interchangeable in deliveries."""
    state = improved("L1_STORE_WOOD_WHEAT")
    fill(state, 0, "day_A", "night_A")
    assert state.players[0].capacity == WINTER_CAPACITY + 1
    tile = next(t for t in TILES_BY_KIND["night"] if printed_cost(t)["wheat"] >= 2 and printed_cost(t)["stone"] == 0
                and printed_cost(t)["water"] == 0)
    show(state, "night", tile, *[t for t in state.delivery.night_deck if t != tile][:2])
    card = give(state, 0, first_card(1))[0]
    col, row = near(state, lambda t: t.kind == "city" and t.city == "night")
    need = printed_cost(tile)
    swapped = {"wood": need["wood"] + need["wheat"]}
    stock(state, 0, **swapped)
    ways = [a["delivery"]["payment"] for a in listed(state, 0) if a.get("delivery", {}).get("tile") == tile]
    assert swapped in ways
    after, _ = play(state, 0, card, col, row, delivery={"tile": tile, "payment": swapped, "slot": "night_B",
                                                        "reward_choice": "stone"})
    assert sum(vector(after.players[0].storage)) == 1
    other = improved("L1_STORE_STONE_WATER")
    fill(other, 0, "day_A", "night_A")
    show(other, "night", tile, *[t for t in other.delivery.night_deck if t != tile][:2])
    card = give(other, 0, first_card(1))[0]
    stock(other, 0, **swapped)
    refused(other, action("play_card", 0, card=card, space={"col": col, "row": row},
                          delivery={"tile": tile, "payment": swapped, "slot": "night_B", "reward_choice": "stone"}),
            "delivery_payment_mismatch", "SOL-5.4")


def test_sol_9_4_and_6_7_double_advance_resolves_two_strips():
    """SOL-9.4 / SOL-6.7: L1_DOUBLE_ADVANCE lets a 0-card advance 2 (+1 star): two strips resolve in a row."""
    state = improved("L1_DOUBLE_ADVANCE")
    fill(state, 0, "day_A", "night_A")
    gain = first_card(1, "gain_resource")
    put(state, 1, gain, 0, 0)
    put(state, 1, first_card(1, "space_multiplier"), 1, 0)
    zero = give(state, 0, first_card(0))[0]
    before = [(c.strip, c.face) for c in state.board.columns]
    target = next(s for s in spaces(state, lambda t: t.kind == "island")
                  if s[0] >= 2 and abs(s[0] - 2) + abs(s[1] - 2) <= 1)
    after, events = play(state, 0, zero, *target, advance=2)
    assert events_of(events, "airship_advanced")[0]["spaces"] == 2
    resolved = events_of(events, "strip_resolved")
    assert [(e["strip"], e["face"]) for e in resolved] == before[:2]
    assert len(events_of(events, "card_activated")) == 2
    assert after.players[0].stars == 1
    assert (after.board.airship.col, after.board.airship.row) == AIRSHIP_REST
    one = play(state, 0, zero, *target)[1]
    assert len(events_of(one, "strip_resolved")) == 1


def test_sol_9_4_discard_advances_only_one_with_double_advance():
    """SOL-9.4 (D-4): discarding to advance moves 1 space even with L1_DOUBLE_ADVANCE."""
    state = improved("L1_DOUBLE_ADVANCE")
    fill(state, 0, "day_A", "night_A")
    n = 1
    for col, row in [AIRSHIP_REST, (1, 2), (3, 2), (2, 1), (2, 3)]:
        n += 1
        put(state, 1, n, col, row)
    stock(state, 0)
    give(state, 0, first_card(0))
    assert {a["type"] for a in listed(state, 0)} == {"discard_to_advance"}
    after, events = R.apply(state, action("discard_to_advance", 0, card=state.players[0].hand[0]))
    assert events_of(events, "airship_advanced")[0]["spaces"] == 1 and after.players[0].stars == 0


def test_sol_9_4_zero_as_one():
    """SOL-9.4: L1_ZERO_AS_ONE: a 0-card's immediate effect uses 1; the airship still advances."""
    state = improved("L1_ZERO_AS_ONE")
    fill(state, 0, "day_A", "night_A")
    zero = give(state, 0, first_card(0))[0]
    target = island(state)
    resource = terrain(state, *target).resource
    after, events = play(state, 0, zero, *target)
    assert events_of(events, "resources_gained")[0]["resources"] == {resource: 1}
    assert events_of(events, "airship_advanced")


def test_sol_9_4_cross_delivery_goes_to_the_tiles_own_row():
    """SOL-9.4 (D-14): L1_CROSS_DELIVERY: any display at any city; the tile goes to its own row."""
    state = improved("L1_CROSS_DELIVERY")
    fill(state, 0, "day_A", "night_A")
    tile = min(TILES_BY_KIND["day"], key=lambda t: (TILES[t].size, t))
    show(state, "day", tile, *[t for t in state.delivery.day_deck if t != tile][:2])
    card = give(state, 0, first_card(1))[0]
    col, row = near(state, lambda t: t.kind == "city" and t.city == "night")
    stock(state, 0, **printed_cost(tile))
    payment = {r: n for r, n in printed_cost(tile).items() if n}
    refused(state, action("play_card", 0, card=card, space={"col": col, "row": row},
                          delivery={"tile": tile, "payment": payment, "slot": "night_B", "reward_choice": "stone"}),
            "slot_invalid", "SOL-8.2")
    after, _ = play(state, 0, card, col, row, delivery={"tile": tile, "payment": payment, "slot": "day_B",
                                                        "reward_choice": "wood"})
    assert after.players[0].day_slots[WINTER_SLOT_BY_ID["day_B"].index] == tile
    plain = improved("L1_ONES_TWICE")
    fill(plain, 0, "day_A", "night_A")
    show(plain, "day", tile, *[t for t in plain.delivery.day_deck if t != tile][:2])
    card = give(plain, 0, first_card(1))[0]
    stock(plain, 0, **printed_cost(tile))
    refused(plain, action("play_card", 0, card=card, space={"col": col, "row": row},
                          delivery={"tile": tile, "payment": payment, "slot": "day_B", "reward_choice": "wood"}),
            "delivery_tile_wrong_type", "SOL-5.2")


def test_sol_3_3_6_lengthen_discount():
    """SOL-3.3.6 / SOL-9.4: L1_LENGTHEN_DISCOUNT lowers each lengthening by 1 (never below 0)."""
    state = improved("L1_LENGTHEN_DISCOUNT")
    fill(state, 0, "day_A", "night_A")
    card = give(state, 0, first_card(1))[0]
    stock(state, 0, wood=5)
    for target in spaces(state, lambda t: t.kind == "island"):
        d = abs(target[0] - 2) + abs(target[1] - 2)
        error = refused(state, action("play_card", 0, card=card, space={"col": target[0], "row": target[1]},
                                      lengthen_payment={"wood": 5}), "lengthen_payment_mismatch", "SOL-3.3")
        assert error.context["expected"] == max(0, d - 2)


@pytest.mark.parametrize("level1, expected", [("L1_ONES_TWICE", "twice"), ("L1_TWOS_GIVE_2VP", "two_stars")])
def test_sol_9_4_activation_modifiers(level1, expected):
    """SOL-9.4: L1_ONES_TWICE activates value-1 cards twice; L1_TWOS_GIVE_2VP makes value-2 cards give 2 stars."""
    state = improved(level1)
    fill(state, 0, "day_A", "night_A")
    one = put(state, 0, first_card(1, "gain_resource"), 0, 0)
    two = put(state, 0, first_card(2, "space_multiplier"), 0, 1)
    state.active_seat = 1
    zero = give(state, 1, first_card(0))[0]
    after, events = play(state, 1, zero, *island(state))
    by_card = {e["card"]: e for e in events_of(events, "card_activated")}
    printed = CARDS[one].activation
    if expected == "twice":
        assert by_card[one]["resources"] == {printed.resource: 2 * printed.amount}
    else:
        assert by_card[two]["stars"] == 2 and by_card[two]["resources"] == {}
        assert by_card[one]["resources"] == {printed.resource: printed.amount}


# ---------------------------------------------------------------- SOL-9.5 level-3 effects
@pytest.mark.parametrize("kind", sorted(LEVEL3))
def test_sol_9_5_level_3_end_game_effects(kind):
    """SOL-9.5: each active half scores its end-game effect (on-delivery halves score nothing at the end)."""
    other = next(k for k in LEVEL3 if k != kind)
    state = improved("L1_CROSS_DELIVERY", day=kind, night=other)
    days = fill(state, 0, "day_A", "day_B", "day_C", "day_D", "day_E", "day_F")
    nights = fill(state, 0, "night_A", "night_B")
    stock(state, 0, wood=2, wheat=1, stone=3, water=2)
    state.board.cards.append(BoardCard(card=state.players[0].deck.pop(), owner=0, col=4, row=4))
    state.board.cards.append(BoardCard(card=state.players[0].deck.pop(), owner=0, col=4, row=3))
    effect = to_builtins(LEVEL3[kind]["day"])
    tiles = days + nights
    stored = dict(zip(RESOURCES, vector(state.players[0].storage)))
    expected = {
        "endgame_per_pair": effect.get("vp", 0) * min(len(days), len(nights)),
        "endgame_per_tile": effect.get("vp", 0) * (len(days) if effect.get("row") == "day" else len(nights)),
        "endgame_per_stored": effect.get("vp", 0) * stored.get(effect.get("resource"), 0),
        "endgame_per_tile_with_icon": effect.get("vp", 0) * sum(
            1 for t in tiles if printed_cost(t).get(effect.get("resource"), 0) > 0),
        "endgame_per_own_card_on_board": effect.get("vp", 0) * 2,
        "on_delivery": 0,
    }[effect["type"]]
    assert state.players[0].improvements.active == ["level1", "level3_day"]
    assert breakdown(state, 0)["improvements"] == expected
