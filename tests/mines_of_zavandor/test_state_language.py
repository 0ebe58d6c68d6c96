"""Issue 25: a posted state's refusal (``invalid_state``) reads in the player's language.

Each reason the consistency checks give is a phrase of the game's catalogue (``state_*``), and so is
what an inventory counts ("gem card"), which core's own sentences name. For one bad state per phrase,
built from a seeded game, the refusal is checked at its path and rule, its English detail ends with
the sentence the check words (written out here from the components data, not read from the code), and
its zh-Hans detail is Chinese with the values filled in: no English word is left but the ids (steps,
phases, carts, gem kinds, rows, tracks, cards) and paths.

Chinese terms are the game's glossary (locale/zh_Hans/LC_MESSAGES/mines_of_zavandor.po, from seed 003)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from rulesets.core import InvalidState, to_builtins
from rulesets.mines_of_zavandor.refusals import refusals
from service import create_app
from tests.state_phrases import Cases, assert_chinese_over_http, assert_reads_in_both, chinese, state_phrases

from .scenario import R, new, reach, set_hand
from .test_auction import all_bid
from .test_consistency import a_kind, a_mine_card, midgame

DATA = json.loads((Path(__file__).parents[2] / "rulesets/mines_of_zavandor/mines_of_zavandor.components.json")
                  .read_text())
CARTS = DATA["carts"]["order_low_to_high"]
ROWS = DATA["auction"]["rows_top_to_bottom"]
FAMILY = DATA["family_boards"][0]


def rewarding() -> dict:
    """The reward step of a 3-player game: seat 0 won the sapphire row's card with three wood sapphires."""
    state = reach(new(3), "bidding")
    set_hand(state, 0, {"wood.sapphire": 3})
    state, _ = all_bid(state, {0: {"wood.sapphire": 3}, 1: {}, 2: {}})
    raw = orjson.loads(orjson.dumps(to_builtins(state)))
    assert raw["step"] == "reward"
    return raw


def held(raw: dict) -> tuple[int, str]:
    """(seat, kind) of a card in the first non-empty hand of a seat with no draft."""
    return next((seat, next(iter(p["hand"]))) for seat, p in enumerate(raw["players"]) if p["hand"] and not p["draft"])


def offering(**changes: Any) -> dict:
    """The trading step with one open offer of a seat without a draft (its fields changed by ``changes``)."""
    raw = midgame(3, "trading")
    seat, kind = held(raw)
    offer = {"id": 1, "proposer": seat, "partner": (seat + 1) % 3, "give": {kind: 1}, "ask": {"ruby": 1}}
    raw["offers"] = [{**offer, **changes}]
    return raw


# ---------------------------------------------------------------- one bad state per phrase
CASES = Cases()
case = CASES.case


@case("state_thing_gem_card")
def _gem_missing():
    raw = midgame(3, "bidding")
    pile = raw["supply"][0]
    kind = f"{pile['cart']}.{pile['draw'].pop()}"
    return raw, "$.supply", "MOZ-2.5", f"Some gem card(s) are missing from the state: 1 {kind}.", [kind]


@case("state_thing_improvement_card")
def _improvement_twice():
    raw = midgame()
    seat, card = a_mine_card(raw)
    other = (seat + 1) % 3
    raw["players"][other]["mine"].append({"card": card["card"], "level": 0})
    where = f"$.players[{other}].mine[{len(raw['players'][other]['mine']) - 1}]"
    return (raw, where, "MOZ-1.3",
            f"Improvement card {card['card']} is in two places: $.players[{seat}].mine[0] and {where}.",
            [card["card"]])


@case("state_player_count")
def _one_player():
    raw = midgame(2)
    del raw["players"][1:]
    raw["start_player"] = raw["first_player"] = 0
    low, high = DATA["players"]["min"], DATA["players"]["max"]
    return raw, "$.players", "MOZ-1.1", f"A game has {low} to {high} players, not 1.", []


@case("state_start_player")
def _start_player():
    raw = midgame()
    raw["start_player"] = 3
    return raw, "$.start_player", "MOZ-2.2", "start_player names seat 3.", []


@case("state_step_of_phase")
def _step_out_of_phase():
    raw = midgame()
    raw["step"] = "trading"
    return raw, "$.step", "MOZ-2.1", "Step trading is not part of the upgrade phase.", ["trading", "upgrade"]


@case("state_active_needed")
def _nobody_active():
    raw = midgame()
    raw["active"] = None
    return raw, "$.active", "MOZ-2.3", "A sequential step needs an active seat.", []


@case("state_active_only_sequential")
def _active_while_bidding():
    raw = midgame(3, "bidding")
    raw["active"] = 0
    return raw, "$.active", "MOZ-2.3", "Only sequential steps have an active seat.", []


@case("state_king_mover")
def _king_mover_in_upgrade():
    raw = midgame()
    raw["king_mover"] = 0
    return raw, "$.king_mover", "MOZ-5.11", "The king's mover is named from the reveal until the king moves.", []


@case("state_rewards_in_step")
def _rewards_at_king_move():
    raw = rewarding()
    raw["step"] = "king_move"
    return raw, "$.rewards", "MOZ-5.8", "Rewards wait only in the reward step.", []


@case("state_rewards_order")
def _rewards_twice():
    raw = rewarding()
    raw["rewards"] = raw["rewards"] * 2
    return raw, "$.rewards", "MOZ-5.8", "Pending rewards run top row first, each row once.", []


@case("state_reward_winner")
def _reward_to_nobody():
    raw = rewarding()
    raw["rewards"][0]["winner"] = 5
    return raw, "$.rewards[0].winner", "MOZ-5.4", "Seat 5 is not in this game.", []


@case("state_reward_offer")
def _reward_without_card():
    raw = rewarding()
    row = ROWS.index(raw["rewards"][0]["row"])
    raw["removed_from_game"].append(raw["display"][row]["right"])
    raw["display"][row]["right"] = None
    return raw, "$.rewards[0]", "MOZ-5.6", "The pending reward must offer the row's right-column card.", []


@case("state_king_stays")
def _king_leaves_coronation():
    raw = midgame(3, "bidding")
    raw.update(step="king_move", phase="auction", king=DATA["kings_path"]["coronation"], king_mover=0,
               bids_revealed=True)
    return raw, "$.king", "MOZ-7.3", "The king never leaves the Coronation Hall.", []


@case("state_bids_revealed")
def _bids_revealed_in_upgrade():
    raw = midgame()
    raw["bids_revealed"] = True
    return raw, "$.bids_revealed", "MOZ-5.3", "Bids are revealed from the last seal until the king moves.", []


@case("state_offer_ids")
def _offer_id_too_high():
    raw = offering(id=9)
    return raw, "$.offers", "MOZ-4.3", "Offer ids are unique and below next_offer.", []


@case("state_piles_per_cart")
def _pile_missing():
    raw = midgame()
    raw["supply"].pop()
    return raw, "$.supply", "MOZ-8.1", f"The supply holds one pile per cart: {len(CARTS)}.", []


@case("state_pile_cart")
def _piles_swapped():
    raw = midgame()
    raw["supply"][0], raw["supply"][1] = raw["supply"][1], raw["supply"][0]
    return raw, "$.supply[0].cart", "MOZ-8.1", f"Pile 0 must be the {CARTS[0]} pile.", [CARTS[0]]


@case("state_discard_pile_kind")
def _card_on_the_wrong_pile():
    raw = midgame()
    kind = f"{CARTS[1]}.sapphire"
    raw["supply"][0]["discard"][kind] = 1
    return (raw, f"$.supply[0].discard.{kind}", "MOZ-8.1",
            f"A {kind} card cannot lie on the {CARTS[0]} discard pile.", [kind, CARTS[0]])


@case("state_hand_backs")
def _backs_disagree():
    raw = midgame(3, "bidding")
    seat, kind = a_kind(raw)
    raw["players"][seat]["hand_backs"][kind.split(".")[0]] += 1
    return raw, f"$.players[{seat}].hand_backs", "MOZ-2.5", "The public backs must count the hand per cart.", []


@case("state_set_aside_returns")
def _set_aside_while_bidding():
    raw = midgame(3, "bidding")
    seat, kind = a_kind(raw)
    player = raw["players"][seat]
    player["hand"][kind] -= 1
    if not player["hand"][kind]:
        del player["hand"][kind]
    player["hand_backs"][kind.split(".")[0]] -= 1
    player["hand_backs"] = {cart: count for cart, count in player["hand_backs"].items() if count}
    player["set_aside"] = {kind: 1}
    return (raw, f"$.players[{seat}].set_aside", "MOZ-2.10",
            "Set-aside cards return to the hand at the end of the round.", [])


@case("state_bid_in_hand")
def _bid_beyond_hand():
    raw = midgame(3, "bidding")
    raw["players"][0]["bid"] = {"bronze.ruby": 99}
    return raw, "$.players[0].bid", "MOZ-5.2", "A staged bid is made of cards in the hand.", []


@case("state_bids_in_auction")
def _bid_in_upgrade():
    raw = midgame()
    raw["players"][0]["bid"] = {"wood.sapphire": 1}
    return raw, "$.players[0].bid", "MOZ-5.2", "Bids exist only during the auction.", []


@case("state_sealed_in_auction")
def _sealed_in_upgrade():
    raw = midgame()
    raw["players"][1]["sealed"] = True
    return raw, "$.players[1].sealed", "MOZ-5.2", "Bids are sealed only during the auction.", []


@case("state_markers_pending")
def _markers_in_upgrade():
    raw = midgame()
    raw["players"][1]["markers_pending"] = 1
    return (raw, "$.players[1].markers_pending", "MOZ-3.6", "Free markers wait only in their owner's marker step.",
            [])


@case("state_markers_to_place")
def _marker_step_without_markers():
    raw = midgame()
    for player in raw["players"]:  # set-aside cards are back in the hand by the next income phase (MOZ-2.10)
        for kind, count in player.pop("set_aside").items():
            player["hand"][kind] = player["hand"].get(kind, 0) + count
            cart = kind.split(".")[0]
            player["hand_backs"][cart] = player["hand_backs"].get(cart, 0) + count
    raw.update(phase="income", step="markers", active=0)
    return raw, "$.players[0].markers_pending", "MOZ-3.6", "The marker step needs markers to place.", []


@case("state_drafts_opened")
def _drafts_over():
    raw = midgame(3, "trading")
    raw["players"][0]["drafts_opened"] = raw["max_trade_proposals_per_phase"] + 1
    return raw, "$.players[0].drafts_opened", "MOZ-4.11", "More drafts opened than the phase allows.", []


@case("state_draft_while_trading")
def _draft_in_upgrade():
    raw = midgame()
    raw["players"][0]["draft"] = {"partner": 1, "entries": []}
    return raw, "$.players[0].draft", "MOZ-4.3", "Drafts exist only while trading.", []


@case("state_draft_partner")
def _draft_to_self():
    raw = midgame(3, "trading")
    seat = next(seat for seat, player in enumerate(raw["players"]) if player["draft"])
    raw["players"][seat]["draft"]["partner"] = seat
    return (raw, f"$.players[{seat}].draft.partner", "MOZ-4.3", "A draft is addressed to another seat of this game.",
            [])


@case("state_draft_gives")
def _draft_gives_beyond_hand():
    raw = midgame(3, "trading")
    seat = next(seat for seat, player in enumerate(raw["players"]) if player["draft"])
    raw["players"][seat]["draft"]["entries"] = [{"side": "give", "card": "bronze.ruby"}] * 9
    return raw, f"$.players[{seat}].draft.entries", "MOZ-4.4", "A draft gives only cards in the hand.", []


@case("state_track_levels")
def _family_over_the_top():
    raw = midgame()
    raw["players"][1]["family"] = FAMILY["top_level"] + 1
    return (raw, "$.players[1].family", "MOZ-6.4",
            f"The family track runs from {FAMILY['start_level']} to {FAMILY['top_level']}; level "
            f"{FAMILY['top_level'] + 1} does not exist.", ["family"])


@case("state_mine_spaces")
def _mine_over():
    raw = midgame(4)
    spare = [card for row in raw["display"] for card in row["stack"]]
    for row in raw["display"]:
        row["stack"] = []
    raw["players"][0]["mine"] += [{"card": card, "level": 0} for card in spare]
    return raw, "$.players[0].mine", "MOZ-5.9", f"A mine has {DATA['mine']['slots']} spaces.", []


def _card_data(card: str) -> dict:
    if card.startswith(DATA["starting_spell_scroll"]["id_prefix"]):
        return DATA["starting_spell_scroll"]
    return next(entry for entry in DATA["improvement_cards"]["cards"] if entry["id"] == card)


@case("state_card_levels")
def _mine_card_over_the_top():
    raw = midgame()
    seat, card = a_mine_card(raw)
    data = _card_data(card["card"])
    low = min(data["start_level"], *(level["level"] for level in data["levels"]))
    card["level"] = data["top_level"] + 2
    return (raw, f"$.players[{seat}].mine[0].level", "MOZ-6.4",
            f"{card['card']} has levels {low} to {data['top_level']}; level {card['level']} does not exist.",
            [card["card"]])


@case("state_upgraded_once")
def _upgraded_twice():
    raw = midgame()
    raw["players"][0]["upgraded"] = ["family", "family"]
    return raw, "$.players[0].upgraded", "MOZ-6.3", "The upgrade record names each own item at most once.", []


@case("state_offers_while_trading")
def _offer_in_upgrade():
    raw = midgame()
    raw["offers"] = [{"id": 1, "proposer": 0, "partner": 1, "give": {"wood.sapphire": 1}, "ask": {"ruby": 1}}]
    return raw, "$.offers[0]", "MOZ-4.10", "Offers are open only while trading.", []


@case("state_offer_seats")
def _offer_to_self():
    raw = offering()
    raw["offers"][0]["partner"] = raw["offers"][0]["proposer"]
    return raw, "$.offers[0]", "MOZ-4.3", "An offer is between two seats of this game.", []


@case("state_one_draft_or_offer")
def _offer_beside_a_draft():
    raw = offering()
    drafter = next(seat for seat, player in enumerate(raw["players"]) if player["draft"])
    raw["offers"][0].update(proposer=drafter, partner=(drafter + 1) % 3)
    return raw, "$.offers[0]", "MOZ-4.4", "A player has at most one draft or open offer.", []


@case("state_offer_gives")
def _offer_beyond_hand():
    raw = offering(give={"bronze.ruby": 9})
    return raw, "$.offers[0].give", "MOZ-4.4", "An offer gives cards its proposer holds.", []


@case("state_offer_sides")
def _offer_asking_nothing():
    raw = offering(ask={})
    return raw, "$.offers[0]", "MOZ-4.3", "Each side of an offer holds a card.", []


@case("state_display_rows")
def _row_missing():
    raw = midgame()
    raw["display"].pop()
    return raw, "$.display", "MOZ-5.1", "The display has one row per gem.", []


@case("state_row_gem")
def _rows_swapped():
    raw = midgame()
    raw["display"][0], raw["display"][1] = raw["display"][1], raw["display"][0]
    return raw, "$.display[0].gem", "MOZ-5.1", f"Row 0 is the {ROWS[0]} row.", [ROWS[0]]


@case("state_rows_in_play")
def _row_out_of_play():
    raw = midgame()
    index = next(i for i, gem in enumerate(ROWS) if gem not in DATA["rows_in_play_by_player_count"]["3"])
    raw["display"][index]["in_play"] = True
    return raw, f"$.display[{index}].in_play", "MOZ-1.5", "Rows in play follow the player count.", []


@case("state_card_row")
def _card_in_another_row():
    raw = midgame()
    source = next(i for i, row in enumerate(raw["display"]) if row["stack"])
    target = (source + 1) % len(ROWS)
    card = raw["display"][source]["stack"].pop()
    raw["display"][target]["stack"].append(card)
    return (raw, f"$.display[{target}].stack[{len(raw['display'][target]['stack']) - 1}]", "MOZ-1.4",
            f"{card} belongs to the {ROWS[source]} row.", [card, ROWS[source]])


def refusal(raw: dict) -> InvalidState:
    with pytest.raises(InvalidState) as caught:
        R.load_state(raw)
    return caught.value


def test_every_state_phrase_has_a_case():
    """Each ``state_*`` phrase the game declares is raised below (a new check needs its case)."""
    assert state_phrases(refusals.phrases()) == set(CASES)


@pytest.mark.parametrize("phrase", sorted(CASES))
def test_each_state_refusal_reads_in_english_and_in_chinese(phrase):
    """MOZ-1 to MOZ-8 (the rule each case cites): the bad state is refused at its path and rule with the phrase;
    English keeps its sentence, zh-Hans reads Chinese with the same values."""
    raw, path, rule, sentence, ids = CASES[phrase]()
    assert_reads_in_both(refusal(raw), phrase, path, rule, sentence, ids)


def test_moz_7_3_the_coronation_hall_reads_as_the_glossary_words_it():
    """MOZ-7.3 / MOZ-1.3: the seed's terms, 加冕厅 and 改良卡, in the Chinese refusals."""
    assert "加冕厅" in chinese(refusal(CASES["state_king_stays"]()[0]))
    assert "改良卡" in chinese(refusal(CASES["state_thing_improvement_card"]()[0]))


# ---------------------------------------------------------------- through the service
@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "REDIS_URL": None}).test_client()


def test_moz_6_4_a_broken_state_posted_to_apply_is_refused_in_chinese(client):
    """MOZ-6.4 over HTTP: apply with a family level past its track answers 422 invalid_state in zh-Hans (and in
    English with today's sentence)."""
    raw = midgame()
    state = R.load_state(raw)
    action = to_builtins(R.legal_actions(state, raw["active"])[0])
    raw["players"][1]["family"] = FAMILY["top_level"] + 1
    top = FAMILY["top_level"]
    detail = assert_chinese_over_http(client, "mines_of_zavandor", {"state": raw, "action": action}, "MOZ-6.4",
                                      f"The family track runs from {FAMILY['start_level']} to {top}; level {top + 1} "
                                      f"does not exist.", ["family"])
    assert "轨道" in detail and f"不存在等级{top + 1}" in detail, detail
