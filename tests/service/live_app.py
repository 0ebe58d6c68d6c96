"""The production app factory plus the Card Nim test double, for tests against real gunicorn workers.

gunicorn imports this in each worker (``tests.service.live_app:create_app()``); the
registration happens there because workers are separate processes.
"""

from rulesets.core.host import register
from service import create_app as _create_app
from tests.doubles import card_nim

register(card_nim.GAME_ID, card_nim.__name__)


def create_app():
    return _create_app()
