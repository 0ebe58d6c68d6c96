"""Issue 25: how the per-game tests read a posted state's refusal (``invalid_state``) in both languages.

A game's consistency checks word each reason with a phrase of its catalogue named ``state_*`` (what an
inventory counts too, inside core's sentences). A game's ``test_state_language.py`` registers one bad
state per phrase (:class:`Cases`) and checks each with :func:`assert_reads_in_both`: refused at its
path and rule, worded with that phrase, its English detail today's sentence, its zh-Hans detail
Chinese with the same values and no English word left but the ids and paths it names.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from rulesets.core import InvalidState, Phrase, Worded
from rulesets.core.translation import refusal_detail, translator

#: core's invalid_state sentence, which frames every reason
INVALID_STATE = "The state is not one this game can be in: "
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: a machine name inside a sentence (start_player, round_end, pack_dragon, N_H2): an id, not a word
IDENTIFIER = re.compile(r"[A-Za-z0-9]*_[A-Za-z0-9_]*")
#: a JSON path a sentence names ($.board.N_H2[0][2])
JSON_PATH = re.compile(r"\$[\w.\[\]]*")

#: a case: (the broken state, posted as JSON or typed; the path at fault; the rule; the English sentence of the
#: reason; the ids the sentence names)
Broken = tuple[Any, str, "str | None", str, list[str]]


class Cases(dict[str, Callable[[], Broken]]):
    """Phrase name -> how to break a state so that it is refused with that phrase."""

    def case(self, phrase: str) -> Callable[[Callable[[], Broken]], Callable[[], Broken]]:
        def register(make: Callable[[], Broken]) -> Callable[[], Broken]:
            if phrase in self:
                raise ValueError(f"{phrase} has a case already")
            self[phrase] = make
            return make
        return register


def state_phrases(phrases: Iterable[Phrase]) -> set[str]:
    """The names of a catalogue's state phrases."""
    return {phrase.name for phrase in phrases if phrase.name.startswith("state_")}


def english_left(detail: str, ids: Iterable[str]) -> list[str]:
    """The English words of ``detail`` once the ids and paths it names are taken out."""
    for identifier in sorted(ids, key=len, reverse=True):
        detail = detail.replace(identifier, " ")
    return ENGLISH_WORD.findall(IDENTIFIER.sub(" ", JSON_PATH.sub(" ", detail)))


def reason_phrase(err: InvalidState) -> str:
    """The name of the game's phrase the refusal's reason is worded with (core's sentence naming a thing: the
    thing's phrase)."""
    assert err.params is not None, f"worded by hand, English only: {err.detail}"
    reason = err.params["reason"]
    if reason.phrase.domain == "core" and "what" in reason.values:
        reason = reason.values["what"]
        assert isinstance(reason, Worded), f"what an inventory counts is worded by hand, English only: {reason!r}"
    return str(reason.phrase.name)


def chinese(err: InvalidState) -> str:
    return refusal_detail(err, translator("zh_Hans"))


def assert_reads_in_both(err: InvalidState, phrase: str, path: str, rule: str | None, sentence: str,
                         ids: list[str]) -> str:
    """``err`` is ``phrase``'s refusal at ``path`` citing ``rule``; English ``sentence``; Chinese with its values.
    Answers the Chinese detail."""
    assert (err.code, err.path, err.rule) == ("invalid_state", path, rule), err.detail
    assert reason_phrase(err) == phrase
    assert err.detail == INVALID_STATE + sentence
    detail = chinese(err)
    assert CJK.search(detail), detail
    assert english_left(detail, ids) == [], detail
    for value in re.findall(r"\d+", sentence) + ids:
        assert value in detail, (value, detail)
    return detail


def assert_chinese_over_http(client: Any, game: str, body: dict[str, Any], rule: str, sentence: str,
                             ids: list[str]) -> str:
    """``POST /v1/games/<game>/apply`` with a broken state: 422 invalid_state citing ``rule`` in both languages,
    English ending with ``sentence``, zh-Hans Chinese. Answers the Chinese detail."""
    zh = client.post(f"/v1/games/{game}/apply", json=body, headers={"Accept-Language": "zh-Hans"})
    en = client.post(f"/v1/games/{game}/apply", json=body, headers={"Accept-Language": "en"})
    assert zh.status_code == en.status_code == 422
    assert zh.json["code"] == en.json["code"] == "invalid_state" and zh.json["rule"] == en.json["rule"] == rule
    assert en.json["detail"].endswith(sentence), en.json
    detail: str = zh.json["detail"]
    assert CJK.search(detail) and english_left(detail, ids) == [], detail
    return detail


#: a JSON path or a hyphen/underscore id, as Java's and Solenia's sentences name them
PATH_OR_ID = re.compile(r"\$[^\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]*|\w+(?:[-_][\w.]+)+")


def phrase_names(worded: Worded) -> set[str]:
    """The phrases a reason is worded with, its values' phrases too."""
    inner = set().union(*(phrase_names(v) for v in worded.values.values() if isinstance(v, Worded)))
    return {worded.phrase.name} | inner


def plain_values(worded: Worded) -> list[str]:
    """The values a reason fills in that are no phrase (counts, ids, paths): kept in every language."""
    out = []
    for value in worded.values.values():
        out += plain_values(value) if isinstance(value, Worded) else [str(value)]
    return out


def english_left_but_fields(detail: str, fields: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``detail`` once the ids are taken out (paths, hyphen and underscore ids, and the
    field names ``fields`` the sentence names, such as ``spaces``)."""
    detail = PATH_OR_ID.sub(" ", detail)
    for field in fields:
        detail = re.sub(rf"(?<![A-Za-z]){field}(?![A-Za-z])", " ", detail)
    return ENGLISH_WORD.findall(detail)
