"""Posted states that contradict the components or the rules' invariants are refused with ``invalid_state``
and the JSON path at fault (design "Checks, in order"); a state the game produced loads unchanged."""

from __future__ import annotations

import copy

import orjson
import pytest

from rulesets.core import InvalidState, to_builtins
from rulesets.testing.playout import random_playout
from rulesets.mines_of_zavandor.components import CARDS, FAMILY_ITEM, MINE_SLOTS

from .players import eager
from .scenario import GAME, R, new, reach, set_hand
from .test_auction import all_bid

_MID: dict = {}


def midgame(players=3, step="upgrade"):
    """A state from the middle of a seeded random game, in the given step."""
    key = (players, step)
    if key not in _MID:
        playout = random_playout(R, players, "moz-mid", sample_legal=0, nudges=0, pick=eager)
        state = R.setup(players, "moz-mid")
        for action in playout.actions[: len(playout.actions) // 2]:
            state, _ = R.apply(state, action)
        index = len(playout.actions) // 2
        while state.step != step:
            state, _ = R.apply(state, playout.actions[index])
            index += 1
        _MID[key] = orjson.loads(orjson.dumps(to_builtins(state)))
    return copy.deepcopy(_MID[key])


def refused(raw, path, code="invalid_state"):
    return GAME.state_refused(raw, path, code)


def a_mine_card(raw):
    """(seat, card) of the first improvement card in any mine."""
    return next((seat, player["mine"][0]) for seat, player in enumerate(raw["players"]) if player["mine"])


def a_kind(raw):
    """(seat, kind) of a card in the first non-empty hand."""
    return next((seat, next(iter(p["hand"]))) for seat, p in enumerate(raw["players"]) if p["hand"])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("step", ["upgrade", "trading", "bidding"])
def test_moz_2_5_a_state_the_game_made_loads_unchanged(players, step):
    """MOZ-2.5: a produced state passes every check and loads as it is."""
    raw = midgame(players, step)
    assert orjson.loads(orjson.dumps(to_builtins(R.load_state(raw)))) == raw


def test_moz_2_5_a_gem_card_in_two_places():
    """MOZ-2.5: one card more of a kind than the decks hold: refused where the surplus is found."""
    raw = midgame(step="bidding")
    seat, kind = a_kind(raw)
    cart = kind.split(".")[0]
    raw["players"][seat]["hand"][kind] += 1
    raw["players"][seat]["hand_backs"][cart] += 1
    with pytest.raises(InvalidState) as info:
        R.load_state(raw)
    assert info.value.rule == "MOZ-2.5" and info.value.path.startswith("$.")


def test_moz_2_5_a_card_missing_and_a_zero_count():
    """MOZ-2.5 / spec 0: a card lost from a hand, and a zero entry in a CardSet, are refused with a path."""
    raw = midgame(step="bidding")
    seat, kind = a_kind(raw)
    raw["players"][seat]["hand"][kind] -= 1
    raw["players"][seat]["hand_backs"][kind.split(".")[0]] -= 1
    if raw["players"][seat]["hand"][kind] == 0:
        refused(raw, f"$.players[{seat}].hand[...]")  # msgspec names the entry of a mapping so
    else:
        refused(raw, "$.supply")


def test_moz_2_5_a_hand_over_what_exists_and_backs_that_disagree():
    """MOZ-2.5 / section 4.1: a hand holding more cards of a kind than the game has; public backs that do not
    count the hand."""
    raw = midgame(step="bidding")
    raw["players"][0]["hand"]["bronze.sapphire"] = 5
    raw["players"][0]["hand_backs"]["bronze"] = raw["players"][0]["hand_backs"].get("bronze", 0) + 5
    error = refused(raw, "$.players[0].hand.bronze.sapphire")
    assert error.rule == "MOZ-2.5"
    raw = midgame(step="bidding")
    seat, kind = a_kind(raw)
    raw["players"][seat]["hand_backs"][kind.split(".")[0]] += 1
    refused(raw, f"$.players[{seat}].hand_backs")


def test_moz_6_4_a_level_that_does_not_exist():
    """MOZ-6.4 / MOZ-2.8: a skipped-past-the-top family level, a card level beyond its track, a family below its
    start."""
    raw = midgame()
    raw["players"][1]["family"] = FAMILY_ITEM.top_level + 1
    refused(raw, "$.players[1].family")
    raw = midgame()
    raw["players"][1]["family"] = FAMILY_ITEM.start_level - 1
    refused(raw, "$.players[1].family")
    raw = midgame()
    seat, held = a_mine_card(raw)
    held["level"] = CARDS[held["card"]].top_level + 2
    refused(raw, f"$.players[{seat}].mine[0].level")


def test_moz_7_1_the_king_on_a_hall_that_does_not_exist():
    """MOZ-7.1: the king stands on a hall of the data; anything else is refused at $.king."""
    raw = midgame()
    raw["king"] = "U99"
    refused(raw, "$.king")


def test_moz_1_3_an_improvement_card_in_two_places_or_not_in_this_game():
    """MOZ-1.3: each improvement card of the game in exactly one place; cards of higher player counts are not."""
    raw = midgame()
    seat, held = a_mine_card(raw)
    other = (seat + 1) % 3
    raw["players"][other]["mine"].append({"card": held["card"], "level": 0})
    error = refused(raw, f"$.players[{other}].mine[{len(raw['players'][other]['mine']) - 1}]")
    assert "two places" in error.detail
    raw = midgame(2)
    raw["removed_from_game"].append(next(c for c, item in CARDS.items() if item.min_players == 4))
    refused(raw, f"$.removed_from_game[{len(raw['removed_from_game']) - 1}]")


def test_moz_5_9_a_mine_over_its_spaces():
    """MOZ-5.9: a mine holds at most six cards."""
    raw = midgame(4)
    spare = [card for row in raw["display"] for card in row["stack"]]
    for row in raw["display"]:
        row["stack"] = []
    raw["players"][0]["mine"] += [{"card": card, "level": 0} for card in spare]
    assert len(raw["players"][0]["mine"]) > MINE_SLOTS
    refused(raw, "$.players[0].mine")


def test_moz_5_2_a_staged_bid_beyond_the_hand_and_an_active_seat_in_a_simultaneous_step():
    """MOZ-5.2 / MOZ-2.4: a bid of cards not in the hand; an active seat while everyone bids."""
    raw = midgame(3, "bidding")
    raw["players"][0]["bid"] = {"bronze.ruby": 99}
    refused(raw, "$.players[0].bid")
    raw = midgame(3, "bidding")
    raw["active"] = 0
    refused(raw, "$.active")


def test_spec_3_1_types_refuse_unknown_kinds_and_wrong_shapes():
    """Spec 3.1: unknown kinds, negative counts and out-of-range levels fail the types with their path."""
    raw = midgame()
    raw["players"][0]["hand"]["gold.sapphire"] = 1
    with pytest.raises(InvalidState) as info:
        R.load_state(raw)
    assert info.value.path.startswith("$.players[0].hand")
    raw = midgame()
    raw["players"][0]["vp"] = -1
    refused(raw, "$.players[0].vp")
    raw = midgame()
    raw["supply"][0]["draw"].append("opal")
    refused(raw, f"$.supply[0].draw[{len(raw['supply'][0]['draw']) - 1}]")


def test_moz_5_6_and_7_3_a_reward_without_a_card_and_a_king_leaving_the_coronation():
    """MOZ-5.6: a pending reward offers the row's right card; MOZ-7.3: no king move out of the Coronation Hall."""
    state = reach(new(3), "bidding")
    set_hand(state, 0, {"wood.sapphire": 3})
    state, _ = all_bid(state, {0: {"wood.sapphire": 3}, 1: {}, 2: {}})
    raw = orjson.loads(orjson.dumps(to_builtins(state)))
    assert raw["step"] == "reward"
    card = raw["display"][3]["right"]
    raw["display"][3]["right"] = None
    raw["removed_from_game"].append(card)
    refused(raw, "$.rewards[0]")
    raw = midgame(3, "bidding")
    raw.update(step="king_move", phase="auction", king="CORONATION", king_mover=0, bids_revealed=True)
    refused(raw, "$.king")
