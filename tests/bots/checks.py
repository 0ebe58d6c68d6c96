"""What every bot test holds a finished session to: each logged action legal for its seat when it
was made (replayed from the seed through the rules, which refuse anything else), and the replay
ending on exactly the stored state."""

from __future__ import annotations

from typing import Any

import msgspec
import orjson

from rulesets.core.host import get_ruleset


def stored_entries(app, session_id: str) -> list[dict[str, Any]]:
    """The log as the store holds it (actions in full), for the test's own eyes only."""
    return [orjson.loads(raw) for raw in app.extensions["sessions"].store.read_log(session_id).entries]


def replays_to_the_stored_state(app, session_id: str) -> list[dict[str, Any]]:
    store = app.extensions["sessions"].store
    snapshot = store.snapshot(session_id)
    meta, state = orjson.loads(snapshot.meta), orjson.loads(snapshot.state)
    ruleset = get_ruleset(meta["game"])
    entries = stored_entries(app, session_id)
    assert all(entry.get("type", "action") == "action" for entry in entries)
    for entry in entries:
        assert entry["action"]["player"] == entry["seat"]
    first = meta.get("first_player")
    replayed = ruleset.replay(meta["players"], state["rng"]["seed"], meta["options"], [e["action"] for e in entries],
                              first_player=first, colors=meta.get("colors"), salt=state["rng"]["salt"])
    assert msgspec.json.encode(replayed) == snapshot.state
    return entries
