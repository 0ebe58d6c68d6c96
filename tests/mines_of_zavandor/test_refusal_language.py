"""Issue 25: a refusal's values read in the player's language. In zh-Hans the detail is the Chinese template
filled with the refusal's values, and a value worded in English ("one wood.ruby card", "Some of those cards
are", a list joined with commas, "nothing") is a phrase of the game's catalogue, translated too. Ids (kinds,
gems, carts, halls, items, rule ids) stay as they are; no other ASCII word is left in the Chinese sentence.

The Chinese texts expected are the game's catalogue's (its .po file, the glossary's terms)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulesets.core import InvalidAction, to_builtins
from rulesets.core.translation import refusal_detail, translator
from rulesets.mines_of_zavandor import RULESET
from rulesets.mines_of_zavandor.refusals import HALL_NOT_REACHABLE, NO_GEMS, NOWHERE, PAYMENT_MISMATCH
from rulesets.mines_of_zavandor.wording import gems, halls
from service import create_app

from .scenario import new, play, reach, refused, set_hand
from .test_auction import all_bid, bidding
from .test_trading import drafted, offered, trading

DATA = json.loads((Path(__file__).parents[2] / "rulesets/mines_of_zavandor/mines_of_zavandor.components.json")
                  .read_text())
#: the game's ids, which a sentence in any language names as they are
IDS = {*DATA["gems"]["order_low_to_high"], *DATA["carts"]["order_low_to_high"],
       *(hall["id"] for hall in DATA["kings_path"]["halls"]), "AMB", "MOZ"}
WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")
ZH = translator("zh_Hans")


def identifiers(action: dict[str, Any]) -> set[str]:
    """Every ASCII word in the action's values and keys (kinds split at the dot: ``wood.ruby``)."""
    return set(WORD.findall(json.dumps(action)))


def chinese(error, action: dict[str, Any]) -> str:
    """The refusal's zh-Hans detail, checked to be Chinese with no English word but the ids."""
    detail = refusal_detail(error, ZH)
    assert CJK.search(detail), detail
    left = set(WORD.findall(detail)) - identifiers(action) - IDS
    assert not left, f"English left in {detail!r}: {sorted(left)}"
    return detail


def refused_in_chinese(state, code: str, rule: str, **action: Any) -> tuple[str, str]:
    error = refused(state, code, rule, **action)
    return error.detail, chinese(error, action)


def test_moz_2_5_card_not_in_hand_names_the_missing_card_in_chinese():
    """MOZ-2.5: each wording of what the hand lacks (one card, several with the count held, one beyond the
    bid) reads in Chinese; the English sentence is unchanged."""
    state = drafted(trading(), give=(), ask=())
    english, detail = refused_in_chinese(state, "card_not_in_hand", "MOZ-2.5", type="trade_draft_give", player=0,
                                         card="iron.ruby")
    assert english == "Your hand does not hold one iron.ruby card."
    assert detail == "你的手牌中没有一张iron.ruby卡。"
    english, detail = refused_in_chinese(trading(), "card_not_in_hand", "MOZ-2.5", type="bank_trade", player=0,
                                         give={"copper.emerald": 2}, take={"gem": "emerald", "from": "copper"})
    assert english == "Your hand does not hold 2 copper.emerald cards (you hold 1)."
    assert detail == "你的手牌中没有2张copper.emerald卡（你持有1张）。"
    state = bidding(hands={0: {"wood.sapphire": 1}})
    state, _ = play(state, type="bid_add", player=0, card="wood.sapphire")
    english, detail = refused_in_chinese(state, "card_not_in_hand", "MOZ-2.5", type="bid_add", player=0,
                                         card="wood.sapphire")
    assert english == "Your hand does not hold one wood.sapphire card beyond those already in your bid."
    assert detail == "你的手牌中没有出价中已有的之外的另一张wood.sapphire卡。"


def test_moz_4_4_card_reserved_says_which_cards_in_chinese():
    """MOZ-4.4: "every card of that kind" (a draft) and "some of those cards" (a bank trade) read in Chinese."""
    state = drafted(trading(), give=("copper.emerald",), ask=())
    english, detail = refused_in_chinese(state, "card_reserved", "MOZ-4.4", type="trade_draft_give", player=0,
                                         card="copper.emerald")
    assert english == "Every copper.emerald card you hold is already reserved in your draft or offer."
    assert detail == "你持有的每张copper.emerald卡都已经保留在你的草案或报价中。"
    english, detail = refused_in_chinese(state, "card_reserved", "MOZ-4.4", type="bank_trade", player=0,
                                         give={"copper.emerald": 1, "wood.sapphire": 1},
                                         take={"gem": "sapphire", "from": "wood"})
    assert english == "Some of those cards are already reserved in your draft or offer."
    assert detail == "其中有些卡已经保留在你的草案或报价中。"


def test_moz_4_3_trade_payment_mismatch_lists_the_gems_in_chinese():
    """MOZ-4.3: the asked and the paid gems are counted gem by gem, listed the Chinese way ("、")."""
    state = offered(trading(), give=("wood.sapphire",), ask=("diamond",))
    english, detail = refused_in_chinese(state, "trade_payment_mismatch", "MOZ-4.3", type="trade_accept", player=1,
                                         offer=1, pay={"wood.diamond": 1, "copper.sapphire": 1})
    assert english == "Offer 1 asks for 1 diamond card(s); your payment has 1 sapphire card(s), 1 diamond card(s)."
    assert detail == "报价1要求：1张diamond卡；你的支付：1张sapphire卡、1张diamond卡。"


def upgrading():
    return reach(new(2, start=0), "upgrade", 0)


def test_moz_6_5_payment_mismatch_words_the_cost_and_the_payment_in_chinese():
    """MOZ-6.5 / MOZ-6.6: the cost here (the king's hall resolved) and the payment; an empty payment is
    "nothing", a cost without gems "no gems", both in Chinese."""
    state = upgrading()
    level = 2
    printed = next(entry["cost"] for entry in DATA["family_boards"][0]["levels"] if entry["level"] == level)
    king_cost = next(hall["king_cost"] for hall in DATA["kings_path"]["halls"] if hall["id"] == state.king)
    assert set(printed) == {"sapphire", "king"} and set(king_cost) == {"sapphire"}  # the data this case reads
    due = printed["sapphire"] + printed["king"] * king_cost["sapphire"]
    set_hand(state, 0, {"wood.sapphire": due + 1})
    english, detail = refused_in_chinese(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0,
                                         target="family", level=level, pay={"wood.sapphire": due + 1})
    assert english == f"Level 2 of family costs {due} sapphire card(s) here; you paid {due + 1} sapphire card(s)."
    assert detail == f"family的等级2在这里的费用：{due}张sapphire卡；你支付了：{due + 1}张sapphire卡。"
    english, detail = refused_in_chinese(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0,
                                         target="family", level=level, pay={})
    assert english == f"Level 2 of family costs {due} sapphire card(s) here; you paid nothing."
    assert detail == f"family的等级2在这里的费用：{due}张sapphire卡；你支付了：无。"
    # no level of the data costs VP alone, so "no gems" is worded here as the upgrade check words it
    error = PAYMENT_MISMATCH(level=1, target="family", cost=gems({}, NO_GEMS), paid=gems({"ruby": 1}, NO_GEMS))
    assert error.detail == "Level 1 of family costs no gems here; you paid 1 ruby card(s)."
    assert chinese(error, {"target": "family"}) == "family的等级1在这里的费用：无宝石；你支付了：1张ruby卡。"


def test_moz_7_2_hall_not_reachable_lists_the_halls_in_chinese():
    """MOZ-7.2: the halls the arrows lead to, as alternatives ("U1或L1"); "nowhere" in Chinese too."""
    start, coronation = DATA["kings_path"]["start"], DATA["kings_path"]["coronation"]
    arrows = [edge["to"] for edge in DATA["kings_path"]["edges"] if edge["from"] == start]
    assert len(arrows) == 2
    hands = {0: {}, 1: {"wood.sapphire": 1}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    english, detail = refused_in_chinese(state, "hall_not_reachable", "MOZ-7.2", type="move_king", player=1,
                                         to=coronation)
    assert english == f"From {start} the king can go to {arrows[0]} or {arrows[1]}."
    assert detail == f"国王从{start}可以前往的大厅：{arrows[0]}或{arrows[1]}。"
    # the Coronation Hall has no arrow (MOZ-7.3); the game ends there before a move, so the case is worded here
    error = HALL_NOT_REACHABLE(hall=coronation, reachable=halls((), NOWHERE))
    assert error.detail == f"From {coronation} the king can go to nowhere."
    assert chinese(error, {}) == f"国王从{coronation}可以前往的大厅：没有。"


def test_spec_3_1_a_partner_outside_the_game_reads_in_chinese():
    """Spec 3.1: a partner seat out of range is core's invalid_action; the game's reason reads in Chinese."""
    with pytest.raises(InvalidAction) as info:
        RULESET.apply(trading(), {"type": "trade_draft_open", "player": 0, "partner": 3})
    assert info.value.detail == "The action does not fit this game's actions: seat 3 is not in this 3-player game."
    assert chinese(info.value, {}) == "该行动不符合本游戏的行动格式：座位3不在这局3人游戏中。"


def test_moz_6_5_the_service_answers_the_refusal_in_chinese_with_its_explain():
    """Issue 25 through the service: Accept-Language zh-Hans answers the phrase-worded detail in Chinese, with
    the same code, rule and explain as in English."""
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()
    state = offered(trading(), give=("wood.sapphire",), ask=("diamond",))
    action = {"type": "trade_accept", "player": 1, "offer": 1, "pay": {"wood.diamond": 1, "copper.sapphire": 1}}
    answers = {language: client.post("/v1/games/mines_of_zavandor/apply",
                                     json={"state": to_builtins(state), "action": action},
                                     headers={"Accept-Language": language}) for language in ("en", "zh-Hans")}
    english, chinese_answer = answers["en"].json, answers["zh-Hans"].json
    assert answers["zh-Hans"].status_code == 422
    assert chinese_answer["detail"] == "报价1要求：1张diamond卡；你的支付：1张sapphire卡、1张diamond卡。"
    assert english["detail"] == "Offer 1 asks for 1 diamond card(s); your payment has 1 sapphire card(s), 1 diamond card(s)."
    for field in ("code", "rule", "explain"):
        assert chinese_answer[field] == english[field]
    assert chinese_answer["explain"] == {"needed": {"diamond": 1}, "offered": {"sapphire": 1, "diamond": 1}}
