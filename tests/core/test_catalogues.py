"""The gettext catalogues (issue 25): every message a game serves has a zh-Hans text with the same
placeholders, the templates follow the code, and the installed ``.mo`` files are the ``.po`` files'."""

from __future__ import annotations

import gettext
import re

import pytest

from rulesets.core import OptionSpec, RulesetError, catalogues
from rulesets.core.messages import CORE_DOMAIN, recorder, walk_all
from rulesets.core.refusals import CORE, INVALID_PLAYER_COUNT, NOT_YOUR_TURN
from rulesets.core.translation import CHINESE, ENGLISH, refusal_detail, translator
from tools import i18n

DOMAINS = [CORE_DOMAIN, i18n.SERVICE_DOMAIN, *sorted(ruleset.id for ruleset in i18n.shipped_rulesets())]
CJK = re.compile(r"[\u4e00-\u9fff]")
#: The contexts the translators and the code agreed on (rulesets/core/messages.py).
CONTEXT = re.compile(r"^(game title|option \w+ description|rule [A-Z]+-[\w.]+ (title|text)|refusal \w+"
                     r"|phrase \w+|note \w+( \d+)?|component [\w.]+/[\w.\-]+ (name|text)|problem title)$")


@pytest.fixture(scope="module")
def domains():
    return i18n.domains()


def test_the_committed_templates_are_what_extraction_writes():
    assert i18n.extract(check=True) == 0, "run python -m tools.i18n extract"


def test_every_context_is_one_of_the_agreed_kinds(domains):
    odd = [(domain, context) for domain, (_, messages) in domains.items() for context, _ in messages
           if not CONTEXT.match(context)]
    assert not odd


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_zh_hans_text_with_the_same_placeholders(domains, domain):
    """Issue 25: every catalogue entry and rule (and every other text served) has a zh-Hans text."""
    folder, messages = domains[domain]
    missing = list(catalogues.untranslated(messages, catalogues.po_path(folder, domain, CHINESE)))
    assert not missing, f"{len(missing)} of {len(messages)}: " + "; ".join(missing[:5])


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_installed_catalogue_is_the_po_compiled(domains, domain):
    """The .mo gettext reads holds exactly the .po's translations (reinstall, or
    ``python -m tools.i18n compile``, after editing a .po)."""
    folder, _ = domains[domain]
    po = catalogues.po_path(folder, domain, CHINESE)
    if not po.exists():
        pytest.fail(f"{po} does not exist")
    with po.with_suffix(".mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    held = {key: text for key, text in compiled._catalog.items() if key}  # type: ignore[attr-defined]
    wanted = {(f"{context}\x04{text}" if context else text): translated
              for (context, text), translated in catalogues.translations_of(po).items()}
    assert held == wanted


def test_the_walk_names_core_refusals_in_the_core_domain_and_a_games_own_in_its_domain():
    lookup, seen = recorder()
    solenia = next(ruleset for ruleset in i18n.shipped_rulesets() if ruleset.id == "solenia")
    for _ in walk_all(solenia, lookup):
        pass
    assert ("refusal card_not_in_hand", "Card {card} is not in your hand.") in seen["solenia"]
    assert ("refusal game_over", CORE["game_over"].message) in seen[CORE_DOMAIN]
    assert not any(context == "refusal game_over" for context, _ in seen["solenia"])
    assert ("rule SOL-2.2 title", solenia.rules["SOL-2.2"].title) in seen["solenia"]


def test_a_refusal_in_chinese_is_the_chinese_template_filled_with_the_same_values():
    refusal = NOT_YOUR_TURN("SOL-2.1", player=2, awaited="seat 0")
    chinese = refusal_detail(refusal, translator(CHINESE))
    assert CJK.search(chinese) and "2" in chinese and "seat 0" in chinese
    assert chinese != refusal.detail
    assert refusal_detail(refusal, translator(ENGLISH)) == refusal.detail == "Seat 2 may not act now: the game awaits seat 0."
    assert refusal.code == "not_your_turn" and refusal.rule == "SOL-2.1"  # machine fields untouched


def test_a_locale_without_a_catalogue_answers_english():
    refusal = INVALID_PLAYER_COUNT("SOL-1.4", game="Solenia", low=1, high=4, players=9)
    assert refusal_detail(refusal, translator("xx")) == refusal.detail


def test_every_core_refusal_reads_chinese_with_its_values():
    for entry in CORE:
        values = {name: f"<{name}>" for name in entry.placeholders}
        refusal = entry(None if not entry.any_rule else "X-1", **values)
        chinese = refusal_detail(refusal, translator(CHINESE))
        assert all(value in chinese for value in values.values()), (entry.code, chinese)
        if entry.message.strip("{}") not in entry.placeholders:  # "{reason}" alone has no words of its own
            assert CJK.search(chinese), (entry.code, chinese)


def test_the_phrases_core_words_into_a_refusal_read_translated_too():
    """An option's requirement is core's phrase: the Chinese detail has the Chinese phrase, same values."""
    spec = OptionSpec("side", "summer", "The board side.", choices=("summer", "winter"), rule="X-1")
    try:
        spec.check("spring")
    except RulesetError as refusal:
        assert refusal.detail == "Option 'side' must be one of summer, winter."
        chinese = refusal_detail(refusal, translator(CHINESE))
        assert "must be" not in chinese and "summer, winter" in chinese and CJK.search(chinese)
    else:
        raise AssertionError("an unknown choice was taken")
