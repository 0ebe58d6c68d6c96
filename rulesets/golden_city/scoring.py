"""GC-8 round scoring, GC-10.3 final scoring with bonus cards, GC-10.4 ranking and tie-breaks.

Black posts count as their owner's posts everywhere here (GC-11.5, D-12). The goals,
values, majority bonuses and bonus-card conditions come from the components file; the
tie-break order is the file's ``rule_parameters.tie_break_order``.
"""

from __future__ import annotations

from typing import Callable

from rulesets.core import ScoreItem, ScoreSheet

from .components import BONUS_CARDS, GOODS_CARDS, PARAMS, REGIONS, SCORING_CARDS
from .events import BonusRevealed, Events, RoundScored
from .state import IS_BLACK, OWNER, FinalScore, GoldenCityState, bonus_revealed

def posts_in(state: GoldenCityState, seat: int, spaces: frozenset[str] | None = None,
             purpose: str = "scoring_cards") -> int:
    """How many posts ``seat`` has on ``spaces`` (None: the whole board); black posts count when the
    reading of D-12 counts them for ``purpose`` (scoring_cards, majority_bonus, bonus_cards, tie_break)."""
    black = purpose in state.options.black_posts_count_for
    return sum(1 for space, posts in state.board.items() if spaces is None or space in spaces
               for post in posts if post[OWNER] == seat and (black or not post[IS_BLACK]))


def goods_showing(goods: list[str], good: str) -> int:
    """GC-8.1(b): goods cards showing ``good`` (a card shows two different goods, so counts once)."""
    return sum(1 for card in goods if good in GOODS_CARDS[card])


def sole_leader(counts: list[int]) -> int | None:
    """GC-8.2 / D-14: the single seat with strictly the most, if that count is at least 1."""
    best = max(counts)
    if best < 1 or counts.count(best) != 1:
        return None
    return counts.index(best)


def score_round(state: GoldenCityState, events: Events) -> None:
    """GC-8.1 to GC-8.3: score this round's card for every player, then remove it from the game."""
    assert state.scoring_card is not None, "GC-3.1: the round's scoring card lies face up until P4 scores it"
    card = SCORING_CARDS[state.scoring_card]
    region = REGIONS[card.location.region]
    seats = range(len(state.players))
    places = [posts_in(state, seat, region, "scoring_cards") for seat in seats]
    goods = [goods_showing(player.goods, card.goods.good) for player in state.players]
    gained = [p * card.location.vp_per_post + g * card.goods.vp_per_card for p, g in zip(places, goods)]
    location_leader = sole_leader([posts_in(state, seat, region, "majority_bonus") for seat in seats])
    goods_leader = sole_leader(goods)
    if location_leader is not None:
        gained[location_leader] += card.majority_bonus.location
    if goods_leader is not None:
        gained[goods_leader] += card.majority_bonus.goods
    for player, vp in zip(state.players, gained):
        player.vp += vp
    events.append(RoundScored(round=state.round, card=card.id, posts=places, goods=goods,
                              location_leader=location_leader, goods_leader=goods_leader, vp=gained))
    state.scoring_removed.append(card.id)
    state.scoring_card = None


def bonus_value(state: GoldenCityState, seat: int, card_id: str) -> int:
    """GC-10.3: what one bonus card is worth to its owner at the end of the game."""
    card = BONUS_CARDS[card_id]
    player = state.players[seat]
    kind = card.counts.kind
    if kind == "posts_in_region":
        region = card.counts.region
        assert region is not None, "components._check: a posts_in_region card names its region"
        count = posts_in(state, seat, REGIONS[region], "bonus_cards")
    elif kind == "goods_cards_held":
        count = len(player.goods)
    elif kind == "coins_held":
        count = player.coins
    else:  # key_cards_held
        count = player.keys
    return count * card.vp_each


#: the tie-break criteria the components file may list, highest first (GC-10.4).
_CRITERIA: dict[str, Callable[[GoldenCityState, int], int]] = {
    "vp": lambda state, seat: state.players[seat].vp,
    "posts_on_board_including_black": lambda state, seat: posts_in(state, seat, None, "tie_break"),
    "coins": lambda state, seat: state.players[seat].coins,
}
TIE_BREAK: tuple[str, ...] = tuple(name for name in PARAMS.tie_break_order if name in _CRITERIA)


def standing(state: GoldenCityState, seat: int) -> tuple[int, ...]:
    """The tuple GC-10.4 compares: VP, then posts on the board, then coins."""
    return tuple(_CRITERIA[name](state, seat) for name in TIE_BREAK)


def final_scoring(state: GoldenCityState, events: Events) -> None:
    """GC-10.3 and GC-10.4: add the bonus cards, reveal them, rank the players."""
    seats = range(len(state.players))
    before = [player.vp for player in state.players]
    bonus = [sum(bonus_value(state, seat, card) for card in state.players[seat].bonus) for seat in seats]
    for seat in seats:
        state.players[seat].vp += bonus[seat]
        if state.players[seat].bonus:
            events.append(BonusRevealed(player=seat, cards=list(state.players[seat].bonus), vp=bonus[seat]))
    standings = [standing(state, seat) for seat in seats]
    state.result = [
        FinalScore(player=seat, round_vp=before[seat], bonus_vp=bonus[seat], total=state.players[seat].vp,
                   posts=posts_in(state, seat, None, "tie_break"), coins=state.players[seat].coins,
                   rank=1 + sum(1 for other in standings if other > standings[seat]))
        for seat in seats]


def tie_break(state: GoldenCityState, seat: int) -> tuple[int, ...]:
    """GC-10.4: what breaks a tie on VP, in the components file's order (posts on the board, then coins)."""
    return tuple(_CRITERIA[name](state, seat) for name in TIE_BREAK if name != "vp")


def score_sheet(state: GoldenCityState) -> ScoreSheet:
    """Each seat's VP from play (rewards, districts, round scoring) and from its bonus cards (GC-10.3):
    once the game is over, as its result recorded them; before, with the bonus cards counted on the
    board as it stands. Bonus cards are their owner's secret until revealed (GC-6.4)."""
    secret = not bonus_revealed(state)
    if state.result is not None:
        played = [(entry.round_vp, entry.bonus_vp) for entry in state.result]
    else:
        played = [(player.vp, sum(bonus_value(state, seat, card) for card in player.bonus))
                  for seat, player in enumerate(state.players)]
    return [[ScoreItem(category="victory_points", rule="GC-12.7", points=vp),
             ScoreItem(category="bonus_cards", rule="GC-10.3", points=bonus, secret=secret)]
            for vp, bonus in played]
