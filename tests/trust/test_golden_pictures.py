"""The committed pictures of seeded positions are what the drawing gives now (``tools/pictures.py``)."""

from __future__ import annotations

import pytest

from rulesets.core.host import all_rulesets
from tools.pictures import folder_of, goldens


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_golden_pictures_are_current(ruleset):
    stale = [name for name, document in goldens(ruleset).items()
             if not (folder_of(ruleset) / name).exists() or (folder_of(ruleset) / name).read_text() != document]
    assert not stale, f"{stale}: run python -m tools.pictures, look at the pictures, commit them"
