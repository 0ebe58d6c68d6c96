"""The zh_Hans catalogues speak Chinese, and each game's own Chinese words (issue #25).

``python -m tools.i18n check`` proves every message has a text with the English placeholders;
it cannot see a text left in English or a game term worded two ways. These tests can: every
prose message of a translated game holds Chinese, and wherever the English names one of the
game's terms the Chinese uses the word the game's Chinese source (``shared/seeds``, converted
to simplified characters) uses for it, so a rulebook, its refusals and its components agree.
"""

from __future__ import annotations

import re

import pytest

from rulesets.core import catalogues
from rulesets.core.registry import get_ruleset

#: English term (a regular expression, matched case-insensitively on word boundaries) -> the
#: seed's word. Only terms the seed itself names (000: Kingdom of Solomon, 001: Java).
SEED_TERMS: dict[str, dict[str, str]] = {
    "java": {
        r"developers?": "岛民",
        r"palaces?": "宫殿",
        r"festivals?": "庆典",
        r"irrigation": "灌溉池",
        r"triples?": "三连区块",
        r"rice": "稻田区",
        r"villages?": "村庄",
        r"cities|city": "城镇",
        r"grand final reckoning": "最终大计分",
        r"sabres?": "马刀",
        r"mountains": "山区",
        r"lowlands": "平原",
    },
    "kingdom_of_solomon": {
        r"pawns?": "卒子",
        r"high priest": "高等祭司",
        r"fortune cards?": "财富卡",
        r"building markers?": "建筑指示物",
        r"building cards?": "建筑卡",
        r"temple tokens?": "寺庙指示物",
        r"temple blocks?": "寺庙板块",
        r"roads?": "道路",
        r"neutral": "中立",
        r"building sites?": "建筑点",
        r"bonus spaces?": "红利区域",
        r"altar": "祭坛",
        r"tax collector": "征税员",
        r"timber": "木材",
    },
}

_CHINESE = re.compile(r"[\u4e00-\u9fff]")


def _translations(game: str) -> dict[tuple[str, str], str]:
    folder = catalogues.locale_dir(catalogues.package_of(get_ruleset(game)))
    po = catalogues.po_path(folder, game, catalogues.CHINESE)
    assert po.exists(), f"{game} has no zh_Hans catalogue at {po}"
    return catalogues.translations_of(po)


@pytest.mark.parametrize("game", sorted(SEED_TERMS))
def test_every_prose_message_is_chinese(game: str) -> None:
    """Issue #25: a zh-Hans text holds Chinese (the components document's game id is a machine value)."""
    english = [(context, text) for (context, text), translated in _translations(game).items()
               if text != game and not _CHINESE.search(translated)]
    assert english == []


@pytest.mark.parametrize("game", sorted(SEED_TERMS))
def test_game_terms_follow_the_seed(game: str) -> None:
    """Issue #25: 'The Chinese rule texts follow the games' own Chinese terms as the source documents use them'."""
    wrong = []
    for (context, text), translated in _translations(game).items():
        for term, chinese in SEED_TERMS[game].items():
            if re.search(rf"\b(?:{term})\b", text, re.IGNORECASE) and chinese not in translated:
                wrong.append((context, term, chinese))
    assert wrong == []
