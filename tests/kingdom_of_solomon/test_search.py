"""The Kingdom of Solomon bot plays from its seat's view only (KOS-6.1, spec 4) and plays legal moves.

The twins come from ``tests/kingdom_of_solomon/secrets.py`` (written from KOS-6.1 and spec 4): the fortune
cards of the other hands and of the fortune deck re-dealt among those places, the building deck reshuffled,
a new seed. What a sample must hold is written here from the spec and the components (KOS-1.7: 20 building
cards, 32 fortune cards), not from the sampler.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulesets.core.codec import canonical_json
from rulesets.kingdom_of_solomon.actions import PlacePawn
from rulesets.kingdom_of_solomon.components import AREAS, BUILDING_CARDS, FORTUNE_CARDS, SELL_VP
from rulesets.kingdom_of_solomon.ruleset import KingdomOfSolomon
from rulesets.testing.noninterference import positions_of
from rulesets.testing.search import check_blind, check_legal, check_sampling

from .secrets import SECRETS

RULESET = KingdomOfSolomon()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_show_the_seat_its_own_view_KOS_6_1_spec_4(players: int) -> None:
    """Many positions (sampling is cheap): a long discard pile, a hand past the limit at the end step (KOS-6.6)
    and an empty display space (KOS-8.11) come late in a game, the places a pool most easily gets wrong."""
    assert check_sampling(RULESET, players, 200) >= 200 * players


def test_a_sample_of_an_emptied_fortune_deck_KOS_6_7() -> None:
    """KOS-6.7: the fortune deck may be empty with every other card on the discard pile or in hands (the next
    draw reshuffles the pile). The sample keeps the deck empty and shows each seat its own view again."""
    state = positions_of(RULESET, 3, 10, "kos-empty")[8]
    state.fortune_discard += state.fortune_deck
    state.fortune_deck = []
    RULESET.check_consistency(state)
    for seat in range(3):
        view = RULESET.view(state, seat)
        sample = RULESET.determinize(view, seat, random.Random(seat))
        assert sample.fortune_deck == [] and canonical_json(RULESET.view(sample, seat)) == canonical_json(view)


@pytest.mark.parametrize("players", [2, 3])
def test_a_sample_deals_exactly_the_cards_the_seat_has_not_seen_KOS_1_7_spec_4(players: int) -> None:
    """Spec 4: another seat's hand and both decks are what the seat cannot see. In a sample, the other hands
    and the fortune deck together hold the 32 fortune cards minus the seat's hand and the face-up discard
    pile, each hand and the deck at its public size; the building deck holds the 20 building cards minus the
    display and every built card; and two samples deal them differently (they are drawn, not copied)."""
    differed = 0
    for index, state in enumerate(positions_of(RULESET, players, 40, "kos-deal")):
        seat = index % players
        view = RULESET.view(state, seat)
        before = canonical_json(view)
        one = RULESET.determinize(view, seat, random.Random(f"a/{index}"))
        two = RULESET.determinize(view, seat, random.Random(f"b/{index}"))
        assert canonical_json(view) == before  # the view is never touched
        mine = state.players[seat].hand
        expected_fortune = Counter(list(FORTUNE_CARDS)) - Counter(mine) - Counter(state.fortune_discard)
        shown_buildings = [card for card in state.display if card is not None]
        shown_buildings += [card for player in state.players for card in player.buildings]
        expected_buildings = Counter(list(BUILDING_CARDS)) - Counter(shown_buildings)
        for sample in (one, two):
            assert sample.players[seat].hand == mine
            others = [card for other, player in enumerate(sample.players) if other != seat for card in player.hand]
            assert Counter(others + sample.fortune_deck) == expected_fortune
            assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in state.players]
            assert len(sample.fortune_deck) == len(state.fortune_deck)
            assert Counter(sample.building_deck) == expected_buildings
            assert sample.rng != state.rng  # spec 4: the seed is nobody's; a sample draws its own
        if canonical_json(one) != canonical_json(two):
            differed += 1
    assert differed > 20


def test_the_same_view_and_source_give_the_same_sample() -> None:
    state = positions_of(RULESET, 3, 5, "kos-same")[3]
    view = RULESET.view(state, 1)
    assert canonical_json(RULESET.determinize(view, 1, random.Random(9))) == \
        canonical_json(RULESET.determinize(view, 1, random.Random(9)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twins_get_the_same_suggestion_KOS_6_1_spec_4(players: int) -> None:
    """Positions spread over whole seeded games: a state and its twin for the seat to act (other hands and the
    fortune deck re-dealt, the building deck reshuffled, a new seed) get byte-identical suggestions."""
    assert check_blind(RULESET, SECRETS, players, 10, playouts=6) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_suggestion_is_legal(players: int) -> None:
    assert check_legal(RULESET, players, 8, playouts=6) > 0


def test_the_cut_off_tells_a_rich_area_from_a_poor_one_KOS_4_11_KOS_5_3() -> None:
    """KOS-4.11: placing gives nothing at once, so the score alone values every placement alike. The cut-off
    values a pawn by what it will collect (KOS-5.3), and a cube by what it can become (the market's sell_vp,
    KOS-7.5): an unowned area of two of the dearest cubes beats one of two of the cheapest, which beats
    placing nothing."""
    state = RULESET.setup(2, "kos-worth")
    seat = state.active
    dearest = max(SELL_VP, key=SELL_VP.get)
    cheapest = min(SELL_VP, key=SELL_VP.get)
    rich = next(a for a, area in AREAS.items() if list(area.resources) == [dearest, dearest])
    poor = next(a for a, area in AREAS.items() if list(area.resources) == [cheapest, cheapest])

    def after(area: str) -> float:
        placed, _ = RULESET.apply(state, PlacePawn(player=seat, space=f"area:{area}"))
        return RULESET.evaluate(placed, seat)

    assert after(rich) > after(poor) > RULESET.evaluate(state, seat)
