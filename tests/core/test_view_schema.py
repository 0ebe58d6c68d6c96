"""The view schema core derives from a game's secrecy markers holds every view the game answers.

Every view along seeded playouts of every game fits it: that is the ``view_schema`` check of
``rulesets.testing.conformance`` (run by tests/core/test_every_ruleset.py). Here: the schema refuses what a view must never hold
(the seed, a deck's order), so it is the markers' statement, not a blanket ``object``.
"""

from __future__ import annotations

import jsonschema
import msgspec

from rulesets.core import to_builtins
from rulesets.core.view_schema import state_view_json_schema, view_json_schema
from tests.doubles import card_nim


def validator_for(state_type):
    root, components = state_view_json_schema(state_type, "#/$defs/{name}")
    return jsonschema.Draft202012Validator({"$defs": components, **root})


def on_the_wire(value):
    """What a client reads: the JSON of a value (a view's tuples are arrays there)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def test_the_view_schema_refuses_the_seed_the_deck_and_another_seats_hand():
    game = card_nim.CardNim()
    validator = validator_for(game.State)
    state = game.setup(2, "refuse")
    view = game.view(state, 0)
    assert validator.is_valid(view)
    assert not validator.is_valid({**view, "rng": to_builtins(state.rng)}), "SECRET: no rng in a view"
    assert not validator.is_valid({**view, "deck": list(state.deck)}), "Hidden: no deck in a view"
    assert not validator.is_valid({**view, "deck_count": -1})
    without_count = {key: value for key, value in view.items() if key != "deck_count"}
    assert not validator.is_valid(without_count), "Hidden(count): the count is always there"
    assert not validator.is_valid({**view, "viewer": "0"})


def test_per_seat_entries_may_be_null_and_a_private_field_absent_with_its_count():
    (root,), components = view_json_schema([card_nim.CardNimState], "#/$defs/{name}")
    state_view = components["CardNimStateView"]
    assert state_view["properties"]["players"]["items"] == {"anyOf": [{"$ref": "#/$defs/PlayerView"},
                                                                       {"type": "null"}]} \
        or state_view["properties"]["players"]["items"] == {"$ref": "#/$defs/PlayerView"}
    player = components["PlayerView"]
    assert "hand" not in player.get("required", []) and "hand_count" in player["required"]
    assert "deck" not in state_view["properties"] and "rng" not in state_view["properties"]


def test_event_views_keep_private_events_whole_and_name_whose_they_are():
    (union,), components = view_json_schema([card_nim.CardNimEvent], "#/$defs/{name}")
    drawn = components["CardDrawn"]
    assert {"visible_to", "player", "card"} <= set(drawn["required"])
