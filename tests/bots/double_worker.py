"""The README's worker, ``python -m service.webhooks.worker``, with the Card Nim double registered first.

A worker is a process of its own: the ``card_nim`` fixture registers the double in the test's process
only, and the worker finds games by their entry points. This is the worker's own ``main``, run after one
``register`` (as ``tests/service/live_app.py`` does for gunicorn's workers), so a session of the double,
the one game without a determinize hook, is played by the fallback bot through the same job path.
"""

from __future__ import annotations

import sys

from rulesets.core.host import register
from service.webhooks.worker import main
from tests.doubles import card_nim

register(card_nim.GAME_ID, card_nim.__name__)

if __name__ == "__main__":
    sys.exit(main())
