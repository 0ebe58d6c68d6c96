"""What a Kingdom of Solomon position is worth to each seat before the end: the search's cut-off evaluation.

The base is the score the game would end with now (KOS-10.4: the track, the High Priest's 20, the
fortune cards' end VP, a point a cube). On top, what the rules make valuable before the end, in VP:

* a cube is worth more than its end point while there is time to turn it into VP (the market,
  KOS-7.5; the temple, KOS-8.14; building cards, KOS-8.6), the scarcer types more (their market
  ``sell_vp``): ``CUBE_PREMIUM`` of that track's gain over the end point, none in the final round;
* a pawn out on the board is worth what it will collect in Resolution (KOS-5): an area its yield
  (KOS-5.3..5.6) within what the supply holds (KOS-5.7), an action space or a bonus space its effect
  (KOS-5.9..5.14, spec 5.9); without this every placement would look alike (KOS-4.11: placing gives
  nothing at once) and the search could not tell a gold area from a food one;
* a resource fortune card may become its cube (KOS-6.4 a) instead of scoring its end VP;
* a temple token keeps or takes the High Priest's title (KOS-8.18), a building marker owns an area
  and breaks ties (KOS-3.3, KOS-10.6).

Only the state is read (a determinization's, in the search): the same position, the same worth.
"""

from __future__ import annotations

from .board import area_yield
from .components import ANY, FORTUNE_CARDS, RESOURCE_CARD, RESOURCES, SELL_VP, VP_PER_CUBE
from .resolution import effect_of
from .scoring import final_scores
from .spaces import AREA
from .state import Cubes, KosState
from .turns import position

#: the share of a cube's market gain over its end point that it is worth while the game goes on: small
#: enough that a sale, a temple block and nearly every building card (its VP and marker, KOS-8.6, 8.7)
#: still gain over the cubes they cost, so the search keeps converting.
CUBE_PREMIUM = 0.25
#: a trade of one cube for another (the Trader, KOS-5.10): a dearer type for a cheaper one.
TRADE_VP = 0.5
#: a road a free road effect builds (it joins areas into a region, KOS-5.3).
ROAD_VP = 2.0
#: a temple token beyond the title it may bring (KOS-8.18: it guards the title against the others).
TOKEN_VP = 1.0
#: a building marker on a site: an area the others may not place in (KOS-4.6), the tie-break (KOS-10.6).
MARKER_VP = 1.0


def cube_worth(final_round: bool) -> dict[str, float]:
    premium = 0.0 if final_round else CUBE_PREMIUM
    return {resource: VP_PER_CUBE + premium * max(0, SELL_VP[resource] - VP_PER_CUBE) for resource in RESOURCES}


def _card(card: str, worth: dict[str, float], best_cube: float) -> float:
    """A resource card's gain over its end VP (already in the score) when it is played for its cube."""
    data = FORTUNE_CARDS[card]
    if data.effect != RESOURCE_CARD:
        return 0.0
    resource = data.params["resource"]
    cube = best_cube if resource == ANY else worth[resource]
    return max(0.0, cube - data.end_vp)


#: a fortune card drawn, before anyone knows which: the mean worth of the 32 (KOS-1.7) in a hand.
FORTUNE_DRAW_VP = sum(FORTUNE_CARDS[card].end_vp + _card(card, cube_worth(False), max(cube_worth(False).values()))
                      for card in FORTUNE_CARDS) / len(FORTUNE_CARDS)


def worths(state: KosState) -> list[float]:
    """Each seat's worth in VP (the final score now plus what the position promises)."""
    worth = cube_worth(state.final_round)
    best_cube = max(worth.values())
    totals = [float(entry["total"]) for entry in final_scores(state)]
    for seat, player in enumerate(state.players):
        totals[seat] += _cubes(player.cubes, worth) - VP_PER_CUBE * player.cubes.total()
        totals[seat] += sum(_card(card, worth, best_cube) for card in player.hand)
        totals[seat] += TOKEN_VP * player.tokens
    for marker in state.markers:
        totals[marker.owner] += MARKER_VP
    for pawn in state.pawns:
        totals[pawn.owner] += _pending(state, pawn.owner, pawn.space, pawn.privileged, worth, best_cube)
    return totals


def _cubes(cubes: Cubes, worth: dict[str, float]) -> float:
    return sum(worth[resource] * cubes.get(resource) for resource in RESOURCES)


def _pending(state: KosState, seat: int, space: str, privileged: bool, worth: dict[str, float],
             best_cube: float) -> float:
    """What a pawn still out will bring its owner in Resolution."""
    if space.startswith(AREA + ":"):
        return _collected(state, area_yield(state, seat, space.split(":", 1)[1], privileged), worth)
    effect, params = effect_of(space)
    count = int(params.get("count", 1))
    others = [player for other, player in enumerate(state.players) if other != seat]
    if effect == "draw_fortune":
        return FORTUNE_DRAW_VP * count
    if effect == "gain_resources":
        return _collected(state, params["resources"], worth)
    if effect == "any_resource":
        return best_cube * count
    if effect == "steal_resource":  # taken from another seat: a swing of two cubes' worth
        return 2 * best_cube * count if any(player.cubes.total() for player in others) else 0.0
    if effect == "trade_resource":
        return TRADE_VP * count
    if effect == "free_road":
        return ROAD_VP if state.roads_in_supply else 0.0
    if effect == "gain_vp":
        return float(params["vp"])
    if effect == "temple_token":
        return TOKEN_VP * count
    if effect == "tax_collector":  # one cube from each opponent holding enough (never fewer than one)
        threshold = max(int(params["threshold"]), 1)
        return best_cube * sum(1 for player in others if player.cubes.total() >= threshold)
    if effect == "altar":  # KOS-5.12: 3 x the turn-order position, then first place
        return float(int(params["multiplier"]) * position(state, seat))
    if effect == "tribute":
        return _collected(state, {resource: 1 for resource in RESOURCES}, worth)
    return 0.0


def _collected(state: KosState, cubes: dict[str, int], worth: dict[str, float]) -> float:
    """Cubes taken from the supply, as many of each as it holds (KOS-5.7)."""
    return sum((worth[resource] * min(int(count), state.supply.get(resource)) for resource, count in cubes.items()),
               0.0)
