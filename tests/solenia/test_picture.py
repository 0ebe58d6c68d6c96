"""Issue #22, Solenia's picture: the board's strips (each column's face, day or night) with every space once,
the airship, the delivery displays and decks as backs, each player's board, the solo Rival, the hand face up
for its owner only (SOL-H.1) and as backs with its count for the others, the last action highlighted;
well-formed and telling no seat more than its view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rulesets.core import to_builtins
from rulesets.core.drawing import picture
from rulesets.solenia.picture import WORDS
from rulesets.testing.noninterference import check_noninterference
from rulesets.testing.pictures import PictureSurface, picture_problems_over_playout

from .scenario import R, new
from .secrets import SECRETS
from .test_noninterference import ADVANCED_RULESET


@pytest.mark.parametrize("ruleset, players, every", [(R, 1, 2), (R, 4, 4), (ADVANCED_RULESET, 3, 4)],
                         ids=["solo", "4p", "winter-improvements-3p"])
def test_every_seat_s_picture_over_a_whole_game_is_well_formed_and_says_only_its_view(ruleset, players, every):
    assert picture_problems_over_playout(ruleset, players, f"picture-{players}", game_words=WORDS, every=every) == []


@pytest.mark.parametrize("players", [1, 3])
def test_a_picture_tells_a_seat_nothing_its_view_hides(players):
    report = check_noninterference(R, SECRETS, players, positions=6, surface=PictureSurface(R))
    assert report.failure is None
    assert report.positions >= 6


def _root(state, seat, last=None):
    return ET.fromstring(picture(R, state, seat, last_action=last).encode())


def _classes(node):
    return (node.get("class") or "").split()


def test_each_board_space_appears_once_with_its_col_and_row():
    """SOL-1.3: the board is five strips of five spaces; each is drawn once, with the ids a play_card names."""
    root = _root(new(3), 0)
    drawn = sorted((int(n.get("data-col")), int(n.get("data-row"))) for n in root.iter() if n.get("data-col"))
    assert drawn == sorted((s.col, s.row) for s in R.components_document().board.spaces)
    strips = [n.get("data-strip") for n in root.iter() if n.get("data-strip")]
    assert strips == [column.strip for column in new(3).board.columns]


def test_the_hand_is_face_up_for_its_owner_only_and_decks_are_backs_with_counts():
    """SOL-H.1 / H.3: a seat sees its own hand; of the others' hands and of every deck only the count."""
    state = new(3)
    names = {card.id: card.name for card in R.components_document().cards}
    for seat in (0, 1, None):
        root = _root(state, seat)
        faces = [n.get("data-card") for n in root.iter() if "face" in _classes(n)]
        assert faces == (list(state.players[seat].hand) if seat is not None else [])
        said = {n.text for n in root.iter() if n.text}
        others = [c for s, p in enumerate(state.players) if s != seat for c in p.hand]
        assert not {names[c] for c in others} & said
        counts = [n.text for n in root.iter() if "count" in _classes(n)]
        assert str(len(state.delivery.day_deck)) in counts and str(len(state.delivery.night_deck)) in counts


def test_the_last_card_played_marks_its_space():
    """SOL-3: a play_card names a card and a space; the picture highlights that space and card."""
    state = new(2)
    listed = [to_builtins(a) for a in R.legal_actions(state, state.active_seat)]
    action = next(a for a in listed if a["type"] == "play_card")
    after, _ = R.apply(state, action)
    root = _root(after, 1, last=action)
    space = next(n for n in root.iter() if n.get("data-col") == str(action["space"]["col"])
                 and n.get("data-row") == str(action["space"]["row"]))
    assert any(n.tag.endswith("use") and "last" in _classes(n) for n in space.iter())  # the space itself
    marked = [n for n in root.iter() if "last" in _classes(n)]
    assert all(n in list(space.iter()) or n.get("data-card") for n in marked)
    assert not [n for n in _root(after, 1).iter() if "last" in _classes(n)]


def test_the_solo_rival_shows_its_deck_as_backs():
    """SOL-10.1: the Rival's deck is face down; its size is public."""
    state = new(1)
    root = _root(state, 0)
    rival = next(n for n in root.iter() if "rival" in _classes(n))
    counts = [n.text for n in rival.iter() if "count" in _classes(n)]
    assert counts == [str(len(state.solo.rival_deck))]
