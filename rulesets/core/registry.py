"""Which games this referee knows: every ``tabletop_referee.rulesets`` entry point.

A game, ours or a third party's package, registers itself in its packaging metadata::

    [project.entry-points."tabletop_referee.rulesets"]
    my_game = "my_package.my_game:RULESET"

and the registry finds it with no edit to core. Entry points are loaded on first use,
one game at a time, so a game that fails to import breaks only itself.
``register`` adds a game by hand (a test double, or a game under development).
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from .contract import Ruleset

ENTRY_POINT_GROUP = "tabletop_referee.rulesets"

#: ruleset id -> "module:attribute" (entry points, then games registered by hand).
_targets: dict[str, str] | None = None
_loaded: dict[str, Ruleset[Any, Any]] = {}


class UnknownGame(LookupError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"No game '{game_id}' here; known games: {', '.join(ruleset_ids())}.")
        self.game_id = game_id


def _known() -> dict[str, str]:
    global _targets
    if _targets is None:
        _targets = {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}
    return _targets


def register(game_id: str, target: str) -> None:
    """Make a ruleset known by hand: ``target`` is ``"module:ATTRIBUTE"`` or a module with ``RULESET``."""
    _known()[game_id] = target
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    _known().pop(game_id, None)
    _loaded.pop(game_id, None)


def get_ruleset(game_id: str) -> Ruleset[Any, Any]:
    try:
        return _loaded[game_id]
    except KeyError:
        pass
    target = _known().get(game_id)
    if target is None:
        raise UnknownGame(game_id)
    module_name, _, attribute = target.partition(":")
    ruleset = getattr(import_module(module_name), attribute or "RULESET")
    if not isinstance(ruleset, Ruleset) or ruleset.id != game_id:
        raise TypeError(f"entry point {game_id!r} -> {target!r} is not that game's Ruleset")
    _loaded[game_id] = ruleset
    return ruleset


def all_rulesets() -> list[Ruleset[Any, Any]]:
    return [get_ruleset(game_id) for game_id in ruleset_ids()]


def ruleset_ids() -> list[str]:
    return sorted(_known())
