"""Issue 25: a rules refusal that compares amounts or positions says what the move needed and what the seat has
(``explain``): ``needed``/``have`` for a shortfall, ``limit``/``have`` for a cap reached, ``needed``/``offered``
for an offer of the wrong size, ``space`` with ``connected_to`` for the king's path. Expected values come from
the spec's rules and the components' data (read here from the JSON file), not from the code under test."""

from __future__ import annotations

import json
from pathlib import Path

from rulesets.mines_of_zavandor.components import CART_INDEX

from .scenario import checked, give_card, new, play, reach, refused, set_hand
from .test_auction import all_bid, bidding
from .test_trading import drafted, offered, trading

DATA = json.loads((Path(__file__).parents[2] / "rulesets/mines_of_zavandor/mines_of_zavandor.components.json")
                  .read_text())
FAMILY = DATA["family_boards"][0]  # MOZ-1.12: the basic side
DRAGON = DATA["pack_dragon"]
SCROLL = DATA["starting_spell_scroll"]
CARDS = {card["id"]: card for card in DATA["improvement_cards"]["cards"]}
HALLS = {hall["id"]: hall for hall in DATA["kings_path"]["halls"]}
SEARCH_DECK = DATA["gem_decks"]["search_deck_for_gem"]
MINE_SLOTS = DATA["mine"]["slots"]
GEMS = DATA["gems"]["order_low_to_high"]


def printed(item: dict, level: int) -> dict:
    return next(entry for entry in item["levels"] if entry["level"] == level)


def gems_due(cost: dict, hall: str) -> dict[str, int]:
    """MOZ-6.6: the printed gems plus each king symbol's king_cost of the king's hall."""
    due = {gem: cost.get(gem, 0) + cost.get("king", 0) * HALLS[hall]["king_cost"].get(gem, 0) for gem in GEMS}
    return {gem: count for gem, count in due.items() if count}


def upgrading(players: int = 2):
    return reach(new(players, start=0), "upgrade", 0)


# ---------------------------------------------------------------- MOZ-2.5: only cards in hand
def test_moz_2_5_card_not_in_hand_the_cards_named_and_the_cards_held():
    """MOZ-2.5: a bid, a draft, a bank trade and a payment name cards the hand lacks: needed the cards named,
    have the hand's count of each (his own hand: he may see it)."""
    state = bidding(hands={0: {"wood.sapphire": 1}})
    state, _ = play(state, type="bid_add", player=0, card="wood.sapphire")
    error = refused(state, "card_not_in_hand", "MOZ-2.5", type="bid_add", player=0, card="wood.sapphire")
    assert error.explain == {"needed": {"wood.sapphire": 2}, "have": {"wood.sapphire": 1}}
    state = drafted(trading(), give=(), ask=())  # seat 0 holds 3 wood.sapphire, 1 wood.emerald, 1 copper.emerald
    error = refused(state, "card_not_in_hand", "MOZ-2.5", type="trade_draft_give", player=0, card="iron.ruby")
    assert error.explain == {"needed": {"iron.ruby": 1}, "have": {"iron.ruby": 0}}
    error = refused(trading(), "card_not_in_hand", "MOZ-2.5", type="bank_trade", player=0,
                    give={"copper.emerald": 2}, take={"gem": "emerald", "from": "copper"})
    assert error.explain == {"needed": {"copper.emerald": 2}, "have": {"copper.emerald": 1}}
    state = upgrading()
    set_hand(state, 0, {"wood.sapphire": 2})
    error = refused(state, "card_not_in_hand", "MOZ-2.5", type="upgrade", player=0, target="family",
                    level=FAMILY["start_level"] + 1, pay={"wood.sapphire": 1, "iron.ruby": 1})
    assert error.explain == {"needed": {"wood.sapphire": 1, "iron.ruby": 1}, "have": {"wood.sapphire": 2, "iron.ruby": 0}}


# ---------------------------------------------------------------- MOZ-3: income
def test_moz_3_4_income_selection_wrong_total_due_declared_production_and_cap():
    """MOZ-3.4: within the cap the whole production is due: round 1 produces the family's first level (the
    scroll's level 1 produces nothing), under the level-0 pack dragon's cap."""
    production = dict(printed(FAMILY, FAMILY["start_level"])["income"])
    for cart, count in printed(SCROLL, SCROLL["start_level"])["income"].items():
        production[cart] = production.get(cart, 0) + count
    error = refused(new(2), "income_selection_wrong_total", "MOZ-3.4", type="collect_income", player=0,
                    draw={"wood": 1})
    assert error.explain == {"needed": {"cards": sum(production.values())}, "offered": {"cards": 1},
                             "production": production,
                             "cap": {"cards": printed(DRAGON, DRAGON["start_level"])["cap"]}}


def test_moz_3_4_income_selection_exceeds_production_the_carts_limit():
    """MOZ-3.4: never more cards from a cart than the production shows (round 1: no copper at all)."""
    production = printed(FAMILY, FAMILY["start_level"])["income"]
    assert "copper" not in production and production["wood"] >= 1
    error = refused(new(2), "income_selection_exceeds_production", "MOZ-3.4", type="collect_income", player=0,
                    draw={"wood": production["wood"] - 1, "copper": 1})
    assert error.explain == {"limit": {"copper": 0}, "offered": {"copper": 1}}


def test_moz_3_7_and_6_4_target_at_top_level_its_top_and_its_level():
    """MOZ-3.7 / MOZ-6.4: neither a marker nor an upgrade goes past an item's top (printed) level."""
    top = FAMILY["top_level"]
    state = new(2)
    state.players[0].family = top
    state = reach(state, "production", 0)
    state, _ = play(state, type="collect_income", player=0, draw=printed(FAMILY, top)["income"])
    error = refused(state, "target_at_top_level", "MOZ-3.7", type="place_marker", player=0, target="family")
    assert error.explain == {"limit": {"level": top}, "have": {"level": top}}
    state = upgrading()
    state.players[0].family = top
    error = refused(checked(state), "target_at_top_level", "MOZ-6.4", type="upgrade", player=0, target="family",
                    level=top + 1, pay={})
    assert error.explain == {"limit": {"level": top}, "have": {"level": top}}


# ---------------------------------------------------------------- MOZ-4: trading
def test_moz_4_3_trade_side_empty_each_side_needs_one_card():
    """MOZ-4.3 / AMB-5: each side of a trade holds at least one card; this draft asks for nothing."""
    state = drafted(trading(), give=("wood.sapphire", "wood.emerald"), ask=())
    error = refused(state, "trade_side_empty", "MOZ-4.3", type="trade_propose", player=0)
    assert error.explain == {"needed": {"give": 1, "ask": 1}, "have": {"give": 2, "ask": 0}}


def test_moz_4_3_trade_payment_mismatch_the_asked_gems_and_the_paid_gems():
    """MOZ-4.3: the payment's gems match the asked gems exactly, carts ignored."""
    state = offered(trading(), give=("wood.sapphire",), ask=("diamond",))
    error = refused(state, "trade_payment_mismatch", "MOZ-4.3", type="trade_accept", player=1, offer=1,
                    pay={"wood.diamond": 1, "copper.sapphire": 1})
    assert error.explain == {"needed": {"diamond": 1}, "offered": {"sapphire": 1, "diamond": 1}}


def test_moz_4_4_draft_already_open_one_at_a_time():
    """MOZ-4.4: at most one draft or open offer at a time: a draft, then an offer, each fills it."""
    state, _ = play(trading(), type="trade_draft_open", player=0, partner=1)
    error = refused(state, "draft_already_open", "MOZ-4.4", type="trade_draft_open", player=0, partner=2)
    assert error.explain == {"limit": {"drafts_or_offers": 1}, "have": {"drafts_or_offers": 1}}
    state = offered(trading())
    error = refused(state, "draft_already_open", "MOZ-4.4", type="trade_draft_open", player=0, partner=2)
    assert error.explain == {"limit": {"drafts_or_offers": 1}, "have": {"drafts_or_offers": 1}}


def test_moz_4_4_card_reserved_the_cards_named_the_free_ones_and_the_reserved_ones():
    """MOZ-4.4: cards in his draft are reserved: needed the cards named, have the ones still free, reserved
    the rest of his hand of those kinds."""
    state = drafted(trading(), give=("copper.emerald",), ask=())
    error = refused(state, "card_reserved", "MOZ-4.4", type="trade_draft_give", player=0, card="copper.emerald")
    assert error.explain == {"needed": {"copper.emerald": 1}, "have": {"copper.emerald": 0},
                             "reserved": {"copper.emerald": 1}}
    error = refused(state, "card_reserved", "MOZ-4.4", type="bank_trade", player=0,
                    give={"copper.emerald": 1, "wood.sapphire": 1}, take={"gem": "sapphire", "from": "wood"})
    assert error.explain == {"needed": {"copper.emerald": 1, "wood.sapphire": 1},
                             "have": {"copper.emerald": 0, "wood.sapphire": 3},
                             "reserved": {"copper.emerald": 1, "wood.sapphire": 0}}


def test_moz_4_4_trade_ask_exceeds_partner_hand_the_partners_hand_size():
    """MOZ-4.4: the ask never exceeds the addressee's hand size (public: the backs); seat 2 holds 2 cards."""
    state = drafted(trading(), partner=2, give=("wood.sapphire",), ask=("sapphire", "emerald"))
    error = refused(state, "trade_ask_exceeds_partner_hand", "MOZ-4.4", type="trade_draft_ask", player=0, gem="ruby")
    assert error.explain == {"limit": {"cards": 2}, "have": {"cards": 2}}


def test_moz_4_5_bank_trade_needs_two_cards_two_exactly():
    """MOZ-4.5: a bank trade gives exactly two cards."""
    error = refused(trading(), "bank_trade_needs_two_cards", "MOZ-4.5", type="bank_trade", player=0,
                    give={"wood.sapphire": 3}, take={"gem": "sapphire", "from": "wood"})
    assert error.explain == {"needed": {"cards": 2}, "offered": {"cards": 3}}


def with_discarded(state, kind: str):
    """One card of ``kind`` moved from its draw pile onto its discard pile (public)."""
    cart, gem = kind.split(".")
    pile = state.supply[CART_INDEX[cart]]
    pile.draw.remove(gem)
    pile.discard[kind] = pile.discard.get(kind, 0) + 1
    return checked(state)


def test_moz_4_6_gem_not_in_pile_the_pile_named_and_the_piles_holding_the_gem():
    """MOZ-4.6: the card comes from a discard pile holding its gem; the copper pile holds the emerald, the wood
    pile (after the two cards given) does not."""
    state = with_discarded(trading(), "copper.emerald")
    assert all(not pile.discard for pile in state.supply if pile.cart != "copper")
    error = refused(state, "gem_not_in_pile", "MOZ-4.6", type="bank_trade", player=0,
                    give={"wood.sapphire": 2}, take={"gem": "emerald", "from": "wood"})
    assert error.explain == {"pile": "wood", "needed": {"emerald": 1}, "have": {"emerald": 0}, "found_in": ["copper"]}


def test_moz_4_7_search_not_allowed_while_a_discard_pile_holds_the_gem():
    """MOZ-4.7: search only if no discard pile (after the two cards are discarded) holds the gem: the two
    sapphires given lie on the wood pile."""
    state = trading()
    assert all(not pile.discard for pile in state.supply)
    error = refused(state, "search_not_allowed", "MOZ-4.7", type="bank_trade", player=0,
                    give={"wood.sapphire": 2}, take={"gem": "sapphire", "from": "search"})
    assert error.explain == {"limit": {"sapphire": 0}, "have": {"sapphire": 2}, "found_in": ["wood"]}


def test_moz_4_9_requested_gem_unavailable_says_no_more_than_none_left():
    """MOZ-4.9: the ruby's search deck (data: bronze) holds no ruby; the draw pile is hidden, so the explain
    says only that it holds none (its order and other gems stay secret)."""
    deck = SEARCH_DECK["ruby"]
    state = trading()
    pile = state.supply[CART_INDEX[deck]]
    rubies = pile.draw.count("ruby")
    pile.draw = [gem for gem in pile.draw if gem != "ruby"]
    state.players[2].hand[f"{deck}.ruby"] = rubies
    state.players[2].hand_backs[deck] = rubies
    error = refused(checked(state), "requested_gem_unavailable", "MOZ-4.9", type="bank_trade", player=0,
                    give={"wood.sapphire": 2}, take={"gem": "ruby", "from": "search"})
    assert error.explain == {"pile": deck, "needed": {"ruby": 1}, "have": {"ruby": 0}}


def test_moz_4_11_trade_proposal_limit_the_setups_bound():
    """MOZ-4.11: at most max_trade_proposals_per_phase drafts per phase (here set to 2 at setup)."""
    state = trading(max_trade_proposals_per_phase=2)
    for _ in range(2):
        state, _ = play(state, type="trade_draft_open", player=0, partner=1)
        state, _ = play(state, type="trade_draft_cancel", player=0)
    error = refused(state, "trade_proposal_limit", "MOZ-4.11", type="trade_draft_open", player=0, partner=1)
    assert error.explain == {"limit": {"drafts": 2}, "have": {"drafts": 2}}


# ---------------------------------------------------------------- MOZ-5 and MOZ-7: the auction and the king
def test_moz_5_2_card_not_in_bid_none_of_that_kind_staged():
    """MOZ-5.2: a card leaves the bid only if one of its kind is staged (his own bid)."""
    state = bidding(hands={0: {"wood.sapphire": 1}})
    state, _ = play(state, type="bid_add", player=0, card="wood.sapphire")
    error = refused(state, "card_not_in_bid", "MOZ-5.2", type="bid_remove", player=0, card="wood.emerald")
    assert error.explain == {"needed": {"wood.emerald": 1}, "have": {"wood.emerald": 0}}


def full_mine_reward():
    """Seat 0 wins the sapphire row with 3 cards (a card to choose, MOZ-5.6) holding a full mine: his starting
    scroll and five emerald-row cards."""
    hands = {0: {"wood.sapphire": 3}, 1: {}, 2: {}}
    state = reach(new(3), "bidding")
    emerald_row = [card for card, item in sorted(CARDS.items()) if item["row"] == "emerald" and item["min_players"] <= 3]
    for card in emerald_row[:MINE_SLOTS - 1]:
        give_card(state, 0, card, 1)
    set_hand(state, 0, hands[0])
    state, _ = all_bid(checked(state), hands)
    return state


def test_moz_5_9_mine_full_discard_required_six_spaces_all_taken():
    """MOZ-5.9: the mine has 6 spaces (data); all full, taking the card needs a discard."""
    state = full_mine_reward()
    error = refused(state, "mine_full_discard_required", "MOZ-5.9", type="choose_reward", player=0, row="sapphire",
                    take="card")
    assert error.explain == {"limit": {"improvement_cards": MINE_SLOTS}, "have": {"improvement_cards": MINE_SLOTS}}


def test_moz_5_9_discard_not_needed_while_a_space_is_free():
    """MOZ-5.9: a discard only when all spaces are full: with just the starting scroll the mine has room (the
    explain gives the count); with a full mine and take = vp nothing was compared, so no explain."""
    hands = {0: {"wood.sapphire": 3}, 1: {}, 2: {}}
    roomy = reach(new(3), "bidding")
    set_hand(roomy, 0, hands[0])
    roomy, _ = all_bid(checked(roomy), hands)
    error = refused(roomy, "discard_not_needed", "MOZ-5.9", type="choose_reward", player=0, row="sapphire",
                    take="card", discard="SCROLL0")
    assert error.explain == {"limit": {"improvement_cards": MINE_SLOTS}, "have": {"improvement_cards": 1}}
    error = refused(full_mine_reward(), "discard_not_needed", "MOZ-5.9", type="choose_reward", player=0,
                    row="sapphire", take="vp", discard="SCROLL0")
    assert error.explain is None


def test_moz_7_2_hall_not_reachable_the_halls_the_arrows_lead_to():
    """MOZ-7.2: the king moves along one arrow of his hall (data kings_path edges): from the start hall, not to
    the Coronation Hall."""
    start, coronation = DATA["kings_path"]["start"], DATA["kings_path"]["coronation"]
    arrows = [edge["to"] for edge in DATA["kings_path"]["edges"] if edge["from"] == start]
    hands = {0: {}, 1: {"wood.sapphire": 1}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    error = refused(state, "hall_not_reachable", "MOZ-7.2", type="move_king", player=1, to=coronation)
    assert error.explain == {"space": coronation, "from": start, "connected_to": arrows}


# ---------------------------------------------------------------- MOZ-5.13 and MOZ-6: upgrades
def test_moz_5_13_card_set_aside_the_hand_and_the_set_aside_cards():
    """MOZ-5.13: a losing bid's cards are set aside, not in the hand, until the round ends."""
    hands = {0: {"wood.sapphire": 2}, 1: {"wood.sapphire": 1}, 2: {}}
    state, _ = all_bid(bidding(hands=hands), hands)
    state = reach(state, "upgrade", 1)
    error = refused(state, "card_set_aside", "MOZ-5.13", type="upgrade", player=1, target="SCROLL1", level=2,
                    pay={"wood.sapphire": 1})
    assert error.explain == {"needed": {"wood.sapphire": 1}, "have": {"wood.sapphire": 0},
                             "set_aside": {"wood.sapphire": 1}}


def test_moz_6_3_already_upgraded_one_level_per_phase():
    """MOZ-6.3: each item rises at most one level per upgrade phase."""
    state = upgrading()
    level = FAMILY["start_level"] + 1
    due = gems_due(printed(FAMILY, level)["cost"], state.king)
    pay = {f"wood.{gem}": count for gem, count in due.items()}
    set_hand(state, 0, pay)
    state, _ = play(state, type="upgrade", player=0, target="family", level=level, pay=pay)
    error = refused(state, "already_upgraded_this_phase", "MOZ-6.3", type="upgrade", player=0, target="family",
                    level=level + 1, pay={})
    assert error.explain == {"limit": {"upgrades": 1}, "have": {"upgrades": 1}}


def test_moz_6_4_level_skip_forbidden_the_next_level_and_the_level_named():
    """MOZ-6.4: an upgrade fills the next level (the family starts at level 1, data)."""
    start = FAMILY["start_level"]
    error = refused(upgrading(), "level_skip_forbidden", "MOZ-6.4", type="upgrade", player=0, target="family",
                    level=start + 2, pay={})
    assert error.explain == {"needed": {"level": start + 1}, "offered": {"level": start + 2}}


def test_moz_6_5_payment_mismatch_the_cost_here_and_the_gems_paid():
    """MOZ-6.5 / MOZ-6.6: the family's next level costs its printed gems plus the king's hall's king_cost per
    king symbol; one ruby too many does not match. With an active Idol (MOZ-6.9) the explain says sapphires may
    stand in."""
    state = upgrading()
    level = FAMILY["start_level"] + 1
    due = gems_due(printed(FAMILY, level)["cost"], state.king)
    pay = {**{f"wood.{gem}": count for gem, count in due.items()}, "copper.ruby": 1}
    set_hand(state, 0, pay)
    error = refused(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0, target="family", level=level,
                    pay=pay)
    assert error.explain == {"needed": due, "offered": {**due, "ruby": due.get("ruby", 0) + 1}}
    idol = next(card for card, item in sorted(CARDS.items())
                if item["power"] and item["power"]["id"] == "sapphire_wild")
    state = new(2)
    give_card(state, 0, idol, CARDS[idol]["power"]["active_from_level"])
    state = reach(state, "upgrade", 0)
    set_hand(state, 0, pay)
    error = refused(state, "payment_mismatch", "MOZ-6.5", type="upgrade", player=0, target="family", level=level,
                    pay=pay)
    assert error.explain["stand_in"] == GEMS[0] == "sapphire"


def test_moz_6_7_insufficient_vp_the_tokens_the_level_costs():
    """MOZ-6.7: a vp entry is paid with VP tokens; the seat has none in round 1."""
    card, level = next((card, entry["level"]) for card, item in sorted(CARDS.items()) if item["min_players"] == 2
                       for entry in item["levels"] if (entry["cost"] or {}).get("vp"))
    state = new(2)
    give_card(state, 0, card, level - 1)
    state = reach(state, "upgrade", 0)
    cost = printed(CARDS[card], level)["cost"]
    set_hand(state, 0, {f"wood.{gem}": count for gem, count in gems_due(cost, state.king).items()})
    assert state.players[0].vp == 0
    error = refused(state, "insufficient_vp", "MOZ-6.7", type="upgrade", player=0, target=card, level=level,
                    pay={f"wood.{gem}": count for gem, count in gems_due(cost, state.king).items()})
    assert error.explain == {"needed": {"vp": cost["vp"]}, "have": {"vp": 0}}
