"""The contract, held against every registered game.

These tests know no game: they take each ruleset from the registry and check what
the design promises of all of them (setup for every player count, round trips,
refusing foreign states, redaction of the seed, replays, and that a mangled state or
action is refused with a ``RulesetError``, never a crash).
"""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets import get_ruleset, ruleset_ids
from rulesets.core import InvalidState, RulesetError, canonical_json, to_builtins
from rulesets.testing.playout import random_playout

GAMES = ruleset_ids()


def player_counts(ruleset):
    return range(ruleset.min_players, ruleset.max_players + 1)


@pytest.mark.parametrize("game", GAMES)
def test_metadata_lists_options_and_rule_index(game):
    ruleset = get_ruleset(game)
    meta = ruleset.metadata(detailed=True)
    assert meta["id"] == game
    assert meta["min_players"] <= meta["max_players"]
    assert meta["rules"], "a ruleset must publish its rule index"
    for option in meta["options"]:
        assert {"name", "default", "description"} <= option.keys()


@pytest.mark.parametrize("game", GAMES)
def test_setup_every_player_count_round_trips(game):
    ruleset = get_ruleset(game)
    for players in player_counts(ruleset):
        state = ruleset.setup(players, seed=f"rt-{players}")
        raw = orjson.loads(orjson.dumps(to_builtins(state)))
        again = ruleset.load_state(raw)
        assert canonical_json(again) == canonical_json(state)
        assert not ruleset.status(state).game_over


@pytest.mark.parametrize("game", GAMES)
def test_setup_is_deterministic_from_its_seed(game):
    ruleset = get_ruleset(game)
    players = ruleset.max_players
    assert canonical_json(ruleset.setup(players, seed=99)) == canonical_json(ruleset.setup(players, seed=99))
    assert canonical_json(ruleset.setup(players, seed=99)) != canonical_json(ruleset.setup(players, seed=100))


@pytest.mark.parametrize("game", GAMES)
def test_player_count_outside_range_is_refused(game):
    ruleset = get_ruleset(game)
    for players in (0, ruleset.max_players + 1):
        with pytest.raises(RulesetError) as refusal:
            ruleset.setup(players, seed=1)
        assert refusal.value.code == "invalid_player_count"


@pytest.mark.parametrize("game", GAMES)
def test_foreign_game_and_rules_version_are_refused(game):
    ruleset = get_ruleset(game)
    raw = to_builtins(ruleset.setup(ruleset.max_players, seed=5))
    with pytest.raises(InvalidState) as foreign:
        ruleset.load_state({**raw, "game": "not-" + game})
    assert foreign.value.code == "wrong_game" and foreign.value.path == "$.game"
    with pytest.raises(InvalidState) as old:
        ruleset.load_state({**raw, "rules_version": "0.0-old"})
    assert old.value.code == "rules_version_mismatch" and old.value.path == "$.rules_version"


@pytest.mark.parametrize("game", GAMES)
def test_views_never_show_the_seed(game):
    ruleset = get_ruleset(game)
    seed = "secret-seed-4f1c2a"
    state = ruleset.setup(ruleset.max_players, seed=seed)
    for player in [None, *range(ruleset.max_players)]:
        text = orjson.dumps(ruleset.view(state, player)).decode()
        assert seed not in text
        assert '"rng"' not in text


@pytest.mark.parametrize("game", GAMES)
def test_replay_of_a_finished_game_is_identical(game):
    ruleset = get_ruleset(game)
    players = ruleset.max_players
    playout = random_playout(ruleset, players, seed="replay-1", sample_legal=1, nudges=1)
    assert ruleset.status(playout.state).game_over
    replayed = ruleset.replay(players, "replay-1", playout.options, playout.actions)
    assert canonical_json(replayed) == canonical_json(playout.state)


# --------------------------------------------------------------------- mangling
def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, path + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, path + (index,))
    return found


_REPLACEMENTS = [-1, -1000, 10**12, 0, 1, 2, "x", "", None, True, [], {}, [0], {"a": 1}, 1.5]


def _mangle(document: Any, choice: random.Random) -> Any:
    document = orjson.loads(orjson.dumps(document))
    paths = [p for p in _paths(document) if p]
    path = choice.choice(paths)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = choice.randrange(4)
    if how == 0 and isinstance(parent, dict):
        del parent[last]
    elif how == 1 and isinstance(parent, list):
        parent.append(parent[last])  # a component in two places
    elif how == 2 and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = parent[last] + choice.choice([-1, 1, -100, 100])
    else:
        parent[last] = choice.choice(_REPLACEMENTS)
    return document


_midgame: dict[str, tuple[Any, Any]] = {}

#: Each fuzz test: 300 mangles per game, the same ones every run.
fuzzed = lambda test: settings(max_examples=300, deadline=None, derandomize=True,  # noqa: E731
                               suppress_health_check=[HealthCheck.too_slow])(
    given(mangle_seed=st.integers(0, 2**32))(test))


def _midgame_state(game: str):
    if game not in _midgame:
        ruleset = get_ruleset(game)
        playout = random_playout(ruleset, ruleset.max_players, seed="mangle", sample_legal=0, nudges=0)
        replay = ruleset.setup(ruleset.max_players, "mangle", playout.options)
        for action in playout.actions[: len(playout.actions) // 2]:
            replay, _ = ruleset.apply(replay, action)
        _midgame[game] = (replay, playout.actions[len(playout.actions) // 2])
    return _midgame[game]


@pytest.mark.parametrize("game", GAMES)
@fuzzed
def test_a_mangled_state_is_refused_cleanly_or_still_playable(game, mangle_seed):
    """Any edit of a valid state is either refused as ``InvalidState`` or fully playable."""
    ruleset = get_ruleset(game)
    state, _ = _midgame_state(game)
    mangled = _mangle(to_builtins(state), random.Random(mangle_seed))
    try:
        loaded = ruleset.load_state(mangled)
    except InvalidState as refusal:
        assert refusal.path.startswith("$")
        return
    status = ruleset.status(loaded)
    for player in status.active_players:
        for action in ruleset.legal_actions(loaded, player)[:5]:
            ruleset.apply(loaded, action)
    ruleset.view(loaded, None)


@pytest.mark.parametrize("game", GAMES)
@fuzzed
def test_a_mangled_action_is_refused_cleanly(game, mangle_seed):
    """Any edit of a legal action is accepted or refused with a ``RulesetError``; nothing else."""
    ruleset = get_ruleset(game)
    state, action = _midgame_state(game)
    mangled = _mangle(action, random.Random(mangle_seed))
    try:
        ruleset.apply(state, mangled)
    except RulesetError:
        pass
