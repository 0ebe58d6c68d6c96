"""Issue 25 / GC-13.2: a posted state's refusal (``invalid_state``) reads in the player's language.

Each reason the consistency checks give is a phrase of the game's catalogue (``state_*``), and so is
what an inventory counts ("landscape card"), which core's own sentences name. For one bad state per
phrase, built from a seeded game, the refusal is checked at its path and rule, its English detail ends
with the sentence the spec's check words (written out here from the components data, not read from
the code), and its zh-Hans detail is Chinese with the values filled in: no English word is left but
the ids (spaces, cards, seats' colours, options) and paths.

Chinese terms are the game's glossary (locale/zh_Hans/LC_MESSAGES/golden_city.po, from seed 002)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import orjson
import pytest

from rulesets.core import InvalidState, to_builtins
from rulesets.golden_city.refusals import refusals
from rulesets.testing.playout import random_playout
from service import create_app
from tests.state_phrases import Cases, assert_chinese_over_http, assert_reads_in_both, chinese, state_phrases

from .scenario import R, building as build_turn, checked, finish_auction, new, place, set_hand, spaces

DATA = json.loads((Path(__file__).parents[2] / "rulesets/golden_city/golden_city.components.json").read_text())
LANDSCAPES = DATA["landscape_types"]
COUNTS = {int(players): count for players, count in DATA["player_counts"].items()}
HAND_LIMIT = DATA["hand_limit"]["landscape_cards"]


def wire(state: Any) -> dict:
    """The state as a client posts it (JSON arrays, not tuples)."""
    return orjson.loads(orjson.dumps(to_builtins(state)))


_GAMES: dict[int, list[dict]] = {}


def played(players: int = 3) -> list[dict]:
    """Every state of one seeded random game, in wire form, set-up first."""
    if players not in _GAMES:
        playout = random_playout(R, players, "gc-state-language", {}, sample_legal=0, nudges=0)
        state = R.setup(players, "gc-state-language", {})
        states = [wire(state)]
        for action in playout.actions:
            state, _ = R.apply(state, action)
            states.append(wire(state))
        _GAMES[players] = states
    return _GAMES[players]


def first(where: Callable[[dict], bool], players: int = 3) -> dict:
    return copy.deepcopy(next(raw for raw in played(players) if where(raw)))


def building(players: int = 3) -> dict:
    """A build-phase state with posts on the board."""
    return first(lambda raw: raw["phase"] == "build" and len(raw["board"]) >= 4, players)


def auction(players: int = 3) -> dict:
    return first(lambda raw: raw["phase"] == "auction", players)


def game_over() -> dict:
    return copy.deepcopy(played()[-1])


def discarding(over: tuple[int, ...] = (0,)) -> dict:
    """A round's end with ``over`` past the hand limit by one card each, seat 0 owing a discard."""
    state = finish_auction(new(3))
    state.phase, state.build = "discard", None
    state.scoring_removed.append(state.scoring_card)
    state.scoring_card = None
    for seat in over:
        set_hand(state, seat, *[LANDSCAPES[seat + 1]] * (HAND_LIMIT + 1))
    state.discard_pending = [0]
    return wire(checked(state)) if over == (0,) else wire(state)


def single_post(raw: dict) -> tuple[str, list]:
    """A harbour or village holding one post, and that post."""
    space = next(s for s, posts in raw["board"].items() if not s.endswith(("_O1", "_O2", "_I")))
    return space, raw["board"][space][0]


def next_seq(raw: dict) -> int:
    return sum(map(len, raw["board"].values())) + 1


def free_single(raw: dict) -> str:
    return next(s for s in spaces("harbour") + spaces("village") if s not in raw["board"])


# ---------------------------------------------------------------- one bad state per phrase
CASES = Cases()
case = CASES.case


@case("state_thing_landscape_card")
def _landscape_missing():
    raw = building()
    card = raw["landscape_deck"].pop()
    return raw, "$", "GC-12.1", f"Some landscape card(s) are missing from the state: 1 {card}.", [card]


@case("state_thing_goods_card")
def _goods_unknown():
    raw = building()
    raw["goods_deck"].append("GD9")
    return (raw, f"$.goods_deck[{len(raw['goods_deck']) - 1}]", "GC-12.3", "Goods card GD9 is not part of this game.",
            ["GD9"])


@case("state_thing_bonus_card")
def _bonus_twice():
    raw = building()
    card = raw["bonus_deck"][0]
    raw["bonus_deck"].append(card)
    last = len(raw["bonus_deck"]) - 1
    return (raw, f"$.bonus_deck[{last}]", "GC-12.4",
            f"Bonus card {card} is in two places: $.bonus_deck[0] and $.bonus_deck[{last}].", [card])


@case("state_thing_scoring_card")
def _scoring_missing():
    raw = building()
    card = raw["scoring_deck"].pop()
    return raw, "$", "GC-1.7", f"1 scoring card(s) are missing from the state: {card}.", [card]


@case("state_thing_post_number")
def _post_twice():
    raw = building()
    space, post = single_post(raw)
    free = free_single(raw)
    raw["board"][free] = [list(post)]
    raw["players"][post[0]]["posts_left"] -= 1
    return (raw, f"$.board.{free}[0][2]", "GC-12.8",
            f"Post number {post[2]} is in two places: $.board.{space}[0][2] and $.board.{free}[0][2].", [space, free])


@case("state_player_count")
def _one_player():
    raw = building()
    del raw["players"][1:]
    raw["start_player"] = raw["first_player"] = 0
    return (raw, "$.players", "GC-1.5",
            f"The Golden City is played by {min(COUNTS)} to {max(COUNTS)} players, not 1.", [])


@case("state_data_version")
def _data_version():
    raw = building()
    raw["data_version"] = "0.9"
    return raw, "$.data_version", "GC-13.2", f"This referee reads component data {DATA['data_version']}.", []


@case("state_option_choices")
def _option():
    raw = building()
    raw["options"]["joker"] = "wild"
    joker = DATA["rule_parameters"]["joker"]
    choices = (joker["value"], joker["alternative"])
    return raw, "$.options.joker", "GC-13.2", f"Option joker must be one of {choices}.", ["joker", *choices]


@case("state_start_player")
def _start_player():
    raw = building()
    raw["start_player"] = 3
    return raw, "$.start_player", "GC-1.8", "start_player names seat 3.", []


@case("state_colour_not_free")
def _black_seat():
    raw = building(2)
    raw["players"][1]["colour"] = DATA["post_colours"]["black"]
    return raw, "$.players[1].colour", "GC-1.5", "Seat 1's colour 'black' is not a free post colour.", ["black"]


@case("state_keys_total")
def _keys():
    raw = building()
    raw["key_supply"] += 1
    return (raw, "$.key_supply", "GC-12.5",
            f"The keys in the supply and in hands must total {DATA['key_cards']['count']}.", [])


@case("state_coins_total")
def _coins():
    raw = building()
    raw["bank_coins"] -= 1
    return (raw, "$.bank_coins", "GC-12.6",
            f"The coins in the bank and with the players must total {DATA['coins']['total']}.", [])


@case("state_goods_display_full")
def _goods_display():
    raw = building()
    raw["goods_deck"].append(raw["goods_display"].pop())
    return (raw, "$.goods_display", "GC-6.5",
            f"The goods display holds {DATA['goods_cards']['display_size']} cards while the goods deck lasts.", [])


@case("state_bonus_deck_or_display")
def _bonus_display():
    raw = building()
    raw["bonus_display"].append(raw["bonus_deck"].pop())
    return (raw, "$.bonus_display", "GC-1.2",
            "Bonus cards are either a face-down deck or, under the public-choice reading, a face-up display.", [])


@case("state_scoring_deck_stacked")
def _scoring_order():
    raw = building()
    raw["scoring_deck"].reverse()
    return raw, "$.scoring_deck", "GC-1.7", "The scoring deck is stacked back 1, then 2, then 3 from the top.", []


@case("state_no_such_space")
def _atlantis():
    raw = building()
    raw["board"]["ATLANTIS"] = raw["board"].pop(next(iter(raw["board"])))
    return raw, "$.board.ATLANTIS", "GC-5.3", "There is no space 'ATLANTIS' on the board.", ["ATLANTIS"]


@case("state_space_without_post")
def _empty_space():
    raw = building()
    free = free_single(raw)
    raw["board"][free] = []
    return raw, f"$.board.{free}", "GC-12.8", f"{free} is listed with no post; list only occupied spaces.", [free]


@case("state_one_post_at_most")
def _two_on_a_village():
    raw = building()
    space, post = single_post(raw)
    other = (post[0] + 1) % 3
    raw["board"][space].append([other, False, next_seq(raw)])
    raw["players"][other]["posts_left"] -= 1
    return raw, f"$.board.{space}", "GC-5.4.1", f"{space} holds one post at most.", [space]


@case("state_post_of_absent_seat")
def _absent_seat():
    raw = building()
    free = free_single(raw)
    raw["board"][free] = [[5, False, next_seq(raw)]]
    return raw, f"$.board.{free}[0][0]", "GC-1.5", "Post of seat 5, which is not in this game.", []


@case("state_two_posts_in_district")
def _two_in_district():
    raw = building()
    district = next(s for s in spaces("outer_district") if s not in raw["board"])
    raw["board"][district] = [[0, False, next_seq(raw)], [0, False, next_seq(raw) + 1]]
    raw["players"][0]["posts_left"] -= 2
    return raw, f"$.board.{district}", "GC-5.4.2", f"A player has two posts in {district}.", [district]


@case("state_black_post_alone")
def _black_on_a_village():
    raw = building(2)
    space, post = single_post(raw)
    post[1] = True
    raw["players"][post[0]]["posts_left"] += 1
    raw["players"][post[0]]["black_left"] -= 1
    return (raw, f"$.board.{space}", "GC-11.3",
            f"The black post in {space} must join its owner's regular post in a district no one else has entered.",
            [space])


@case("state_post_not_connected")
def _far_post():
    raw = building()
    far = next(s for s in spaces("inner_district") if s not in raw["board"])
    seq = next_seq(raw)
    raw["board"][far] = [[0, False, seq]]
    raw["players"][0]["posts_left"] -= 1
    return raw, f"$.board.{far}", "GC-5.5.2", f"Post {seq} on {far} has no road to an earlier post of its owner.", [far]


def _on_board(raw: dict, seat: int, black: bool) -> int:
    return sum(1 for posts in raw["board"].values() for post in posts if post[0] == seat and post[1] == black)


@case("state_regular_posts_total")
def _regular_posts():
    raw = building()
    raw["players"][1]["posts_left"] += 1
    owned, left = COUNTS[3]["regular_posts"], raw["players"][1]["posts_left"]
    return (raw, "$.players[1].posts_left", "GC-1.5",
            f"Seat 1 owns {owned} regular posts: {_on_board(raw, 1, False)} on the board and {left} in supply do "
            f"not add up.", [])


@case("state_black_posts_total")
def _black_posts():
    raw = building(2)
    raw["players"][0]["black_left"] = 3
    return (raw, "$.players[0].black_left", "GC-11.1",
            f"Seat 0 owns {COUNTS[2]['black_posts']} black posts: {_on_board(raw, 0, True)} on the board and 3 in "
            f"supply do not add up.", [])


@case("state_round_mismatch")
def _round():
    raw = building()
    raw["round"] += 1
    return (raw, "$.round", "GC-3.1",
            f"Round {raw['round']} does not match the {len(raw['scoring_removed'])} scoring card(s) scored.", [])


@case("state_scoring_card_up")
def _scoring_card_gone():
    raw = building()
    raw["scoring_removed"].append(raw["scoring_card"])
    raw["scoring_card"] = None
    return (raw, "$.scoring_card", "GC-3.1",
            "The round's scoring card is face up during the auction and the building only.", [])


@case("state_auction_in_phase")
def _auction_missing():
    raw = building()
    raw["phase"] = "auction"
    return raw, "$.auction", "GC-2.1", "The auction exists in the auction phase only.", []


@case("state_build_in_phase")
def _build_missing():
    raw = building()
    raw["build"] = None
    return raw, "$.build", "GC-2.1", "The build turn exists in the build phase only.", []


@case("state_discards_in_phase")
def _discards_while_building():
    raw = building()
    raw["discard_pending"] = [0]
    return raw, "$.discard_pending", "GC-9.1", "Discards are pending in the discard phase only.", []


@case("state_result_at_end")
def _no_result():
    raw = game_over()
    raw["result"] = None
    return raw, "$.result", "GC-10.4", "The result exists once the game is over.", []


@case("state_end_triggered")
def _end_not_triggered():
    state = build_turn(4, 0)
    for harbour in spaces("harbour")[:state.players[0].posts_left]:
        place(state, 0, harbour)  # the last regular post built, the trigger not set
    raw = wire(state)
    return raw, "$.end_triggered", "GC-5.7", "A player has built his last post: the end is triggered.", []


@case("state_pairs_on_offer")
def _short_pair():
    raw = auction()
    raw["landscape_deck"].append(raw["auction"]["pairs"][0].pop())
    return raw, "$.auction.pairs", "GC-4.1", f"{COUNTS[3]['pairs_per_round']} pairs of two cards are on offer.", []


@case("state_marker_slots")
def _markers_short():
    raw = auction()
    raw["auction"]["markers"].pop()
    return raw, "$.auction.markers", "GC-4.2", "One marker slot per pair.", []


@case("state_marker_once")
def _marker_twice():
    raw = auction()
    raw["auction"]["markers"] = [0, 0, None]
    return raw, "$.auction.markers", "GC-4.2", "Each player's marker lies on one pair at most.", []


@case("state_auction_queue")
def _queue_empty():
    raw = auction()
    raw["auction"]["queue"] = []
    return (raw, "$.auction.queue", "GC-4.4",
            "The seats still to place are exactly those whose marker is off the table.", [])


@case("state_no_auction_after_end")
def _auction_after_end():
    raw = auction()
    raw["end_triggered"] = True
    return (raw, "$.end_triggered", "GC-10.1",
            "A triggered end comes with the round it was triggered in; no auction follows it.", [])


@case("state_hand_limit_in_auction")
def _full_hand():
    raw = auction()
    while len(raw["players"][1]["hand"]) <= HAND_LIMIT:
        raw["players"][1]["hand"].append(raw["landscape_deck"].pop())
    return raw, "$.players[1].hand", "GC-9.1", f"No hand exceeds {HAND_LIMIT} cards during the auction.", []


@case("state_build_turns_left")
def _build_index():
    raw = building()
    raw["build"]["index"] = 3
    return raw, "$.build.index", "GC-5.1", "Every player has had his build turn.", []


@case("state_builds_in_turn")
def _builds():
    raw = building()
    raw["build"]["builds"] = 5
    most = 2  # GC-5.1: two builds a turn; with explicit_end_turn (the default) both stand before end_turn
    return raw, "$.build.builds", "GC-5.1", f"At most {most} builds stand in a turn still open.", []


@case("state_discard_owed_only")
def _discard_not_owed():
    raw = discarding()
    raw["discard_pending"] = [0, 1]
    return (raw, "$.discard_pending", "GC-9.1",
            "Only players over the hand limit owe a discard, once each, and only if the game goes on.", [])


@case("state_discard_owed")
def _discard_missing():
    raw = discarding(over=(0, 1))
    return raw, "$.discard_pending", "GC-9.1", "Every player over the hand limit owes a discard.", []


@case("state_result_seats")
def _result_order():
    raw = game_over()
    raw["result"].reverse()
    return raw, "$.result", "GC-10.4", "The result lists every seat in order.", []


def refusal(raw: dict) -> InvalidState:
    with pytest.raises(InvalidState) as caught:
        R.load_state(raw)
    return caught.value


def test_every_state_phrase_has_a_case():
    """Each ``state_*`` phrase the game declares is raised below (a new check needs its case)."""
    assert state_phrases(refusals.phrases()) == set(CASES)


@pytest.mark.parametrize("phrase", sorted(CASES))
def test_gc_13_2_each_state_refusal_reads_in_english_and_in_chinese(phrase):
    """GC-13.2: the bad state is refused at its path and rule with the phrase; English keeps its sentence, zh-Hans
    reads Chinese with the same values."""
    state, path, rule, sentence, ids = CASES[phrase]()
    assert_reads_in_both(refusal(state), phrase, path, rule, sentence, ids)


def test_gc_12_1_inventory_counts_in_chinese_terms():
    """GC-12.1 / GC-12.8: what an inventory counts is the glossary's word inside core's Chinese sentence."""
    raw, *_ = CASES["state_thing_landscape_card"]()
    assert "地权状卡" in chinese(refusal(raw))
    raw, *_ = CASES["state_thing_post_number"]()
    assert "商站编号" in chinese(refusal(raw))


# ---------------------------------------------------------------- through the service
@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_gc_12_5_a_broken_state_posted_to_apply_is_refused_in_chinese(client):
    """GC-12.5 over HTTP: apply with a state holding a key too many answers 422 invalid_state in zh-Hans (and in
    English with today's sentence)."""
    raw = building()
    state = R.load_state(raw)
    action = to_builtins(R.legal_actions(state, R.status(state).active_players[0])[0])
    raw["key_supply"] += 1
    total = DATA["key_cards"]["count"]
    detail = assert_chinese_over_http(client, "golden_city", {"state": raw, "action": action}, "GC-12.5",
                                      f"The keys in the supply and in hands must total {total}.", [])
    assert "城市之钥" in detail and str(total) in detail, detail
