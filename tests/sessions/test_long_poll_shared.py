"""Long-polls that one commit wakes together share their answer per seat (issue #21: 1,000
concurrent long-polls on one worker, none refused): each seat's answer is built once, from a
read of the store begun after the polls woke, and each poll still gets its own seat's view."""

from __future__ import annotations

import threading
import time

import pytest

from .conftest import app_on_memory_or_redis
from .sse import bearer
from .test_stream import create, full_view, play_one

POLLS_PER_SEAT = 6


@pytest.fixture(params=["memory", "redis"])
def poll_app(request, key_prefix, card_nim):
    with app_on_memory_or_redis(request, {"SESSION_KEY_PREFIX": key_prefix, "SESSION_WAIT_MAX_SECONDS": 10,
                                          "SESSION_LONG_POLLS_PER_CLIENT": 100}) as application:
        yield application


def test_polls_woken_by_one_commit_share_one_answer_per_seat_each_with_its_own_view(poll_app, monkeypatch):
    web = poll_app.test_client()
    created = create(web, players=3)
    sid = created["session_id"]
    sessions = poll_app.extensions["sessions"]
    built: list[tuple[int | None, int]] = []
    answer = sessions._answer

    def slow_answer(session, caller):
        """As a loaded worker builds it: long enough that every poll of the seat wakes meanwhile."""
        built.append((caller.seat, session.version))
        time.sleep(0.3)
        return answer(session, caller)

    monkeypatch.setattr(sessions, "_answer", slow_answer)
    seats = [0, 1, 2, None]
    answers: dict[int | None, list] = {seat: [] for seat in seats}

    def poll(seat):
        token = created["seat_tokens"][seat] if seat is not None else None
        answers[seat].append(poll_app.test_client().get(f"/v1/sessions/{sid}?wait_version=0&wait_seconds=10",
                                                        headers=bearer(token)))

    threads = [threading.Thread(target=poll, args=(seat,)) for seat in seats for _ in range(POLLS_PER_SEAT)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 5
    while sum(sessions.wait_slots.held(c) for c in ("127.0.0.1", "unknown")) < len(threads):
        assert time.monotonic() < deadline, "the polls never all waited"
        time.sleep(0.01)
    del built[:]  # the polls' first reads (before waiting) are their own
    result = play_one(web, created, prefer="draw")
    for thread in threads:
        thread.join(15)
    for seat in seats:
        assert len(answers[seat]) == POLLS_PER_SEAT
        for response in answers[seat]:
            assert response.status_code == 200, response.json
            assert response.json["version"] == result["version"] and response.json["seat"] == seat
            assert response.json["view"] == full_view(poll_app, sid, seat)  # its own seat's, no other's
    per_seat = {seat: sum(1 for s, _ in built if s == seat) for seat in seats}
    # One build, or two: a poll that wakes while one runs is answered by the next, begun after it woke.
    assert all(1 <= n <= 2 for n in per_seat.values()), f"an answer per poll, not per seat: {per_seat}"
    assert {version for _, version in built} == {result["version"]}
