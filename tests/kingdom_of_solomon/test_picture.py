"""Issue #22: Kingdom of Solomon's own picture of a seat's view (KOS-3 map, KOS-7 temple, KOS-5 spaces,
KOS-6 fortune cards, KOS-8 roads and buildings, KOS-9 display), drawn from that seat's view only.

Expectations come from the served components and the view (what the table holds), not from the drawing:
every area, border and space the components list is drawn once with the id its action names, the viewer's
fortune cards are named and nobody else's are, and what the last action named is marked ``last``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from rulesets.core import to_builtins
from rulesets.core.drawing import picture
from rulesets.kingdom_of_solomon import RULESET
from rulesets.kingdom_of_solomon.picture import TABLE_IDS, WORDS
from rulesets.kingdom_of_solomon.ruleset import KingdomOfSolomon
from rulesets.kingdom_of_solomon.state import KosState
from rulesets.testing.noninterference import check_noninterference
from rulesets.testing.pictures import PictureSurface, picture_problems_over_playout

from .playouts import play, steps
from .secrets import SECRETS

COMPONENTS = to_builtins(RULESET.components_document())


class _WithVariant(KingdomOfSolomon):
    """KOS-11.1's all-bonus variant as the default option: three bonus spaces on the table with 2 players."""

    def setup(self, players: int, seed: int | str | None = None, options: Any = None, **seating: Any) -> KosState:
        return super().setup(players, seed, {"variant_all_bonus": True, **(options or {})}, **seating)


@pytest.mark.parametrize(("ruleset", "players", "every"), [(RULESET, 2, 9), (RULESET, 4, 13), (_WithVariant(), 2, 17)],
                         ids=["2p", "4p", "2p-all-bonus"])
def test_issue_22_every_seat_and_spectator_picture_is_valid_small_and_says_only_its_view(ruleset, players, every):
    """Issue #22: over whole seeded games, every seat's and a spectator's picture is well-formed SVG 1.1 under
    100 KB, deterministic, and says no word or id its view does not (beyond the board's public place ids)."""
    assert picture_problems_over_playout(ruleset, players, f"picture-{players}", every=every,
                                         game_words=WORDS, table_ids=TABLE_IDS) == []


@pytest.mark.parametrize("players", [2, 4])
def test_issue_22_kos_6_1_the_picture_tells_a_seat_nothing_its_view_hides(players):
    """KOS-6.1 and spec 4: another seat's fortune cards, the decks' order and the seed change no seat's or
    spectator's picture (the picture beside the view, status and legal actions)."""
    report = check_noninterference(RULESET, SECRETS, players, positions=12, surface=PictureSurface(RULESET),
                                   surface_name="picture")
    assert report.failure is None
    assert report.positions >= 12 and report.changed_twins > 0


@cache
def _position() -> tuple[KosState, dict[str, Any]]:
    """A 4-player position where seat 0 and another seat both hold fortune cards, roads and buildings stand,
    the temple has blocks, and the last action named a space."""
    for state, action, after, _ in steps(play(4, "picture-table")):
        hands = [len(player.hand) for player in after.players]
        if (hands[0] and any(hands[1:]) and after.roads and len(after.markers) >= 3 and after.temple["foundation"]
                and action["type"] == "place_pawn"):
            return after, action
    raise AssertionError("no such position in the seeded game")


def _parse(document: str) -> ET.Element:
    return ET.fromstring(document.encode())


def _with(root: ET.Element, name: str) -> list[ET.Element]:
    return [node for node in root.iter() if node.get(name) is not None]


def _text(node: ET.Element) -> str:
    return " ".join(t for t in node.itertext())


def test_issue_22_kos_3_every_area_border_and_space_is_drawn_once_with_its_action_id():
    """KOS-3, 5.1, 8.24: each of the 16 areas is drawn once as ``data-space`` (place_pawn's field) named by
    its components name with its resource types in the tooltip; each building site carries ``data-site``
    (build_building's field); each border ``data-areas`` (build_road's); each action space and each bonus space
    in play for the player count (KOS-5.11) once; each temple level ``data-level``."""
    state, action = _position()
    root = _parse(picture(RULESET, state, 0, last_action=action))
    spaces = [node.get("data-space") for node in _with(root, "data-space")]
    for area in COMPONENTS["areas"]:
        assert spaces.count(area["space"]) == 1, area["id"]
        node = next(n for n in _with(root, "data-space") if n.get("data-space") == area["space"])
        tip = _text(node)
        assert area["name"] in tip
        resource_names = {resource["id"]: resource["name"] for resource in COMPONENTS["resources"]}
        assert all(resource_names[resource] in tip for resource in area["resources"])
        assert (node.get("data-site") == area["id"]) == area["building_site"]
    in_play = next(e for e in COMPONENTS["setup_by_player_count"] if e["players"] == 4)["bonus_spaces"]
    for space in COMPONENTS["action_spaces"]:
        assert spaces.count(space["space"]) == 1
    for space in COMPONENTS["bonus_spaces"]:
        assert spaces.count(space["space"]) == (1 if space["id"] in in_play else 0)
    borders = sorted(node.get("data-areas") for node in _with(root, "data-areas"))
    assert borders == sorted(" ".join(sorted(b["areas"])) for b in COMPONENTS["borders"])
    levels = sorted(node.get("data-level") for node in _with(root, "data-level"))
    assert levels == sorted(level["id"] for level in COMPONENTS["temple"]["levels"])


def test_issue_22_kos_8_roads_buildings_and_temple_show_the_view():
    """KOS-8: each road stands on its border in its owner's colour, each building marker in its area in its
    owner's colour naming its card; KOS-7: a level shows as many filled blocks as the view says are built;
    each pawn stands on its space in its owner's colour."""
    state, action = _position()
    view = to_builtins(RULESET.view(state, 0))
    root = _parse(picture(RULESET, state, 0, last_action=action))
    by_areas = {node.get("data-areas"): node for node in _with(root, "data-areas")}
    for road in view["roads"]:
        node = by_areas[" ".join(sorted(road["areas"]))]
        assert any(f"seat-{road['owner']}-line" in (n.get("class") or "").split() for n in node.iter())
    by_space = {node.get("data-space"): node for node in _with(root, "data-space")}
    for marker in view["markers"]:
        area = by_space[f"area:{marker['area']}"]
        held = [n for n in area.iter() if n.get("data-card") == marker["card"]]
        assert len(held) == 1
        assert any(f"seat-{marker['owner']}" in (n.get("class") or "").split() for n in held[0].iter())
    for space in {pawn["space"] for pawn in view["pawns"]}:
        drawn = [n.get("class").split() for n in by_space[space].iter() if "pawn" in n.get("class").split()]
        wanted = sorted(p["owner"] for p in view["pawns"] if p["space"] == space for _ in range(p["count"]))
        assert sorted(int(c[1].removeprefix("seat-")) for c in drawn) == wanted
    for level, built in view["temple"].items():
        node = next(n for n in _with(root, "data-level") if n.get("data-level") == level)
        assert sum("filled" in (n.get("class") or "").split() for n in node.iter()) == built


def test_issue_22_kos_6_1_own_fortune_cards_face_up_others_as_backs_with_counts_spectator_sees_no_face():
    """KOS-6.1: the viewer's fortune cards are named (``data-card``, components name); another seat's cards are
    neither named nor given by id, only counted; a spectator sees no face; the decks show as counted backs."""
    state, action = _position()
    names = {card["id"]: card["name"] for card in COMPONENTS["fortune_cards"]}
    for viewer in (0, 1, None):
        document = picture(RULESET, state, viewer, last_action=action)
        root = _parse(document)
        faces = [node.get("data-card") for node in root.iter() if "face" in (node.get("class") or "").split()]
        own = state.players[viewer].hand if viewer is not None else []
        assert sorted(faces) == sorted(own)
        for card in own:
            node = next(n for n in root.iter() if n.get("data-card") == card and "face" in n.get("class").split())
            assert names[card] in _text(node)
        for seat, player in enumerate(state.players):
            if seat == viewer:
                continue
            assert not {card for card in player.hand} & {n.get("data-card") for n in _with(root, "data-card")}
            board = next(n for n in _with(root, "data-seat")
                         if n.get("data-seat") == str(seat) and "player-board" in n.get("class").split())
            counted = [n for n in board.iter() if "backs" in (n.get("class") or "").split()]
            assert len(counted) == 1 and f"fortune cards: {len(player.hand)}" in _text(counted[0])
        decks = [_text(n) for n in root.iter() if "backs" in (n.get("class") or "").split()]
        assert f"building deck: {len(state.building_deck)}" in " ".join(decks)
        assert f"fortune deck: {len(state.fortune_deck)}" in " ".join(decks)


@cache
def _placements() -> dict[str, tuple[KosState, dict[str, Any]]]:
    """A position right after a place_pawn on each kind of space (area, action, bonus, building card)."""
    found: dict[str, tuple[KosState, dict[str, Any]]] = {}
    for _, action, after, _ in steps(play(4, "picture-table")):
        if action["type"] == "place_pawn":
            found.setdefault(action["space"].split(":")[0], (after, action))
    return found


@pytest.mark.parametrize("kind", ["area", "action", "bonus", "card"])
def test_issue_22_the_last_action_space_is_marked_last_and_nothing_else_on_the_board_is(kind):
    """Issue #22: the space the last place_pawn named (KOS-4) is highlighted (class ``last``) and no other space
    is; without a last action nothing is."""
    state, action = _placements()[kind]
    root = _parse(picture(RULESET, state, 2, last_action=action))
    marked = [node.get("data-space") for node in _with(root, "data-space")
              if any("last" in (n.get("class") or "").split() for n in node.iter())]
    assert marked == [action["space"]]
    unmarked = _parse(picture(RULESET, state, 2))
    assert not [n for n in unmarked.iter() if "last" in (n.get("class") or "").split()]
