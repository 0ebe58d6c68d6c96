"""Which games this referee knows, loaded on first use."""

from __future__ import annotations

from importlib import import_module

from .contract import Ruleset

#: ruleset id -> module holding a module-level ``RULESET``.
_MODULES: dict[str, str] = {
    "solenia": "rulesets.solenia",
}

_loaded: dict[str, Ruleset] = {}


class UnknownGame(LookupError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"No game '{game_id}' here; known games: {', '.join(sorted(_MODULES))}.")
        self.game_id = game_id


def register(game_id: str, module_name: str) -> None:
    """Make another ruleset module known (a plug-in game, or a test double)."""
    _MODULES[game_id] = module_name
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    _MODULES.pop(game_id, None)
    _loaded.pop(game_id, None)


def get_ruleset(game_id: str) -> Ruleset:
    try:
        return _loaded[game_id]
    except KeyError:
        pass
    module_name = _MODULES.get(game_id)
    if module_name is None:
        raise UnknownGame(game_id)
    ruleset = import_module(module_name).RULESET
    _loaded[game_id] = ruleset
    return ruleset


def all_rulesets() -> list[Ruleset]:
    return [get_ruleset(game_id) for game_id in sorted(_MODULES)]


def ruleset_ids() -> list[str]:
    return sorted(_MODULES)
