"""Session behaviour without HTTP, on both stores: seats, secrecy, versions, the log."""

from __future__ import annotations

import threading
import time

import orjson
import pytest

from rulesets.core.host import IllegalAction, InvalidAction, InvalidSetup, UnknownGame, canonical_json, to_builtins
from service.sessions import tokens
from service.sessions.errors import NotAuthenticated, NotPermitted, SessionNotFound, VersionConflict

from tests.doubles.revealed import cards_named

SEED = "secret-seed-7f3a"


def new(sessions, players=3):
    return sessions.create("card_nim", players, SEED).body


def full_state(sessions, sid):
    snap = sessions.store.snapshot(sid)
    return orjson.loads(snap.state)


def active_seat(sessions, sid):
    return full_state(sessions, sid)["turn"]


def test_create_hands_out_distinct_strong_tokens_and_stores_only_digests(sessions):
    body = new(sessions)
    all_tokens = body["seat_tokens"] + [body["owner_token"]]
    assert body["version"] == 0 and len(body["seat_tokens"]) == 3
    assert len(set(all_tokens)) == 4 and all(len(t) >= 43 for t in all_tokens)  # 32 bytes, base64
    meta = sessions.store.snapshot(body["session_id"]).meta
    for token in all_tokens:
        assert token.encode() not in meta and tokens.digest(token).encode() in meta


def test_create_refuses_bad_setups(sessions):
    with pytest.raises(UnknownGame):
        sessions.create("no_such_game", 2)
    with pytest.raises(InvalidSetup):
        sessions.create("card_nim", 9)
    with pytest.raises(InvalidSetup):
        sessions.create("card_nim", 2, options={"colour": "red"})


def test_each_seat_sees_its_own_hand_only_and_nobody_sees_the_seed(sessions):
    body = new(sessions)
    sid, state = body["session_id"], full_state(sessions, body["session_id"])
    for seat, token in enumerate(body["seat_tokens"]):
        view = sessions.read(sid, token).body
        assert view["seat"] == seat and view["role"] == "seat"
        for other, record in enumerate(view["view"]["players"]):
            assert record.get("hand", record["hand_count"]) == (state["players"][seat]["hand"] if other == seat else 2)
    for token in (None, body["owner_token"]):
        view = sessions.read(sid, token).body
        assert view["seat"] is None and all("hand" not in p and p["hand_count"] == 2 for p in view["view"]["players"])
    assert sessions.read(sid, body["owner_token"]).body["role"] == "owner"


def test_a_token_of_another_session_or_a_made_up_one_is_refused(sessions):
    one, two = new(sessions), new(sessions)
    for token in (two["seat_tokens"][0], two["owner_token"], "x" * 43, ""):
        with pytest.raises(NotAuthenticated):
            sessions.read(one["session_id"], token)
        with pytest.raises(NotAuthenticated):
            sessions.log(one["session_id"], token)


def test_unknown_and_malformed_session_ids_are_not_found(sessions):
    for sid in ("A" * 22, "short", "../../etc", "{x}" * 8):
        with pytest.raises(SessionNotFound):
            sessions.read(sid, None)


def test_acting_for_another_seat_is_forbidden_whatever_the_action(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    other = (turn + 1) % 3
    for raw in ({"type": "draw", "player": turn}, {"type": "nonsense", "player": turn}):
        with pytest.raises(NotPermitted) as refusal:
            sessions.act(sid, body["seat_tokens"][other], raw, None)
        assert refusal.value.code == "not_your_seat"
    with pytest.raises(NotPermitted) as owner:
        sessions.act(sid, body["owner_token"], {"type": "draw", "player": turn}, None)
    assert owner.value.code == "not_a_seat"
    with pytest.raises(NotAuthenticated):
        sessions.act(sid, None, {"type": "draw", "player": turn}, None)
    assert sessions.read(sid, None).version == 0


def test_malformed_and_illegal_actions_are_refused_with_the_rule(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    other = (turn + 1) % 3
    with pytest.raises(InvalidAction):
        sessions.act(sid, body["seat_tokens"][turn], {"type": "draw"}, None)
    with pytest.raises(InvalidAction):
        sessions.act(sid, body["seat_tokens"][turn], ["draw"], None)
    with pytest.raises(IllegalAction) as wrong_turn:
        sessions.act(sid, body["seat_tokens"][other], {"type": "draw", "player": other}, None)
    assert (wrong_turn.value.code, wrong_turn.value.rule) == ("not_your_turn", "CN-2")
    with pytest.raises(IllegalAction) as too_many:
        sessions.act(sid, body["seat_tokens"][turn], {"type": "take", "player": turn, "stones": 99}, None)
    assert (too_many.value.code, too_many.value.rule) == ("bad_take", "CN-3")
    assert sessions.read(sid, None).version == 0


def test_an_action_lands_bumps_the_version_and_answers_with_the_seats_view(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    reply = sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, 0)
    assert reply.version == 1 and reply.body["version"] == 1
    drawn = [e for e in to_builtins(reply.body["events"]) if e["type"] == "card_drawn"]
    assert len(drawn) == 1 and drawn[0]["card"] in reply.body["view"]["players"][turn]["hand"]
    assert sessions.read(sid, None).version == 1


def test_a_stale_expected_version_is_a_conflict_carrying_the_current_one(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, 0)
    nxt = active_seat(sessions, sid)
    with pytest.raises(VersionConflict) as conflict:
        sessions.act(sid, body["seat_tokens"][nxt], {"type": "draw", "player": nxt}, 0)
    assert conflict.value.current == 1
    # a stale version is reported as such even when the action would be illegal now
    with pytest.raises(VersionConflict):
        sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, 0)


def test_the_log_hides_private_draws_from_everyone_but_the_drawer(sessions):
    body = new(sessions)
    sid = body["session_id"]
    drawer = active_seat(sessions, sid)
    card = sessions.act(sid, body["seat_tokens"][drawer], {"type": "draw", "player": drawer}, None)
    card = next(e["card"] for e in to_builtins(card.body["events"]) if e["type"] == "card_drawn")
    for seat, token in [(s, t) for s, t in enumerate(body["seat_tokens"])] + [(None, None)]:
        log = sessions.log(sid, token).body
        assert log["version"] == 1 and [e["version"] for e in log["entries"]] == [1]
        entry = log["entries"][0]
        assert entry["seat"] == drawer and entry["action"] == {"type": "draw", "player": drawer}
        kinds = [e["type"] for e in to_builtins(entry["events"])]
        assert ("card_drawn" in kinds) == (seat == drawer)
        assert "drew" in kinds
    assert sessions.log(sid, None, since=1).body["entries"] == []


def test_no_answer_to_anyone_contains_the_seed_or_another_seats_hand(sessions):
    body = new(sessions)
    sid = body["session_id"]
    for _ in range(5):  # draws only: every card a seat holds is private to it
        turn = active_seat(sessions, sid)
        sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, None)
    state = full_state(sessions, sid)
    callers = list(enumerate(body["seat_tokens"])) + [(None, None), (None, body["owner_token"])]
    for seat, token in callers:
        answers = to_builtins([sessions.read(sid, token).body, sessions.legal_actions(sid, token).body,
                               sessions.log(sid, token).body])
        assert SEED not in orjson.dumps(answers).decode()
        own = set(state["players"][seat]["hand"]) if seat is not None else set()
        assert cards_named(answers) == own


def test_legal_actions_are_the_seats_own_and_empty_for_others(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    mine = sessions.legal_actions(sid, body["seat_tokens"][turn]).body["actions"]
    assert {"type": "draw", "player": turn} in mine and all(a["player"] == turn for a in mine)
    assert sessions.legal_actions(sid, body["seat_tokens"][(turn + 1) % 3]).body["actions"] == []
    assert sessions.legal_actions(sid, None).body["actions"] == []


def test_delete_needs_the_owner_token(sessions):
    body = new(sessions)
    sid = body["session_id"]
    with pytest.raises(NotAuthenticated):
        sessions.delete(sid, None)
    with pytest.raises(NotPermitted):
        sessions.delete(sid, body["seat_tokens"][0])
    sessions.delete(sid, body["owner_token"])
    with pytest.raises(SessionNotFound):
        sessions.read(sid, None)
    with pytest.raises(SessionNotFound):
        sessions.delete(sid, body["owner_token"])


def test_long_poll_wakes_on_the_next_action_and_is_bounded(sessions):
    body = new(sessions)
    sid, turn = body["session_id"], active_seat(sessions, body["session_id"])
    started = time.monotonic()
    assert sessions.read(sid, None, wait_version=0, wait_seconds=0.3).version == 0
    assert 0.25 <= time.monotonic() - started < 1.5
    started = time.monotonic()
    assert sessions.read(sid, None, wait_version=0, wait_seconds=60).version == 0  # capped at wait_max (2 s)
    assert time.monotonic() - started < 3
    act = lambda: sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, 0)
    threading.Timer(0.3, act).start()
    started = time.monotonic()
    reply = sessions.read(sid, body["seat_tokens"][turn], wait_version=0, wait_seconds=5)
    assert reply.version == 1 and time.monotonic() - started < 1.5
    started = time.monotonic()
    assert sessions.read(sid, None, wait_version=0).version == 1 and time.monotonic() - started < 0.5


def test_without_expected_version_racing_actions_apply_in_turn_never_twice(sessions):
    body = new(sessions, players=2)
    sid = body["session_id"]
    turn = active_seat(sessions, sid)
    hand = full_state(sessions, sid)["players"][turn]["hand"]
    barrier = threading.Barrier(6)
    results = []

    def racer():
        barrier.wait()
        try:
            results.append(sessions.act(sid, body["seat_tokens"][turn], {"type": "draw", "player": turn}, None))
        except IllegalAction as refusal:
            results.append(refusal.code)

    threads = [threading.Thread(target=racer) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    landed = [r for r in results if not isinstance(r, str)]
    # the turn passes after one draw: exactly one lands, the others are judged on the new state
    assert len(landed) == 1 and sorted(r for r in results if isinstance(r, str)) == ["not_your_turn"] * 5
    assert len(full_state(sessions, sid)["players"][turn]["hand"]) == len(hand) + 1


def test_a_whole_game_through_seat_tokens_ends_where_a_replay_of_the_log_ends(sessions, card_nim):
    body = new(sessions, players=3)
    sid = body["session_id"]
    steps = 0
    while True:
        public = sessions.read(sid, None).body
        if public["status"]["game_over"]:
            break
        seat = public["status"]["active_players"][0]
        token = body["seat_tokens"][seat]
        menu = sessions.legal_actions(sid, token).body["actions"]
        action = menu[steps % len(menu)]
        sessions.act(sid, token, action, public["version"])
        steps += 1
    actions = [e["action"] for e in sessions.log(sid, None).body["entries"]]
    assert len(actions) == steps == public["version"]
    assert public["seed"] == SEED  # revealed once over, with the salt its commitment was made with
    replayed = card_nim.replay(3, SEED, None, actions, salt=public["salt"])
    assert canonical_json(replayed) == canonical_json(full_state(sessions, sid))
