"""GC-5 and GC-11: building a post (P3), the ``build`` and ``end_turn`` actions.

``check_build`` runs the checks of spec 3.6 in the spec's order (check 1, the turn, is
the loop's) and returns a plan; ``build`` commits it and pays the reward (GC-6, GC-7) at
once, so what it gives may pay for a second build in the same turn (GC-5.6).
``legal.py`` enumerates through the same target, key and payment checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from .actions import Build, EndTurn
from .components import (HARBOUR, INNER, KEYS_RETURN, LANDSCAPES, NEIGHBOURS, PLAYER_COUNTS, SINGLE,
                         SPACES, Space)
from .events import EndTriggered, Events, PostBuilt
from .refusals import (ALREADY_IN_DISTRICT, BLACK_POST_INVALID_TARGET, BLACK_POST_UNAVAILABLE, BUILD_LIMIT_REACHED,
                       CARDS_NOT_IN_HAND, DISTRICT_LOCKED, JOKER_PAIR_MISMATCH, KEY_NOT_ALLOWED, KEY_REQUIRED,
                       NO_KEY_CARD, NO_POSTS_LEFT, NOT_CONNECTED, PAYMENT_MALFORMED, PAYMENT_WRONG_LANDSCAPE,
                       PAYMENT_WRONG_SIZE, SPACE_OCCUPIED, UNKNOWN_SPACE)
from .rewards import check_picks, pay_reward
from .rounds import end_build_turn
from .state import IS_BLACK, OWNER, GoldenCityState, Post
from .supplies import hand_counts, kinds, shortfall, take_cards

#: GC-5.1: "0, 1 or 2 builds" a turn (a rule of the turn, not a printed component value).
BUILDS_PER_TURN = 2
#: GC-5.3.2: a joker is two cards (a slot is one card, or a joker).
JOKER_CARDS = 2
_BLACK_POST_GAMES = " or ".join(str(count) for count, data in sorted(PLAYER_COUNTS.items()) if data.black_posts)


@dataclass(frozen=True, slots=True)
class Plan:
    space: Space
    cards: dict[str, int]  # landscape type -> how many cards are spent
    key: bool


def owners(state: GoldenCityState, space: str) -> list[Post]:
    return state.board.get(space, [])


def connected(state: GoldenCityState, seat: int, space: str) -> bool:
    """GC-5.5.2 / GC-5.5.3: a road joins ``space`` to a space holding one of ``seat``'s posts."""
    board = state.board
    return any(post[OWNER] == seat for neighbour in NEIGHBOURS[space] for post in board.get(neighbour, ()))


def slots_required(state: GoldenCityState, space: Space) -> int:
    """GC-5.3: the number of landscape slots (D-1: none for an inner district under ``key_only``)."""
    if space.kind == INNER and state.options.inner_district_cost == "key_only":
        return 0
    return space.cost.cards


# ---------------------------------------------------------------- checks 3 to 10: the target
def check_target(state: GoldenCityState, seat: int, space_id: str, black: bool) -> Space:
    space = SPACES.get(space_id)
    if space is None:
        raise UNKNOWN_SPACE(space=space_id, context={"space": space_id})
    player = state.players[seat]
    if black and (PLAYER_COUNTS[len(state.players)].black_posts == 0 or player.black_left == 0):
        raise BLACK_POST_UNAVAILABLE(reason="you have none left" if PLAYER_COUNTS[len(state.players)].black_posts
                                     else f"black posts are played only with {_BLACK_POST_GAMES} players",
                                     context={"black_left": player.black_left})
    if not black and player.posts_left == 0:
        raise NO_POSTS_LEFT()
    posts = owners(state, space_id)
    if space_id in SINGLE and posts:
        raise SPACE_OCCUPIED(space=space_id, kind=space.kind, context={"space": space_id})
    if space_id not in SINGLE:
        mine = [post for post in posts if post[OWNER] == seat]
        others = [post for post in posts if post[OWNER] != seat]
        if not black:
            if mine:
                raise ALREADY_IN_DISTRICT(space=space_id, context={"space": space_id})
            if any(post[IS_BLACK] for post in others):
                raise DISTRICT_LOCKED(space=space_id, context={"space": space_id})
    if black and (space_id in SINGLE or not any(not p[IS_BLACK] for p in posts if p[OWNER] == seat)
                  or any(p[OWNER] != seat for p in posts) or any(p[IS_BLACK] for p in posts)):
        raise BLACK_POST_INVALID_TARGET(space=space_id, context={"space": space_id})
    if space.kind != HARBOUR and not connected(state, seat, space_id):
        raise NOT_CONNECTED(space=space_id, context={"space": space_id})
    return space


# ---------------------------------------------------------------- checks 11 to 13: the key
def check_key(state: GoldenCityState, seat: int, space: Space, use_key: bool) -> None:
    if use_key and not space.cost.key:
        raise KEY_NOT_ALLOWED(space=space.id, context={"space": space.id})
    if space.cost.key and not use_key:
        raise KEY_REQUIRED(space=space.id, context={"space": space.id})
    if use_key and state.players[seat].keys == 0:
        raise NO_KEY_CARD()


# ---------------------------------------------------------------- checks 14 to 18: the payment
def check_payment(state: GoldenCityState, seat: int, space: Space, payment: list[list[str]]) -> dict[str, int]:
    """The cards the payment spends, by type."""
    for index, slot in enumerate(payment):
        if not 1 <= len(slot) <= JOKER_CARDS or any(card not in LANDSCAPES for card in slot):
            raise PAYMENT_MALFORMED("GC-5.3", part=f"Payment slot {index}", requirement="one or two landscape types",
                                    landscapes=", ".join(LANDSCAPES), context={"slot": index})
    needed = slots_required(state, space)
    if len(payment) != needed:
        raise PAYMENT_WRONG_SIZE(space=space.id, expected=needed, offered=len(payment),
                                 context={"expected": needed, "offered": len(payment)})
    landscape = space.cost.landscape
    for index, slot in enumerate(payment):
        if len(slot) == 1 and slot[0] != landscape:
            raise PAYMENT_WRONG_LANDSCAPE(space=space.id, expected=landscape, given=slot[0],
                                          context={"slot": index, "expected": landscape})
    if state.options.joker == "identical_pair":
        for index, slot in enumerate(payment):
            if len(slot) == JOKER_CARDS and len(set(slot)) != 1:
                raise JOKER_PAIR_MISMATCH(size=JOKER_CARDS, cards=" and ".join(slot), context={"slot": index})
    cards = dict.fromkeys(LANDSCAPES, 0)
    for slot in payment:
        for kind in slot:
            cards[kind] += 1
    held = hand_counts(state.players[seat].hand)
    short = shortfall(cards, held)
    if short:
        raise CARDS_NOT_IN_HAND("GC-5.3", shortfall=short, context={"hand": held})
    return {kind: count for kind, count in cards.items() if count}


def check_build(state: GoldenCityState, action: Build) -> Plan:
    """Spec 3.6, checks 2 to 21 (and the bonus-pick checks of D-7's alternative), in order."""
    seat = action.player
    assert state.build is not None
    if state.build.builds >= BUILDS_PER_TURN:
        raise BUILD_LIMIT_REACHED(limit=BUILDS_PER_TURN)
    space = check_target(state, seat, action.space, action.black)
    check_key(state, seat, space, action.use_key)
    cards = check_payment(state, seat, space, action.payment)
    check_picks(state, space, action.goods_pick, action.bonus_pick)
    return Plan(space, cards, action.use_key)


# ---------------------------------------------------------------- the actions
def build(state: GoldenCityState, action: Build) -> Events:
    """GC-5.2 to GC-5.7: pay, place the post, take the reward at once."""
    plan = check_build(state, action)
    seat = action.player
    player = state.players[seat]
    assert state.build is not None
    spent = take_cards(player.hand, plan.cards)
    state.landscape_discard.extend(spent)  # GC-5.3.3
    if plan.key:
        player.keys -= 1
        if KEYS_RETURN:
            state.key_supply += 1  # GC-5.3.4 / D-16
    arrived = len(owners(state, plan.space.id))
    seq = 1 + sum(len(posts) for posts in state.board.values())
    state.board.setdefault(plan.space.id, []).append((seat, action.black, seq))
    if action.black:
        player.black_left -= 1
    else:
        player.posts_left -= 1
    state.build.builds += 1
    events: Events = [PostBuilt(player=seat, space=plan.space.id, black=action.black, seq=seq, paid=kinds(spent),
                                key=plan.key)]
    pay_reward(state, seat, plan.space, arrived, action.goods_pick, action.bonus_pick, events)
    if not state.end_triggered and supply_exhausted(state, seat):
        state.end_triggered = True  # GC-5.7 / GC-10.1(b)
        events.append(EndTriggered(player=seat, round=state.round))
    if state.build.builds == BUILDS_PER_TURN and not state.options.explicit_end_turn:
        end_build_turn(state, events)  # D-24's alternative: the turn ends by itself
    return events


def supply_exhausted(state: GoldenCityState, seat: int) -> bool:
    """GC-10.1(b) / D-11: the regular supply is empty (or, under ``all_posts``, every post is built)."""
    player = state.players[seat]
    if state.options.end_trigger_posts == "all_posts":
        return player.posts_left == 0 and player.black_left == 0
    return player.posts_left == 0


def end_turn(state: GoldenCityState, action: EndTurn) -> Events:
    """GC-5.1: the turn ends only through end_turn (D-24), after 0, 1 or 2 builds (D-6)."""
    events: Events = []
    end_build_turn(state, events)
    return events

