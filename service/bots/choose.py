"""The one place a bot's action is chosen: :func:`bot_action`, from the seat's view only.

A game with a ``determinize`` hook is searched (:func:`rulesets.core.search.suggest`,
which samples the hidden parts consistently with the view). A game without one yet gets a
weaker but honest bot: a uniform pick, from a seeded random source, among the seat's legal
actions, which are exactly what ``GET /v1/sessions/{id}/legal-actions`` shows that seat
(no hidden information beyond the seat's own menu).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Callable, Sequence

from rulesets.core.host import Ruleset


def searchable(ruleset: Ruleset) -> bool:
    """Whether the search can play this game: it needs the game's determinize hook."""
    return bool(ruleset.searchable)


def bot_seed(*parts: object) -> int:
    """A 64-bit seed from the parts (a secret salt, a version, a seat): the same move for the same turn."""
    text = "\x1f".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(b"tabletop-referee/bot\x00" + text.encode()).digest()[:8], "big")


def bot_action(ruleset: Ruleset, view: dict[str, Any], seat: int, *,
               legal_actions: Callable[[], Sequence[Any]], budget_ms: int, seed: int) -> Any:
    """The action (JSON builtins) the bot plays for ``seat``, given its ``view``.

    ``legal_actions`` lists the seat's own menu (dumped actions); only the fallback calls it.
    Raises ``LookupError`` when the seat has nothing to play.
    """
    if searchable(ruleset):
        from rulesets.core.search import NoLegalAction, share_processor, suggest

        try:
            # a bot of the in-process store searches inside a serving worker: it lets requests run
            found = suggest(ruleset, view, seat, budget_ms=budget_ms, seed=seed, pause=share_processor)
        except NoLegalAction:
            found = None
        if found is not None and found.suggestions:
            return found.suggestions[0].action
        raise LookupError(f"seat {seat} has no legal action")
    menu = list(legal_actions())
    if not menu:
        raise LookupError(f"seat {seat} has no legal action")
    return random.Random(seed).choice(menu)
