"""KOS-1: a new game, with the random events in the order of spec 4 (turn order, building
deck, fortune deck), all from the seeded source."""

from __future__ import annotations

from typing import Any

from rulesets.core import Deck, RandomSource, Rng, Seating, shuffled

from .components import (BUILDING_CARDS, DISPLAY_SIZE, FORTUNE_CARDS, RESOURCES, ROADS, SETUP, STARTING_VP,
                         TEMPLE_LEVELS)
from .state import Cubes, KosState, Options, Player
from .turns import start_round


def create(game: str, rules_version: str, players: int, seed: str, options: dict[str, Any],
           seating: Seating) -> KosState:
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    setup = SETUP[players]
    turn_order = seated_first(seating.drawn_turn_order(chance, "KOS-1.6"), seating)  # KOS-1.6
    building_deck = shuffled(BUILDING_CARDS, chance)  # KOS-1.7
    fortune_deck = shuffled(FORTUNE_CARDS, chance)
    display = Deck(building_deck, chance, source="building_deck", rule="KOS-1.7").draw_many(DISPLAY_SIZE)
    state = KosState(
        game=game, rules_version=rules_version, rng=rng, first_player=turn_order[0],
        options=Options(variant_all_bonus=bool(options["variant_all_bonus"])),
        phase="placement", round=1, turn_order=turn_order,
        supply=Cubes(**{r: setup.supply[r] for r in RESOURCES}),  # KOS-1.3
        market=Cubes(),  # KOS-1.8
        roads_in_supply=ROADS,
        temple={level.id: 0 for level in TEMPLE_LEVELS},
        building_deck=building_deck,
        display=list(display),
        fortune_deck=fortune_deck,
        players=[Player(vp=STARTING_VP) for _ in range(players)],  # KOS-1.5
    )
    start_round(state, [], 1)  # KOS-1.2 pawns, KOS-1.9
    return state


def seated_first(drawn: list[int], seating: Seating) -> list[int]:
    """KOS-1.6: the whole order is drawn (always, so the decks' shuffles come out the same either way);
    a first player the seating names takes position 1 and the drawn order ranks the others."""
    if seating.first_player_named:
        drawn.remove(seating.first_player)
        drawn.insert(0, seating.first_player)
    return drawn
