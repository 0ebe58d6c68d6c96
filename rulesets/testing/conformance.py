"""Conformance: the generic suite every game must pass, run on any ``Ruleset`` object.

``conformance(ruleset)`` runs every check of ``CONFORMANCE_CHECKS`` in order and raises
``ConformanceFailure`` (an ``AssertionError``) naming the first check that failed. The game
need not be registered, and no test runner is needed: the checks are plain code with seeded
randomness, the same every run. A test suite parametrizes over the checks for one report
per (game, check)::

    @pytest.mark.parametrize("check", CONFORMANCE_CHECKS)
    def test_conformance(check):
        run_check(MY_RULESET, check, secrets=MY_SECRETS)

The checks: metadata, set-up for every player count (round trip, determinism, refusals),
foreign states refused, the seed secret, seeded random playouts (accepted iff listed, nudged
actions refused, no mutation, determinism), replay, noninterference (what a seat may not know, as
the game's ``Secrets`` say, changes nothing it is told), views fitting the derived view schema,
mangled states and actions refused cleanly, and
every refusal seen having its code in ``refusal_catalogue()``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator, Mapping, Protocol

import jsonschema_rs
import msgspec
import orjson

from rulesets.core.codec import canonical_json, to_builtins
from rulesets.core.contract import Ruleset
from rulesets.core.errors import InvalidState, RulesetError
from rulesets.core.events import members as event_members
from rulesets.core.secrecy import unseen_strings
from rulesets.core.view_schema import state_view_json_schema

from .noninterference import Secrets, check_noninterference as check_noninterference_for
from .playout import ContractBroken, nudged_actions, random_playout

DEFAULT_SEED = "conformance"


class ConformanceFailure(AssertionError):
    """A conformance check failed; ``check`` names it, ``game`` the ruleset."""

    def __init__(self, game: str, check: str, message: str) -> None:
        super().__init__(f"{game}: conformance check {check!r} failed: {message}")
        self.game = game
        self.check = check


class Check(Protocol):
    """A conformance check: raises ``AssertionError`` (or ``ContractBroken``) when the ruleset fails it."""

    def __call__(self, ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                 seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None: ...


def counts_of(ruleset: Ruleset[Any, Any], player_counts: list[int] | None) -> list[int]:
    return list(player_counts) if player_counts is not None else list(range(ruleset.min_players,
                                                                              ruleset.max_players + 1))


# ---------------------------------------------------------------------- shared games
_games: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def _played(ruleset: Ruleset[Any, Any], players: int, seed: str) -> list[dict[str, Any]]:
    """The actions of a seeded whole game (a light playout, cached per ruleset type, count and seed)."""
    key = (type(ruleset), ruleset.id, players, seed)
    if key not in _games:
        _games[key] = random_playout(ruleset, players, seed, sample_legal=0, nudges=0).actions
    return _games[key]


def _states(ruleset: Ruleset[Any, Any], players: int, seed: str) -> Iterator[tuple[Any, list[Any], Any]]:
    """(state, events that led to it, action played from it) along a cached game; the last has action None."""
    state = ruleset.setup(players, seed)
    events: list[Any] = []
    for action in _played(ruleset, players, seed):
        yield state, events, action
        state, events = ruleset.apply(state, action)
    yield state, events, None


def _midgame(ruleset: Ruleset[Any, Any], seed: str) -> tuple[Any, dict[str, Any]]:
    actions = _played(ruleset, ruleset.max_players, seed)
    state = ruleset.setup(ruleset.max_players, seed)
    for action in actions[: len(actions) // 2]:
        state, _ = ruleset.apply(state, action)
    return state, actions[len(actions) // 2]


# ---------------------------------------------------------------------- the checks
def check_metadata(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                   seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """The metadata names the game, a player range, its options and a rule index."""
    meta = ruleset.metadata(detailed=True)
    assert meta["id"] == ruleset.id, f"metadata id {meta['id']!r} is not the ruleset's {ruleset.id!r}"
    assert meta["min_players"] <= meta["max_players"], "min_players exceeds max_players"
    assert meta["rules"], "a ruleset must publish its rule index"
    for option in meta["options"]:
        assert {"name", "default", "description"} <= option.keys(), f"option {option} lacks name/default/description"
    low, high = ruleset.player_range(ruleset.resolve_options({}))
    assert ruleset.min_players <= low <= high <= ruleset.max_players, f"player_range {low}-{high} outside the game's"


def check_setup(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Every player count sets up a live game that survives its JSON round trip; the seed decides it all."""
    for players in counts_of(ruleset, player_counts):
        state = ruleset.setup(players, seed=f"{seed}-rt-{players}")
        again = ruleset.load_state(orjson.loads(orjson.dumps(to_builtins(state))))
        assert canonical_json(again) == canonical_json(state), f"{players}p: the set-up does not round-trip"
        assert not ruleset.status(state).game_over, f"{players}p: the game is over at set-up"
    players = ruleset.max_players
    first, second = ruleset.setup(players, seed=f"{seed}-99"), ruleset.setup(players, seed=f"{seed}-99")
    assert canonical_json(first) == canonical_json(second), "setup is not deterministic from its seed"
    assert canonical_json(first) != canonical_json(ruleset.setup(players, seed=f"{seed}-100")), \
        "two seeds gave the same set-up"


def check_player_count_refused(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None,
                               playouts: int = 2, seed: str = DEFAULT_SEED,
                               secrets: Secrets[Any] | None = None) -> None:
    """A player count outside the range is refused as ``invalid_player_count``."""
    for players in (0, ruleset.min_players - 1, ruleset.max_players + 1):
        try:
            ruleset.setup(players, seed=seed)
        except RulesetError as refusal:
            assert refusal.code == "invalid_player_count", f"{players} players: refused as {refusal.code}"
        else:
            raise AssertionError(f"{players} players were accepted")


def check_foreign_state_refused(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None,
                                playouts: int = 2, seed: str = DEFAULT_SEED,
                               secrets: Secrets[Any] | None = None) -> None:
    """Another game's state, or another rules version's, is refused at its path."""
    raw = to_builtins(ruleset.setup(ruleset.max_players, seed=seed))
    for edit, code, path in (({"game": "not-" + ruleset.id}, "wrong_game", "$.game"),
                             ({"rules_version": "0.0-old"}, "rules_version_mismatch", "$.rules_version")):
        try:
            ruleset.load_state({**raw, **edit})
        except InvalidState as refusal:
            assert (refusal.code, refusal.path) == (code, path), f"{edit}: {refusal.code} at {refusal.path}"
        else:
            raise AssertionError(f"a state with {edit} loaded")


def check_seed_secret(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                      seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """No view shows the seed or the generator; every secrecy declaration hides the seed."""
    secret = f"secret-seed-{seed}-4f1c2a"
    state = ruleset.setup(ruleset.max_players, secret)
    for viewer in [None, *range(ruleset.max_players)]:
        assert secret in unseen_strings(state, viewer, state), f"seat {viewer}: the seed is not declared secret"
        text = orjson.dumps(ruleset.view(state, viewer)).decode()
        assert secret not in text, f"seat {viewer}'s view shows the seed"
        assert '"rng"' not in text, f"seat {viewer}'s view holds the generator"


class _Recording:
    """A ruleset seen through a recorder of every refusal code ``apply`` and ``load_action`` raise."""

    def __init__(self, ruleset: Ruleset[Any, Any]) -> None:
        self._ruleset = ruleset
        self.codes: dict[str, str] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)

    def _recorded(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except RulesetError as refusal:
            self.codes.setdefault(refusal.code, refusal.detail)
            raise

    def apply(self, *args: Any, **kwargs: Any) -> Any:
        return self._recorded(self._ruleset.apply, *args, **kwargs)

    def load_action(self, *args: Any, **kwargs: Any) -> Any:
        return self._recorded(self._ruleset.load_action, *args, **kwargs)

    def uncatalogued(self) -> dict[str, str]:
        known = {entry.code for entry, _ in self._ruleset.refusal_catalogue()}
        return {code: detail for code, detail in self.codes.items() if code not in known}


def check_playouts(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                   seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Seeded random whole games for every player count: listed actions accepted, nudged ones refused, apply
    pure and deterministic, a seat always able to act; and every refusal met is in the catalogue."""
    recorder = _Recording(ruleset)
    typed: Any = recorder
    for players in counts_of(ruleset, player_counts):
        for n in range(playouts):
            done = random_playout(typed, players, f"{seed}-{n}", sample_legal=2, nudges=3)
            assert ruleset.status(done.state).game_over
    strays = recorder.uncatalogued()
    assert not strays, f"refusal codes not in refusal_catalogue(): {strays}"


def check_replay(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                 seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Replaying a finished game's actions from its seed lands on the same final state."""
    players = ruleset.max_players
    final = None
    for final, _, _ in _states(ruleset, players, seed):
        pass
    replayed = ruleset.replay(players, seed, {}, _played(ruleset, players, seed))
    assert canonical_json(replayed) == canonical_json(final), "the replay differs from the game"


#: positions per player count the noninterference check compares, per playout asked for (the default of
#: two playouts gives the 200 a game's proof needs).
NONINTERFERENCE_POSITIONS_PER_PLAYOUT = 100


def check_noninterference(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                          seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """What a seat may not know changes nothing it is told (``rulesets.testing.noninterference``), at
    ``NONINTERFERENCE_POSITIONS_PER_PLAYOUT`` positions per player count and playout asked for; every
    event is of a declared type.

    The game's tests supply ``secrets``, written from its rulebook: without them this check fails, since
    no check drawn from the game's own markers can tell a missing one."""
    assert secrets is not None, ("no Secrets given: write, from the rulebook, which states a seat cannot tell "
                                 "apart (rulesets.testing.noninterference.Secrets) and pass secrets= to conformance")
    kinds = tuple(event_members(ruleset.Event))
    for players in counts_of(ruleset, player_counts):
        for step, (_, events, _) in enumerate(_states(ruleset, players, f"{seed}-events")):
            strays = sorted({type(e).__name__ for e in events if not isinstance(e, kinds)})
            assert not strays, f"{players}p step {step}: event types nobody declared: {strays}"
        positions = NONINTERFERENCE_POSITIONS_PER_PLAYOUT * playouts
        report = check_noninterference_for(ruleset, secrets, players, positions=positions,
                                           seed=f"{seed}-ni", stop_at_first=True)
        assert report.failure is None, report.failure
        assert report.changed_twins, f"{players}p: the twins never differed from their states"


def check_view_schema(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                      seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Every view (every seat and a spectator) along a game fits the schema core derives from the markers."""
    root, components = state_view_json_schema(ruleset.State, "#/$defs/{name}")
    validator = jsonschema_rs.Draft202012Validator({"$defs": components, **root})
    counts = counts_of(ruleset, player_counts)
    for players in sorted({counts[0], counts[-1]}):
        for step, (state, _, _) in enumerate(_states(ruleset, players, seed)):
            if step > 60:
                break
            if step % 3:
                continue
            for viewer in [None, *range(players)]:
                wire = msgspec.json.decode(msgspec.json.encode(ruleset.view(state, viewer)))
                errors = list(validator.iter_errors(wire))
                assert not errors, (f"{players}p step {step} seat {viewer}: {errors[0].message} at "
                                    f"{errors[0].instance_path}")


_REPLACEMENTS: list[Any] = [-1, -1000, 10**12, 0, 1, 2, "x", "", None, True, [], {}, [0], {"a": 1}, 1.5]


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path (keys and indexes) of every node of a JSON document, the root's ``()`` first."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from json_paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from json_paths(inner, (*path, index))


def mangle(document: Any, choice: random.Random) -> Any:
    """A copy of a JSON document with one edit: a member dropped, an item doubled, a number moved, a value
    replaced."""
    document = orjson.loads(orjson.dumps(document))
    paths = [p for p in json_paths(document) if p]
    if not paths:
        return choice.choice(_REPLACEMENTS)
    path = choice.choice(paths)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = choice.randrange(4)
    if how == 0 and isinstance(parent, dict):
        del parent[last]
    elif how == 1 and isinstance(parent, list):
        parent.append(parent[last])
    elif how == 2 and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = parent[last] + choice.choice([-1, 1, -100, 100])
    else:
        parent[last] = choice.choice(_REPLACEMENTS)
    return document


#: how many seeded mangles the two mangling checks try per playout asked for.
MANGLES_PER_PLAYOUT = 100


def check_mangled_state(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                        seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Any one edit of a valid mid-game state is refused as ``InvalidState`` at a ``$`` path, or is playable."""
    state, _ = _midgame(ruleset, seed)
    raw = to_builtins(state)
    for n in range(MANGLES_PER_PLAYOUT * playouts):
        mangled = mangle(raw, random.Random(f"{seed}-state-{n}"))
        try:
            loaded = ruleset.load_state(mangled)
        except InvalidState as refusal:
            assert refusal.path.startswith("$"), f"mangle {n}: refusal path {refusal.path!r}"
            continue
        try:
            for player in ruleset.status(loaded).active_players:
                for action in ruleset.legal_actions(loaded, player)[:5]:
                    ruleset.apply(loaded, action)
            ruleset.view(loaded, None)
        except Exception as crash:
            raise AssertionError(f"mangle {n}: a state load_state accepted is not playable: {crash!r}") from crash


def check_mangled_action(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                         seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Any one edit of a legal action is accepted or refused with a catalogued ``RulesetError``, never a crash."""
    state, action = _midgame(ruleset, seed)
    before = canonical_json(state)
    recorder = _Recording(ruleset)
    tries = [mangle(action, random.Random(f"{seed}-action-{n}")) for n in range(MANGLES_PER_PLAYOUT * playouts)]
    tries += list(nudged_actions(action, ruleset.max_players))
    for n, mangled in enumerate(tries):
        try:
            recorder.apply(state, mangled)
        except RulesetError:
            pass
        except Exception as crash:
            raise AssertionError(f"{mangled} crashed apply instead of a refusal: {crash!r}") from crash
    assert canonical_json(state) == before, "apply of a mangled action changed its input state"
    strays = recorder.uncatalogued()
    assert not strays, f"refusal codes not in refusal_catalogue(): {strays}"


#: the generic suite, in the order ``conformance`` runs it.
CONFORMANCE_CHECKS: dict[str, Check] = {
    "metadata": check_metadata,
    "setup": check_setup,
    "player_count_refused": check_player_count_refused,
    "foreign_state_refused": check_foreign_state_refused,
    "seed_secret": check_seed_secret,
    "playouts": check_playouts,
    "replay": check_replay,
    "noninterference": check_noninterference,
    "view_schema": check_view_schema,
    "mangled_state": check_mangled_state,
    "mangled_action": check_mangled_action,
}


def run_check(ruleset: Ruleset[Any, Any], check: str | Check, *, player_counts: list[int] | None = None,
              playouts: int = 2, seed: str = DEFAULT_SEED, secrets: Secrets[Any] | None = None) -> None:
    """Run one check (a name of ``CONFORMANCE_CHECKS``, or a check function); any failure or crash is raised
    as ``ConformanceFailure`` naming it."""
    name = check if isinstance(check, str) else getattr(check, "__name__", repr(check))
    function = CONFORMANCE_CHECKS[check] if isinstance(check, str) else check
    try:
        function(ruleset, player_counts=player_counts, playouts=playouts, seed=seed, secrets=secrets)
    except ConformanceFailure:
        raise
    except ContractBroken as broken:
        raise ConformanceFailure(ruleset.id, name, f"contract broken: {broken}") from broken
    except AssertionError as failed:
        raise ConformanceFailure(ruleset.id, name, str(failed) or repr(failed)) from failed
    except Exception as crash:
        raise ConformanceFailure(ruleset.id, name, f"crashed: {crash!r}") from crash


def conformance(ruleset: Ruleset[Any, Any], *, player_counts: list[int] | None = None, playouts: int = 2,
                seed: str = DEFAULT_SEED, checks: Mapping[str, Check] | None = None,
                secrets: Secrets[Any] | None = None) -> None:
    """Run the whole generic suite (or ``checks``) on ``ruleset``, registered or not, in order; raise
    ``ConformanceFailure`` naming the first check that fails.

    ``player_counts`` defaults to every count from ``min_players`` to ``max_players``; ``playouts`` is the
    number of seeded random whole games per count (and scales the number of mangles).
    """
    for name, function in (checks or CONFORMANCE_CHECKS).items():
        try:
            run_check(ruleset, function, player_counts=player_counts, playouts=playouts, seed=seed,
                      secrets=secrets)
        except ConformanceFailure as failure:
            raise ConformanceFailure(ruleset.id, name, str(failure.__cause__ or failure)) from failure.__cause__
