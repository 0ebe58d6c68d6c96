"""MOZ-8 and MOZ-2.5/2.6: the cart decks: reshuffles, the substitution chain, lost draws, seeded chance."""

from __future__ import annotations

from rulesets.core.host import canonical_json
from rulesets.mines_of_zavandor.cards import size
from rulesets.mines_of_zavandor.components import CART_INDEX, CARTS, FAMILY_ITEM

from .scenario import checked, empty_pile, new, play, reach, seen


def producing(income: dict[str, int]):
    """Seat 0 on turn to collect, its family producing exactly ``income`` (a level of the track with it)."""
    state = new(2)
    level = next(lv.level for lv in FAMILY_ITEM.levels.values() if dict(lv.income) == income)
    state.players[0].family = level
    return reach(state, "production", 0)


def test_moz_8_1_and_2_6_spent_cards_go_to_their_own_carts_pile():
    """MOZ-8.1 / MOZ-2.6: each cart has its own draw and discard pile; spent cards keep to their cart."""
    state = reach(new(2), "trading")
    kinds = list(state.players[0].hand)[:1]
    give = {kinds[0]: 2} if state.players[0].hand[kinds[0]] >= 2 else None
    assert give is not None
    state, _ = play(state, type="bank_trade", player=0, give=give, take={"gem": kinds[0].split(".")[1],
                                                                         "from": kinds[0].split(".")[0]})
    assert state.supply[CART_INDEX[kinds[0].split(".")[0]]].discard == {kinds[0]: 1}


def test_moz_8_2_an_empty_draw_pile_takes_its_shuffled_discards():
    """MOZ-8.2: drawing from an empty draw pile whose discard pile holds cards reshuffles it first (public)."""
    state = producing({"wood": 2})
    wood = state.supply[CART_INDEX["wood"]]
    state.players[1].hand, kept = {}, dict(state.players[1].hand)
    state.players[1].hand_backs = {}
    wood.discard = {"wood.sapphire": wood.draw.count("sapphire") + kept.get("wood.sapphire", 0)}
    others = [g for g in wood.draw if g != "sapphire"]
    wood.draw = []
    for gem in others:
        wood.discard[f"wood.{gem}"] = wood.discard.get(f"wood.{gem}", 0) + 1
    for kind, count in kept.items():
        if kind != "wood.sapphire":
            wood.discard[kind] = wood.discard.get(kind, 0) + count
    checked(state)
    state, events = play(state, type="collect_income", player=0, draw={"wood": 2})
    assert [e for e in events if e["type"] == "pile_reshuffled"][0]["cart"] == "wood"
    assert seen(events, 1)[0]["type"] == "pile_reshuffled"
    assert not state.supply[CART_INDEX["wood"]].discard
    checked(state)


def test_moz_8_3_substitution_lower_then_higher():
    """MOZ-8.3: an empty cart draws from the next lower cart with cards, repeatedly, then the nearest higher;
    card by card, with public events."""
    state = producing({"iron": 1, "bronze": 1})
    empty_pile(state, "bronze", 1)
    empty_pile(state, "iron", 1)
    checked(state)
    state, events = play(state, type="collect_income", player=0, draw={"iron": 1, "bronze": 1})
    subs = [(e["requested"], e["used"]) for e in events if e["type"] == "cart_substituted"]
    assert subs == [("iron", "copper"), ("bronze", "copper")]
    assert state.players[0].hand_backs.get("copper") == 2
    state = producing({"wood": 2})
    empty_pile(state, "wood", 1)
    state, events = play(state, type="collect_income", player=0, draw={"wood": 2})
    assert [(e["requested"], e["used"]) for e in events if e["type"] == "cart_substituted"] == [("wood", "copper")] * 2


def test_moz_8_4_no_card_anywhere_the_draw_is_lost():
    """MOZ-8.4: with every pile empty the draw is lost."""
    state = producing({"wood": 2})
    for cart in CARTS:
        empty_pile(state, cart, 1)
    before = size(state.players[0].hand)
    state, events = play(state, type="collect_income", player=0, draw={"wood": 2})
    assert size(state.players[0].hand) == before
    assert [e["type"] for e in events].count("draw_lost") == 2
    checked(state)


def test_moz_8_5_every_shuffle_from_the_seed():
    """MOZ-8.5: the same state and action give the same result; reshuffles advance the seeded counter."""
    state = producing({"wood": 2})
    wood = state.supply[CART_INDEX["wood"]]
    for gem in wood.draw:
        kind = f"wood.{gem}"
        wood.discard[kind] = wood.discard.get(kind, 0) + 1
    wood.draw = []
    counter = state.rng.counter
    one, _ = play(state, type="collect_income", player=0, draw={"wood": 2})
    two, _ = play(state, type="collect_income", player=0, draw={"wood": 2})
    assert canonical_json(one) == canonical_json(two) and one.rng.counter > counter
