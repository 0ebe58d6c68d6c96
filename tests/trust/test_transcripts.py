"""Per-seat golden games (issue #20): the committed transcript of one seeded 3-player game of each game
(``tools.transcripts``) is what the code tells each seat today, so a change to what a seat sees shows up
in review as a diff of that file."""

from __future__ import annotations

import difflib

import pytest

from rulesets.testing.transcript import transcript
from tools.transcripts import SEED, games, path_of, players_of

GAMES = games()


@pytest.mark.parametrize("ruleset", GAMES, ids=[r.id for r in GAMES])
def test_each_seat_is_told_what_its_committed_transcript_says(ruleset):
    path = path_of(ruleset)
    assert path.exists(), f"{path} is missing: python -m tools.transcripts"
    fresh = transcript(ruleset, players_of(ruleset), SEED)
    committed = path.read_text()
    if fresh != committed:
        diff = "".join(list(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), "committed",
                                                 "now", n=2))[:60])
        pytest.fail(f"what a seat is told changed; if you mean it, run python -m tools.transcripts and review:\n{diff}")


def test_a_transcript_shows_a_hand_to_its_holder_alone():
    """The transcript is per seat: a seat's own hand is written for it, and the others see only a count."""
    ruleset = next(r for r in GAMES if r.id == "whisper_court")
    text = transcript(ruleset, 3, SEED)
    setup = text.split("\n== 1:")[0]
    seat0 = setup.split("-- seat 0\n")[1].split("-- seat 1")[0]
    seat1 = setup.split("-- seat 1\n")[1].split("-- seat 2")[0]
    assert "players[0].hand = [" in seat0 and "players[0].hand_count = 2" in seat1
    assert "players[0].hand = " not in seat1
