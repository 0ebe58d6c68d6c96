"""The shared half of the contract (``rulesets.core.Ruleset``), on a tiny game (Card Nim)."""

from __future__ import annotations

import pytest

from rulesets.core import IllegalAction, InvalidAction, InvalidSetup, InvalidState, to_builtins
from rulesets.core.host import canonical_json
from rulesets.testing.playout import ContractBroken, nudged_actions, random_playout
from rulesets.core.registry import UnknownGame, get_ruleset
from tests.doubles.card_nim import RULESET as game
from tests.doubles.card_nim import Take


def test_registry_finds_a_registered_game_and_refuses_an_unknown_one(card_nim):
    assert card_nim is game and get_ruleset("card_nim") is game
    with pytest.raises(UnknownGame):
        get_ruleset("no-such-game")


def test_setup_refuses_unknown_option_and_bad_value():
    with pytest.raises(InvalidSetup) as unknown:
        game.setup(2, 1, {"colour": "red"})
    assert unknown.value.code == "invalid_options" and unknown.value.context["path"] == "$.options.colour"
    with pytest.raises(InvalidSetup) as bad:
        game.setup(2, 1, {"max_take": 9})
    assert bad.value.code == "invalid_options" and bad.value.rule == "CN-3"


@pytest.mark.parametrize("players", [0, 1, 5, True, "2"])
def test_setup_refuses_player_counts_outside_the_box(players):
    with pytest.raises(InvalidSetup) as refusal:
        game.setup(players, 1)
    assert refusal.value.code == "invalid_player_count" and refusal.value.rule == "CN-1"


def test_setup_refuses_a_seed_of_the_wrong_type():
    with pytest.raises(InvalidSetup) as refusal:
        game.setup(2, 1.5)
    assert refusal.value.code == "invalid_seed"


def test_apply_never_mutates_and_is_deterministic():
    state = game.setup(2, "m")
    before = canonical_json(state)
    after, _ = game.apply(state, {"type": "take", "player": 0, "stones": 2})
    assert canonical_json(state) == before
    again, _ = game.apply(state, {"type": "take", "player": 0, "stones": 2})
    assert canonical_json(after) == canonical_json(again)
    assert after.heap == state.heap - 2


def test_apply_refuses_a_seat_outside_the_game_with_the_path():
    state = game.setup(2, "m")
    with pytest.raises(InvalidAction) as refusal:
        game.apply(state, {"type": "take", "player": 5, "stones": 1})
    assert refusal.value.code == "unknown_player" and refusal.value.path == "$.player"


@pytest.mark.parametrize("raw, path", [
    ({"type": "take", "player": 0}, "$"),
    ({"type": "take", "player": 0, "stones": "2"}, "$.stones"),
    ({"type": "jump", "player": 0}, "$.type"),
    ({"type": "take", "player": 0, "stones": 1, "extra": 1}, "$.extra"),
])
def test_load_action_names_the_field_at_fault(raw, path):
    with pytest.raises(InvalidAction) as refusal:
        game.load_action(raw)
    assert refusal.value.code == "invalid_action" and refusal.value.path == path


def test_load_state_reports_type_errors_with_a_path():
    raw = to_builtins(game.setup(2, "s"))
    raw["players"][1]["taken"] = -3
    with pytest.raises(InvalidState) as negative:
        game.load_state(raw)
    assert negative.value.path == "$.players[1].taken"
    with pytest.raises(InvalidState) as not_object:
        game.load_state([1, 2])
    assert not_object.value.path == "$"


def test_validate_returns_the_refusal_instead_of_raising():
    state = game.setup(2, "v")
    refusal = game.validate(state, {"type": "take", "player": 1, "stones": 1})
    assert isinstance(refusal, IllegalAction) and refusal.code == "not_your_turn"
    assert game.validate(state, {"type": "take", "player": 0, "stones": 1}) is None


def test_events_marked_visible_to_are_shown_only_to_those_seats():
    state = game.setup(2, "e")
    _, events = game.apply(state, {"type": "draw", "player": 0})
    seen = {viewer: [e["type"] for e in to_builtins(game.view_events(events, viewer))] for viewer in (0, 1, None)}
    assert seen == {0: ["drew", "card_drawn"], 1: ["drew"], None: ["drew"]}
    assert to_builtins(events[1])["visible_to"] == [0], "a private event names whose it is"
    # Read back from a session's log, as JSON, the same events are seen the same way.
    assert to_builtins(game.view_events(to_builtins(events), 1)) == to_builtins(game.view_events(events, 1))


def test_replay_names_the_first_illegal_action():
    actions = [{"type": "take", "player": 0, "stones": 1}, {"type": "take", "player": 0, "stones": 1}]
    with pytest.raises(IllegalAction) as refusal:
        game.replay(2, "r", None, actions)
    assert refusal.value.code == "not_your_turn" and refusal.value.context["action_index"] == 1


def test_playouts_reach_the_end_and_replay_identically():
    for seed in range(20):
        playout = random_playout(game, 2 + seed % 3, seed)
        assert game.status(playout.state).game_over
        assert canonical_json(game.replay(playout.players, seed, None, playout.actions)) == canonical_json(playout.state)


def test_playout_catches_a_ruleset_whose_list_and_apply_disagree(monkeypatch):
    """The checker itself must be able to fail."""
    monkeypatch.setattr(type(game), "legal_actions",
                        lambda self, state, player: [Take(player=player, stones=state.max_take + 1)]
                        if player == state.turn and state.heap else [])
    with pytest.raises(ContractBroken):
        random_playout(game, 2, 1)


def test_nudged_actions_change_one_field_each():
    nudges = list(nudged_actions({"type": "take", "player": 0, "stones": 2}, seats=3))
    assert {"type": "take", "player": 1, "stones": 2} in nudges
    assert {"type": "take", "player": 0, "stones": 3} in nudges
    assert {"type": "take", "player": 0} in nudges


def test_apply_in_place_changes_the_callers_own_state_and_matches_the_copying_apply():
    state = game.setup(2, "own")
    copied, copied_events = game.apply(state, {"type": "take", "player": 0, "stones": 1})
    mine = game.load_state(to_builtins(state))
    after, events = game.apply(mine, {"type": "take", "player": 0, "stones": 1}, in_place=True)
    assert after is mine and canonical_json(after) == canonical_json(copied) and events == copied_events


def test_cn_4_drawing_from_an_empty_deck_is_refused_with_its_catalogue_sentence():
    """CN-4: the deck runs out after twelve cards less the hands dealt; the next draw is deck_empty."""
    state = game.setup(2, "dry")
    while state.deck:
        state, _ = game.apply(state, {"type": "draw", "player": state.turn})
    refusal = game.validate(state, {"type": "draw", "player": state.turn})
    assert (refusal.code, refusal.rule, refusal.detail) == ("deck_empty", "CN-4",
                                                            "The deck is empty; take stones instead.")


def test_a_state_that_is_not_over_yet_awaits_nobody_is_refused():
    """Issue #20's find: a Zavandor trading step with every seat's trading closed passed the consistency
    check, and then answered active_players [] and game_over false for ever. A state that is not over
    must await some seat."""
    from rulesets.core import InvalidState
    from rulesets.core.host import get_ruleset, to_builtins
    from rulesets.testing.playout import random_playout

    zavandor = get_ruleset("mines_of_zavandor")
    game = random_playout(zavandor, 3, "stuck", sample_legal=0, nudges=0)
    replay = zavandor.setup(3, "stuck")
    for action in game.actions:
        if replay.phase == "trading":
            break
        replay, _ = zavandor.apply(replay, action)
    assert replay.phase == "trading", "the seeded game reaches a trading step"
    zavandor.load_state(to_builtins(replay))  # awaited seats: accepted
    raw = to_builtins(replay)
    for player in raw["players"]:
        player["trade_finished"] = True
    with pytest.raises(InvalidState) as refusal:
        zavandor.load_state(raw)
    assert refusal.value.path == "$" and "not over" in refusal.value.detail
