"""MOZ-3 (income), MOZ-2.3 and MOZ-2.8/2.9: production, the cap with the player's choice of carts,
free markers, the one-time step."""

from __future__ import annotations

from rulesets.mines_of_zavandor.cards import size
from rulesets.mines_of_zavandor.components import CARDS, DRAGON, FAMILY, INCOME_CAP
from rulesets.mines_of_zavandor.income import income_cap, production

from rulesets.mines_of_zavandor.upgrade import cost_of

from .scenario import R, a_card, checked, give_card, new, play, reach, refused, set_hand, seen

CLANS = sorted(c for c, item in CARDS.items() if item.category == "dwarf_clan" and item.min_players == 2)


def rich(players=2, seat=0):
    """Round 1, ``seat`` to collect, owning three dwarf clans at their top level (production above the cap)."""
    state = new(players)
    for card in CLANS[:3]:
        give_card(state, seat, card, CARDS[card].top_level)
    return reach(state, "production", seat)


def test_moz_3_1_and_2_3_production_in_player_order_then_one_time():
    """MOZ-3.1 / MOZ-2.3 / MOZ-2.2: production from the start player clockwise, then the one-time step from the
    start player; only the active seat may act (not_active_player)."""
    state = new(3, start=1)
    order = []
    while state.step == "production":
        refused(state, "not_active_player", "MOZ-2.3", type="collect_income", player=(state.active + 1) % 3,
                draw={"wood": 2})
        order.append(state.active)
        state, _ = play(state, type="collect_income", player=state.active, draw={"wood": 2})
    assert order == [1, 2, 0]
    assert (state.step, state.active) == ("one_time", 1)


def test_moz_3_2_and_2_8_production_reads_current_levels_only():
    """MOZ-3.2 / MOZ-2.8: each item's current level only (not the sum of lower levels); a new card at level 0
    produces nothing (AMB-10)."""
    state = rich()
    player = state.players[0]
    expected: dict[str, int] = dict(FAMILY.levels[0].income)
    for card in CLANS[:3]:
        for cart, n in CARDS[card].levels[CARDS[card].top_level].income.items():
            expected[cart] = expected.get(cart, 0) + n
    assert production(player)[0] == expected
    fresh = a_card("dwarf_clan", players=2)
    give_card(state, 1, fresh)
    assert production(state.players[1])[0] == dict(FAMILY.levels[0].income)


def test_moz_3_3_and_3_4_above_the_cap_take_exactly_cap_cards_chosen_by_cart():
    """MOZ-3.3 / MOZ-3.4: production above the cap: exactly cap cards, none beyond a cart's production."""
    state = rich()
    cards, _ = production(state.players[0])
    cap = income_cap(state.players[0])
    assert cap == INCOME_CAP == DRAGON.levels[0].cap and sum(cards.values()) > cap
    refused(state, "income_selection_wrong_total", "MOZ-3.4", type="collect_income", player=0, draw=cards)
    low = min(cards, key=cards.get)
    beyond = {low: cards[low] + 1}
    for cart in cards:
        if cart != low:
            beyond[cart] = min(cards[cart], cap - sum(beyond.values()))
    beyond = {c: n for c, n in beyond.items() if n}
    assert sum(beyond.values()) == cap
    refused(state, "income_selection_exceeds_production", "MOZ-3.4", type="collect_income", player=0, draw=beyond)
    menu = R.legal_actions(state, 0)
    assert menu and all(sum(a.draw.values()) == cap and all(a.draw[c] <= cards[c] for c in a.draw) for a in menu)
    assert len({tuple(sorted(a.draw.items())) for a in menu}) == len(menu) > 1
    before = size(state.players[0].hand)
    after, events = R.apply(state, menu[-1])
    assert size(after.players[0].hand) == before + cap


def test_moz_3_4_at_most_the_cap_take_exactly_the_production():
    """MOZ-3.4: production within the cap must be taken whole, and only that."""
    state = new(2)
    assert [a.draw for a in R.legal_actions(state, 0)] == [dict(FAMILY.levels[0].income)]
    refused(state, "income_selection_wrong_total", "MOZ-3.4", type="collect_income", player=0, draw={"wood": 1})
    refused(state, "income_selection_exceeds_production", "MOZ-3.4", type="collect_income", player=0,
            draw={"wood": 1, "copper": 1})


def test_moz_3_5_drawn_kinds_private_carts_public():
    """MOZ-3.5 / section 4.1: the drawn kinds reach the drawer only; everyone sees the carts and the count."""
    state = rich()
    action = R.legal_actions(state, 0)[0]
    after, events = R.apply(state, action)
    mine = seen(events, 0)
    theirs = seen(events, 1)
    drawn = next(e for e in mine if e["type"] == "cards_drawn")
    assert sum(drawn["cards"].values()) == sum(action.draw.values())
    assert not [e for e in theirs if e["type"] == "cards_drawn"]
    public = next(e for e in theirs if e["type"] == "cards_received")
    assert public["by_cart"] == {c: n for c, n in action.draw.items()}


def markers_state():
    """Seat 0 with the family at its top level (1 free marker) on turn to collect."""
    state = new(2)
    state.players[0].family = FAMILY.top_level
    return reach(state, "production", 0)


def test_moz_3_6_markers_placed_one_at_a_time_or_forfeited():
    """MOZ-3.6: after drawing, the production's markers wait; placing the last, or forfeiting, ends the turn."""
    state = markers_state()
    state, _ = play(state, type="collect_income", player=0, draw=dict(FAMILY.levels[-1].income))
    assert (state.step, state.players[0].markers_pending) == ("markers", FAMILY.levels[-1].markers)
    kept = state
    state, events = play(state, type="place_marker", player=0, target="pack_dragon")
    assert state.players[0].pack_dragon == DRAGON.start_level + 1
    assert state.step == "production" and state.active == 1 and state.players[0].markers_pending == 0
    state, events = play(kept, type="forfeit_markers", player=0)
    assert state.players[0].pack_dragon == DRAGON.start_level and state.active == 1
    assert events[0] == {"type": "markers_forfeited", "player": 0, "markers": FAMILY.levels[-1].markers}


def test_moz_3_7_marker_targets():
    """MOZ-3.7: a marker needs an own item below its top level; several may go onto one item."""
    state = markers_state()
    state, _ = play(state, type="collect_income", player=0, draw=dict(FAMILY.levels[-1].income))
    state.players[0].markers_pending = 3
    refused(state, "unknown_upgrade_target", "MOZ-3.7", type="place_marker", player=0, target="SCROLL1")
    refused(state, "target_at_top_level", "MOZ-3.7", type="place_marker", player=0, target="family")
    state, _ = play(state, type="place_marker", player=0, target="SCROLL0")
    state, _ = play(state, type="place_marker", player=0, target="SCROLL0")
    assert state.players[0].mine[0].level == 3 and state.step == "markers"


def test_moz_3_8_and_3_9_free_levels_do_not_use_the_upgrade_nor_change_this_production():
    """MOZ-3.8: a marker's level leaves the upgrade-phase level free; MOZ-3.9: this round's production was
    fixed before the markers (the family raised by a marker yields its new income next round)."""
    state = new(2)
    state.players[0].family = FAMILY.top_level - 1
    state.players[0].markers_pending = 0
    give_card(state, 0, a_card("overseer", players=2), CARDS[a_card("overseer", players=2)].top_level)
    state = reach(state, "production", 0)
    cards, markers = production(state.players[0])
    assert markers >= 1
    draw = R.legal_actions(state, 0)[0]
    state, _ = R.apply(state, draw)
    assert sum(draw.draw.values()) == min(sum(cards.values()), INCOME_CAP)
    state, _ = play(state, type="place_marker", player=0, target="pack_dragon")
    assert "pack_dragon" not in state.players[0].upgraded
    state = reach(state, "upgrade", 0)
    assert "pack_dragon" not in state.players[0].upgraded
    level = state.players[0].pack_dragon
    gems, _ = cost_of(state, "pack_dragon", level + 1)
    set_hand(state, 0, {f"wood.{gem}": n for gem, n in gems.items()})
    state, _ = play(state, type="upgrade", player=0, target="pack_dragon", level=level + 1,
                    pay={f"wood.{gem}": n for gem, n in gems.items()})
    assert state.players[0].pack_dragon == level + 1 == DRAGON.start_level + 2


def test_moz_3_10_to_3_12_one_time_cards():
    """MOZ-3.10 / MOZ-3.11: in the one-time step a one-time card yields at its current level outside the cap and
    leaves the game; MOZ-3.12: only in that step; card_not_in_mine and not_one_time_card refused."""
    state = new(2)
    clan = a_card("dwarf_clan", players=2)
    give_card(state, 0, clan)
    state = reach(state, "one_time", 0)
    refused(state, "card_not_in_mine", "MOZ-3.10", type="use_one_time", player=0, card="SCROLL1")
    refused(state, "not_one_time_card", "MOZ-3.10", type="use_one_time", player=0, card=clan)
    before = size(state.players[0].hand)
    level = state.players[0].mine[0].level
    yield_ = CARDS["SCROLL0"].levels[level].yield_
    state, events = play(state, type="use_one_time", player=0, card="SCROLL0")
    assert size(state.players[0].hand) == before + sum(yield_.values())
    assert "SCROLL0" in state.removed_from_game and all(m.card != "SCROLL0" for m in state.players[0].mine)
    assert [a.__struct_config__.tag for a in R.legal_actions(state, 0)] == ["end_one_time_step"]
    state, _ = play(state, type="end_one_time_step", player=0)
    state, _ = play(state, type="end_one_time_step", player=1)
    assert state.phase == "trading"
    refused(checked(state), "wrong_phase", "MOZ-2.1", type="use_one_time", player=1, card="SCROLL1")


def test_moz_2_9_levels_rise_one_at_a_time():
    """MOZ-2.9: a marker puts a cube on the next level only."""
    state = markers_state()
    state, _ = play(state, type="collect_income", player=0, draw=dict(FAMILY.levels[-1].income))
    state, _ = play(state, type="place_marker", player=0, target="SCROLL0")
    assert state.players[0].mine[0].level == CARDS["SCROLL0"].start_level + 1
