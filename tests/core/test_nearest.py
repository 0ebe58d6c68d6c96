"""``nearest`` (issue 25): up to three legal actions of the refusing seat, of the refused action's
type, fewest differing top-level fields first, in the game's order on ties; only that type enumerated."""

from __future__ import annotations

from rulesets import get_ruleset
from rulesets.core.host import IllegalAction, offer_nearest, to_builtins
from rulesets.core.nearest import nearest_actions

SOLENIA = get_ruleset("solenia")


def _fields_apart(one: dict, other: dict) -> int:
    return sum(1 for key in one.keys() | other.keys() if one.get(key) != other.get(key))


def _state():
    return SOLENIA.setup(2, seed="nearest")


def test_nearest_are_the_closest_legal_actions_of_that_type_in_the_games_order():
    state = _state()
    legal = [to_builtins(a) for a in SOLENIA.legal_actions(state, 0)]
    refused = {**legal[-1], "card": "orange-99"}  # not in hand: SOL-2.2
    nearest = nearest_actions(SOLENIA, state, refused)
    by_closeness = sorted(range(len(legal)), key=lambda i: (_fields_apart(refused, legal[i]), i))
    assert nearest == [legal[i] for i in by_closeness[:3]]
    assert all(SOLENIA.apply(state, action) for action in nearest)  # each accepted
    assert nearest == nearest_actions(SOLENIA, state, refused)  # deterministic


def test_only_the_refused_type_is_enumerated(monkeypatch):
    state = _state()
    action = {**to_builtins(SOLENIA.legal_actions(state, 0)[0]), "card": "orange-99"}
    asked = []
    enumerate_actions = type(SOLENIA).enumerate_actions

    def spy(self, state, player, types):
        asked.append(types)
        return enumerate_actions(self, state, player, types)

    monkeypatch.setattr(type(SOLENIA), "enumerate_actions", spy)
    nearest_actions(SOLENIA, state, action)
    assert asked == [frozenset({"play_card"})]


def test_a_seat_without_legal_actions_of_that_type_gets_none():
    state = _state()
    action = {**to_builtins(SOLENIA.legal_actions(state, 0)[0]), "player": 1}  # not seat 1's turn: SOL-2.1
    try:
        SOLENIA.apply(state, action)
    except IllegalAction as refusal:
        offer_nearest(refusal, SOLENIA, state, action)
        assert refusal.code == "not_your_turn" and refusal.nearest is None
    else:
        raise AssertionError("seat 1 acted out of turn")
    assert nearest_actions(SOLENIA, state, {"type": "play_card", "player": 7}) == []
    assert nearest_actions(SOLENIA, state, {"type": "fly", "player": 0}) == []  # not an action of the game


def test_a_refusal_carries_explain_where_the_rule_compares_amounts():
    """SOL-3.3: reaching the space costs what it costs; the refusal says what was needed and offered."""
    state = _state()
    action = {**to_builtins(SOLENIA.legal_actions(state, 0)[0]), "lengthen_payment": {"stone": 1}}
    try:
        SOLENIA.apply(state, action)
    except IllegalAction as refusal:
        assert refusal.code == "lengthen_payment_mismatch" and refusal.rule == "SOL-3.3"
        assert refusal.explain is not None
        assert refusal.explain["offered"] == {"resources": 1} and "needed" in refusal.explain
        assert refusal.explain["space"] == action["space"]
    else:
        raise AssertionError("an overpaid lengthening was accepted")
