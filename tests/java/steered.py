"""Java as the noninterference property sees it, its legal lists cut so that random play reaches the cards.

A Java turn lists thousands of tile placements (JAVA-4) and a handful of card and festival actions
(JAVA-9, 10): seeded random playouts that pick uniformly place tiles and almost never build a palace or
hold a festival, and the property, which tries a few listed actions at each position, almost never tries
a draw. ``Steered`` is the ruleset with the board's action types cut to a few entries (developers kept
that walk into villages and cities, so palaces rise and festivals find co-participants), the card,
palace and festival actions kept whole. The cut reads only the full list and the public board, so a
state and its twin that list the same actions list the same few. The property on ``RULESET`` itself is
run too (test_noninterference.py); this one reaches festivals and draws.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping

from rulesets.core.contract import Ruleset
from rulesets.java.board import INDEX
from rulesets.java.land import Land

#: the most actions of a type kept from a list (types not named: all of them)
KEPT = {"place_tile": 1, "enter_developer": 3, "move_developer": 6, "exit_developer": 0, "place_irrigation": 0}
#: listed alone whenever they are listed: a festival or a palace as soon as one may be held or built
FIRST = ("declare_festival", "build_palace", "extend_palace")
#: developers a seat keeps in its supply (JAVA-1.4: 12), so the board does not clog up with them
RESERVE = 6


def _tag(action: Any) -> str:
    tag: str = action.__struct_config__.tag
    return tag


def _pull(state: Any, actions: list[Any]) -> Callable[[int], int]:
    """How far from a festival the developer of ``actions[i]`` goes: 0 into a city, 1 into a village, 2 else."""
    land = Land(state)
    labels, cities = land.groups(), land.palaces_by_group()

    def pull(i: int) -> int:
        at = INDEX[tuple(actions[i].to)]
        return 0 if labels[at] in cities else 1 if land.village[at] else 2
    return pull


def thinned(state: Any, actions: list[Any], kept_of: Mapping[str, int] = KEPT) -> list[Any]:
    """The festivals or palaces alone if any are listed (``FIRST``); else at most ``kept_of[type]`` actions of
    each type, in the list's order, evenly spaced: tiles among the triples (so games end), developers among
    those going into a city, else into a village, else anywhere."""
    by_type: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        by_type.setdefault(_tag(action), []).append(index)
    for first in FIRST:
        if first in by_type:
            by_type = {first: by_type[first]}
            break
    pull = _pull(state, actions) if by_type.keys() & {"enter_developer", "move_developer"} else None
    kept: set[int] = set()
    for name, indices in by_type.items():
        most = kept_of.get(name, len(indices))
        if name == "enter_developer" and state.players[actions[indices[0]].player].developer_supply <= RESERVE:
            most = 0
        if not most:
            continue
        if name == "place_tile":
            triples = [i for i in indices if actions[i].tile == "triple"]
            indices = triples or indices
        if pull is not None and name in ("enter_developer", "move_developer"):
            best = min(pull(i) for i in indices)
            indices = [i for i in indices if pull(i) == best]
        step = max(1, len(indices) // most)
        kept.update(indices[::step][:most])
    return [action for index, action in enumerate(actions) if index in kept]


class Steered:
    """``ruleset`` with every legal list cut (``thinned``); everything else is the ruleset's own."""

    def __init__(self, ruleset: Ruleset[Any, Any], kept_of: Mapping[str, int] = KEPT) -> None:
        self._ruleset, self._kept_of = ruleset, kept_of

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)

    def legal_actions(self, state: Any, player: int, types: Collection[str] | None = None,
                      where: Mapping[str, Any] | None = None) -> list[Any]:
        return thinned(state, self._ruleset.legal_actions(state, player, types, where), self._kept_of)
