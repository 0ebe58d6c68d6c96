"""Issue #22, the Mines of Zavandor's picture: the king's path with the king, the gem market, each player's
mine and items, the hand face up for its owner only (backs per cart for the others, spec 4.1), a sealed
bid shown only as sealed (MOZ-5.2), the last action highlighted; well-formed and telling no seat more
than its view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rulesets.core.drawing import picture
from rulesets.mines_of_zavandor.picture import WORDS
from rulesets.testing.noninterference import check_noninterference
from rulesets.testing.pictures import SVG, PictureSurface, picture_problems_over_playout

from .scenario import R, new, play, reach
from .secrets import SECRETS


@pytest.mark.parametrize("players, every", [(2, 5), (4, 15)])
def test_every_seat_s_picture_over_a_whole_game_is_well_formed_and_says_only_its_view(players, every):
    assert picture_problems_over_playout(R, players, f"picture-{players}", game_words=WORDS, every=every) == []


def test_a_picture_tells_a_seat_nothing_its_view_hides():
    report = check_noninterference(R, SECRETS, 3, positions=6, surface=PictureSurface(R))
    assert report.failure is None
    assert report.positions >= 6


def _root(state, seat, last=None):
    return ET.fromstring(picture(R, state, seat, last_action=last).encode())


def _with(root, attribute):
    return [node for node in root.iter() if node.get(attribute) is not None]


def test_the_market_shows_each_face_up_display_card_once_with_its_name():
    """MOZ-5.1: each row in play shows its left (top of the stack), middle and right cards face up."""
    state = new(3)
    root = _root(state, 0)
    names = {card.id: card.name for card in R.components_document().improvement_cards}
    rows = [node for node in root.iter() if "display-row" in node.get("class").split()]
    shown = [node.get("data-card") for row in rows for node in _with(row, "data-card")]
    face_up = [card for row in state.display if row.in_play for card in (row.stack[:1] + [row.middle, row.right])]
    assert sorted(shown) == sorted(face_up)
    said = {node.text for node in root.iter()}
    assert all(names[card] in said for card in face_up)
    assert sorted(node.get("data-row") for node in _with(root, "data-row")) == sorted(r.gem for r in state.display)


def test_the_hand_is_face_up_for_its_owner_only_and_backs_with_counts_for_the_others():
    """Spec 4.1: a seat sees its own hand by kind; of another hand only its size per cart."""
    state = new(3)
    for seat in (0, 1, None):
        root = _root(state, seat)
        faces = [node.get("data-card") for node in _with(root, "data-card") if "face" in node.get("class")]
        assert sorted(faces) == (sorted(state.players[seat].hand) if seat is not None else [])
        backs = [node for node in root.iter() if node.get("class") == "hand-backs"]
        assert sorted(int(node.get("data-partner")) for node in backs) == [s for s in range(3) if s != seat]
        for node in backs:
            counts = [child.text for child in node.iter() if child.get("class") == "count"]
            expected = state.players[int(node.get("data-partner"))].hand_backs
            assert counts == [str(n) for n in expected.values()]


def test_a_sealed_bid_shows_as_sealed_to_the_others_and_its_cards_to_its_bidder():
    """MOZ-5.2: nobody but the bidder learns a bid until every player has sealed."""
    state = reach(new(3), "bidding")
    kind = next(iter(state.players[0].hand))
    state, _ = play(state, type="bid_add", player=0, card=kind)
    state, _ = play(state, type="bid_commit", player=0)
    assert state.players[0].sealed and not state.bids_revealed
    gem_name = next(g.name for g in R.components_document().gem_cards if g.id == kind)

    def bid_text(seat):
        root = _root(state, seat)
        board = next(n for n in root.iter() if n.get("data-seat") == "0" and "player" in n.get("class").split())
        return " ".join(t for n in board.iter() if n.get("class") == "bid" for t in (c.text for c in n.iter()) if t)

    assert gem_name in bid_text(0)
    for seat in (1, 2, None):
        assert "sealed" in bid_text(seat) and gem_name not in bid_text(seat)


def test_the_king_stands_on_his_hall_and_the_last_move_is_highlighted():
    """MOZ-5.9: the king moves along an arrow of the King's Path; the hall the move named is marked."""
    state = reach(new(3), "king_move")
    mover = state.king_mover
    hall = next(h for h in R.components_document().kings_path.halls if h.id == state.king).to[0]
    action = {"type": "move_king", "player": mover, "to": hall}
    state, _ = play(state, **action)
    root = _root(state, 1, last=action)
    here = [node for node in _with(root, "data-to")]
    assert [node.get("data-to") for node in here] == [hall]
    assert any("last" in (n.get("class") or "").split() for n in here[0].iter())
    assert not any("last" in (n.get("class") or "").split() for n in _root(state, 1).iter())
    assert [n for n in root.iter() if n.tag == f"{SVG}polygon" and n.get("class") == "king"]
