"""legal_actions is exact: on positions met in play, every candidate action of the turn (every hex,
value, footprint and village position) is accepted by apply exactly when it is listed."""

from __future__ import annotations

import itertools

import pytest

from rulesets.core.host import canonical_json
from rulesets.testing import assert_exact
from rulesets.java.board import ENTRY_REGIONS, FOOTPRINTS, HEXES, N
from rulesets.java.components import PALACE_VALUES, TILE_SIZE, TILE_TYPES, TILE_VILLAGES
from rulesets.java.land import Land

from .playouts import Figures, quick_playout
from .scenario import R


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
    with_tiles = index in (0, 1, 3)
    # every candidate apply accepts is listed (in its canonical form), and every listed action is accepted
    probed = assert_exact(R, state, _candidates(state, seat, with_tiles), seats=[seat], canonical=_same_move)
    assert probed > N


def _canonical_cards(hand: list[str], cards: list[str]) -> list[str]:
    """The listed form of a play: per symbol set, the lowest ids of the hand (the documented template)."""
    from rulesets.java.components import CARDS
    out = []
    for symbols in {CARDS[c] for c in cards}:
        kind = sorted(c for c in hand if CARDS[c] == symbols)
        out += kind[: sum(1 for c in cards if CARDS[c] == symbols)]
    return sorted(out)


def _festival_positions():
    seen = []
    original = R.apply

    def spy(state, action, **kwargs):
        if state.phase == "festival":
            seen.append(state)
        return original(state, action, **kwargs)

    R.apply = spy  # type: ignore[method-assign]
    try:
        for seed in range(6):
            quick_playout(3, seed, Figures())
    finally:
        R.apply = original  # type: ignore[method-assign]
    return seen[:12]


def _scripted_festivals():
    """Raising and tie-vote positions from hand-built cities (spec 3.4 steps 2 to 4)."""
    from .test_festival import DRUM, MASK, MASK_DRUM, bid, city, declare
    from .scenario import act
    out = []
    state = city(value=8, hands={0: [MASK[0], MASK[1], MASK_DRUM[2]], 1: [MASK[2], MASK[3]], 2: [MASK_DRUM[0]]})
    state, _ = act(state, declare([MASK[0]]))
    state, _ = act(state, bid(1, [MASK[2]]))
    state, _ = act(state, bid(2, [MASK_DRUM[0]]))
    out.append(state)                                   # raising, seat 0 level with the others
    state, _ = act(state, {"type": "festival_propose_tie", "player": 0})
    out.append(state)                                   # tie vote, seat 1 to answer
    hands = {0: [MASK_DRUM[1], DRUM[0], DRUM[4]], 1: [MASK_DRUM[2], DRUM[1], DRUM[2]], 2: [DRUM[3], MASK[0]]}
    state = city(hands=hands, face_up=MASK_DRUM[4])
    state, _ = act(state, declare([DRUM[0]]))
    out.append(state)                                   # joining at a two-symbol festival
    state, _ = act(state, bid(1, [MASK_DRUM[2]]))
    state, _ = act(state, {"type": "festival_pass", "player": 2})
    out.append(state)                                   # raising, the organizer behind
    return out


FESTIVAL_POSITIONS = _festival_positions() + _scripted_festivals()


def test_java_10_9_festival_actions_accepted_exactly_when_listed():
    """JAVA-10.7, 10.9, 10.10: in every festival stage met, each card play (up to the template of
    interchangeable cards), pass, proposal and tie answer is accepted iff listed; other seats have none."""
    assert FESTIVAL_POSITIONS, "the playouts hold festivals with several participants"
    for state in FESTIVAL_POSITIONS:
        seat = state.festival.to_act
        hand = state.players[seat].hand
        candidates = [{"type": "festival_pass"}, {"type": "festival_propose_tie"},
                      {"type": "festival_tie_response", "accept": True}]
        for size in range(0, min(len(hand), 5) + 1):
            for cards in itertools.combinations(sorted(hand), size):
                for tie in (False, True):
                    candidates.append({"type": "festival_bid", "cards": list(cards), "propose_tie": tie})
                candidates.append({"type": "festival_tie_response", "accept": False, "cards": list(cards)})
        def canonical(raw: dict, hand: list[str] = hand) -> dict:
            return {**raw, "cards": _canonical_cards(hand, raw["cards"])} if "cards" in raw else raw
        # accepted plays are listed up to the template; every listed play is accepted
        assert_exact(R, state, [{**raw, "player": seat} for raw in candidates], seats=[seat], canonical=canonical)
        if len(hand) <= 5:  # every play of the hand was a candidate: each listed play is one of them
            tried = {canonical_json(R.load_action(canonical({**raw, "player": seat}))) for raw in candidates}
            assert {canonical_json(a) for a in R.legal_actions(state, seat)} <= tried, seat
        for other in range(len(state.players)):
            if other != seat:
                assert not R.legal_actions(state, other)
