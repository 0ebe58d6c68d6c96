"""Whether an applied action revealed nothing: the test a host's undo policy asks core.

Taking an action back is harmless only when nobody learned anything from it. What the action
showed is judged from three things core holds, never from the game's own code:

1. **no chance**: the random counter is the same before and after (no draw, shuffle or die:
   every one of them advances it);
2. **no private word**: no event is a :class:`~rulesets.core.events.PrivateEvent`, and no
   event carries a field marked other than public (a field only its owner sees is a private
   word to that owner);
3. **nothing hidden came into sight**: for every viewer (each seat and the spectator), each
   value the declarations kept from that viewer in the state before (a leaf of a hidden or
   private field, or of a sealed one not yet revealed) is still kept from it after, counted
   as a multiset; and no string an event shows a viewer was kept from it before. A card
   moved from a face-down deck to a face-up row, a card played from a hand, a sealed bid
   opened, a tile drawn from a pre-shuffled bag: each takes a value out of some viewer's
   hidden part, and each fails this test.

The test is sound in the direction that matters (an action it passes moved nothing out of
anyone's sight), and deliberately coarse: a hidden value that an action merely changes or
discards, or a public string that happens to equal a hidden one, also fails it, which only
means the host asks the other seats' consent. What no comparison of states can see is a
rule whose public effect depends on a hidden value it leaves in place; no game here has
one outside its chance draws and private events, and a game that adds one must emit the
private event it owes (its noninterference test says so).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

import msgspec

from .events import _shown_whole, is_private
from .secrecy import leaves


class _Split:
    """The leaves of a state one viewer sees and does not see, each counted."""

    def __init__(self, state: Any, viewer: int | None) -> None:
        self.hidden: Counter[Any] = Counter()
        self.shown: Counter[Any] = Counter()
        for leaf, visible in leaves(state, viewer, state):
            (self.shown if visible else self.hidden)[_leaf(leaf)] += 1


def _leaf(value: Any) -> Any:
    """A leaf as a multiset key: its type and value (so ``True`` is not ``1``)."""
    try:
        hash(value)
    except TypeError:
        value = repr(value)
    return type(value).__name__, value


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def revealed_nothing(before: Any, after: Any, events: Iterable[Any], players: int) -> bool:
    """True when the action that turned ``before`` into ``after`` (emitting ``events``, the game's
    event Structs) used no chance and showed no seat, nor a spectator, anything it could not see.

    ``before`` is left as it was; both states are the game's state Structs.
    """
    if before.rng.counter != after.rng.counter or before.rng.seed != after.rng.seed:
        return False
    events = list(events)
    for event in events:
        kind: type = type(event)
        if is_private(event) or not _shown_whole(kind):
            return False
    shown_events = list(_strings(msgspec.to_builtins(events)))
    for viewer in [None, *range(players)]:
        was, now = _Split(before, viewer), _Split(after, viewer)
        if any(now.hidden[leaf] < count for leaf, count in was.hidden.items()):
            return False
        if any(("str", text) in was.hidden for text in shown_events):
            return False
    return True


__all__ = ["revealed_nothing"]
