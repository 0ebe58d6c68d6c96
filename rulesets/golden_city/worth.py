"""What a Golden City position is worth to each seat before the end: the search's cut-off evaluation.

The base is the score the game would end with now (VP so far plus the bonus cards on the board as
it stands, GC-10.3). On top, in VP, what the rules make valuable before the end:

* a post is scored again by every scoring card still to come whose region holds it (GC-8.1 a),
  and the sole leader of that region takes the majority bonus (GC-8.2): each card still to come
  counts, in the stack's order, up to the rounds the game can still last (``horizon``);
* a goods card is scored the same way by every card to come that shows its good (GC-8.1 b);
* a landscape card pays for a build (GC-5.3): ``CARD_VP``, less for a type no space next to the
  seat's posts asks for (it can still be half a joker, GC-5.3.2), none past what a turn can use;
* a city district next to the seat's posts whose first or second reward is still open (GC-7.3):
  a share of that reward (the road there is half the work); for an inner one, only with a key;
* a key while an inner district can still pay (GC-5.3.4), a coin for the auction's price (GC-4.5);
* a free space next to the seat's posts: room to build on (GC-5.5.2).

Only the state is read (a determinization's, in the search): the same position, the same worth.
Nothing here is worth anything once the game is over (the search values an ended game by its result).
"""

from __future__ import annotations

from math import ceil

from .components import (COAST, GOODS, GOODS_CARDS, HAND_LIMIT, HARBOUR, INNER, NEIGHBOURS, OUTER, REGIONS,
                         SCORING_CARDS, SPACES, VILLAGE, ScoringCard)
from .scoring import score_sheet
from .state import IS_BLACK, OWNER, GoldenCityState

#: a landscape card in hand: about half a village or a district's cost, what its reward and post bring.
CARD_VP = 1.6
#: a card of a type no space next to the seat's posts asks for: still half a joker (GC-5.3.2).
IDLE_CARD_SHARE = 0.6
#: landscape cards a seat can still spend before the hand limit (GC-9.1) takes the rest: two builds' worth.
USABLE_CARDS = HAND_LIMIT + 2
#: a coin: the auction's displacement price (GC-4.5), one VP under the coins bonus card (counted apart).
COIN_VP = 0.4
#: a key while an inner district can still pay its first or second reward.
KEY_VP = 3.0
#: the share of an open district reward a post next to it is worth (two cards and a turn still to pay).
REACH_SHARE = 0.35
#: a free space next to the seat's posts.
ROOM_VP = 0.25
#: a scoring card still to come whose region the seat shares the lead in: a chance at the +2.
SHARED_LEAD_SHARE = 0.3
#: what cards, keys, coins and room are worth in the last round (its builds only can use them).
LAST_ROUND_SHARE = 0.5
#: posts a seat builds a round, about: how fast the last posts go (GC-10.1 b ends the game).
POSTS_A_ROUND = 1.5

_INNER = tuple(sorted(space.id for space in SPACES.values() if space.kind == INNER))
_HARBOUR, _VILLAGE, _DISTRICT, _INNER_DISTRICT = "harbour", "village", "district", "inner"
#: what ``_promise`` reads of a space, looked up once: its kind, the landscape it asks for, its first and second
#: arrivals' district VP (GC-7.3).
_SITE: dict[str, tuple[str, str, int, int]] = {
    space.id: ({HARBOUR: _HARBOUR, VILLAGE: _VILLAGE, OUTER: _DISTRICT, INNER: _INNER_DISTRICT}[space.kind],
               space.cost.landscape, space.reward.first or 0, space.reward.second or 0)
    for space in SPACES.values()}
_SCORED_REGIONS = sorted({card.location.region for card in SCORING_CARDS.values()})
#: for every space, the scoring cards' regions that hold it.
_REGIONS_OF: dict[str, tuple[str, ...]] = {
    space: tuple(name for name in _SCORED_REGIONS if space in REGIONS[name]) for space in SPACES}


def horizon(state: GoldenCityState) -> list[ScoringCard]:
    """The scoring cards still to be scored, in the stack's order, as many as rounds the game can still last."""
    coming = ([state.scoring_card] if state.scoring_card is not None else []) + list(state.scoring_deck)
    if state.end_triggered:
        return [SCORING_CARDS[card] for card in coming[:1] if card == state.scoring_card]
    fewest = min(player.posts_left for player in state.players)
    rounds = max(1, ceil(fewest / POSTS_A_ROUND))
    return [SCORING_CARDS[card] for card in coming[:rounds]]


def worths(state: GoldenCityState) -> list[float]:
    """Each seat's worth in VP (the final score now plus what the position promises)."""
    seats = range(len(state.players))
    totals = [float(sum(item.points for item in items)) for items in score_sheet(state)]
    in_region = [dict.fromkeys(_SCORED_REGIONS, 0) for _ in seats]
    mine: list[set[str]] = [set() for _ in seats]
    black_counts = "scoring_cards" in state.options.black_posts_count_for
    for space, posts in state.board.items():
        regions = _REGIONS_OF[space]
        for post in posts:
            seat = post[OWNER]
            mine[seat].add(space)
            if black_counts or not post[IS_BLACK]:
                for name in regions:
                    in_region[seat][name] += 1
    showing = [dict.fromkeys(GOODS, 0) for _ in seats]
    for seat, player in enumerate(state.players):
        for held in player.goods:
            for good in GOODS_CARDS[held]:
                showing[seat][good] += 1
    for card in horizon(state):
        region, good = card.location.region, card.goods.good
        places = [counts[region] for counts in in_region]
        goods = [counts[good] for counts in showing]
        for seat in seats:  # GC-8.1 on the posts and goods held now
            totals[seat] += places[seat] * card.location.vp_per_post + goods[seat] * card.goods.vp_per_card
        _lead(places, card.majority_bonus.location, totals)  # GC-8.2
        _lead(goods, card.majority_bonus.goods, totals)
    # in the last round only this round's builds can still use what a seat holds
    last_round = state.end_triggered or not state.scoring_deck
    share = LAST_ROUND_SHARE if last_round else 1.0
    open_inner = [space for space in _INNER if len(state.board.get(space, ())) < 2]
    for seat in seats:
        totals[seat] += share * _promise(state, seat, mine[seat], open_inner)
    return totals


def _lead(counts: list[int], bonus: int, totals: list[float]) -> None:
    best = max(counts)
    if best < 1:
        return
    leaders = [seat for seat, count in enumerate(counts) if count == best]
    share = 1.0 if len(leaders) == 1 else SHARED_LEAD_SHARE
    for seat in leaders:
        totals[seat] += share * bonus


def _promise(state: GoldenCityState, seat: int, mine: set[str], open_inner: list[str]) -> float:
    """What the seat's cards, keys, coins and the room around its posts promise, in VP."""
    player = state.players[seat]
    board = state.board
    frontier = {space for own in mine for space in NEIGHBOURS[own]} - mine
    wanted = {COAST} if player.posts_left else set()
    worth = COIN_VP * player.coins
    for space in frontier:
        kind, landscape, first, second = _SITE[space]
        posts = board.get(space)
        if kind == _DISTRICT or (kind == _INNER_DISTRICT and player.keys):
            if posts and (len(posts) >= 2 or posts[0][IS_BLACK]):
                continue  # GC-7.3: later arrivals get nothing; GC-11.4: a black post locks it
            worth += REACH_SHARE * (second if posts else first)
            wanted.add(landscape)
        elif kind == _VILLAGE and not posts:
            worth += ROOM_VP
            wanted.add(landscape)
    if player.keys and any(space not in mine for space in open_inner):
        worth += KEY_VP * min(player.keys, 2)
    usable = min(len(player.hand), USABLE_CARDS)
    useful = min(usable, sum(1 for card in player.hand if card in wanted))
    worth += CARD_VP * (useful + IDLE_CARD_SHARE * (usable - useful))
    return worth
