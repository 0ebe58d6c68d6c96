"""Issue 25: a posted state's refusal (``invalid_state``) reads in the player's language (spec 3.0, JAVA-14.3).

Every reason Java's consistency checks word is a ``state_*`` phrase. Each one is raised here once, from a
bad state built on a seeded set-up (a hand-laid board, a festival under way, a final round): the English
detail still ends with the sentence Java has always said, with the counts of the components (JAVA-1.3,
1.4: 12 developers, 3 action tokens, 5 doubles, 3 single rice, 2 single village tiles a player; 56
triples, 16 irrigation tiles, 6/7/8/9/10 palace tiles of value 2/4/6/8/10), and read in zh-Hans it is
Chinese with the same values and no English word left but the ids: the JSON path and its field names,
tile, card and board ids, rule IDs. Chinese terms are the game's glossary
(locale/zh_Hans/LC_MESSAGES/java.po, from seed 001).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from rulesets.core import to_builtins
from rulesets.core.translation import refusal_detail, translator
from tests.state_phrases import CJK, english_left_but_fields, phrase_names, plain_values
from rulesets.java.board import CENTRAL, EDGE, HEXES, N, PRINTED_POND
from rulesets.java.refusals import refusals
from rulesets.java.state import FinalRound
from service import create_app

from .scenario import GAME, act, cards_with, checked, dev, lay, new, palace, set_hands, use_up_triples


OUTER = next(HEXES[i] for i in range(N) if not CENTRAL[i])
EDGE_HEX = next(HEXES[i] for i in range(N) if CENTRAL[i] and EDGE[i] and not PRINTED_POND[i])
INTERIOR = next(HEXES[i] for i in range(N) if CENTRAL[i] and not EDGE[i] and not PRINTED_POND[i])
POND = next(HEXES[i] for i in range(N) if PRINTED_POND[i])
MASK = cards_with("mask")


def _key(h) -> str:
    return f"{h[0]},{h[1]}"


# ---------------------------------------------------------------- the seeded states the cases break
def board() -> dict:
    """Two players; a triple, a single rice on it, two single villages, a palace of value 2, a developer."""
    state = new()
    lay(state, "triple", [(1, -3), (2, -3), (2, -4)], (2, -3))
    lay(state, "single_rice", [(1, -3)])
    lay(state, "single_village", [(0, -3)])
    lay(state, "single_village", [(0, -2)])
    palace(state, (0, -3), 2)
    dev(state, (2, -4), 1)
    return to_builtins(checked(state))


def festival() -> dict:
    """Three players; seat 0 has declared a mask festival at its palace of value 4; seats 1 and 2 invited."""
    state = new(3)
    city = [(1, -3), (2, -3), (2, -4), (1, -4)]
    for n, h in enumerate(city):
        lay(state, "single_village", [h], by=n // 2)
    palace(state, city[0], 4)
    for seat, h in enumerate(city[1:]):
        dev(state, h, seat)
    set_hands(state, {0: [MASK[0], MASK[1]], 1: [MASK[2]], 2: [MASK[3]]}, MASK[4])
    state.turn.land_tile_placed = True
    state, _ = act(checked(state), {"type": "declare_festival", "palace": list(city[0]), "cards": [MASK[0]]})
    raw = to_builtins(state)
    assert raw["festival"]["stage"] == "joining" and raw["festival"]["queue"] == [1, 2]
    return raw


def final_round() -> dict:
    """Two players, every triple laid: seat 1 triggered the final round, seat 0 plays its final turn."""
    state = new()
    use_up_triples(state)
    state.final_round = FinalRound(trigger_player=1, remaining=[0])
    return to_builtins(checked(state))


def raising(raw: dict, statuses: tuple[str, str] = ("in", "in")) -> dict:
    """The festival in its raising round: seats 1 and 2 answered with ``statuses``."""
    f = raw["festival"]
    f["stage"], f["queue"], f["to_act"] = "raising", [], 0
    for bid, status in zip(f["bids"][1:], statuses):
        bid["status"] = status
    return raw


# ---------------------------------------------------------------- the cases: one per phrase
@dataclass(frozen=True)
class Case:
    phrases: tuple[str, ...]  # the state_* phrases the refusal words (the reason first)
    base: Callable[[], dict]
    breaks: Callable[[dict], Any]
    path: str
    rule: str
    english: str
    #: field names the sentence names as they are in the JSON (no underscore to tell them by)
    ids: tuple[str, ...] = ()


def _set(where: Callable[[dict], dict], field: str, value: Any) -> Callable[[dict], Any]:
    return lambda raw: where(raw).__setitem__(field, value)


def _p(seat: int) -> Callable[[dict], dict]:
    return lambda raw: raw["players"][seat]


def _tile(index: int) -> Callable[[dict], dict]:
    return lambda raw: raw["placed_tiles"][index]


def _turn(raw: dict) -> dict:
    return raw["turn"]


def _fest(raw: dict) -> dict:
    return raw["festival"]


def _duplicate_tile(raw):
    raw["placed_tiles"].append(copy.deepcopy(raw["placed_tiles"][1]))


def _developer_on(h, seat=0):
    def breaks(raw):
        raw["spaces"][_key(h)]["developer"] = seat
        raw["players"][seat]["developer_supply"] -= 1
    return breaks


def _second_palace_in_the_village(raw):
    raw["palaces"].append({"hex": [0, -2], "values": [4], "front_up": True})
    raw["supply"]["palaces"]["4"] -= 1


def _duplicate_palace(raw):
    raw["palaces"].append(copy.deepcopy(raw["palaces"][0]))
    raw["supply"]["palaces"]["2"] -= 1


def _no_face_up(raw):
    raw["cards"]["discard"].append(raw["cards"]["face_up"])
    raw["cards"]["face_up"] = None


def _irrigation(*hexes):
    def breaks(raw):
        raw["irrigation_tiles"] = [list(h) for h in hexes]
        raw["supply"]["irrigation"] -= len(hexes)
    return breaks


def _token_used_yet_kept(raw):
    raw["turn"]["token_used"], raw["turn"]["ap_total"] = True, 7


def _tie_vote_missing(raw):
    raising(raw, ("in", "declined"))["festival"]["stage"] = "tie_vote"


def _tie_vote_out_of_stage(raw):
    raising(raw)["festival"]["tie_vote"] = {"proposer": 1, "total": 1, "pending": [0], "accepted": []}


def _to_act_declined(raw):
    raising(raw, ("in", "declined"))["festival"]["to_act"] = 2


CASES = [
    Case(("state_player_count",), board, lambda raw: raw["players"].pop(), "$.players", "JAVA-1.1",
         "Java is played by 2 to 4 players."),
    Case(("state_board",), board, _set(lambda raw: raw, "board", "java-other"), "$.board", "JAVA-14.5",
         "This referee plays the board 'java-assumed-v1'."),
    Case(("state_festival_handshake",), board, lambda raw: raw["options"]["festival_handshake"].pop("2"),
         "$.options.festival_handshake", "JAVA-10.13", "festival_handshake names every palace value once."),
    Case(("state_player_developers",), board, _set(_p(0), "developer_supply", 13), "$.players[0].developer_supply",
         "JAVA-1.4", "A player has 12 developers."),
    Case(("state_player_action_tokens",), board, _set(_p(0), "action_tokens", 4), "$.players[0].action_tokens",
         "JAVA-1.4", "A player has 3 action tokens."),
    Case(("state_player_tiles", "state_tile_double"), board, lambda raw: raw["players"][0]["tiles"].update(double=6),
         "$.players[0].tiles.double", "JAVA-1.4", "A player has 5 double tiles."),
    Case(("state_tile_in_two_places",), board, _duplicate_tile, "$.placed_tiles[4].id", "JAVA-4.11",
         "Tile 2 is in two places: $.placed_tiles[1].id and $.placed_tiles[4].id."),
    Case(("state_placed_by",), board, _set(_tile(0), "placed_by", 2), "$.placed_tiles[0].placed_by", "JAVA-4.1",
         "placed_by names a seat of this game."),
    Case(("state_village_hex",), board, _set(_tile(0), "village", [5, 5]), "$.placed_tiles[0].village", "JAVA-4.2",
         "The tile's village hex is one of its hexes."),
    Case(("state_rice_has_no_village",), board, _set(_tile(1), "village", [1, -3]), "$.placed_tiles[1].village",
         "JAVA-4.2", "A rice tile has no village hex."),
    Case(("state_tile_level",), board, _set(_tile(0), "level", 0), "$.placed_tiles[0].level", "JAVA-2.5",
         "A tile lies at level 1 or higher."),
    Case(("state_triples",), board, lambda raw: raw["supply"].update(triple=56), "$.supply.triple", "JAVA-1.3",
         "The game has 56 triple tiles: placed plus supply."),
    Case(("state_own_tiles", "state_tile_single_rice"), board,
         lambda raw: raw["players"][0]["tiles"].update(single_rice=3), "$.players[0].tiles.single_rice", "JAVA-1.4",
         "Each player has 3 single_rice tiles: placed plus in hand."),
    Case(("state_own_tiles", "state_tile_single_village"), board,
         lambda raw: raw["players"][0]["tiles"].update(single_village=1), "$.players[0].tiles.single_village",
         "JAVA-1.4", "Each player has 2 single_village tiles: placed plus in hand."),
    Case(("state_tile_size", "state_tile_triple"), board, lambda raw: raw["placed_tiles"][0]["hexes"].pop(),
         "$.placed_tiles[0].hexes", "JAVA-4.2", "A triple tile covers 3 hexes."),
    Case(("state_tile_on_map",), board, lambda raw: raw["placed_tiles"][0]["hexes"].__setitem__(0, [40, 40]),
         "$.placed_tiles[0].hexes", "JAVA-4.4", "A tile lies on the map."),
    Case(("state_tile_in_central_java",), board, _set(_tile(3), "hexes", [list(OUTER)]), "$.placed_tiles[3].hexes",
         "JAVA-4.4", "A tile keeps a hex in central Java."),
    Case(("state_tile_hexes_sorted",), board, lambda raw: raw["placed_tiles"][0]["hexes"].reverse(),
         "$.placed_tiles[0].hexes", "JAVA-4.2", "A tile's hexes are listed sorted."),
    Case(("state_tile_hexes_adjacent", "state_tile_triple"), board,
         _set(_tile(0), "hexes", [[0, -3], [1, -3], [2, -3]]), "$.placed_tiles[0].hexes", "JAVA-4.2",
         "A triple tile's hexes are mutually adjacent."),
    Case(("state_not_a_hex",), board, lambda raw: raw["spaces"].__setitem__("5,5", {"stack": [1]}), "$.spaces['5,5']",
         "JAVA-2.2", "'5,5' is not a hex of the map (\"q,r\")."),
    Case(("state_developer_on_pond",), board,
         lambda raw: (raw["spaces"].__setitem__(_key(POND), {"stack": [], "developer": 0}),
                      raw["players"][0].update(developer_supply=11)),
         f"$.spaces['{_key(POND)}'].developer", "JAVA-2.16", "A developer never stands on an irrigation space."),
    Case(("state_developer_seat",), board, lambda raw: raw["spaces"]["2,-4"].update(developer=2),
         "$.spaces['2,-4'].developer", "JAVA-2.16", "A developer belongs to a seat of this game."),
    Case(("state_developer_on_palace",), board, _developer_on((0, -3)), "$.spaces['0,-3'].developer", "JAVA-2.16",
         "A developer never stands on a palace."),
    Case(("state_tile_twice_in_stack",), board, lambda raw: raw["spaces"]["2,-3"]["stack"].append(1),
         "$.spaces['2,-3'].stack[1]", "JAVA-2.5", "Tile 1 is counted twice in this stack."),
    Case(("state_listed_space_covered",), board,
         lambda raw: raw["spaces"].__setitem__(_key(INTERIOR), {"stack": [], "developer": None}),
         f"$.spaces['{_key(INTERIOR)}'].stack", "JAVA-2.5", "A space listed in spaces is covered by a land tile.",
         ids=("spaces",)),
    Case(("state_pond_uncovered",), board, lambda raw: raw["spaces"].__setitem__(_key(POND), {"stack": [1]}),
         f"$.spaces['{_key(POND)}'].stack", "JAVA-2.7", "An irrigation space is never covered."),
    Case(("state_tile_missing_from_stack",), board, lambda raw: raw["spaces"].pop("2,-3"), "$.placed_tiles[0]",
         "JAVA-2.5", "Tile 1 is missing from the stack of 2,-3."),
    Case(("state_developers_add_up",), board, _set(_p(1), "developer_supply", 12), "$.players[1].developer_supply",
         "JAVA-1.4", "Each player has 12 developers: on the board plus in supply."),
    Case(("state_tile_not_placed",), board, lambda raw: raw["spaces"]["0,-2"]["stack"].append(9),
         "$.spaces['0,-2'].stack[1]", "JAVA-2.5", "Tile 9 is not among the placed tiles."),
    Case(("state_tile_not_covering",), board, lambda raw: raw["spaces"]["0,-2"].update(stack=[3]),
         "$.spaces['0,-2'].stack[0]", "JAVA-2.5", "Tile 3 does not cover 0,-2."),
    Case(("state_tile_wrong_level",), board, lambda raw: raw["spaces"]["1,-3"].update(stack=[2]),
         "$.spaces['1,-3'].stack[0]", "JAVA-2.5", "Tile 2 lies at level 2, not 1: a stack has no gaps."),
    Case(("state_irrigation_tiles",), board, lambda raw: raw["supply"].update(irrigation=15), "$.supply.irrigation",
         "JAVA-1.3", "The game has 16 irrigation tiles: placed plus supply."),
    Case(("state_scored_area",), board, _set(lambda raw: raw, "scored_irrigation_areas", [[[2, -3]]]),
         "$.scored_irrigation_areas[0]", "JAVA-8.5", "A scored area is made of irrigation spaces."),
    Case(("state_thing_irrigation_tile",), board, _irrigation(INTERIOR, INTERIOR), "$.irrigation_tiles[1]", "JAVA-8.1",
         f"Irrigation tile {INTERIOR} is in two places: $.irrigation_tiles[0] and $.irrigation_tiles[1]."),
    Case(("state_irrigation_space",), board, _irrigation(EDGE_HEX), "$.irrigation_tiles[0]", "JAVA-8.1",
         "Irrigation tiles lie on bare interior spaces of central Java."),
    Case(("state_palace_supply",), board, lambda raw: raw["supply"]["palaces"].pop("10"), "$.supply.palaces",
         "JAVA-1.3", "The palace supply names every value."),
    Case(("state_thing_palace",), board, _duplicate_palace, "$.palaces[1].hex", "JAVA-7.7",
         "Palace (0, -3) is in two places: $.palaces[0].hex and $.palaces[1].hex."),
    Case(("state_palace_on_village",), board, lambda raw: raw["palaces"][0].update(hex=[1, -3]), "$.palaces[0].hex",
         "JAVA-7.1", "A palace stands on a village space, never on a rice field or bare board."),
    Case(("state_palace_values",), board, lambda raw: raw["palaces"][0].update(values=[3]), "$.palaces[0].values",
         "JAVA-7.5", "A palace's tiles are palace values, each higher than the one beneath."),
    Case(("state_palace_tiles",), board, lambda raw: raw["supply"]["palaces"].update({"2": 6}),
         "$.supply.palaces['2']", "JAVA-1.3", "The game has 6 palace tiles of value 2: on the board plus supply."),
    Case(("state_one_palace_a_city",), board, _second_palace_in_the_village, "$.palaces[0]", "JAVA-2.10",
         "Two palaces never share a city."),
    Case(("state_face_up_empty",), board, _no_face_up, "$.cards.face_up", "JAVA-9.4",
         "The face-up slot is empty only when no card can be drawn."),
    Case(("state_thing_card",), board, lambda raw: raw["cards"]["discard"].append(raw["players"][0]["hand"][0]),
         "$.cards.discard[0]", "JAVA-1.5", "is in two places: $.players[0].hand[0] and $.cards.discard[0]."),
    Case(("state_active_seat",), board, _set(_turn, "active", 2), "$.turn.active", "JAVA-3.1",
         "The active player is a seat of this game."),
    Case(("state_turn_number",), board, _set(_turn, "number", 0), "$.turn.number", "JAVA-3.1",
         "Turns are numbered from 1."),
    Case(("state_ap_total",), board, _set(_turn, "ap_total", 7), "$.turn.ap_total", "JAVA-3.2",
         "A turn has its AP, plus the token's when one was used."),
    Case(("state_ap_spent",), board, _set(_turn, "ap_spent", 7), "$.turn.ap_spent", "JAVA-3.2",
         "No more AP spent than the turn has."),
    Case(("state_cards_taken",), board, _set(_turn, "cards_taken", 3), "$.turn.cards_taken", "JAVA-9.1",
         "At most 2 festival cards a turn."),
    Case(("state_palaces_changed",), board, _set(_turn, "palaces_changed", [[5, 5]]), "$.turn.palaces_changed[0]",
         "JAVA-7.6", "palaces_changed names palaces, each once."),
    Case(("state_token_used",), board, _token_used_yet_kept, "$.turn.token_used", "JAVA-3.3",
         "A token used this turn has left its owner's supply."),
    Case(("state_festival_phase",), board, _set(lambda raw: raw, "phase", "festival"), "$.festival", "JAVA-10.1",
         "A festival is under way exactly in the festival phase."),
    Case(("state_organizer",), festival, _set(_fest, "organizer", 1), "$.festival.organizer", "JAVA-10.2",
         "The organizer is the active player."),
    Case(("state_festival_palace",), festival, _set(_fest, "value", 6), "$.festival.palace", "JAVA-10.2",
         "The festival's palace stands, front up, with the festival's value."),
    Case(("state_festival_symbols",), festival, _set(_fest, "symbols", ["mask", "drum"]), "$.festival.symbols",
         "JAVA-10.3", "Festival symbols are card symbols, sorted."),
    Case(("state_bids",), festival, lambda raw: raw["festival"]["bids"].reverse(), "$.festival.bids", "JAVA-10.6",
         "One bid per participant, the organizer's first."),
    Case(("state_bid_total",), festival, lambda raw: raw["festival"]["bids"][0].update(total=2),
         "$.festival.bids[0].total", "JAVA-10.4", "A bid's total is the value of its cards."),
    Case(("state_invited",), festival, lambda raw: raw["festival"].update(stage="raising"),
         "$.festival.bids[1].status", "JAVA-10.7", "Only the joining round has invited players."),
    Case(("state_organizer_declines",), festival, lambda raw: raw["festival"]["bids"][0].update(status="declined"),
         "$.festival.bids", "JAVA-10.7", "The organizer never declines."),
    Case(("state_someone_still_in",), festival, lambda raw: raw["festival"]["bids"][0].update(status="passed"),
         "$.festival.bids", "JAVA-10.12", "Someone is still in a festival under way."),
    Case(("state_joining_queue",), festival, _set(_fest, "queue", [2, 1]), "$.festival.queue", "JAVA-10.7",
         "The joining queue is the invited players; its first acts."),
    Case(("state_queue_only_joining",), festival, lambda raw: raising(raw)["festival"].update(queue=[1]),
         "$.festival.queue", "JAVA-10.7", "Only the joining round has a queue."),
    Case(("state_raising_two_in",), festival, lambda raw: raising(raw, ("declined", "declined")), "$.festival.bids",
         "JAVA-10.12", "A raising round needs two players still in."),
    Case(("state_tie_vote",), festival, _tie_vote_missing, "$.festival.tie_vote", "JAVA-10.10",
         "A tie vote names its proposer and the tied players still to answer."),
    Case(("state_tie_vote_stage",), festival, _tie_vote_out_of_stage, "$.festival.tie_vote", "JAVA-10.10",
         "Only the tie_vote stage has a tie vote."),
    Case(("state_to_act_still_in",), festival, _to_act_declined, "$.festival.to_act", "JAVA-10.9",
         "The player to act is still in."),
    Case(("state_final_round_start",), board, _set(lambda raw: raw, "final_round", {"trigger_player": 0,
                                                                                   "remaining": [1]}),
         "$.final_round", "JAVA-11.1", "The final round starts with the last triple tile."),
    Case(("state_game_end",), board, _set(lambda raw: raw, "phase", "game_over"), "$.phase", "JAVA-11.4",
         "The game ends after everyone's final turn."),
    Case(("state_no_early_reckoning",), board, _set(_p(0), "gfr_done", True), "$.players", "JAVA-12.1",
         "No reckoning before the final round."),
    Case(("state_final_round_seats",), final_round, lambda raw: raw["final_round"].update(remaining=[1]),
         "$.final_round", "JAVA-11.3",
         "The final round names seats of this game, each once, the trigger player not among the remaining."),
    Case(("state_final_round_active",), final_round, lambda raw: raw["final_round"].update(remaining=[]),
         "$.turn.active", "JAVA-11.3", "The active player is the trigger player or the next one owed a final turn."),
]



def refused(case: Case):
    raw = case.base()
    case.breaks(raw)
    return GAME.state_refused(raw, case.path)


@pytest.mark.parametrize("case", CASES, ids=[" ".join(case.phrases) for case in CASES])
def test_java_14_3_a_state_refusal_reads_chinese_with_its_values(case):
    """JAVA-14.3 (spec 3.0): the state refusal keeps its path, rule and English sentence, and reads Chinese."""
    error = refused(case)
    assert error.rule == case.rule
    assert error.detail.endswith(case.english), error.detail
    reason = error.params["reason"]
    assert set(case.phrases) <= phrase_names(reason)
    zh = refusal_detail(error, translator("zh_Hans"))
    assert CJK.search(zh) and zh != error.detail, zh
    assert english_left_but_fields(zh, case.ids) == [], zh
    for value in plain_values(reason):
        assert value in zh, (value, zh)


def test_java_14_3_every_state_phrase_is_raised_here():
    """Each state_* phrase Java's catalogue declares has its case above (a new check needs one too)."""
    declared = {phrase.name for phrase in refusals.phrases() if phrase.name.startswith("state_")}
    assert declared == {name for case in CASES for name in case.phrases}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_java_1_4_a_broken_state_posted_to_apply_reads_chinese_over_http(client):
    """JAVA-1.4 over HTTP: a seat with 13 developers is refused with invalid_state, its detail in the request's
    language: core's sentence and Java's reason both Chinese in zh-Hans, today's sentence in English."""
    raw = board()
    raw["players"][0]["developer_supply"] = 13
    body = {"state": raw, "action": {"type": "end_turn", "player": 0}}
    zh = client.post("/v1/games/java/apply", json=body, headers={"Accept-Language": "zh-Hans"})
    en = client.post("/v1/games/java/apply", json=body, headers={"Accept-Language": "en"})
    assert zh.status_code == en.status_code == 422
    assert zh.json["code"] == en.json["code"] == "invalid_state" and zh.json["rule"] == en.json["rule"] == "JAVA-1.4"
    assert zh.headers["Content-Language"] == "zh-Hans"
    assert zh.json["detail"] == "该状态不是本游戏可能出现的状态：每位玩家有12个岛民。"
    assert en.json["detail"] == "The state is not one this game can be in: A player has 12 developers."
