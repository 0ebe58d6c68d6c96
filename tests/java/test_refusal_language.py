"""Issue 25: a Java refusal read in Simplified Chinese is Chinese throughout. The values its sentence words
(a tile type, an outer region, a festival symbol, "village"/"city", why no tie may be proposed...) are the
game's phrases, translated in the same language; only the identifiers the action carries stay as they are.

Each refusal whose values are phrases is raised by the rules and worded in zh-Hans, through
``refusal_detail`` and, for one of them, through the HTTP API; the Chinese names expected are the
game's own terms (its components' names, the seed rules' 平原/山区, 村庄/城镇, 参与轮...).
"""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from rulesets.core import RulesetError, to_builtins
from rulesets.core.translation import refusal_detail, translator
from rulesets.java import festival
from rulesets.java.state import FinalRound
from service import create_app

from .scenario import act, checked, dev, lay, new, no_ap_limit, refused, use_up_triples
from .test_developers import BOTH, LOW, enter
from .test_explain import _raising, no_cards_to_draw
from .test_festival import CITY, DRUM, MASK, MASK_DRUM, PUPPET, bid, city, declare
from .test_palaces_irrigation import VILLAGE, build, village_of_three
from .test_tiles import TRI, tile

ZH = translator("zh_Hans")
CJK = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")


def _texts(value: Any) -> list[str]:
    """Every string an action carries (its identifiers: a tile type, a region, card ids...)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    return []


def english_left(detail: str, action: dict[str, Any]) -> list[str]:
    """ASCII words of 3 letters or more in a detail, once the action's own identifiers are taken out."""
    for text in sorted(_texts(action), key=len, reverse=True):
        detail = detail.replace(text, " ")
    return WORD.findall(detail)


def _supply_used(kind: str) -> Callable[[], Any]:
    def build_state():
        state = new()
        if kind == "triple":
            use_up_triples(state)   # the last triple was seat 1's: seat 0 plays its final turn (JAVA-11.3)
            state.final_round = FinalRound(trigger_player=1, remaining=[0])
        else:
            for q in range(2):
                lay(state, kind, [(q, 2)])
        return checked(state)
    return build_state


def _entry_board():
    state = new()
    lay(state, "single_rice", [LOW])
    lay(state, "single_rice", [BOTH])
    lay(state, "single_rice", [(1, -3)])
    dev(state, (1, -3), 0)
    state = checked(state)
    no_ap_limit(state)
    return state


def _no_face_up(festival_city: bool):
    def build_state():
        state = city(hands={0: [MASK[0]]}) if festival_city else new()
        no_cards_to_draw(state)
        return checked(state)
    return build_state


def _joining():
    state = city(hands={0: [MASK[0]], 1: [MASK[2]], 2: [MASK[3]]})
    state, _ = act(state, declare([MASK[0]]))
    return state


EXTEND = {"type": "extend_palace", "palace": list(CITY[0])}

#: (rule, the position, the action, the code, what the Chinese detail must say)
CASES = [
    ("JAVA-4.1", _supply_used("single_village"), tile("single_village", [(2, -3)]), "tile_supply_exhausted",
     ["单一村庄"]),
    ("JAVA-4.1", _supply_used("triple"), tile("triple", TRI, TRI[0]), "tile_supply_exhausted", ["三连区块"]),
    ("JAVA-4.2", new, tile("double", [(1, -3), (3, -3)], (1, -3)), "invalid_tile_shape", ["二连区块", "2"]),
    ("JAVA-4.2", new, tile("single_rice", [(1, -3), (2, -3)]), "invalid_tile_shape", ["单一稻田区", "1"]),
    ("JAVA-5.2", _entry_board, enter(LOW, via="mountains"), "via_region_not_adjacent", ["平原", str(LOW)]),
    ("JAVA-5.2", _entry_board, enter(BOTH, via="sea"), "via_region_not_adjacent", ["平原和山区"]),
    ("JAVA-5.1", new, enter((1, -3)), "not_an_entry_space", ["移入"]),
    ("JAVA-5.3", _entry_board, {"type": "exit_developer", "from": [1, -3]}, "not_an_entry_space", ["移出"]),
    ("JAVA-7.1", lambda: village_of_three(new(), at=[(VILLAGE[0], 0), (VILLAGE[2], 1)]), build(VILLAGE[1], 2),
     "not_highest_ranked", ["村庄", "建造宫殿"]),
    ("JAVA-7.4", lambda: city(players=2, value=2, devs=(None, (2, -4))), {**EXTEND, "value": 4},
     "not_highest_ranked", ["城镇", "扩展宫殿"]),
    ("JAVA-7.1", lambda: village_of_three(new(), at=[(VILLAGE[0], 0)]), build(VILLAGE[1], 4),
     "palace_value_exceeds_size", ["该村庄有3个空间"]),
    ("JAVA-7.4", lambda: city(players=2, value=2, devs=((2, -3), None)), {**EXTEND, "value": 6},
     "palace_value_exceeds_size", ["该城镇有4个空间"]),
    ("JAVA-9.4", _no_face_up(False), {"type": "take_festival_card", "source": "face_up"}, "no_face_up_card",
     ["拿取"]),
    ("JAVA-10.2", _no_face_up(True), declare([MASK[0]]), "no_face_up_card", ["决定庆典图腾"]),
    ("JAVA-10.5", lambda: city(hands={0: [MASK[0]]}), declare([]), "empty_bid", ["来开始庆典"]),
    ("JAVA-10.9", _joining, bid(1, []), "empty_bid", ["或者放弃"]),
    ("JAVA-10.4", lambda: city(hands={0: [PUPPET[0]]}), declare([PUPPET[0]]), "card_does_not_match", ["（面具）"]),
    ("JAVA-10.4", lambda: city(hands={0: [PUPPET[0], DRUM[0]]}, face_up=MASK_DRUM[4]), declare([PUPPET[0]]),
     "card_does_not_match", ["（鼓或面具）"]),
    ("JAVA-10.9", _joining, bid(1, [MASK[2]], tie=True), "no_tie_to_propose", ["庆典仍在参与轮中"]),
    ("JAVA-10.9", lambda: _raising([MASK[2]]), bid(0, [MASK[1]], tie=True), "no_tie_to_propose",
     ["没有其他仍在竞标的玩家的竞标点数是2"]),
    ("JAVA-10.9", lambda: _raising([MASK[2], MASK[3]]), {"type": "festival_propose_tie", "player": 0},
     "no_tie_to_propose", ["你的竞标点数1与其他"]),
    ("JAVA-10.7", _joining, bid(2, [MASK[3]]), "not_your_festival_turn", ["座位 1 决定参与或不参与庆典"]),
]


@pytest.mark.parametrize("rule, position, action, code, chinese", CASES,
                         ids=[f"{case[3]}-{n}" for n, case in enumerate(CASES)])
def test_java_refusal_values_read_in_chinese(rule, position, action, code, chinese):
    """The refusal's zh-Hans detail holds its values in Chinese and no English word but the action's ids
    (the rule each case cites is its ``rule``)."""
    error = refused(position(), action, code, rule)
    detail = refusal_detail(error, ZH)
    assert CJK.search(detail), detail
    assert english_left(detail, action) == [], detail
    for text in chinese:
        assert text in detail, (text, detail)


def test_java_10_7_a_seat_without_a_bid_is_told_the_festival_awaits_a_participant():
    """JAVA-10.7: a festival action by a seat with no bid in the festival (the rules' own look-up, behind the
    phase's seat check) names who the festival awaits, in Chinese too."""
    state = _joining()
    state.festival.bids = [b for b in state.festival.bids if b.seat != 2]
    with pytest.raises(RulesetError) as info:
        festival.bid_of(state.festival, 2)
    error = info.value
    assert (error.code, error.rule) == ("not_your_festival_turn", "JAVA-10.7")
    detail = refusal_detail(error, ZH)
    assert "参与这场庆典的座位" in detail and english_left(detail, {}) == [], detail
    assert "a seat taking part in this festival" in error.detail


def test_java_5_2_over_http_the_chinese_detail_names_the_regions_in_chinese():
    """JAVA-5.2 through the API with Accept-Language zh-Hans: Chinese region names; the same explain in both."""
    app = create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None})
    client = app.test_client()
    body = {"state": to_builtins(_entry_board()), "action": {"player": 0, **enter(BOTH, via="sea")}}
    chinese = client.post("/v1/games/java/apply", json=body, headers={"Accept-Language": "zh-Hans"})
    english = client.post("/v1/games/java/apply", json=body, headers={"Accept-Language": "en"})
    assert chinese.status_code == english.status_code == 422
    assert chinese.json["code"] == "via_region_not_adjacent" and "平原和山区" in chinese.json["detail"]
    assert english_left(chinese.json["detail"], body["action"]) == []
    assert "lowlands and mountains" in english.json["detail"]
    assert chinese.json["explain"] == english.json["explain"] == {"space": list(BOTH),
                                                                  "adjacent_to": ["lowlands", "mountains"]}


def test_java_every_phrase_has_a_chinese_text_with_its_placeholders():
    """Every phrase Java declares reads Chinese in zh-Hans (tools.i18n check also holds the placeholders)."""
    from rulesets.java.refusals import refusals
    for phrase in refusals.phrases():
        values = {name: 7 for name in re.findall(r"\{(\w+)\}", phrase.template)}
        text = ZH("java", f"phrase {phrase.name}", phrase.template)
        assert text != phrase.template and CJK.search(text.format_map(values)), phrase.name
