"""The generated Python client plays every game to its end against real gunicorn workers.

The client is generated from ``openapi.yaml`` with default options and must come out
without a warning: a warning means an operation, an answer or a model left out. Then
each game is played through its own typed functions (setup, legal-actions, apply, view),
each seat's move a seeded random pick from its legal actions, and one game through a
session (create, read, legal actions, act, log) with seat tokens. Every answer must parse
as the operation's typed answer for that game, never as a ``Problem`` or another game's.
"""

from __future__ import annotations

import random
import time

import pytest

from bench._common import GunicornServer
from tests.sessions.real_games import real_rulesets, seats_for

from . import python_client as pc

GAMES = real_rulesets()
MAX_STEPS = 3000
#: Seconds a whole game may take through the client (Java's few hundred actions take ~20 s
#: on a quiet machine); far past it, something loops.
MAX_SECONDS_PER_GAME = 240
#: A view is read every few steps, and at the end: each read is a full round trip and parse.
VIEW_EVERY = 10
SESSION_GAME = "kingdom_of_solomon"


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    return pc.generate(tmp_path_factory.mktemp("python-client"))


@pytest.fixture(scope="module")
def sdk(generated):
    _, output = generated
    return pc.load(output)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    # One worker: sessions then live in its memory, as gunicorn.conf.py runs it without Redis.
    with GunicornServer(workers=1, env={"LOG_LEVEL": "WARNING"}, log_path=str(log)) as running:
        yield running


def test_the_generator_reports_nothing(generated):
    printed, output = generated
    assert printed == pc.CLEAN_OUTPUT.format(path=output), printed


def test_every_operation_is_generated(sdk):
    for ruleset in GAMES:
        for name in ("describe", "setup", "legal_actions", "validate", "apply", "view", "replay", "verify"):
            assert hasattr(pc.operation(sdk, ruleset.id, f"{ruleset.id}_{name}"), "sync")
    for name in ("create_session", "read_session", "delete_session", "session_legal_actions", "session_act",
                 "session_log", "session_record"):
        assert hasattr(pc.operation(sdk, "sessions", name), "sync")


def _typed(answer, kind: type):
    assert isinstance(answer, kind), f"expected {kind.__name__}, parsed {type(answer).__name__}: {answer!r}"
    return answer


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_a_whole_game_through_the_typed_functions(sdk, server, ruleset):
    game, prefix = ruleset.id, pc.camel(ruleset.id)
    ops = {name: pc.operation(sdk, game, f"{game}_{name}") for name in ("setup", "legal_actions", "apply", "view")}
    models = {name: pc.model(sdk, prefix + name) for name in (
        "SetupRequest", "SetupResponse", "LegalActionsRequest", "LegalActionsResponse", "StateAndActionRequest",
        "ApplyResponse", "ViewRequest", "ViewResponse")}
    client = sdk.Client(base_url=server.url, raise_on_unexpected_status=True, timeout=60)
    players, seed = seats_for(ruleset), f"sdk-{game}"
    chooser = random.Random(seed)
    started = time.monotonic()

    setup = _typed(ops["setup"].sync(client=client, body=models["SetupRequest"](players=players, seed=seed)),
                   models["SetupResponse"])
    state, status = setup.state, setup.status
    for step in range(MAX_STEPS):
        if status.game_over:
            break
        assert time.monotonic() - started < MAX_SECONDS_PER_GAME, f"{game}: {step} actions so far"
        menus = {}
        for seat in status.active_players:
            listed = ops["legal_actions"].sync(client=client, body=models["LegalActionsRequest"](player=seat,
                                                                                                 state=state))
            menus[seat] = _typed(listed, models["LegalActionsResponse"]).actions
        seat = chooser.choice(sorted(s for s, menu in menus.items() if menu))
        action = chooser.choice(menus[seat])
        applied = _typed(ops["apply"].sync(client=client, body=models["StateAndActionRequest"](action=action,
                                                                                               state=state)),
                         models["ApplyResponse"])
        state, status = applied.state, applied.status
        if step % VIEW_EVERY == 0:
            seen = ops["view"].sync(client=client, body=models["ViewRequest"](state=state, player=seat))
            _typed(seen, models["ViewResponse"])
    else:
        pytest.fail(f"{game}: no end after {MAX_STEPS} actions")
    assert status.scores is not None and len(status.scores) == players
    final = _typed(ops["view"].sync(client=client, body=models["ViewRequest"](state=state)), models["ViewResponse"])
    assert final.seed == seed  # a finished game reveals its seed


def test_a_whole_game_through_a_session(sdk, server):
    ruleset = next(r for r in GAMES if r.id == SESSION_GAME)
    prefix, players = pc.camel(SESSION_GAME), seats_for(ruleset)
    sessions = {name: pc.operation(sdk, "sessions", name) for name in (
        "create_session", "read_session", "session_legal_actions", "session_act", "session_log")}
    anonymous = sdk.Client(base_url=server.url, raise_on_unexpected_status=True, timeout=60)
    created = sessions["create_session"].sync(client=anonymous, body=pc.model(sdk, prefix + "CreateSessionRequest")(
        game=SESSION_GAME, players=players, seed="sdk-session"))
    created = _typed(created, pc.model(sdk, prefix + "CreatedSession"))
    seats = [sdk.AuthenticatedClient(base_url=server.url, token=token, raise_on_unexpected_status=True, timeout=60)
             for token in created.seat_tokens]
    action_request = pc.model(sdk, prefix + "ActionRequest")
    chooser = random.Random("sdk-session")
    for version in range(MAX_STEPS):
        read = _typed(sessions["read_session"].sync(created.session_id, client=seats[version % players]),
                      pc.model(sdk, prefix + "SessionView"))
        assert read.version == version
        if read.status.game_over:
            break
        menus = {seat: _typed(sessions["session_legal_actions"].sync(created.session_id, client=seats[seat]),
                              pc.model(sdk, prefix + "SessionLegalActions")).actions
                 for seat in read.status.active_players}
        seat = chooser.choice(sorted(s for s, menu in menus.items() if menu))
        acted = sessions["session_act"].sync(created.session_id, client=seats[seat], body=action_request(
            action=chooser.choice(menus[seat]), expected_version=version))
        assert _typed(acted, pc.model(sdk, prefix + "ActionResult")).version == version + 1
    else:
        pytest.fail(f"{SESSION_GAME}: no end after {MAX_STEPS} actions")
    log = _typed(sessions["session_log"].sync(created.session_id, client=seats[0]),
                 pc.model(sdk, prefix + "SessionLog"))
    assert [entry.version for entry in log.entries] == list(range(1, read.version + 1))


def test_a_picture_through_the_generated_client(sdk, server):
    """The picture operation answers the SVG's bytes (the README's generator config reads images as bytes)."""
    game = SESSION_GAME
    client = sdk.Client(base_url=server.url, raise_on_unexpected_status=True, timeout=60)
    prefix = pc.camel(game)
    setup = pc.operation(sdk, game, f"{game}_setup").sync(
        client=client, body=pc.model(sdk, prefix + "SetupRequest")(players=2, seed="sdk-picture"))
    answer = pc.operation(sdk, game, f"{game}_picture").sync_detailed(
        client=client, body=pc.model(sdk, prefix + "PictureRequest")(state=setup.state, player=0))
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.content.startswith(b"<?xml") and b"<svg" in answer.content
