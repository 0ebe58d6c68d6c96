"""GC-5 and GC-11: building a post (P3), the ``build`` and ``end_turn`` actions.

``check_build`` runs the checks of spec 3.6 in the spec's order (check 1, the turn, is
the loop's) and returns a plan; ``build`` commits it and pays the reward (GC-6, GC-7) at
once, so what it gives may pay for a second build in the same turn (GC-5.6).
``legal.py`` enumerates through the same target, key and payment checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Build, EndTurn
from .components import (HARBOUR, INNER, KEYS_RETURN, LANDSCAPES, NEIGHBOURS, PLAYER_COUNTS, SINGLE,
                         SPACES, VILLAGE, Space)
from .events import EndTriggered, Events, PostBuilt
from .refusals import (ALREADY_IN_DISTRICT, AND, BLACK_POST_INVALID_TARGET, BLACK_POST_UNAVAILABLE,
                       BLACK_POSTS_PLAYED_WITH, BUILD_LIMIT_REACHED, CARDS_NOT_IN_HAND, DISTRICT_LOCKED, HARBOUR_KIND,
                       JOKER_PAIR_MISMATCH, KEY_NOT_ALLOWED, KEY_REQUIRED, NO_BLACK_POST_LEFT, NO_KEY_CARD,
                       NO_POSTS_LEFT, NOT_CONNECTED, OR, PAYMENT_MALFORMED, PAYMENT_SLOT, PAYMENT_WRONG_LANDSCAPE,
                       PAYMENT_WRONG_SIZE, SLOT_REQUIREMENT, SPACE_OCCUPIED, UNKNOWN_SPACE, VILLAGE_KIND, listed,
                       shortfall_words)
from .rewards import check_picks, pay_reward
from .rounds import end_build_turn
from .state import IS_BLACK, OWNER, SEQ, GoldenCityState, Post
from .supplies import hand_counts, kinds, shortfall, shortfall_explain, take_cards

#: GC-5.1: "0, 1 or 2 builds" a turn (a rule of the turn, not a printed component value).
BUILDS_PER_TURN = 2
#: GC-5.3.2: a joker is two cards (a slot is one card, or a joker).
JOKER_CARDS = 2
#: GC-11.1: the player counts that play black posts (2 with the printed data).
BLACK_POST_GAMES = [count for count, data in sorted(PLAYER_COUNTS.items()) if data.black_posts]
#: GC-5.4.1: the kinds of space that hold one post, as space_occupied words them.
SINGLE_KINDS = {HARBOUR: HARBOUR_KIND, VILLAGE: VILLAGE_KIND}


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


def occupancy(state: GoldenCityState, space: str) -> dict[str, Any]:
    """A refusal's ``explain`` where a space's posts decide (GC-5.4, GC-11.3, GC-11.4): the seats holding a post
    there, in order of arrival, and those of them holding a black post (the board is public)."""
    posts = sorted(owners(state, space), key=lambda post: post[SEQ])
    return {"space": space, "held_by": list(dict.fromkeys(post[OWNER] for post in posts)),
            "black_posts_of": [post[OWNER] for post in posts if post[IS_BLACK]]}


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
    players = len(state.players)
    if black and (PLAYER_COUNTS[players].black_posts == 0 or player.black_left == 0):
        explain: dict[str, Any] = {"needed": {"black_posts": 1}, "have": {"black_posts": player.black_left}}
        if PLAYER_COUNTS[players].black_posts:
            reason = NO_BLACK_POST_LEFT()
        else:
            reason = BLACK_POSTS_PLAYED_WITH(counts=listed([str(count) for count in BLACK_POST_GAMES], OR))
            explain.update(players=players, played_with=list(BLACK_POST_GAMES))
        raise BLACK_POST_UNAVAILABLE(reason=reason, context={"black_left": player.black_left}, explain=explain)
    if not black and player.posts_left == 0:
        raise NO_POSTS_LEFT(explain={"needed": {"regular_posts": 1}, "have": {"regular_posts": player.posts_left}})
    posts = owners(state, space_id)
    if space_id in SINGLE and posts:
        raise SPACE_OCCUPIED(space=space_id, kind=SINGLE_KINDS[space.kind](), context={"space": space_id},
                             explain={"space": space_id, "held_by": occupancy(state, space_id)["held_by"],
                                      "limit": {"posts": 1}})
    if space_id not in SINGLE:
        mine = [post for post in posts if post[OWNER] == seat]
        others = [post for post in posts if post[OWNER] != seat]
        if not black:
            if mine:
                raise ALREADY_IN_DISTRICT(space=space_id, context={"space": space_id},
                                          explain={**occupancy(state, space_id), "limit": {"posts": 1},
                                                   "have": {"posts": len(mine)}})
            if any(post[IS_BLACK] for post in others):
                raise DISTRICT_LOCKED(space=space_id, context={"space": space_id}, explain=occupancy(state, space_id))
    if black and (space_id in SINGLE or not any(not p[IS_BLACK] for p in posts if p[OWNER] == seat)
                  or any(p[OWNER] != seat for p in posts) or any(p[IS_BLACK] for p in posts)):
        raise BLACK_POST_INVALID_TARGET(space=space_id, context={"space": space_id},
                                        explain={**occupancy(state, space_id), "kind": space.kind})
    if space.kind != HARBOUR and not connected(state, seat, space_id):
        raise NOT_CONNECTED(space=space_id, context={"space": space_id},
                            explain={"space": space_id, "adjacent_to": sorted(NEIGHBOURS[space_id])})
    return space


# ---------------------------------------------------------------- checks 11 to 13: the key
def check_key(state: GoldenCityState, seat: int, space: Space, use_key: bool) -> None:
    if use_key and not space.cost.key:
        raise KEY_NOT_ALLOWED(space=space.id, context={"space": space.id},
                              explain={"space": space.id, "needed": {"keys": 0}, "offered": {"keys": 1}})
    if space.cost.key and not use_key:
        raise KEY_REQUIRED(space=space.id, context={"space": space.id},
                           explain={"space": space.id, "needed": {"keys": 1}, "offered": {"keys": 0}})
    if use_key and state.players[seat].keys == 0:
        raise NO_KEY_CARD(explain={"needed": {"keys": 1}, "have": {"keys": state.players[seat].keys}})


# ---------------------------------------------------------------- checks 14 to 18: the payment
def check_payment(state: GoldenCityState, seat: int, space: Space, payment: list[list[str]]) -> dict[str, int]:
    """The cards the payment spends, by type."""
    for index, slot in enumerate(payment):
        if not 1 <= len(slot) <= JOKER_CARDS or any(card not in LANDSCAPES for card in slot):
            raise PAYMENT_MALFORMED("GC-5.3", part=PAYMENT_SLOT(index=index), requirement=SLOT_REQUIREMENT(),
                                    landscapes=", ".join(LANDSCAPES), context={"slot": index},
                                    explain=_slot_size_explain(index, slot))
    needed = slots_required(state, space)
    if len(payment) != needed:
        raise PAYMENT_WRONG_SIZE(space=space.id, expected=needed, offered=len(payment),
                                 context={"expected": needed, "offered": len(payment)},
                                 explain={"space": space.id, "needed": {"slots": needed},
                                          "offered": {"slots": len(payment)}})
    landscape = space.cost.landscape
    for index, slot in enumerate(payment):
        if len(slot) == 1 and slot[0] != landscape:
            raise PAYMENT_WRONG_LANDSCAPE(space=space.id, expected=landscape, given=slot[0],
                                          context={"slot": index, "expected": landscape},
                                          explain={"space": space.id, "slot": index, "needed": {landscape: 1},
                                                   "offered": {slot[0]: 1}})
    if state.options.joker == "identical_pair":
        for index, slot in enumerate(payment):
            if len(slot) == JOKER_CARDS and len(set(slot)) != 1:
                raise JOKER_PAIR_MISMATCH(size=JOKER_CARDS, cards=listed(list(slot), AND), context={"slot": index},
                                          explain={"slot": index, "needed": {"cards_of_one_type": JOKER_CARDS},
                                                   "offered": kinds(list(slot))})
    cards = dict.fromkeys(LANDSCAPES, 0)
    for slot in payment:
        for kind in slot:
            cards[kind] += 1
    held = hand_counts(state.players[seat].hand)
    short = shortfall(cards, held)
    if short:
        raise CARDS_NOT_IN_HAND("GC-5.3", shortfall=shortfall_words(short), context={"hand": held},
                                explain=shortfall_explain(cards, held))
    return {kind: count for kind, count in cards.items() if count}


def _slot_size_explain(index: int, slot: list[str]) -> dict[str, Any] | None:
    """GC-5.3 / GC-5.3.2: a slot is one card or a joker of two; a slot of the wrong size says so (a slot naming an
    unknown type compares no amount)."""
    if not slot:
        return {"slot": index, "needed": {"cards": 1}, "offered": {"cards": 0}}
    if len(slot) > JOKER_CARDS:
        return {"slot": index, "limit": {"cards": JOKER_CARDS}, "offered": {"cards": len(slot)}}
    return None


def check_build(state: GoldenCityState, action: Build) -> Plan:
    """Spec 3.6, checks 2 to 21 (and the bonus-pick checks of D-7's alternative), in order."""
    seat = action.player
    assert state.build is not None
    if state.build.builds >= BUILDS_PER_TURN:
        raise BUILD_LIMIT_REACHED(limit=BUILDS_PER_TURN, explain={"limit": {"builds": BUILDS_PER_TURN},
                                                                  "have": {"builds": state.build.builds}})
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

