"""Every action ``apply`` accepts from a seat now, exactly, in canonical form.

* auction: a bid on every pair the seat may take, bare and with its ``expected_price``;
* build: ``end_turn``, and while builds remain, every target that passes the target
  checks, with the key when due and every affordable payment (single cards and jokers),
  times the goods (or bonus) card picks on offer;
* discard: every way of discarding exactly the surplus from the seat's hand.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any

from rulesets.core import IllegalAction

from .actions import Bid, Build, Discard, EndTurn
from .auction import price_of
from .building import BUILDS_PER_TURN, JOKER_CARDS, check_target, slots_required
from .components import DISTRICTS, HARBOUR, LANDSCAPES, NEIGHBOURS, SPACES, Space
from .hand_limit import owed
from .rewards import bonus_pick_due, goods_pick_due
from .rounds import builder
from .state import OWNER, GoldenCityState
from .supplies import hand_counts

HARBOURS = frozenset(sid for sid, space in SPACES.items() if space.kind == HARBOUR)

def legal_actions(state: GoldenCityState, seat: int, types: frozenset[str] | None) -> list[Any]:
    if state.phase == "auction":
        return _bids(state, seat)
    if state.phase == "build":
        return _builds(state, seat, types)
    if state.phase == "discard":
        return _discards(state, seat)
    return []


def _bids(state: GoldenCityState, seat: int) -> list[Bid]:
    auction = state.auction
    if auction is None or auction.queue[:1] != [seat]:
        return []
    coins = state.players[seat].coins
    out: list[Bid] = []
    for pair in range(len(auction.pairs)):
        price = price_of(state, pair)
        if price <= coins:
            out.append(Bid(player=seat, pair=pair))
            out.append(Bid(player=seat, pair=pair, expected_price=price))
    return out


_INDEX = {kind: index for index, kind in enumerate(LANDSCAPES)}


@lru_cache(maxsize=None)
def slot_choices(joker: str, landscape: str) -> tuple[tuple[str, ...], ...]:
    """GC-5.3.1 / GC-5.3.2: one card of the space's landscape, or a joker (D-2 or its alternative)."""
    singles = [(landscape,)]
    if joker == "identical_pair":
        jokers = [(kind,) * JOKER_CARDS for kind in LANDSCAPES]
    else:
        jokers = list(combinations_with_replacement(sorted(LANDSCAPES), JOKER_CARDS))
    return tuple(sorted(singles + jokers))


@lru_cache(maxsize=65536)
def _payments(joker: str, landscape: str, slots: int, held: tuple[int, ...]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    out = []
    for combo in combinations_with_replacement(slot_choices(joker, landscape), slots):
        needed = [0] * len(LANDSCAPES)
        for slot in combo:
            for kind in slot:
                needed[_INDEX[kind]] += 1
        if all(n <= h for n, h in zip(needed, held)):
            out.append(tuple(sorted(combo)))
    return tuple(out)


def payments(state: GoldenCityState, seat: int, space: Space) -> list[list[list[str]]]:
    """Every canonical payment of exactly the required slots that the seat's hand covers."""
    held = tuple(hand_counts(state.players[seat].hand).values())
    return [[list(slot) for slot in combo] for combo in
            _payments(state.options.joker, space.cost.landscape, slots_required(state, space), held)]


def _candidates(state: GoldenCityState, seat: int) -> tuple[set[str], set[str]]:
    """Spaces worth the full target checks: free harbours and spaces next to an own post (regular
    builds), districts holding an own post (black builds). Any other space fails GC-5.4.1 or GC-5.5.2."""
    mine = {space for space, posts in state.board.items() if any(post[OWNER] == seat for post in posts)}
    regular = {space for space in HARBOURS if space not in state.board}
    for space in mine:
        regular |= NEIGHBOURS[space]
    return regular, mine & DISTRICTS


def _builds(state: GoldenCityState, seat: int, types: frozenset[str] | None) -> list[Any]:
    if state.build is None or builder(state) != seat:
        return []
    out: list[Any] = [EndTurn(player=seat)]
    if state.build.builds >= BUILDS_PER_TURN or (types is not None and "build" not in types):
        return out
    player = state.players[seat]
    regular, black_targets = _candidates(state, seat)
    goods: list[str | None] = [*state.goods_display] or [None]
    for space_id in SPACES:
        for black in (False, True):
            if space_id not in (black_targets if black else regular) or (black and not player.black_left):
                continue
            try:
                space = check_target(state, seat, space_id, black)
            except IllegalAction:
                continue
            if space.cost.key and not player.keys:
                continue
            ways = payments(state, seat, space)
            if not ways:
                continue
            goods_picks = goods if goods_pick_due(state, space) else [None]
            bonus_picks = list(state.bonus_display) if bonus_pick_due(state, space) else [None]
            for payment, goods_pick, bonus_pick in product(ways, goods_picks, bonus_picks):
                out.append(Build(player=seat, space=space_id, payment=payment,
                                 use_key=space.cost.key, black=black, goods_pick=goods_pick, bonus_pick=bonus_pick))
    return out


def _discards(state: GoldenCityState, seat: int) -> list[Discard]:
    if seat not in state.discard_pending:
        return []
    held = hand_counts(state.players[seat].hand)
    out = []
    for combo in combinations_with_replacement(LANDSCAPES, owed(state, seat)):
        cards = {kind: combo.count(kind) for kind in LANDSCAPES if combo.count(kind)}
        if all(count <= held[kind] for kind, count in cards.items()):
            out.append(Discard(player=seat, cards=cards))
    return out


# ---------------------------------------------------------------- one at random (Ruleset.random_action)
def random_action(state: GoldenCityState, seat: int, rnd: random.Random) -> Any | None:
    """One legal action; in the build step drawn by levels instead of listing every payment.

    The build step's candidates (each target the list would check, and ``end_turn``) come in
    a random order; the first that passes the target checks and has a payment gives a build
    with a random payment and picks. Every listed action is one such draw (each candidate
    comes first in some order) and every draw is listed: each level is what ``_builds``
    lists from. Auction bids and discards are few: a uniform choice from their lists.
    """
    return _drawn(state, seat, rnd, eager=False)


def eager_action(state: GoldenCityState, seat: int, rnd: random.Random) -> Any | None:
    """The search's playout policy: ``random_action``'s draw, but ``end_turn`` only once no build is possible.

    A post is what the game pays for (its reward at once, GC-6/GC-7, then every scoring card on its
    region, GC-8.1), so a playout whose seats end their turns with cards in hand a fifth of the time
    tells the search little about a position."""
    return _drawn(state, seat, rnd, eager=True)


def _drawn(state: GoldenCityState, seat: int, rnd: random.Random, eager: bool) -> Any | None:
    if state.phase != "build":
        listed = legal_actions(state, seat, None)
        return rnd.choice(listed) if listed else None
    if state.build is None or builder(state) != seat:
        return None
    if state.build.builds >= BUILDS_PER_TURN:
        return EndTurn(player=seat)
    player = state.players[seat]
    regular, black_targets = _candidates(state, seat)
    targets: list[tuple[str, bool] | None] = [] if eager else [None]
    targets += [(space_id, False) for space_id in regular]
    if player.black_left:
        targets += [(space_id, True) for space_id in black_targets]
    targets.sort(key=lambda target: ("", False) if target is None else target)  # sets iterate by hash
    rnd.shuffle(targets)
    for target in targets:
        if target is None:
            return EndTurn(player=seat)
        space_id, black = target
        space = SPACES[space_id]
        # the hand and the key first: they are cheap to look at, and a refused target check builds a refusal
        if space.cost.key and not player.keys:
            continue
        ways = payments(state, seat, space)
        if not ways:
            continue
        try:
            check_target(state, seat, space_id, black)
        except IllegalAction:
            continue
        goods: list[str | None] = [*state.goods_display] or [None]
        goods_picks = goods if goods_pick_due(state, space) else [None]
        bonus_picks = list(state.bonus_display) if bonus_pick_due(state, space) else [None]
        return Build(player=seat, space=space_id, payment=rnd.choice(ways), use_key=space.cost.key, black=black,
                     goods_pick=rnd.choice(goods_picks), bonus_pick=rnd.choice(bonus_picks))
    return EndTurn(player=seat)
