"""Issue 25: a posted action or state that does not decode is refused with core's ``invalid_action`` /
``invalid_state``, its reason one of core's phrases, so that it reads in the request's language too; the
English keeps msgspec's own sentence and the path."""

from __future__ import annotations

import re

import pytest

from rulesets import get_ruleset
from rulesets.core import decoding
from rulesets.core.host import RulesetError, to_builtins
from rulesets.core.translation import CHINESE, ENGLISH, refusal_detail, translator

SOLENIA = get_ruleset("solenia")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: English words left in a Chinese sentence: outside backticks and quotes, three letters or more (JSON is
#: a name, written so in Chinese too)
ENGLISH_WORD = re.compile(r"(?<![A-Za-z])(?!JSON(?![A-Za-z]))[A-Za-z]{3,}")


def _play_card() -> dict:
    state = SOLENIA.setup(2, seed="decoding")
    return next(to_builtins(a) for a in SOLENIA.legal_actions(state, 0) if to_builtins(a)["type"] == "play_card")


def _refused(raw: object) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        SOLENIA.load_action(raw)
    return info.value


def _outside_marks(text: str) -> str:
    return re.sub(r"`[^`]*`|'[^']*'", "", text)


@pytest.mark.parametrize("change, path, english, kept", [
    (lambda a: a.update(player="zero"), "$.player", "Expected `int`, got `str`", ["`int`", "`str`"]),
    (lambda a: a.update(advance=-1), "$.advance", "Expected `int` >= 0", ["`int`", ">=", "0"]),
    (lambda a: a.update(type="fly"), "$.type", "Invalid value 'fly'", ["'fly'"]),
    (lambda a: a.pop("card"), "$", "Object missing required field `card`", ["`card`"]),
    (lambda a: a.update(cheat=True), "$.cheat", "Object contains unknown field `cheat`", ["`cheat`"]),
])
def test_each_decoding_failure_reads_in_english_as_msgspec_words_it_and_in_chinese(change, path, english, kept):
    action = _play_card()
    change(action)
    refusal = _refused(action)
    assert refusal.code == "invalid_action" and refusal.context["path"] == path
    assert refusal.detail == f"The action does not fit this game's actions: {english}"
    assert refusal_detail(refusal, translator(ENGLISH)) == refusal.detail
    chinese = refusal_detail(refusal, translator(CHINESE))
    assert CJK.search(chinese) and all(part in chinese for part in kept), chinese
    assert not ENGLISH_WORD.search(_outside_marks(chinese)), chinese


def test_an_action_that_is_not_an_object_and_a_state_that_is_not_one():
    refusal = _refused(["play_card"])
    assert refusal.code == "invalid_action" and refusal.detail.endswith("An action must be a JSON object.")
    assert not ENGLISH_WORD.search(refusal_detail(refusal, translator(CHINESE)))
    with pytest.raises(RulesetError) as info:
        SOLENIA.load_state([1, 2])
    assert info.value.code == "invalid_state" and info.value.context["path"] == "$"
    assert not ENGLISH_WORD.search(refusal_detail(info.value, translator(CHINESE)))


def test_a_state_field_of_the_wrong_type_names_its_path_in_both_languages():
    raw = to_builtins(SOLENIA.setup(2, seed="decoding"))
    raw["round"] = "one"
    with pytest.raises(RulesetError) as info:
        SOLENIA.load_state(raw)
    assert info.value.code == "invalid_state" and info.value.context["path"] == "$.round"
    chinese = refusal_detail(info.value, translator(CHINESE))
    assert "`int`" in chinese and "`str`" in chinese and not ENGLISH_WORD.search(_outside_marks(chinese))


def test_a_sentence_of_an_unknown_form_keeps_its_english():
    worded = decoding.reason_of("Something msgspec has never said")
    assert str(worded) == "Something msgspec has never said"
