"""legal_actions is exact: on positions met in play, every candidate action of the turn (every hex,
value, footprint and village position) is accepted by apply exactly when it is listed."""

from __future__ import annotations

import itertools

import pytest

from rulesets.core import RulesetError, canonical_json
from rulesets.java.board import ENTRY_REGIONS, FOOTPRINTS, HEXES, N
from rulesets.java.components import PALACE_VALUES, TILE_SIZE, TILE_TYPES, TILE_VILLAGES
from rulesets.java.land import Land

from .playouts import Figures, quick_playout
from .scenario import R


def _accepted(state, action) -> bool:
    try:
        R.apply(state, action)
    except RulesetError:
        return False
    return True


def _candidates(state, seat, with_tiles: bool):
    land = Land(state)
    out = [{"type": "use_action_token"}, {"type": "end_turn"},
           {"type": "take_festival_card", "source": "face_up"}, {"type": "take_festival_card", "source": "deck"}]
    for h in HEXES:
        i = HEXES.index(h)
        out.append({"type": "enter_developer", "to": h})
        out.append({"type": "place_irrigation", "hex": h})
        for region in ENTRY_REGIONS[i]:
            out.append({"type": "enter_developer", "to": h, "via": region})
        if land.dev[i] == seat:
            out.append({"type": "exit_developer", "from": h})
            for region in ENTRY_REGIONS[i]:
                out.append({"type": "exit_developer", "from": h, "via": region})
            out.extend({"type": "move_developer", "from": h, "to": g} for g in HEXES if g != h)
        if land.village[i]:
            out.extend({"type": "build_palace", "hex": h, "value": v} for v in PALACE_VALUES)
    for palace in state.palaces:
        out.extend({"type": "extend_palace", "palace": palace.hex, "value": v} for v in PALACE_VALUES)
    if with_tiles:
        for kind in TILE_TYPES:
            for fp in FOOTPRINTS[TILE_SIZE[kind]]:
                villages = fp.hexes if TILE_VILLAGES[kind] and TILE_SIZE[kind] > 1 else [None]
                for v in villages:
                    out.append({"type": "place_tile", "tile": kind, "hexes": list(fp.hexes), "village": v})
    return [{**a, "player": seat} for a in out]


def _same_move(action: dict) -> dict:
    """The canonical form of an accepted action (a via naming the cheapest region is the default)."""
    if action.get("via") is not None:
        i = HEXES.index(tuple(action.get("to") or action.get("from")))
        from rulesets.java.board import ENTER_COST
        if ENTER_COST[action["via"]] == min(ENTER_COST[r] for r in ENTRY_REGIONS[i]):
            action = {k: v for k, v in action.items() if k != "via"}
    return action


def _positions():
    seen = []
    original = R.apply

    def spy(state, action, **kwargs):
        if state.phase == "actions":
            seen.append(state)
        return original(state, action, **kwargs)

    R.apply = spy  # type: ignore[method-assign]
    try:
        quick_playout(3, 21, Figures())
    finally:
        R.apply = original  # type: ignore[method-assign]
    return [seen[k] for k in (5, len(seen) // 3, len(seen) // 2, 2 * len(seen) // 3, len(seen) - 3)]


POSITIONS = _positions()


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_java_3_4_every_turn_action_accepted_exactly_when_listed(index):
    """JAVA-3.4, JAVA-4.1 to 8.1: actions A to I, every candidate, accepted iff listed (canonical forms)."""
    state = POSITIONS[index]
    seat = state.turn.active
    listed = {canonical_json(R.load_action(a)) for a in
              (R.dump(x) for x in R.legal_actions(state, seat)) if a["type"] != "declare_festival"}
    with_tiles = index in (0, 1, 3)
    accepted = set()
    for raw in _candidates(state, seat, with_tiles):
        if _accepted(state, raw):
            accepted.add(canonical_json(R.load_action(_same_move(raw))))
    if not with_tiles:
        listed = {a for a in listed if b'"place_tile"' not in a}
    assert accepted == listed
    assert list(itertools.islice(accepted, 1)) and N
