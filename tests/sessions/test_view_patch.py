"""service.sessions.view_patch: the stream's view patches are valid RFC 6902 (checked with jsonpatch)."""

from __future__ import annotations

import copy
import random

import jsonpatch
import orjson
import pytest

from rulesets import get_ruleset
from service.sessions.view_patch import make_patch

CASES = [
    ({"a": 1}, {"a": 1}),
    ({"a": 1}, {"a": True}),
    ({"a": 1}, {"a": 1.0}),
    ({"a": [1, 2, 3]}, {"a": [1, 3]}),
    ({"a": [1]}, {"a": [1, {"b": None}, 4]}),
    ({"a/b": {"~c": 1}}, {"a/b": {"~c": 2}, "": 0}),
    ([1, [2, 3]], {"x": 1}),
    ({"gone": 1, "kept": {"x": []}}, {"kept": {"x": [[]]}}),
]


@pytest.mark.parametrize("before, after", CASES)
def test_the_patch_turns_before_into_after(before, after):
    patched = jsonpatch.apply_patch(copy.deepcopy(before), make_patch(before, after))
    assert orjson.dumps(patched) == orjson.dumps(after)  # bytes: True and 1 must not pass for each other


def test_equal_views_give_an_empty_patch():
    assert make_patch({"a": [1, {"b": "c"}]}, {"a": [1, {"b": "c"}]}) == []


@pytest.mark.parametrize("game", ["solenia", "java", "golden_city", "kingdom_of_solomon", "mines_of_zavandor"])
def test_every_step_of_a_random_game_for_every_seat(game):
    ruleset = get_ruleset(game)
    chooser = random.Random(game)
    state = ruleset.setup(3, f"patch-{game}")
    steps = 0
    while not ruleset.status(state).game_over and steps < 150:
        seat = ruleset.status(state).active_players[0]
        before = [orjson.loads(orjson.dumps(ruleset.view(state, s))) for s in (0, 1, 2, None)]
        state, _ = ruleset.apply(state, chooser.choice(ruleset.legal_actions(state, seat)))
        for s, old in zip((0, 1, 2, None), before):
            new = orjson.loads(orjson.dumps(ruleset.view(state, s)))
            assert jsonpatch.apply_patch(copy.deepcopy(old), make_patch(old, new)) == new
        steps += 1
    assert steps > 10
