"""The games' Simplified Chinese catalogues read as Chinese and keep to the seeds' terms.

``python -m tools.i18n check`` says every message has a zh_Hans text with the English
placeholders; these tests hold what it cannot: the file is a well-formed PO file for the
agreed locale, a text is Chinese (not the English copied over), and the game's own terms are
the ones its source document in ``../shared/seeds/`` uses (simplified), the same everywhere.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from rulesets.core.catalogues import locale_dir, package_of, po_path
from rulesets.core.host import all_rulesets

CATALOGUES = {ruleset.id: po_path(locale_dir(package_of(ruleset)), ruleset.id, "zh_Hans")
              for ruleset in all_rulesets()}
TRANSLATED = sorted(game for game, po in CATALOGUES.items() if po.exists())

#: A text that is one machine name (an id, an effect code, a placeholder good such as ``good_a``)
#: stays as it is in every language.
MACHINE_NAME = re.compile(r"[A-Za-z0-9_.*/-]+")
HAN = re.compile(r"[\u4e00-\u9fff]")
#: a machine name inside a sentence (``strip_permutation``, ``harbours_all``): not a term to translate.
IDENTIFIER = re.compile(r"\w*_\w*")

#: game -> (English term as a msgid words it, the seed's term a msgstr must then use). Each pair
#: is in the glossary at the top of the game's .po file, taken from the game's seed.
SEED_TERMS = {
    "solenia": [("delivery tile", "运送板块"), ("airship card", "飞船卡"), ("island", "空岛"),
                ("improvement", "发展板块"), ("strip", "带状图板"), ("winter side", "冬季面"),
                ("summer side", "夏季面"), ("lengthen", "延长"), ("permanent", "永久")],
    "golden_city": [("landscape card", "地权状"), ("key card", "城市之钥"), ("bonus card", "加分卡"),
                    ("goods card", "物产卡"), ("scoring card", "计分目标卡"), ("majority bonus", "优势加分"),
                    ("post", "商站"), ("harbour", "港口"), ("joker", "百搭"), ("inner district", "内城区")],
    "mines_of_zavandor": [("improvement card", "改良卡"), ("spell scroll", "咒语卷轴"),
                          ("Coronation Hall", "加冕厅"), ("sapphire", "蓝宝石"), ("emerald", "翡翠"),
                          ("diamond", "钻石"), ("ruby", "红宝石"), ("upgrade marker", "升级标记"),
                          ("wood deck", "木车"), ("King's Path", "王权之路")],
}


def messages(game: str) -> list[tuple[str, str, str]]:
    with CATALOGUES[game].open("rb") as handle:
        catalog = read_po(handle)
    return [(message.context or "", str(message.id), str(message.string)) for message in catalog if message.id]


def test_the_translated_games_include_these():
    """The three catalogues this test was written with are there (a renamed path fails here, not silently)."""
    assert {"solenia", "golden_city", "mines_of_zavandor"} <= set(TRANSLATED)


@pytest.mark.parametrize("game", TRANSLATED)
def test_catalogue_is_a_zh_hans_po_file(game):
    po = CATALOGUES[game]
    with po.open("rb") as handle:
        catalog = read_po(handle)
    assert str(catalog.locale) == "zh_Hans"
    assert catalog.charset == "utf-8"
    assert catalog.plural_forms == "nplurals=1; plural=0;"
    assert "Glossary" in catalog.header_comment, "the seed's terms head the file for later editors"
    assert not [m.id for m in catalog if m.id and m.fuzzy], "a fuzzy entry is not served"
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], check=True, capture_output=True)


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_text_is_chinese(game):
    english = [context for context, text, translated in messages(game)
               if not MACHINE_NAME.fullmatch(text) and not HAN.search(translated)]
    assert english == [], f"{game}: texts with no Chinese in them"


@pytest.mark.parametrize("game", sorted(SEED_TERMS))
def test_seed_terms_are_used_wherever_the_english_names_them(game):
    """Rules, refusals, notes and names alike: the glossary's term, never a synonym."""
    strays = [(term, context) for context, text, translated in messages(game)
              for term, chinese in SEED_TERMS[game]
              if re.search(rf"\b{re.escape(term)}", IDENTIFIER.sub(" ", text), re.IGNORECASE)
              and chinese not in translated]
    assert strays == []
