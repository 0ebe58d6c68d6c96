"""Issue 25: a refusal read in zh-Hans is the Chinese template filled with values in Chinese too. Each
refusal whose values are words (a reason, a kind of space, the part of a payment at fault, a list of
cards, a shortfall) is raised here and read in zh-Hans: no English word is left but the identifiers the
player named or the game's own ids (landscape types, spaces), and the values are there.

Chinese terms are the game's glossary (locale/zh_Hans/LC_MESSAGES/golden_city.po, from seed 002)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulesets.core.translation import refusal_detail, translator
from service import create_app

from .scenario import building, checked, finish_auction, new, place, reach, refused, set_hand, spaces

DATA = json.loads((Path(__file__).parents[2] / "rulesets/golden_city/golden_city.components.json").read_text())
SPACE = {space["id"]: space for space in DATA["board"]["spaces"]}
LANDSCAPES = DATA["landscape_types"]
COAST = "coast"
HARBOUR = spaces("harbour")[0]
VILLAGE = next(n for n in sorted(spaces("village")) if any(HARBOUR in edge and n in edge
                                                            for edge in DATA["board"]["edges"]))
L = SPACE[VILLAGE]["cost"]["landscape"]
OTHER = next(kind for kind in LANDSCAPES if kind not in (L, COAST))
OUTER_D = spaces("outer_district")[0]
INNER_D = next(n for n in spaces("inner_district") if [OUTER_D, n] in DATA["board"]["edges"]
               or [n, OUTER_D] in DATA["board"]["edges"])
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def english_left(detail: str, action: Any) -> list[str]:
    """The English words of ``detail`` once the identifiers are taken out: the strings the action (or setup
    request) names, the landscape types and the space ids."""
    named = [text for text in re.findall(r"[\w.\-]+", json.dumps(action)) if not text.isdigit()]
    for identifier in sorted({*named, *LANDSCAPES, *SPACE}, key=len, reverse=True):
        detail = detail.replace(identifier, " ")
    return ENGLISH_WORD.findall(detail)


def chinese(state, code: str, rule: str, **action: Any) -> str:
    """The refusal of ``action`` in zh-Hans: Chinese, with no English word left."""
    detail = refusal_detail(refused(state, code, rule, **action), translator("zh_Hans"))
    assert CJK.search(detail), detail
    assert english_left(detail, action) == [], detail
    return detail


def build(**fields: Any) -> dict[str, Any]:
    return {"type": "build", "player": 0, **fields}


def test_gc_11_1_black_post_unavailable_reasons_read_chinese():
    """GC-11.1: the reason, not played with 3 players (only with 2) or none left, is Chinese."""
    detail = chinese(building(3, 0), "black_post_unavailable", "GC-11.1",
                     **build(space=HARBOUR, payment=[[COAST]], black=True))
    assert "只有2人游戏才使用黑色商站" in detail
    state = building(2, 0)
    reach(state, 0, OUTER_D)
    for district in (OUTER_D, INNER_D):
        place(state, 0, district)
        place(state, 0, district, black=True)
    detail = chinese(checked(state), "black_post_unavailable", "GC-11.1",
                     **build(space=HARBOUR, payment=[[COAST]], black=True))
    assert "你已经没有黑色商站了" in detail


@pytest.mark.parametrize("kind, word", [("harbour", "港口"), ("village", "村庄")])
def test_gc_5_4_1_space_occupied_names_the_kind_in_chinese(kind, word):
    """GC-5.4.1: a harbour or a village holds one post; the kind is the glossary's word."""
    state = building(2, 0)
    target = HARBOUR if kind == "harbour" else VILLAGE
    place(state, 1, HARBOUR)
    if kind == "village":
        place(state, 1, VILLAGE)
    detail = chinese(checked(state), "space_occupied", "GC-5.4.1", **build(space=target, payment=[]))
    assert target in detail and f"（{word}）" in detail


def test_gc_5_3_payment_malformed_slot_reads_chinese():
    """GC-5.3: the slot at fault and what it must be are Chinese; the landscape ids stay ids."""
    state = building(2, 0)
    place(state, 0, HARBOUR)
    detail = chinese(state, "payment_malformed", "GC-5.3", **build(space=VILLAGE, payment=[["gold"]]))
    assert "付款第0格必须是一个或两个地形种类" in detail and all(kind in detail for kind in LANDSCAPES)


def discarding():
    """A round's end with seat 0 over the hand limit by 2."""
    state = finish_auction(new(2))
    state.phase, state.build = "discard", None
    state.scoring_removed.append(state.scoring_card)
    state.scoring_card = None
    set_hand(state, 0, *[L] * DATA["hand_limit"]["landscape_cards"], OTHER, OTHER)
    state.discard_pending = [0]
    return checked(state)


def test_gc_9_1_payment_malformed_discard_entry_reads_chinese():
    """GC-9.1 / spec 3.8: a discard entry naming no landscape type; the entry is quoted as given."""
    detail = chinese(discarding(), "payment_malformed", "GC-9.1", type="discard", player=0, cards={"gold": 2})
    assert "弃牌项'gold: 2'" in detail and "一个地形种类加上0或以上的数量" in detail


def test_gc_5_3_2_joker_pair_mismatch_lists_the_cards_in_chinese():
    """GC-5.3.2: the two cards of a mixed joker are joined by a Chinese word."""
    state = building(2, 0)
    place(state, 0, HARBOUR)
    detail = chinese(state, "joker_pair_mismatch", "GC-5.3.2",
                     **build(space=VILLAGE, payment=[[COAST, OTHER], [COAST, OTHER]]))
    assert f"{COAST}和{OTHER}" in detail and "2张" in detail


def test_gc_5_3_cards_not_in_hand_shortfall_reads_chinese():
    """GC-5.3: each type asked beyond the hand, with what the hand holds, in Chinese, listed with '；以及'."""
    state = set_hand(building(2, 0), 0, L)
    place(state, 0, HARBOUR)
    detail = chinese(state, "cards_not_in_hand", "GC-5.3", **build(space=VILLAGE, payment=[[L], [COAST, COAST]]))
    assert f"要求2张{COAST}，持有0张" in detail and f"{L}，" not in detail, detail  # the type held is not short
    both = set_hand(building(2, 0), 0)
    place(both, 0, HARBOUR)
    detail = chinese(both, "cards_not_in_hand", "GC-5.3", **build(space=VILLAGE, payment=[[L], [COAST, COAST]]))
    listed = [f"要求2张{COAST}，持有0张", f"要求1张{L}，持有0张"]
    assert "；以及".join(listed) in detail or "；以及".join(reversed(listed)) in detail, detail


def test_gc_9_1_cards_not_in_hand_of_a_discard_reads_chinese():
    """GC-9.1: a discard of cards the hand does not hold."""
    detail = chinese(discarding(), "cards_not_in_hand", "GC-9.1", type="discard", player=0, cards={COAST: 2})
    assert f"要求2张{COAST}，持有0张" in detail


# ---------------------------------------------------------------- through the service
@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_gc_11_1_black_colour_at_setup_reads_chinese_over_http(client):
    """GC-11.1: in a 2-player game black is the black posts' colour; the refusal's reason is Chinese."""
    request = {"players": 2, "colors": ["black", "red"]}
    answer = client.post("/v1/games/golden_city/setup", json=request, headers={"Accept-Language": "zh-Hans"})
    assert answer.status_code == 422 and answer.json["code"] == "invalid_color"
    detail = answer.json["detail"]
    assert "在2人游戏中" in detail and "黑色商站" in detail and english_left(detail, request) == [], detail


def test_gc_5_4_1_space_occupied_over_http_in_chinese_and_english(client):
    """GC-5.4.1 over HTTP: the same refusal reads 'harbour' in English and 港口 in Chinese, explain alike."""
    from rulesets.core import to_builtins

    state = building(2, 0)
    place(state, 1, HARBOUR)
    body = {"state": to_builtins(checked(state)), "action": build(space=HARBOUR, payment=[[COAST]])}
    zh = client.post("/v1/games/golden_city/apply", json=body, headers={"Accept-Language": "zh-Hans"}).json
    en = client.post("/v1/games/golden_city/apply", json=body, headers={"Accept-Language": "en"}).json
    assert zh["code"] == en["code"] == "space_occupied" and zh["explain"] == en["explain"]
    assert "（港口）" in zh["detail"] and english_left(zh["detail"], body["action"]) == []
    assert en["detail"] == f"{HARBOUR} already holds a post; a harbour holds only one."
