"""Issue 25: a posted state's refusal (``invalid_state``) reads in the player's language (SOL-H.7).

Every reason Solenia's consistency checks word is a ``state_*`` phrase. Each one is raised here once, from a
bad state built on a seeded game (half a seeded playout, a set-up solo game, a set-up draft): the refusal
keeps its path and SOL-H.7, its English detail still ends with the sentence Solenia has always said, with
the numbers of the components (SOL-1.2, 2.1, 2.4, 5.5: 16 cards a colour, 16 rounds, hands of 3, rows of 6
slots, 5 strips, 4 colours), and read in zh-Hans it is Chinese with the same values and no English word left
but the ids: the JSON path, card, tile, strip, slot and improvement ids, rule IDs, and the field names the
sentence names. Chinese terms are the game's glossary (locale/zh_Hans/LC_MESSAGES/solenia.po, from seed 004).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from rulesets.core import to_builtins
from rulesets.core.translation import refusal_detail, translator
from tests.state_phrases import CJK, english_left_but_fields, phrase_names, plain_values
from rulesets.solenia.refusals import refusals
from rulesets.testing.playout import random_playout
from service import create_app

from .scenario import R
from .scenario import state_refused as refused_at

WINTER = {"board_side": "winter"}
IMPROVEMENTS = {"board_side": "winter", "improvements": True}

_MID: dict = {}


def mid(players: int = 3, **options: Any) -> dict:
    """Half of a seeded playout: cards on the board, tiles in the rows, hands and decks part played."""
    key = (players, tuple(sorted(options.items())))
    if key not in _MID:
        playout = random_playout(R, players, "h7", options, sample_legal=0, nudges=0)
        state = R.setup(players, "h7", options)
        for act in playout.actions[: len(playout.actions) // 2]:
            state, _ = R.apply(state, act)
        _MID[key] = to_builtins(state)
    return copy.deepcopy(_MID[key])


def solo() -> dict:
    """A set-up solo game: seat 0 orange against the black Rival (SOL-10.1)."""
    raw = to_builtins(R.setup(1, "solo-language", {}))
    assert raw["solo"]["rival_color"] == "black" and len(raw["solo"]["rival_deck"]) == 16
    return raw


def draft(first_player: int = 0) -> dict:
    """A set-up 4-player game with improvements, its draft not begun (SOL-9.1)."""
    raw = to_builtins(R.setup(4, "draft-language", IMPROVEMENTS, first_player=first_player))
    assert raw["phase"] == "draft" and len(raw["draft"]["level1_offer"]) == 4
    return raw


# ---------------------------------------------------------------- the cases: one per phrase
@dataclass(frozen=True)
class Case:
    phrases: tuple[str, ...]  # the state_* phrases the refusal words (the reason first)
    base: Callable[[], dict]
    breaks: Callable[[dict], Any]
    path: str
    #: the sentence, or how to word it from the broken state (an id it names)
    english: str | Callable[[dict], str]
    #: field names the sentence names as they are in the JSON (no underscore to tell them by)
    ids: tuple[str, ...] = ()


def _set(where: Callable[[dict], dict], **fields: Any) -> Callable[[dict], Any]:
    return lambda raw: where(raw).update(fields)


def _top(raw: dict) -> dict:
    return raw


def _p(seat: int) -> Callable[[dict], dict]:
    return lambda raw: raw["players"][seat]


def _held(seat: int) -> Callable[[dict], dict]:
    return lambda raw: raw["players"][seat]["improvements"]


def _fifth_player(raw):
    raw["players"].append({**copy.deepcopy(raw["players"][2]), "seat": 3})
    raw["players"].append({**copy.deepcopy(raw["players"][2]), "seat": 4})


def _swap_hands(a: int, b: int):
    def breaks(raw):
        ha, hb = raw["players"][a]["hand"], raw["players"][b]["hand"]
        ha[0], hb[0] = hb[0], ha[0]
    return breaks


def _card_to_seat(seat: int):
    """The first board card not of ``seat`` is said to be ``seat``'s."""
    def breaks(raw):
        next(c for c in raw["board"]["cards"] if c["owner"] != seat)["owner"] = seat
    return breaks


def _foreign_card_of(seat: int):
    def english(raw):
        placed = next(c for c in raw["board"]["cards"] if c["owner"] == seat)
        color = raw["players"][seat]["color"]
        return f"{placed['card']} is not a card of seat {seat} ({color})."
    return english


def _human_card_in_the_rival_deck(raw):
    """The Rival's top card onto the board as the Rival's, a human card in its place: every count holds."""
    rival = raw["solo"]["rival_deck"]
    raw["board"]["cards"].append({"card": rival[0], "owner": "rival", "col": 0, "row": 0})
    rival[0] = raw["players"][0]["hand"].pop(0)


def _tile_twice(raw):
    raw["delivery"]["day_deck"].append(raw["delivery"]["day_display"][0])


def _tiles_swapped_between_decks(raw):
    d = raw["delivery"]
    day, night = d["day_deck"].pop(), d["night_deck"].pop()
    d["day_deck"].append(night)
    d["night_deck"].append(day)


def _lone_level_3_tile(raw):
    row = raw["players"][0]["day_slots"]
    raw["delivery"]["day_deck"] += [t for t in row if t]
    raw["players"][0]["day_slots"] = [None, None, None, None, raw["delivery"]["day_deck"].pop(0), None]


def _summer_gap(raw):
    filled = [t for t in raw["players"][0]["day_slots"] if t]
    raw["players"][0]["day_slots"] = ([None] + filled + [raw["delivery"]["day_deck"].pop()] + [None] * 6)[:6]


def _short_row(raw):
    assert raw["players"][1]["day_slots"][-1] is None
    raw["players"][1]["day_slots"].pop()


def _overflow(player: int, amount: int):
    def breaks(raw):
        raw["phase"] = "overflow"
        raw["players"][1]["storage"] = {"wood": 8, "wheat": 2, "stone": 0, "water": 0}
        raw["pending"] = [{"kind": "discard_overflow", "player": player, "amount": amount}]
    return breaks


def _cards_left(raw):
    p = raw["players"][1]
    return (f"After its turns so far seat 1 has {len(p['hand']) + len(p['deck']) + 1} cards in hand and deck, "
            f"not {len(p['hand']) + len(p['deck'])} (SOL-2.2).")


def _first_level1_of_the_offer(raw):
    raw["players"][0]["improvements"]["level1"] = raw["draft"]["level1_offer"].pop(0)


def _pending_for(seat: int) -> Callable[[dict], Any]:
    return lambda raw: raw.update(phase="overflow", pending=[{"kind": "discard_overflow", "player": seat,
                                                             "amount": 1}])


CASES = [
    Case(("state_seat_count",), mid, _fifth_player, "$.players", "Solenia seats 1 to 4 players, not 5."),
    Case(("state_improvements_need_winter",), mid, lambda raw: raw["options"].update(improvements=True),
         "$.options.improvements", "Improvement tiles need the winter side (SOL-9.1)."),
    Case(("state_strip_permutation",), mid, lambda raw: raw["options"].update(strip_permutation=["S1", "S1", "S3",
                                                                                                  "S4"]),
         "$.options.strip_permutation", "strip_permutation must order S1, S2, S3, S4 once each."),
    Case(("state_round_range",), mid, _set(_top, round=17), "$.round", "round runs 1 to 16, not 17.", ids=("round",)),
    Case(("state_active_seat",), mid, _set(_top, active_seat=3), "$.active_seat",
         "active_seat must name one of the 3 seats."),
    Case(("state_draft_round",), draft, _set(_top, round=2), "$.round",
         "The draft comes before the first turn (SOL-9.1): round is 1 while drafting, not 2.", ids=("round",)),
    Case(("state_draft_active_seat",), lambda: draft(first_player=2), _set(_top, active_seat=1), "$.active_seat",
         "While drafting, the seat to play first once the draft ends is first_player (SOL-9.1)."),
    Case(("state_finished_game",), mid, _set(_top, phase="game_over"), "$.round",
         "A finished game stands after the last seat's last round."),
    Case(("state_player_seat",), mid, _set(_p(1), seat=2), "$.players[1].seat", "players[1] must have seat 1.",
         ids=("players", "seat")),
    Case(("state_own_colour", "state_all_colours"), mid, _set(_p(1), color="orange"), "$.players[1].color",
         "Each seat plays its own colour, one of orange, black, red, purple."),
    Case(("state_solo_rival",), solo, _set(_top, solo=None), "$.solo",
         "A solo game (1 player) has a Rival, and only a solo game has one."),
    Case(("state_rival_colour",), solo, lambda raw: raw["solo"].update(rival_color="orange"), "$.solo.rival_color",
         "The Rival plays a colour no player uses."),
    Case(("state_rival_moved",), solo, lambda raw: raw["solo"].update(rival_moved=True), "$.solo.rival_moved",
         "The Rival has moved this round only while an overflow is being settled."),
    Case(("state_airship_rest",), mid, lambda raw: raw["board"].update(airship={"col": 3, "row": 2}),
         "$.board.airship", "Between turns the airship rests on (2, 2)."),
    Case(("state_strip_count",), mid, lambda raw: raw["board"]["columns"].pop(), "$.board.columns",
         "The board has 5 strips."),
    Case(("state_no_such_strip",), mid, lambda raw: raw["board"]["columns"][0].update(strip="S9"),
         "$.board.columns[0].strip", "There is no strip S9."),
    Case(("state_no_such_face", "state_dusk"), mid, lambda raw: raw["board"]["columns"][0].update(face="dusk"),
         "$.board.columns[0].face", lambda raw: f"Strip {raw['board']['columns'][0]['strip']} has no dusk face."),
    Case(("state_no_such_face", "state_dawn"), mid, lambda raw: raw["board"]["columns"][1].update(face="dawn"),
         "$.board.columns[1].face", lambda raw: f"Strip {raw['board']['columns'][1]['strip']} has no dawn face."),
    Case(("state_thing_strip",), mid, lambda raw: raw["board"]["columns"].__setitem__(1, raw["board"]["columns"][0]),
         "$.board.columns[1]", lambda raw: f"Strip {raw['board']['columns'][0]['strip']} is in two places: "
                                           "$.board.columns[0] and $.board.columns[1]."),
    Case(("state_board_card_off_board",), mid, lambda raw: raw["board"]["cards"][0].update(col=5), "$.board.cards[0]",
         "A board card must lie on a space (cols and rows 0 to 4)."),
    Case(("state_two_cards_on_space",), mid,
         lambda raw: raw["board"]["cards"][1].update(col=raw["board"]["cards"][0]["col"],
                                                     row=raw["board"]["cards"][0]["row"]),
         "$.board.cards[1]", lambda raw: f"Two cards on ({raw['board']['cards'][0]['col']},"
                                         f"{raw['board']['cards'][0]['row']}): board.cards[0] and this one.",
         ids=("board", "cards")),
    Case(("state_rival_cards",), mid, lambda raw: raw["board"]["cards"][0].update(owner="rival"),
         "$.board.cards[0].owner", "Only the solo Rival's own cards belong to the Rival."),
    Case(("state_owner_seat",), mid, lambda raw: raw["board"]["cards"][0].update(owner=5), "$.board.cards[0].owner",
         "owner must be a seat 0 to 2.", ids=("owner",)),
    Case(("state_not_the_seats_card", "state_colour_red"), mid, _card_to_seat(2), "$.board.cards[0].card",
         _foreign_card_of(2)),
    Case(("state_not_the_seats_card", "state_colour_purple"), lambda: mid(4), _card_to_seat(3),
         "$.board.cards[0].card", _foreign_card_of(3)),
    Case(("state_thing_card",), mid, lambda raw: raw["players"][1]["deck"].append(raw["players"][1]["hand"][0]),
         "$.players[1].deck[5]", lambda raw: f"Card {raw['players'][1]['hand'][0]} is in two places: "
                                             "$.players[1].hand[0] and $.players[1].deck[5]."),
    Case(("state_not_a_colour_card", "state_colour_orange"), mid, _swap_hands(0, 1), "$.players[0].hand[0]",
         lambda raw: f"{raw['players'][0]['hand'][0]} is not a orange card."),
    Case(("state_not_a_colour_card", "state_colour_black"), mid, _swap_hands(1, 2), "$.players[1].hand[0]",
         lambda raw: f"{raw['players'][1]['hand'][0]} is not a black card."),
    Case(("state_not_a_rival_card",), solo, _human_card_in_the_rival_deck, "$.solo.rival_deck[0]",
         lambda raw: f"{raw['solo']['rival_deck'][0]} is not a Rival card."),
    Case(("state_wrong_kind_of_tile", "state_day"), mid, _tiles_swapped_between_decks, "$.delivery.day_deck[19]",
         lambda raw: f"{raw['delivery']['day_deck'][-1]} is not a day tile; it cannot lie among day tiles."),
    Case(("state_thing_delivery_tile",), mid, _tile_twice, "$.delivery.day_display[0]",
         lambda raw: f"Delivery tile {raw['delivery']['day_display'][0]} is in two places: $.delivery.day_deck[20] "
                     "and $.delivery.day_display[0]."),
    Case(("state_display_full", "state_night"), mid,
         lambda raw: raw["delivery"]["night_deck"].append(raw["delivery"]["night_display"].pop()),
         "$.delivery.night_display", "The night display shows 3 tiles while its deck lasts, never more."),
    Case(("state_discarded_tiles",), mid, lambda raw: raw["delivery"]["discarded"].append(
        raw["delivery"]["day_deck"].pop()), "$.delivery.discarded",
         "Only the solo Rival throws tiles out of a display."),
    Case(("state_winter_levels", "state_day"), lambda: mid(2, **WINTER), _lone_level_3_tile, "$.players[0].day_slots",
         "More level-3 than level-2 slots are filled in the day row (SOL-8.2)."),
    Case(("state_summer_gaps",), mid, _summer_gap, "$.players[0].day_slots[1]",
         "Summer slots fill from the left without gaps (SOL-5.5)."),
    Case(("state_row_slots",), mid, _short_row, "$.players[1].day_slots", "A row has 6 slots."),
    Case(("state_permanents",), lambda: mid(2, **WINTER), lambda raw: raw["players"][1]["permanent"].append(
        {"id": "night_E", "resource": "stone", "used_this_turn": False}), "$.players[1].permanent",
         "Permanent resources come from filled C and E slots: expected []."),
    Case(("state_capacity",), mid, _set(_p(0), capacity=9), "$.players[0].capacity",
         "capacity is derived: it must be 8, not 9.", ids=("capacity",)),
    Case(("state_active_parts",), lambda: mid(2, **IMPROVEMENTS), _set(_held(0), active=["level1"]),
         "$.players[0].improvements.active",
         "active lists, in order, the improvement parts whose covered slots are filled (SOL-9.3).", ids=("active",)),
    Case(("state_extra_tile",), mid, lambda raw: raw["players"][0]["extra_tiles"].append(
        raw["delivery"]["day_deck"].pop()), "$.players[0].extra_tiles[0]",
         "A tile lies beside the board only once its row is full (SOL-5.7)."),
    Case(("state_cards_left",), mid, lambda raw: raw["players"][1]["discard"].append(raw["players"][1]["deck"].pop()),
         "$.players[1].deck", _cards_left),
    Case(("state_hand_between_turns",), mid,
         lambda raw: raw["players"][1]["deck"].append(raw["players"][1]["hand"].pop()), "$.players[1].hand",
         "Seat 1 holds 3 cards between turns, not 2 (SOL-2.4)."),
    Case(("state_rival_deck",), solo, lambda raw: raw["solo"]["rival_discard"].append(raw["solo"]["rival_deck"].pop()),
         "$.solo.rival_deck", "The Rival deck holds 16 cards at this point."),
    Case(("state_draft_phase",), draft, _set(_top, draft=None), "$.draft",
         "A draft is present exactly in the draft phase."),
    Case(("state_draft_without_improvements",), draft, lambda raw: raw["options"].update(improvements=False),
         "$.phase", "Only a game with improvements drafts them."),
    Case(("state_no_improvements",), lambda: mid(2), _set(_held(0), level1="L1_DOUBLE_ADVANCE"),
         "$.players[0].improvements", "This game is played without improvement tiles."),
    Case(("state_no_such_level1",), lambda: mid(2, **IMPROVEMENTS), _set(_held(0), level1="L1_NO_SUCH_TILE"),
         "$.players[0].improvements.level1", "There is no level-1 tile L1_NO_SUCH_TILE."),
    Case(("state_level1_held_twice",), lambda: mid(2, **IMPROVEMENTS),
         lambda raw: _held(1)(raw).update(level1=_held(0)(raw)["level1"]), "$.players[1].improvements.level1",
         lambda raw: f"Level-1 tile {raw['players'][0]['improvements']['level1']} is held by two players."),
    Case(("state_level3_halves",), lambda: mid(2, **IMPROVEMENTS), _set(_held(0), level3_night=None),
         "$.players[0].improvements.level3_night", "A level-3 tile has a day half and a night half."),
    Case(("state_level3_kinds",), lambda: mid(2, **IMPROVEMENTS),
         lambda raw: _held(1)(raw).update(level3_night=_held(1)(raw)["level3_day"]),
         "$.players[1].improvements.level3_day", "A level-3 pair joins halves of two different kinds."),
    Case(("state_held_after_draft",), lambda: mid(2, **IMPROVEMENTS), _set(_held(0), level1=None),
         "$.players[0].improvements",
         "After the draft every player holds a level-1 tile and a level-3 pair (SOL-9.1)."),
    Case(("state_draft_order",), draft, lambda raw: raw["draft"]["order"].reverse(), "$.draft.order",
         "The draft runs from the last seat in reverse turn order, twice."),
    Case(("state_picks_so_far",), draft, _first_level1_of_the_offer, "$.players[0].improvements",
         "Seat 0 has picked 0 improvement(s) so far."),
    Case(("state_level1_offer",), draft,
         lambda raw: raw["draft"]["level1_offer"].__setitem__(1, raw["draft"]["level1_offer"][0]),
         "$.draft.level1_offer", "The level-1 offer holds distinct tiles nobody has taken."),
    Case(("state_level1_offered",), draft, lambda raw: raw["draft"]["level1_offer"].pop(), "$.draft.level1_offer",
         "4 level-1 tiles were offered."),
    Case(("state_level3_offered",), draft, lambda raw: raw["draft"]["level3_offer"].pop(), "$.draft.level3_offer",
         "4 level-3 pairs were offered; taken ones are null.", ids=("null",)),
    Case(("state_pending_phase",), mid, _set(_top, phase="overflow"), "$.pending",
         "Pending overflow decisions exist exactly in the overflow phase."),
    Case(("state_pending_seats",), mid, _pending_for(5), "$.pending[0].player",
         "Each pending entry names a different seat of this game."),
    Case(("state_over_capacity",), mid, _overflow(1, 1), "$.pending[0].amount", "Seat 1 is 2 over capacity."),
    Case(("state_storage_overflow",), mid,
         _set(_p(0), storage={"wood": 9, "wheat": 0, "stone": 0, "water": 0}), "$.players[0].storage",
         "Storage holds 9 of 8; an overflow must be pending (SOL-4.3)."),
]



def refused(case: Case):
    raw = case.base()
    case.breaks(raw)
    english = case.english(raw) if callable(case.english) else case.english
    return refused_at(raw, case.path), english


@pytest.mark.parametrize("case", CASES, ids=[" ".join(case.phrases) for case in CASES])
def test_sol_h_7_a_state_refusal_reads_chinese_with_its_values(case):
    """SOL-H.7: the state refusal keeps its path, rule and English sentence, and reads Chinese in zh-Hans."""
    error, english = refused(case)
    assert error.rule == "SOL-H.7"
    assert error.detail.endswith(english), error.detail
    reason = error.params["reason"]
    assert set(case.phrases) <= phrase_names(reason)
    zh = refusal_detail(error, translator("zh_Hans"))
    assert CJK.search(zh) and zh != error.detail, zh
    assert english_left_but_fields(zh, case.ids) == [], zh
    for value in plain_values(reason):
        assert value in zh, (value, zh)


def test_sol_h_7_every_state_phrase_is_raised_here():
    """Each state_* phrase Solenia's catalogue declares has its case above (a new check needs one too)."""
    declared = {phrase.name for phrase in refusals.phrases() if phrase.name.startswith("state_")}
    assert declared == {name for case in CASES for name in case.phrases}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_sol_h_7_a_broken_state_posted_to_apply_reads_chinese_over_http(client):
    """SOL-H.7, SOL-4.2 over HTTP: a summer board's capacity posted as 9 is refused with invalid_state at its
    path, its detail in the request's language: Chinese in zh-Hans, today's sentence in English."""
    raw = mid()
    action = to_builtins(R.legal_actions(R.load_state(raw), raw["active_seat"])[0])
    raw["players"][0]["capacity"] = 9
    body = {"state": raw, "action": action}
    zh = client.post("/v1/games/solenia/apply", json=body, headers={"Accept-Language": "zh-Hans"})
    en = client.post("/v1/games/solenia/apply", json=body, headers={"Accept-Language": "en"})
    assert zh.status_code == en.status_code == 422
    assert zh.json["code"] == en.json["code"] == "invalid_state" and zh.json["rule"] == en.json["rule"] == "SOL-H.7"
    assert zh.headers["Content-Language"] == "zh-Hans"
    assert zh.json["detail"] == "该状态不是本游戏可能出现的状态：capacity是推导出来的：它必须是8，而不是9。"
    assert en.json["detail"] == "The state is not one this game can be in: capacity is derived: it must be 8, not 9."
