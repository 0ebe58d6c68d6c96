"""The served components document (spec 5): whole, typed, and naming every id a game can hold."""

from __future__ import annotations

import msgspec
import orjson
import pytest

from rulesets.core import to_builtins
from rulesets.testing.playout import random_playout
from rulesets.golden_city.components import FILE

RAW = FILE.raw

from .scenario import R

DOC = R.components_document()


def _ids(items) -> set[str]:
    return {item.id for item in items}


def test_spec_5_document_is_json_and_decodes_as_its_declared_type():
    """Spec 5 / GC-13.2: the document encodes to JSON and that JSON decodes as ``Components`` to the same value."""
    assert isinstance(DOC, R.Components)
    raw = msgspec.json.encode(DOC)
    assert orjson.loads(raw) == orjson.loads(orjson.dumps(to_builtins(DOC)))
    assert msgspec.json.decode(raw, type=R.Components) == DOC
    assert DOC.data_version == R.setup(2, "doc").data_version


def test_spec_1_2_every_component_is_listed_once():
    """Spec 1.2: 58 board spaces (16 harbours, 30 villages, 8 outer and 4 inner districts), 50 landscape cards
    (10 interchangeable copies of each of 5 types, spec 5.1), 8 goods cards, 8 bonus cards, 16 scoring cards
    (backs 4 / 8 / 4)."""
    kinds = [space.kind for space in DOC.board.spaces]
    assert (kinds.count("harbour"), kinds.count("village"), kinds.count("outer_district"),
            kinds.count("inner_district")) == (16, 30, 8, 4)
    assert sum(c.copies for c in DOC.landscape_cards) == 50 and len(DOC.landscapes) == 5
    assert [(c.id, c.landscape, c.copies) for c in DOC.landscape_cards] == [(k.id, k.id, 10) for k in DOC.landscapes]
    assert len(DOC.goods_cards) == 8 and len(DOC.bonus_cards) == 8 and len(DOC.scoring_cards) == 16
    assert [sum(c.back == back for c in DOC.scoring_cards) for back in (1, 2, 3)] == [4, 8, 4]
    for items in (DOC.board.spaces, DOC.landscape_cards, DOC.goods_cards, DOC.bonus_cards, DOC.scoring_cards):
        assert len(_ids(items)) == len(items)
        assert all(item.name.strip() for item in items)


def test_gc_5_3_and_gc_7_3_printed_costs_and_district_rewards():
    """GC-5.3: a harbour costs one coast slot, every other space two slots, an inner district also a key;
    GC-7.3: outer districts pay 5 / 3 / 0 VP by arrival, inner ones 10 / 6 / 0; GC-6: every harbour and village
    shows one reward of the six kinds."""
    for space in DOC.board.spaces:
        if space.kind == "harbour":
            assert (space.cost.landscape, space.cost.cards, space.cost.key) == ("coast", 1, False), space.id
        else:
            assert space.cost.cards == 2 and space.cost.key == (space.kind == "inner_district"), space.id
        if space.kind in ("outer_district", "inner_district"):
            expected = (5, 3, 0) if space.kind == "outer_district" else (10, 6, 0)
            assert (space.reward.type, space.reward.first, space.reward.second, space.reward.later) == (
                "district_vp", *expected), space.id
        else:
            assert space.reward.type in ("coins", "landscape_card", "key_card", "bonus_card", "goods_card", "vp")


def test_gc_5_5_2_roads_join_spaces_both_ways():
    """GC-5.5.2: a road joins two spaces, so each lists the other as a neighbour, and the roads are exactly
    the neighbour pairs."""
    spaces = {space.id: space for space in DOC.board.spaces}
    pairs = set()
    for space in spaces.values():
        assert space.neighbours, space.id
        for other in space.neighbours:
            assert other in spaces and space.id in spaces[other].neighbours, (space.id, other)
            pairs.add(frozenset((space.id, other)))
    assert {frozenset(road) for road in DOC.board.roads} == pairs
    assert all(set(region.spaces) <= spaces.keys() for region in DOC.board.regions)


def test_spec_5_every_assumed_flag_of_the_file_is_served_where_it_applies():
    """Spec 5 / D-25 / D-26: each space and card says whether the file marks it ASSUMED, as the file does."""
    raw_board = RAW["board"]
    assert DOC.board.assumed == raw_board["assumed"] and DOC.board.assumed_parts == raw_board["assumed_parts"]
    for served, raw in ((DOC.board.spaces, raw_board["spaces"]), (DOC.goods_cards, RAW["goods_cards"]["cards"]),
                        (DOC.bonus_cards, RAW["bonus_cards"]["cards"]),
                        (DOC.scoring_cards, RAW["scoring_cards"]["cards"])):
        assert [(item.id, item.assumed) for item in served] == [(r["id"], r.get("assumed", False)) for r in raw]
    assert DOC.post_colours.assumed == RAW["post_colours"]["assumed"]
    assert all(good.assumed == RAW["goods_types"]["names_assumed"] for good in DOC.goods)
    assert DOC.goods_cards_assumed == RAW["goods_cards"]["composition_assumed"]
    assert DOC.bonus_conditions_assumed == RAW["bonus_cards"]["conditions_assumed"]
    assert DOC.scoring_values_and_regions_assumed == RAW["scoring_cards"]["values_and_regions_assumed"]


def _held_ids(state: dict) -> dict[str, set[str]]:
    """Every component id a state or a view (as JSON) names, by the document list it must be found in."""
    players = state["players"]
    auction = state.get("auction") or {"pairs": []}
    return {
        "landscape_cards": {*state.get("landscape_deck", ()), *state["landscape_discard"],
                            *(card for pair in auction["pairs"] for card in pair),
                            *(card for player in players for card in player.get("hand") or ())},
        "goods_cards": {*state.get("goods_deck", ()), *state["goods_display"],
                        *(card for player in players for card in player["goods"])},
        "bonus_cards": {*state.get("bonus_deck", ()), *state["bonus_display"],
                        *(card for player in players for card in player.get("bonus") or ())},
        "scoring_cards": {*state.get("scoring_deck", ()), *state["scoring_removed"],
                          *([state["scoring_card"]] if state["scoring_card"] else [])},
        "spaces": set(state["board"]),
        "colours": {player["colour"] for player in players},
    }


def _event_ids(events: list[dict]) -> set[str]:
    """The component ids events name: spaces, cards (by id, or landscape types as keys of a count)."""
    named: set[str] = set()
    for event in events:
        for key in ("space", "card"):
            if key in event:
                named.add(event[key])
        cards = event.get("cards")
        if isinstance(cards, (list, dict)):
            named |= set(cards)
        named |= {card for pair in event.get("pairs", ()) for card in pair}
    return named


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"bonus_card_acquisition": "choose_any_public"})])
def test_spec_5_every_id_a_state_view_or_event_holds_is_in_the_document(players, options):
    """Spec 5 / GC-13.2: over whole seeded games, every card, space and colour a state, a seat's view or its
    events name is in the document."""
    served = {"landscape_cards": _ids(DOC.landscape_cards), "goods_cards": _ids(DOC.goods_cards),
              "bonus_cards": _ids(DOC.bonus_cards), "scoring_cards": _ids(DOC.scoring_cards),
              "spaces": _ids(DOC.board.spaces), "colours": set(DOC.post_colours.colours)}
    every_id = set().union(*served.values()) | _ids(DOC.landscapes)
    seed = f"gc-components-{players}"
    playout = random_playout(R, players, seed, options, sample_legal=0, nudges=0)
    state = R.setup(players, seed, options)
    events: list = []
    for action in [None, *playout.actions]:
        if action is not None:
            state, events = R.apply(state, action)
        for shown in (to_builtins(state), R.view(state, 0), R.view(state, None)):
            for part, ids in _held_ids(shown).items():
                assert ids <= served[part], (part, ids - served[part])
        named = _event_ids(to_builtins(events))
        assert named <= every_id, named - every_id
    assert R.status(state).game_over
