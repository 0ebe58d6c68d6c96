"""Issue 25: a refusal in Simplified Chinese reads Chinese all through, the values worded into its sentence
included (the problem of invalid_parameters and invalid_choice, a reason, a card's name, a phase).

Each test raises one refusal from a position the spec's check table reaches, words it in zh_Hans and finds no
English word left (ASCII words of three letters or more that are not the action's own ids, or ids the
refusal lists from the components) while the values that identify the refusal (a card, a resource, a seat)
are still there. The Chinese expected is the game's glossary (its .po, seeds/000): 卒子, 红利区域, 财富卡 ...
"""

from __future__ import annotations

import pytest

from rulesets.core.translation import CHINESE, phrase_text, translator
from rulesets.kingdom_of_solomon.components import (BUILDING_CARDS, FORTUNE_CARDS, RESOURCES, ROAD_COST,
                                                    TEMPLE_LEVEL)
from rulesets.kingdom_of_solomon.refusals import FORTUNE_CARD_NAMES
from rulesets.testing import ANY
from rulesets.testing.translated import reads_chinese

from .scenario import (SITE_AREAS, building_with, display, fortune, give, hand, marker, new, order, owned, phase,
                       place, refused)
from .test_building import building, normal_card

RP = {"type": "resolve_pawn"}
GOLD_CARD = fortune("resource_card", resource="gold")[0]
ANY_CARD = fortune("resource_card", resource="any")[0]
BLESSING = fortune("none")[0]
#: the syntax of a space id (spec 3.0), which the not-a-space problem spells out
SPACE_SYNTAX = ("area", "action", "bonus", "card")


def resolving(players: int = 3):
    state = new(players)
    order(state, *range(players))
    phase(state, "resolution")
    return state


def zh(state, action, code, rule=None, identifiers=(), values=()):
    """The refusal of ``action`` with ``code`` (and ``rule``), read in Chinese: its zh_Hans detail."""
    error = refused(state, action, code, ANY if rule is None else rule)
    return reads_chinese(error, action, identifiers, values)


# ---------------------------------------------------------------- spec 3.0: invalid_parameters' problem
def test_spec_3_0_a_space_id_that_names_no_space():
    action = {"type": "place_pawn", "player": 0, "space": "action:prophet?"}
    detail = zh(new(3), action, "invalid_parameters", identifiers=SPACE_SYNTAX, values=["action:prophet?"])
    assert "不是一个区域" in detail


def test_spec_3_0_kos_4_5_only_a_bonus_space_takes_several_pawns():
    action = {"type": "place_pawn", "player": 0, "space": "area:galilee", "pawns": 2}
    assert "红利区域" in zh(new(3), action, "invalid_parameters")


@pytest.mark.parametrize("action", [
    {"type": "build_building", "player": 0, "card": "B01", "fortune_payment": [{"card": GOLD_CARD, "as": "silver"}]},
    {"type": "build_temple_block", "player": 0, "level": "foundation", "any_payment": {"silver": 1}, "reward": "vp"},
])
def test_spec_3_0_a_resource_that_is_none(action):
    assert "不是资源" in zh(new(3), action, "invalid_parameters", values=["silver"])


def test_spec_3_0_a_market_resource_lists_the_resources():
    action = {"type": "market_sell", "player": 0, "resource": "silver"}
    zh(new(3), action, "invalid_parameters", identifiers=RESOURCES, values=["silver", *RESOURCES])


def test_spec_3_0_unknown_building_card_area_and_temple_level():
    zh(new(3), {"type": "build_building", "player": 0, "card": "B99"}, "invalid_parameters", values=["B99"])
    zh(new(3), {"type": "build_building", "player": 0, "card": "B01", "site": "atlantis"}, "invalid_parameters",
       values=["atlantis"])
    zh(new(3), {"type": "build_temple_block", "player": 0, "level": "roof", "reward": "vp"}, "invalid_parameters",
       identifiers=TEMPLE_LEVEL, values=["roof", *TEMPLE_LEVEL])


def test_spec_3_0_a_road_names_two_areas_and_fortune_cards_exist():
    zh(new(3), {"type": "build_road", "player": 0, "areas": ["galilee"]}, "invalid_parameters")
    detail = zh(new(3), {"type": "play_fortune", "player": 0, "card": "F99"}, "invalid_parameters", values=["F99"])
    assert "财富卡" in detail
    zh(new(3), {"type": "discard_fortune", "player": 0, "cards": ["F99"]}, "invalid_parameters", values=["F99"])


# ---------------------------------------------------------------- KOS-5.8: invalid_choice's problem
def test_kos_5_8_the_choice_an_effect_needs_and_takes():
    state = resolving()
    place(state, 0, "action:minister")
    place(state, 1, "action:prophet")
    minister = {**RP, "player": 0, "space": "action:minister"}
    zh(state, minister, "invalid_choice", "KOS-5.8", identifiers=["resources"])  # its field, named
    zh(state, {**minister, "choice": {"resources": ["gold"], "target": 1}}, "invalid_choice", "KOS-5.8",
       values=["target"])
    zh(state, {**minister, "choice": {"resources": ["gold", "stone"]}}, "invalid_choice", "KOS-5.8", values=["1"])
    state.active = 1
    zh(state, {**RP, "player": 1, "space": "action:prophet", "choice": {"resources": ["gold"]}}, "invalid_choice",
       "KOS-5.8")


def test_kos_5_8_thief_trader_artisan_and_tax_collector_choices():
    state = resolving()
    place(state, 0, "action:thief")
    thief = {**RP, "player": 0, "space": "action:thief"}
    zh(state, {**thief, "choice": {"target": 1, "resources": ["gold", "stone"]}}, "invalid_choice", "KOS-5.8")
    zh(state, {**thief, "choice": {"target": 7, "resources": ["stone"]}}, "invalid_choice", "KOS-5.8", values=["7"])
    zh(state, {**thief, "choice": {"resources": ["stone"]}}, "invalid_choice", "KOS-5.8", identifiers=["target"])

    state = resolving()
    place(state, 0, "action:trader")
    trades = [{"give": "food", "take": "gold"}, {"give": "food", "take": "stone"}]
    zh(state, {**RP, "player": 0, "space": "action:trader", "choice": {"trades": trades}}, "invalid_choice",
       "KOS-5.8")

    state = resolving()
    place(state, 0, "action:artisan")
    zh(state, {**RP, "player": 0, "space": "action:artisan", "choice": {"road": ["galilee"]}}, "invalid_choice",
       "KOS-5.8", identifiers=["null"])  # the JSON literal the choice may be

    card = building_with("tax_collector")
    state = resolving()
    owned(state, 0, card)
    place(state, 0, f"card:{card}")
    zh(state, {**RP, "player": 0, "space": f"card:{card}", "choice": {}}, "invalid_choice", "KOS-5.8",
       identifiers=["take"])


# ---------------------------------------------------------------- KOS-5.10: invalid_steal_target, invalid_tax_choice
def test_kos_5_10_steal_target_reasons():
    state = resolving()
    place(state, 0, "action:thief")
    give(state, 1, stone=1)
    thief = {**RP, "player": 0, "space": "action:thief"}
    assert "你自己的座位" in zh(state, {**thief, "choice": {"target": 0, "resources": ["stone"]}},
                              "invalid_steal_target", "KOS-5.10")
    detail = zh(state, {**thief, "choice": {"target": 2, "resources": ["stone"]}}, "invalid_steal_target", "KOS-5.10",
                values=["2", "stone"])
    assert "没有你指定的stone" in detail


def test_kos_5_10_tax_choice_seats_and_problems():
    card = building_with("tax_collector")
    threshold = BUILDING_CARDS[card].action.params["threshold"]
    state = resolving()
    owned(state, 0, card)
    place(state, 0, f"card:{card}")
    tax = {**RP, "player": 0, "space": f"card:{card}"}
    nobody_due = zh(state, {**tax, "choice": {"take": {"1": "food"}}}, "invalid_tax_choice", "KOS-5.10")
    assert "座位无" in nobody_due and "座位1不需要缴税" in nobody_due
    give(state, 1, food=threshold)
    assert "没有为座位1指定方块种类" in zh(state, {**tax, "choice": {"take": {}}}, "invalid_tax_choice")
    both = zh(state, {**tax, "choice": {"take": {"2": "food"}}}, "invalid_tax_choice")
    assert "没有为座位1指定方块种类；座位2不需要缴税" in both
    assert "座位1没有gold" in zh(state, {**tax, "choice": {"take": {"1": "gold"}}}, "invalid_tax_choice")


# ---------------------------------------------------------------- KOS-6: card_not_in_hand, card names
def test_kos_6_2_and_6_6_a_card_not_in_hand_or_listed_twice():
    state = new(3)
    detail = zh(state, {"type": "play_fortune", "player": 0, "card": GOLD_CARD}, "card_not_in_hand", "KOS-6.2",
                values=[GOLD_CARD])
    assert detail == f"财富卡{GOLD_CARD}不在你的手牌中。"
    state = building(2)
    state.phase, state.active = "round_end", None
    cards = state.fortune_deck[:5]
    hand(state, 0, *cards)
    detail = zh(state, {"type": "discard_fortune", "player": 0, "cards": [cards[0], cards[0]]}, "card_not_in_hand",
                "KOS-6.6", values=[cards[0]])
    assert "被列出了两次" in detail


def test_kos_6_9_and_6_4_card_names_read_as_the_components_name_them():
    """The card's name in a refusal is the name the components document serves in that language."""
    state = new(3)
    hand(state, 0, BLESSING, ANY_CARD, GOLD_CARD)
    assert zh(state, {"type": "play_fortune", "player": 0, "card": BLESSING}, "card_has_no_play_effect",
              "KOS-6.9").startswith("祝福")
    assert zh(state, {"type": "play_fortune", "player": 0, "card": ANY_CARD}, "invalid_choice",
              "KOS-6.4", identifiers=["choice", "resource"]).startswith("这个选择不符合该效果：商队")
    assert "俄斐的黄金不需要做出选择" in zh(state, {"type": "play_fortune", "player": 0, "card": GOLD_CARD,
                                             "choice": {"resource": "gold"}}, "invalid_choice", "KOS-6.4")


def test_every_fortune_card_name_phrase_is_the_served_component_name():
    lookup = translator(CHINESE)
    for card in FORTUNE_CARDS.values():
        served = lookup("kingdom_of_solomon", f"component fortune_cards/{card.id} name", card.name)
        assert phrase_text(FORTUNE_CARD_NAMES[card.name](), lookup) == served != card.name


# ---------------------------------------------------------------- KOS-6.4: invalid_fortune_payment's problem
def test_kos_6_4_fortune_payment_problems():
    state = building()
    marker(state, 0, "galilee")
    give(state, 0, **ROAD_COST)
    road = {"type": "build_road", "player": 0, "areas": ["aram", "galilee"]}
    assert "不在你的手牌中" in zh(state, {**road, "fortune_payment": [{"card": GOLD_CARD}]}, "invalid_fortune_payment",
                                "KOS-6.4", values=[GOLD_CARD])
    food = fortune("resource_card", resource="food")[0]
    hand(state, 0, GOLD_CARD, ANY_CARD, BLESSING, food)
    zh(state, {**road, "fortune_payment": [{"card": BLESSING}]}, "invalid_fortune_payment", "KOS-6.4",
       values=[BLESSING])
    zh(state, {**road, "fortune_payment": [{"card": ANY_CARD}]}, "invalid_fortune_payment", "KOS-6.4",
       values=[ANY_CARD])
    zh(state, {**road, "fortune_payment": [{"card": food, "as": "food"}]}, "invalid_fortune_payment", "KOS-6.4",
       values=[food, "food"])
    detail = zh(state, {**road, "fortune_payment": [{"card": GOLD_CARD}]}, "invalid_fortune_payment", "KOS-6.4",
                identifiers=["gold"], values=["gold"])  # the type the card shows
    assert "需要0个gold" in detail and "支付了1个" in detail


# ---------------------------------------------------------------- KOS-8.8, KOS-8.9: site_not_allowed's reason
def test_kos_8_9_and_8_8_site_not_allowed_reasons():
    state = building()
    card = building_with(special=True)
    display(state, card)
    give(state, 0, **BUILDING_CARDS[card].cost)
    assert "特殊标记" in zh(state, {"type": "build_building", "player": 0, "card": card, "site": "galilee"},
                        "site_not_allowed", "KOS-8.9")
    state = building(3)
    for i, area in enumerate(SITE_AREAS):
        marker(state, i % 3, area)
    state.final_round = True
    card = normal_card(state)
    give(state, 0, **BUILDING_CARDS[card].cost)
    assert "没有空的建筑点" in zh(state, {"type": "build_building", "player": 0, "card": card, "site": "galilee"},
                           "site_not_allowed", "KOS-8.8")


# ---------------------------------------------------------------- KOS-2.2: the phase not_your_turn names
@pytest.mark.parametrize("name, chinese", [("placement", "放置阶段"), ("resolution", "决算阶段"),
                                           ("market", "市场阶段"), ("building", "建造阶段")])
def test_kos_2_2_not_your_turn_names_the_phase_in_chinese(name, chinese):
    state = new(3)
    order(state, 0, 1, 2)
    phase(state, name, active=0)
    action = {"type": "end_building_turn", "player": 1} if name == "building" else \
        {"type": "market_pass", "player": 1} if name == "market" else \
        {"type": "place_pawn", "player": 1, "space": "area:galilee"} if name == "placement" else \
        {**RP, "player": 1, "space": "area:galilee"}
    assert f"座位 0（{chinese}）" in zh(state, action, "not_your_turn", "KOS-2.2")
