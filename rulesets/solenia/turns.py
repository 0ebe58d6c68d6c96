"""SOL-2: the turn. The three turn actions (``play_card``, ``discard_to_advance``,
``discard_overflow``) with their checks in the spec's order (section 3), and the
automatic end of turn: resolution, drawing, overflow decisions, the next seat
(or, in the solo game, the Rival's turn), and the end of the game (SOL-7.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from rulesets.core import Deck, clockwise

from . import airship, deliveries, resources as res
from .actions import DiscardOverflow, DiscardToAdvance, PlayCard
from .board import Coord, on_board, terrain
from .components import CARDS, HAND_SIZE, PERMANENT_SOURCES, ROUNDS, Card, DoubleAdvance, Terrain
from .events import (CardDiscarded, CardDrawn, CardPlayed, CardsDrawn, Events, GameEnded, LengthenPaid, OverflowPending,
                     ResourcesGained, ScoreBreakdown, StarsGained, TurnStarted, as_resources)
from .improvements import active_effect
from .placement import free_placement_example, lengthen_cost
from .refusals import (ADVANCE_NOT_ALLOWED, ADVANCE_ONE_OR_TWO, CARD_NOT_IN_HAND, DELIVERY_NOT_ALLOWED,
                       DISCARD_NOT_ALLOWED, INSUFFICIENT_RESOURCES, LENGTHEN_PAYMENT_MISMATCH, ONLY_ZERO_CARDS_ADVANCE,
                       OVERFLOW_DISCARD_MISMATCH, PAY, PERMANENT_NOT_ALLOWED_FOR_LENGTHENING, SPACE_OCCUPIED,
                       SPACE_OFF_BOARD)
from .scoring import final_scores, winners
from .seating import next_seat
from .solo import rival_turn
from .state import BoardCard, Pending, PlayerBoard, Position, SoleniaState
from .storage import check_overflow_discard, check_returnable, immediate_value, overflow_event

_PERMANENT_PAYMENT = attrgetter(*PERMANENT_SOURCES)


# ---------------------------------------------------------------- shared checks
# Game over, phase and turn (checks 2 to 4 of every turn action) are the loop's:
# the phase table in ``ruleset.py`` routes an action here only when they pass.
def ensure_in_hand(state: SoleniaState, seat: int, card: str) -> None:
    if card not in state.players[seat].hand:
        raise CARD_NOT_IN_HAND(card=card, context={"card": card})


# ---------------------------------------------------------------- play_card (spec 3.5)
@dataclass(slots=True)
class PlayPlan:
    """A checked ``play_card``: what its effects need, worked out before any of them."""

    seat: int
    card: Card
    target: Coord
    ground: Terrain
    cost: int  # resources the lengthening costs (SOL-3.3)
    lengthen: res.Vector  # the lengthening payment
    stored: res.Vector  # storage once the lengthening is paid
    value: int  # the immediate value (SOL-4.1, 5.1)
    gained: res.Vector  # an island's yield; nothing on a city
    delivery: deliveries.DeliveryPlan | None  # a city's delivery
    overflow: res.Vector  # returned to the supply (SOL-4.3)
    advances: int  # spaces the airship advances (SOL-6.1)
    advance_stars: int  # L1_DOUBLE_ADVANCE's star when it is used (SOL-9.4)


def play_card(state: SoleniaState, action: PlayCard) -> Events:
    # The spec orders the checks (section 3.5) and the effects (SOL-5.8) differently, and
    # the effects need what the checks worked out (the payment, the slot, the yield):
    # so the checks build a plan, and nothing changes until every one has passed.
    return commit_play(state, check_play(state, action))


def check_play(state: SoleniaState, action: PlayCard) -> PlayPlan:
    """Checks 5 to 28 of spec section 3.5, in the spec's order."""
    seat = action.player
    ensure_in_hand(state, seat, action.card)
    player = state.players[seat]
    card = CARDS[action.card]
    target = _check_target(state, action.space.col, action.space.row)
    advances, advance_stars = _check_advance(player, card, action.advance)
    cost, lengthen, stored = _check_lengthening(state, seat, target, action.lengthen_payment)
    ground = terrain(state, *target)
    value = immediate_value(player, action.card)
    overflow = res.vector(action.overflow_discard)
    gained, plan = res.ZERO, None
    if ground.kind == "island":
        if action.delivery is not None:
            raise DELIVERY_NOT_ALLOWED()
        gained = res.one(ground.resource, value)
        check_overflow_discard(res.add(stored, gained), player.capacity, overflow)
    else:
        plan = deliveries.check_delivery(state, player, ground.city, stored, action.delivery)
        after = res.add(res.sub(stored, plan.payment), plan.outcome.gained)
        check_overflow_discard(after, plan.outcome.capacity_after, overflow)
    return PlayPlan(seat, card, target, ground, cost, lengthen, stored, value, gained, plan, overflow, advances,
                    advance_stars)


def _check_target(state: SoleniaState, col: int, row: int) -> Coord:
    """Checks 6 and 7: a space of the board, and an empty one."""
    if not on_board(col, row):
        raise SPACE_OFF_BOARD(col=col, row=row, context={"space": {"col": col, "row": row}},
                              explain={"space": {"col": col, "row": row}, "columns": [0, 4], "rows": [0, 4]})
    for holder in state.board.cards:
        if holder.row == row and holder.col == col:
            raise SPACE_OCCUPIED(col=col, row=row, context={"space": {"col": col, "row": row}, "card": holder.card},
                                 explain={"space": {"col": col, "row": row}, "held_by": holder.card})
    return col, row


def _check_advance(player: PlayerBoard, card: Card, advance: int | None) -> tuple[int, int]:
    """Check 8: (spaces the airship advances, stars for a double advance)."""
    if advance is None:
        return (1 if card.value == 0 else 0), 0
    if card.value != 0:
        raise ADVANCE_NOT_ALLOWED("SOL-6.1", advance=advance,
                                  why=ONLY_ZERO_CARDS_ADVANCE(card=card.id, value=card.value),
                                  context={"advance": advance})
    double = active_effect(player, DoubleAdvance)
    if advance != 2 or double is None:
        # SOL-6.1, SOL-9.4: 1 space, or 2 with L1_DOUBLE_ADVANCE active (improvements are public)
        most = 1 if double is None else 2
        raise ADVANCE_NOT_ALLOWED("SOL-9.4", advance=advance, why=ADVANCE_ONE_OR_TWO(), context={"advance": advance},
                                  explain={"limit": {"advance": most}, "offered": {"advance": advance}}
                                  if advance > most else None)
    return 2, double.vp_when_used


def _check_lengthening(state: SoleniaState, seat: int, target: Coord,
                       payment: Any) -> tuple[int, res.Vector, res.Vector]:
    """Checks 9 to 11: (what reaching the target costs, the payment, the storage left once it is paid)."""
    if any(_PERMANENT_PAYMENT(payment)):
        named = [slot_id for slot_id in PERMANENT_SOURCES if getattr(payment, slot_id)]
        raise PERMANENT_NOT_ALLOWED_FOR_LENGTHENING(named=", ".join(named), context={"permanent": named})
    cost = lengthen_cost(state, seat, target)
    lengthen = res.vector(payment)
    if sum(lengthen) != cost:
        raise LENGTHEN_PAYMENT_MISMATCH(col=target[0], row=target[1], cost=cost, offered=sum(lengthen),
                                        context={"expected": cost, "offered": sum(lengthen)},
                                        explain={"space": {"col": target[0], "row": target[1]},
                                                 "needed": {"resources": cost}, "offered": {"resources": sum(lengthen)}})
    stored = res.vector(state.players[seat].storage)
    if not res.covers(stored, lengthen):
        raise INSUFFICIENT_RESOURCES("SOL-3.3.3", act=PAY(), resources=res.worded(lengthen),
                                     stored=res.worded(stored), context={"stored": res.as_dict(stored)},
                                     explain=res.shortfall(lengthen, stored))
    return cost, lengthen, res.sub(stored, lengthen)


def commit_play(state: SoleniaState, plan: PlayPlan) -> Events:
    """The effects of a checked play, in the order of SOL-5.8, then the end of the turn."""
    seat, (col, row) = plan.seat, plan.target
    player = state.players[seat]
    player.hand.remove(plan.card.id)
    state.board.cards.append(BoardCard(card=plan.card.id, owner=seat, col=col, row=row))
    events: Events = [CardPlayed(player=seat, card=plan.card.id, value=plan.card.value,
                                 space=Position(col=col, row=row),
                                 terrain=plan.ground.name)]
    if plan.cost:
        res.store(player.storage, plan.stored)
        events.append(LengthenPaid(player=seat, resources=as_resources(plan.lengthen), cost=plan.cost))
    if plan.delivery is None:
        res.store(player.storage, res.add(plan.stored, plan.gained))
        events.append(ResourcesGained(player=seat, resources=as_resources(plan.gained)))
    else:
        player.stars += plan.value
        events.append(StarsGained(player=seat, stars=plan.value))
        deliveries.complete(state, seat, plan.delivery, events)
    if sum(plan.overflow):
        res.store(player.storage, res.sub(res.vector(player.storage), plan.overflow))
        events.append(overflow_event(seat, plan.overflow))
    if plan.advances:
        airship.advance(state, plan.advances, events, cause="card")
        if plan.advance_stars:
            player.stars += plan.advance_stars
            events.append(StarsGained(player=seat, stars=plan.advance_stars, rule="SOL-9.4"))
    end_turn(state, seat, plan.advances, events)
    return events


# ---------------------------------------------------------------- discard_to_advance (spec 3.6)
def discard_to_advance(state: SoleniaState, action: DiscardToAdvance) -> Events:
    seat = action.player
    ensure_in_hand(state, seat, action.card)
    example = free_placement_example(state, seat)
    if example is not None:
        card, (col, row) = example
        raise DISCARD_NOT_ALLOWED(card=card, col=col, row=row,
                                  context={"example": {"card": card, "space": {"col": col, "row": row}}},
                                  explain={"free_placement": {"card": card, "space": {"col": col, "row": row}}})
    player = state.players[seat]
    player.hand.remove(action.card)
    player.discard.append(action.card)
    events: Events = [CardDiscarded(player=seat, card=action.card, rule="SOL-3.4")]
    airship.advance(state, 1, events, cause="discard")
    end_turn(state, seat, 1, events)
    return events


# ---------------------------------------------------------------- discard_overflow (spec 3.7)
def discard_overflow(state: SoleniaState, action: DiscardOverflow) -> Events:
    entry = state.pending[0]
    discard = res.vector(action.discard)
    player = state.players[entry.player]
    stored = res.vector(player.storage)
    if sum(discard) != entry.amount:
        raise OVERFLOW_DISCARD_MISMATCH(stored=sum(stored), capacity=player.capacity, surplus=entry.amount,
                                        offered=sum(discard),
                                        context={"surplus": entry.amount, "offered": sum(discard)},
                                        explain={"needed": {"resources": entry.amount},
                                                 "offered": {"resources": sum(discard)},
                                                 "have": {"stored": sum(stored), "capacity": player.capacity}})
    check_returnable(stored, discard)
    res.store(player.storage, res.sub(stored, discard))
    state.pending.pop(0)
    events: Events = [overflow_event(entry.player, discard)]
    if not state.pending:
        state.phase = "play"
        finish_turn(state, events)
    return events


# ---------------------------------------------------------------- end of turn (SOL-2.3)
def end_turn(state: SoleniaState, seat: int, advances: int, events: Events) -> None:
    if advances:
        airship.resolve(state, advances, events)  # step 1 (SOL-6.2 to 6.5)
    draw(state, seat, events)  # step 2
    if queue_overflow(state, seat, events):  # step 3 (SOL-6.6)
        return
    finish_turn(state, events)


def draw(state: SoleniaState, seat: int, events: Events) -> None:
    """SOL-2.3 step 2 / SOL-2.4: up to 3 cards from the player's own deck; no reshuffle."""
    player = state.players[seat]
    deck = Deck(player.deck, state.rng, source=f"seat_{seat}_deck", rule="SOL-2.3")
    drawn = deck.draw_many(max(0, HAND_SIZE - len(player.hand)))  # no refill: no reshuffle
    if drawn:
        player.hand.extend(drawn)
        events.append(CardDrawn(player=seat, cards=drawn, visible_to=[seat]))
        events.append(CardsDrawn(player=seat, count=len(drawn), deck_left=len(player.deck)))


def queue_overflow(state: SoleniaState, first: int, events: Events) -> bool:
    """SOL-6.6: one pending decision per player over capacity, in seat order from ``first``."""
    for seat in clockwise(first, len(state.players)):
        player = state.players[seat]
        over = res.total(player.storage) - player.capacity
        if over > 0:
            state.pending.append(Pending(player=seat, amount=over))
            events.append(OverflowPending(player=seat, amount=over))
    if state.pending:
        state.phase = "overflow"
        return True
    return False


def finish_turn(state: SoleniaState, events: Events) -> None:
    """SOL-2.3 steps 4 and 5 (and, solo, the Rival's turn before the next round, SOL-10.2)."""
    for player in state.players:
        for permanent in player.permanent:
            permanent.used_this_turn = False
    if state.solo is not None and not state.solo.rival_moved:
        state.solo.rival_moved = True
        advances = rival_turn(state, events)
        if advances:
            airship.resolve(state, advances, events)
        if queue_overflow(state, 0, events):
            return
    next_turn(state, events)


def next_turn(state: SoleniaState, events: Events) -> None:
    if state.solo is not None:
        state.solo.rival_moved = False
    following = next_seat(state, state.active_seat)
    if following is not None:
        state.active_seat = following
    elif state.round < ROUNDS:
        state.round += 1
        state.active_seat = state.first_player
    else:
        end_game(state, events)
        return
    state.phase = "play"
    events.append(TurnStarted(player=state.active_seat, round=state.round))


def end_game(state: SoleniaState, events: Events) -> None:
    """SOL-7.1: after the last seat's round-16 turn; cards left on the board do not activate (SOL-7.2)."""
    state.phase = "game_over"
    scores = final_scores(state)
    events.append(GameEnded(scores=[ScoreBreakdown(**b) for b in scores],
                            winners=winners([b["total"] for b in scores])))
