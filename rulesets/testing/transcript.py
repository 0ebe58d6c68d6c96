"""A per-seat transcript of a seeded whole game: what each seat was told, action by action.

For review, not for machines: a change to what a seat sees shows up as a diff of a committed
text file. The set-up shows each seat's whole view, one line per field (``path = JSON``);
after each action, each seat's logged action and events (as that seat is shown them) and the
fields of its view that changed, were added (``+``) or went (``-``); seats told the same thing
are written once, so what differs between seats stands out. A spectator is the last "seat".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

from rulesets.core.codec import to_builtins
from rulesets.core.contract import Ruleset

from .playout import random_playout


def _text(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def fields(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, JSON) of every leaf of a view: objects and lists of objects are walked, other lists are one leaf."""
    if isinstance(value, dict) and value:
        for key in sorted(value):
            yield from fields(value[key], f"{path}.{key}" if path else key)
    elif isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        for index, item in enumerate(value):
            yield from fields(item, f"{path}[{index}]")
    else:
        yield path, _text(value)


def _who(viewer: int | None) -> str:
    return "spectator" if viewer is None else f"seat {viewer}"


def transcript(ruleset: Ruleset[Any, Any], players: int, seed: str) -> str:
    """The transcript of the seeded random game ``random_playout`` plays with ``players`` seats and ``seed``."""
    actions = random_playout(ruleset, players, seed, sample_legal=0, nudges=0).actions
    viewers: list[int | None] = [*range(players), None]
    state = ruleset.setup(players, seed)
    lines = [f"# {ruleset.id} {ruleset.rules_version}: {players} players, seed {seed!r}, {len(actions)} actions",
             "# after each action, what each seat is told: the action, its events, the fields of its view that changed "
             "(+ new, - gone); seats told the same are grouped",
             "", "== set-up"]
    last: dict[int | None, dict[str, str]] = {}
    for viewer in viewers:
        last[viewer] = dict(fields(ruleset.view(state, viewer)))
        lines.append(f"-- {_who(viewer)}")
        lines += [f"{path} = {value}" for path, value in last[viewer].items()]
    for step, action in enumerate(actions, 1):
        typed = ruleset.load_action(action)
        state, events = ruleset.apply(state, action)
        lines += ["", f"== {step}: seat {action.get('player')} plays"]
        told: dict[int | None, list[str]] = {}
        for viewer in viewers:
            now = dict(fields(ruleset.view(state, viewer)))
            block = [f"action {_text(ruleset.view_action(typed, viewer, state))}"]
            block += [f"event {_text(event)}" for event in to_builtins(ruleset.view_events(events, viewer))]
            before = last[viewer]
            block += [f"{path} = {value}" if path in before else f"+ {path} = {value}"
                      for path, value in now.items() if before.get(path) != value]
            block += [f"- {path}" for path in before if path not in now]
            told[viewer], last[viewer] = block, now
        # Seats told the same are written once: what differs between seats is what the review is for.
        for shared in dict.fromkeys(tuple(block) for block in told.values()):
            lines.append("-- " + ", ".join(_who(v) for v in viewers if tuple(told[v]) == shared))
            lines += shared
    return "\n".join(lines) + "\n"
