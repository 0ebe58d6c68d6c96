"""The production app factory plus the toy test game, for tests against real gunicorn workers.

gunicorn imports this in each worker (``tests.service.live_app:create_app()``); the
registration happens there because workers are separate processes.
"""

from rulesets.core.registry import register
from service import create_app as _create_app

register("toy", "tests.service.toy_game")


def create_app():
    return _create_app()
