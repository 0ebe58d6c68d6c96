"""MOZ-6: the upgrade phase: one level per item per phase, no skipping, exact payment, king-dependent costs,
VP as a cost, the Idol of the Blue Fox."""

from __future__ import annotations

from rulesets.mines_of_zavandor.components import CARDS, FAMILY, FAMILY_ITEM, HALLS
from rulesets.mines_of_zavandor.upgrade import cost_of

from .scenario import R, a_card, checked, give_card, new, play, reach, refused, set_hand

IDOL = a_card(power="sapphire_wild")
VP_CARD = next(c for c, item in sorted(CARDS.items()) if item.min_players == 2
               and any((lv.cost or {}).get("vp") for lv in item.levels.values()))


def upgrading(players=2, start=0, seat=0):
    state = new(players, start=start)
    return reach(state, "upgrade", seat)


def pay_for(gems, cart="wood"):
    return {f"{cart}.{gem}": n for gem, n in gems.items()}


def test_moz_6_1_in_player_order_any_number_then_end():
    """MOZ-6.1: sequential from the start player; end_upgrades passes on; others are not_active_player."""
    state = upgrading(3, start=2, seat=2)
    refused(state, "not_active_player", "MOZ-2.3", type="end_upgrades", player=0)
    state, _ = play(state, type="end_upgrades", player=2)
    assert state.active == 0
    state, _ = play(state, type="end_upgrades", player=0)
    state, events = play(state, type="end_upgrades", player=1)
    assert state.step == "production" and state.start_player == 0 and state.round == 2


def test_moz_6_2_to_6_5_targets_levels_and_payment():
    """MOZ-6.2 unknown_upgrade_target; MOZ-6.4 level_skip_forbidden and target_at_top_level; MOZ-6.5 exact
    payment (payment_mismatch), spent to the discard piles; MOZ-6.3 one level per item per phase."""
    state = upgrading()
    gems, _ = cost_of(state, "family", state.players[0].family + 1)
    set_hand(state, 0, {**pay_for(gems), "copper.ruby": 1})
    refused(state, "unknown_upgrade_target", "MOZ-6.2", type="upgrade", player=0, target="SCROLL1", level=2, pay={})
    refused(state, "level_skip_forbidden", "MOZ-6.4", type="upgrade", player=0, target="family",
            level=state.players[0].family + 2, pay=pay_for(gems))
    refused(state, "card_not_in_hand", "MOZ-2.5", type="upgrade", player=0, target="family",
            level=state.players[0].family + 1, pay={"iron.ruby": 1})
    refused(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0, target="family",
            level=state.players[0].family + 1, pay={**pay_for(gems), "copper.ruby": 1})
    state, events = play(state, type="upgrade", player=0, target="family", level=2, pay=pay_for(gems))
    assert state.players[0].family == 2 and state.players[0].hand == {"copper.ruby": 1}
    assert state.supply[0].discard == pay_for(gems) and events[0]["paid"] == pay_for(gems)
    refused(state, "already_upgraded_this_phase", "MOZ-6.3", type="upgrade", player=0, target="family", level=3,
            pay={})
    top = upgrading()
    top.players[0].family = FAMILY.top_level
    refused(checked(top), "target_at_top_level", "MOZ-6.4", type="upgrade", player=0, target="family",
            level=FAMILY.top_level + 1, pay={})


def test_moz_6_6_king_symbols_follow_the_kings_hall():
    """MOZ-6.6: a king symbol costs the current hall's king_cost (after this round's move); two symbols twice."""
    two_kings = next(lv.level for lv in FAMILY_ITEM.levels.values() if (lv.cost or {}).get("king", 0) == 2)
    printed = FAMILY_ITEM.levels[two_kings].cost
    costs = set()
    for hall in HALLS:
        state = upgrading()
        state.king = hall
        king = HALLS[hall].king_cost
        gems, _ = cost_of(state, "family", two_kings)
        for gem in ("sapphire", "emerald", "diamond", "ruby"):
            assert gems.get(gem, 0) == printed.get(gem, 0) + 2 * king.get(gem, 0)
        costs.add(tuple(sorted(gems.items())))
    assert len(costs) > 1
    state = upgrading()
    state.players[0].family = 1
    gems, _ = cost_of(state, "family", 2)
    set_hand(state, 0, pay_for(gems))
    state, _ = play(state, type="upgrade", player=0, target="family", level=2, pay=pay_for(gems))


def test_moz_6_7_vp_costs_are_paid_with_tokens():
    """MOZ-6.7: a vp cost is paid with VP tokens; too few is insufficient_vp (after the hand checks)."""
    level = next(lv.level for lv in CARDS[VP_CARD].levels.values() if (lv.cost or {}).get("vp"))
    state = new(2)
    give_card(state, 0, VP_CARD, level - 1)
    state = reach(state, "upgrade", 0)
    gems, vp = cost_of(state, VP_CARD, level)
    set_hand(state, 0, pay_for(gems))
    refused(state, "insufficient_vp", "MOZ-6.7", type="upgrade", player=0, target=VP_CARD, level=level,
            pay=pay_for(gems))
    assert not [a for a in R.legal_actions(state, 0) if getattr(a, "target", None) == VP_CARD]
    state.players[0].vp = vp + 1
    state, events = play(state, type="upgrade", player=0, target=VP_CARD, level=level, pay=pay_for(gems))
    assert state.players[0].vp == 1 and events[0]["vp_paid"] == vp


def test_moz_6_8_and_6_9_idol_sapphires_stand_in_from_its_level_at_once():
    """MOZ-6.9: with the Idol at its power level, sapphires may stand in for other gems in upgrade costs;
    MOZ-6.8: raising the Idol in this phase makes that true for the next upgrades of the same phase."""
    active = CARDS[IDOL].power.active_from_level
    state = new(2)
    give_card(state, 0, IDOL, active - 1)
    state = reach(state, "upgrade", 0)
    state.players[0].family = 2
    idol_gems, _ = cost_of(state, IDOL, active)
    family_gems, _ = cost_of(state, "family", 3)
    assert any(gem != "sapphire" for gem in family_gems)
    stand_ins = sum(n for gem, n in family_gems.items() if gem != "sapphire")
    sapphires = {"wood.sapphire": family_gems.get("sapphire", 0) + stand_ins}
    set_hand(state, 0, {**pay_for(idol_gems, "copper"), **sapphires})
    refused(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0, target="family", level=3,
            pay=sapphires)
    state, _ = play(state, type="upgrade", player=0, target=IDOL, level=active, pay=pay_for(idol_gems, "copper"))
    menu = [a for a in R.legal_actions(state, 0) if getattr(a, "target", None) == "family"]
    assert [a.pay for a in menu] == [sapphires]
    state, _ = play(state, type="upgrade", player=0, target="family", level=3, pay=sapphires)
    assert state.players[0].family == 3
