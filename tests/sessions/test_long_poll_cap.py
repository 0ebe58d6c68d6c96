"""SESSION_LONG_POLLS_PER_CLIENT: one client address holds at most so many long-polls at once."""

from __future__ import annotations

import threading
import time

import pytest

from service.sessions.wait_slots import TooManyWaits, WaitSlots


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_slots_are_per_client_and_freed_however_the_wait_ends():
    clock = FakeClock()
    slots = WaitSlots(2, clock=clock)
    with slots.hold("a", 10), slots.hold("a", 20):
        assert slots.held("a") == 2
        clock.now += 3
        with pytest.raises(TooManyWaits) as refused:
            with slots.hold("a", 5):
                pass
        assert refused.value.retry_after == 7 and refused.value.limit == 2  # the earliest wait ends in 7 s
        with slots.hold("b", 5):  # another client is not affected
            assert slots.held("b") == 1
    assert slots.held("a") == 0
    with pytest.raises(RuntimeError):
        with slots.hold("a", 5):
            raise RuntimeError("the wait failed")
    assert slots.held("a") == 0


def test_a_limit_must_be_positive():
    with pytest.raises(ValueError):
        WaitSlots(0)


@pytest.fixture
def capped(card_nim):
    from service import create_app

    app = create_app({"REDIS_URL": None, "SESSION_LONG_POLLS_PER_CLIENT": 2, "SESSION_WAIT_MAX_SECONDS": 10})
    return app


def test_past_the_cap_a_client_gets_429_with_retry_after_and_others_still_wait(capped):
    client = capped.test_client()
    created = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "seed": "cap"}).json
    sid, path = created["session_id"], f"/v1/sessions/{created['session_id']}"
    answers = []

    def poll():
        answers.append(capped.test_client().get(f"{path}?wait_version=0&wait_seconds=8"))

    pollers = [threading.Thread(target=poll) for _ in range(2)]
    for thread in pollers:
        thread.start()
    slots = capped.extensions["sessions"].wait_slots
    deadline = time.monotonic() + 5
    while slots.held("127.0.0.1") < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert slots.held("127.0.0.1") == 2

    refused = client.get(f"{path}?wait_version=0&wait_seconds=8")
    assert refused.status_code == 429 and refused.mimetype == "application/problem+json"
    assert refused.json["code"] == "too_many_long_polls" and refused.json["limit"] == 2
    assert 1 <= int(refused.headers["Retry-After"]) <= 8
    # a read that does not wait is never counted
    assert client.get(path).status_code == 200
    # another address has slots of its own
    other = client.get(f"{path}?wait_version=0&wait_seconds=0.2", environ_base={"REMOTE_ADDR": "127.0.0.9"})
    assert other.status_code == 200 and other.json["version"] == 0

    # an action ends the waits, and the slots come back
    acted = client.post(f"{path}/actions", json={"action": {"type": "draw", "player": 0}},
                        headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"})
    assert acted.status_code == 200
    for thread in pollers:
        thread.join(10)
    assert [a.status_code for a in answers] == [200, 200] and all(a.json["version"] == 1 for a in answers)
    assert slots.held("127.0.0.1") == 0
    assert client.get(f"{path}?wait_version=1&wait_seconds=0.2").status_code == 200
