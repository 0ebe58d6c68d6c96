"""JAVA-10: action J, the palace festival, a sub-phase of its own.

Stages (spec 3.4): ``joining`` (each eligible player once, clockwise from the
organizer's left), ``raising`` (the players still in, clockwise from the organizer,
a strict leader skipped), ``tie_vote`` (the other tied players answer a proposal).
After every action of the raising stage, in this order: one player left wins alone
(10.12); all still in level and nobody able to play on ties automatically (10.11);
a proposed tie goes to the vote; otherwise the next player still in acts.
"""

from __future__ import annotations

from itertools import product
from typing import Iterator

from rulesets.core import Events, after, next_seat


from .events import (FestivalDeclared, FestivalDeclined, FestivalJoined, FestivalPassed, FestivalRaised,
                     FestivalResolved, JavaEvent, TieAccepted, TieProposed, TieRefused)
from .actions import DeclareFestival, FestivalBid, FestivalPass, FestivalProposeTie, FestivalTieResponse
from .cards import card_value, festival_deck, no_face_up_explain
from .components import CARDS, SABRE
from .land import Land
from .palaces import palace_at
from .state import Bid, Festival, JavaState, TieVote
from .turns import check_turn_may_end, finish_turn
from .explain import spaces
from .palaces import no_palace_explain
from .refusals import (BID_TOO_LOW, CANNOT_REFUSE_TIE, CARD_DOES_NOT_MATCH, CARD_NOT_IN_HAND, CARDS_WITH_ACCEPTANCE,
                       EITHER, EMPTY_BID, FESTIVAL_SEAT, MUST_RAISE_WHEN_REFUSING, NO_BID_LEVEL, NO_DEVELOPER_IN_CITY,
                       NO_FACE_UP_CARD, NO_PALACE_THERE, NO_TIE_TO_PROPOSE, NOT_LEVEL, NOT_YOUR_FESTIVAL_TURN, OR_PASS,
                       PALACE_ALREADY_CELEBRATED, STILL_JOINING, SYMBOL_NAMES, TO_NAME_THE_FESTIVAL,
                       TO_OPEN_THE_FESTIVAL, one_or_two)


# ---------------------------------------------------------------- cards played
def _check_cards(hand: list[str], cards: list[str], symbols: list[str], hand_rule: str) -> int:
    """card_not_in_hand (a card not held, or named twice), then card_does_not_match; returns the value.

    Their explain names the seat's own hand: the refused seat is the one that holds it."""
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise CARD_NOT_IN_HAND(hand_rule, explain={
            "not_in_hand": sorted({c for c in cards if c not in hand}),
            "repeated": sorted({c for c in cards if cards.count(c) > 1}), "hand": sorted(hand)})
    values = [card_value(c, symbols) for c in cards]
    if any(v == 0 for v in values):
        raise CARD_DOES_NOT_MATCH(symbols=one_or_two([SYMBOL_NAMES[s]() for s in symbols], EITHER), explain={
            "not_matching": sorted({c for c, v in zip(cards, values) if v == 0}), "symbols": list(symbols)})
    return sum(values)


def _play(state: JavaState, bid: Bid, cards: list[str], added: int) -> None:
    hand = state.players[bid.seat].hand
    for card in cards:
        hand.remove(card)
    bid.cards.extend(cards)
    bid.total += added


def matching_total(hand: list[str], symbols: list[str]) -> int:
    return sum(card_value(c, symbols) for c in hand)


def card_choices(hand: list[str], symbols: list[str]) -> Iterator[tuple[list[str], int]]:
    """Every non-empty play of matching cards, in canonical form: cards of the same symbols
    are interchangeable, so the lowest ids of each kind go first; the ids come sorted."""
    kinds: dict[frozenset[str], list[str]] = {}
    for card in sorted(hand):
        if card_value(card, symbols):
            kinds.setdefault(CARDS[card], []).append(card)
    groups = list(kinds.values())
    for counts in product(*(range(len(g) + 1) for g in groups)):
        chosen = [c for g, k in zip(groups, counts) for c in g[:k]]
        if chosen:
            yield sorted(chosen), sum(card_value(c, symbols) for c in chosen)


# ---------------------------------------------------------------- lookups
def bid_of(festival: Festival, seat: int) -> Bid:
    for bid in festival.bids:
        if bid.seat == seat:
            return bid
    raise NOT_YOUR_FESTIVAL_TURN(player=seat, awaited=FESTIVAL_SEAT())


def _in(festival: Festival) -> list[Bid]:
    return [b for b in festival.bids if b.status == "in"]


def _other_bids(festival: Festival, seat: int) -> list[int]:
    """The bids of the other players still in, highest first (played face up: public)."""
    return sorted((b.total for b in _in(festival) if b.seat != seat), reverse=True)


def _no_cards_offered() -> dict[str, dict[str, int]]:
    return {"needed": {"cards": 1}, "offered": {"cards": 0}}


def highest(festival: Festival) -> int:
    return max((b.total for b in _in(festival)), default=0)


def strict_leader(festival: Festival) -> int | None:
    ins = sorted(_in(festival), key=lambda b: b.total, reverse=True)
    if len(ins) == 1 or (len(ins) > 1 and ins[0].total > ins[1].total):
        return ins[0].seat
    return None


def may_propose_tie(festival: Festival, seat: int, total: int) -> bool:
    """JAVA-10.9 / D9: the acting player's total equals the highest total of another player still in."""
    others = [b.total for b in _in(festival) if b.seat != seat]
    return bool(others) and total == max(others)


def _next_actor(state: JavaState, festival: Festival, start: int, inclusive: bool) -> int:
    leader = strict_leader(festival)
    ins = {b.seat for b in _in(festival)}

    def still_in(seat: int) -> bool:
        return seat in ins and seat != leader
    if inclusive and still_in(start):
        return start
    found = next_seat(start, len(state.players), still_in=still_in)
    return start if found is None else found


# ---------------------------------------------------------------- declaring (JAVA-10.1 to 10.8)
def declare_festival(state: JavaState, action: DeclareFestival) -> Events:
    seat = action.player
    check_turn_may_end(state, "JAVA-10.1")
    h = tuple(action.palace)
    n = palace_at(state, h)
    if n is None:
        raise NO_PALACE_THERE("JAVA-10.2", explain=no_palace_explain(state, h))
    palace = state.palaces[n]
    if not palace.front_up:
        raise PALACE_ALREADY_CELEBRATED()
    land = Land(state)
    city = land.city_of_palace(n)
    if not any(land.dev[i] == seat for i in city):
        raise NO_DEVELOPER_IN_CITY(explain={"needed": {"developers": 1}, "have": {"developers": 0},
                                            "city": spaces(city)})
    face_up = state.cards.face_up
    if face_up is None:
        raise NO_FACE_UP_CARD("JAVA-10.2", purpose=TO_NAME_THE_FESTIVAL(), explain=no_face_up_explain())
    symbols = sorted(CARDS[face_up])
    if not action.cards:
        raise EMPTY_BID("JAVA-10.5", alternative=TO_OPEN_THE_FESTIVAL(), explain=_no_cards_offered())
    hand = state.players[seat].hand
    added = _check_cards(hand, action.cards, symbols, "JAVA-10.5")
    eligible = [s for s in after(seat, len(state.players))
                if any(land.dev[i] == s for i in city) and matching_total(state.players[s].hand, symbols)]
    organizer = Bid(seat=seat, status="in")
    _play(state, organizer, list(action.cards), added)
    state.festival = Festival(palace=palace.hex, organizer=seat, symbols=symbols, value=palace.values[-1],
                              stage="joining", to_act=eligible[0] if eligible else seat, queue=list(eligible),
                              bids=[organizer] + [Bid(seat=s, status="invited") for s in eligible])
    state.phase = "festival"
    events: list[JavaEvent] = [FestivalDeclared(player=seat, palace=palace.hex, symbols=symbols,
                                                value=palace.values[-1], cards=list(action.cards),
                                                total=organizer.total, eligible=eligible)]
    if not eligible:
        _resolve(state, [seat], False, events)  # JAVA-10.8
    return events


# ---------------------------------------------------------------- joining and raising
def festival_bid(state: JavaState, action: FestivalBid) -> Events:
    festival = state.festival
    assert festival is not None
    seat = action.player
    bid = bid_of(festival, seat)
    joining = festival.stage == "joining"
    if not action.cards:
        raise EMPTY_BID("JAVA-10.9", alternative=OR_PASS(), explain=_no_cards_offered())
    added = _check_cards(state.players[seat].hand, action.cards, festival.symbols, "JAVA-10.7")
    total = bid.total + added
    top = highest(festival)
    if total < top:
        raise BID_TOO_LOW("JAVA-10.7" if joining else "JAVA-10.9", total=total, highest=top,
                          context={"highest": top}, explain={"needed": {"bid": top}, "offered": {"bid": total}})
    if action.propose_tie and joining:
        raise NO_TIE_TO_PROPOSE(why=STILL_JOINING())
    if action.propose_tie and not any(b.total == total for b in _in(festival) if b.seat != seat):
        raise NO_TIE_TO_PROPOSE(why=NO_BID_LEVEL(total=total),
                                explain={"offered": {"bid": total}, "other_bids": _other_bids(festival, seat)})
    _play(state, bid, list(action.cards), added)
    bid.status = "in"
    played = FestivalJoined if joining else FestivalRaised
    events: list[JavaEvent] = [played(player=seat, cards=list(action.cards), total=bid.total)]
    if joining:
        festival.queue.pop(0)
        _after_joining(state, festival, events)
    else:
        _after_raising(state, festival, seat, seat if action.propose_tie else None, events)
    return events


def festival_pass(state: JavaState, action: FestivalPass) -> Events:
    festival = state.festival
    assert festival is not None
    seat = action.player
    bid = bid_of(festival, seat)
    events: list[JavaEvent]
    if festival.stage == "joining":
        bid.status = "declined"
        festival.queue.pop(0)
        events = [FestivalDeclined(player=seat)]
        _after_joining(state, festival, events)
    else:
        bid.status = "passed"
        events = [FestivalPassed(player=seat, total=bid.total)]
        _after_raising(state, festival, seat, None, events)
    return events


def festival_propose_tie(state: JavaState, action: FestivalProposeTie) -> Events:
    festival = state.festival
    assert festival is not None
    seat = action.player
    bid = bid_of(festival, seat)
    if not may_propose_tie(festival, seat, bid.total):
        raise NO_TIE_TO_PROPOSE(why=NOT_LEVEL(total=bid.total),
                                explain={"have": {"bid": bid.total}, "other_bids": _other_bids(festival, seat)})
    events: list[JavaEvent] = []
    _after_raising(state, festival, seat, seat, events)
    return events


def _after_joining(state: JavaState, festival: Festival, events: list[JavaEvent]) -> None:
    if festival.queue:
        festival.to_act = festival.queue[0]
        return
    if len(_in(festival)) == 1:
        _resolve(state, [festival.organizer], False, events)  # JAVA-10.8: nobody joined
        return
    festival.stage = "raising"
    _after_raising(state, festival, festival.organizer, None, events, first=True)


def _after_raising(state: JavaState, festival: Festival, actor: int, proposer: int | None, events: list[JavaEvent],
                   first: bool = False) -> None:
    """Spec 3.4 step 3, in order: 10.12, 10.11, a proposed tie, the next player."""
    ins = _in(festival)
    if len(ins) == 1:
        _resolve(state, [ins[0].seat], False, events)
        return
    if len({b.total for b in ins}) == 1 and not any(matching_total(state.players[b.seat].hand, festival.symbols)
                                                    for b in ins):
        _resolve(state, sorted(b.seat for b in ins), True, events)
        return
    if proposer is not None:
        total = bid_of(festival, proposer).total
        tied = {b.seat for b in ins if b.seat != proposer and b.total == total}
        pending = [s for s in after(proposer, len(state.players)) if s in tied]
        festival.stage = "tie_vote"
        festival.tie_vote = TieVote(proposer=proposer, total=total, pending=pending)
        festival.to_act = pending[0]
        events.append(TieProposed(player=proposer, total=total, pending=list(pending)))
        return
    festival.to_act = _next_actor(state, festival, actor, inclusive=first)


# ---------------------------------------------------------------- the tie vote (JAVA-10.10)
def festival_tie_response(state: JavaState, action: FestivalTieResponse) -> Events:
    festival = state.festival
    assert festival is not None and festival.tie_vote is not None
    vote = festival.tie_vote
    seat = action.player
    bid = bid_of(festival, seat)
    if action.accept:
        if action.cards:
            raise CARDS_WITH_ACCEPTANCE(explain={"needed": {"cards": 0}, "offered": {"cards": len(action.cards)}})
        vote.pending.pop(0)
        vote.accepted.append(seat)
        events: list[JavaEvent] = [TieAccepted(player=seat)]
        if vote.pending:
            festival.to_act = vote.pending[0]
        else:
            _resolve(state, sorted([vote.proposer, *vote.accepted]), True, events)
        return events
    hand = state.players[seat].hand
    added = _check_cards(hand, action.cards, festival.symbols, "JAVA-10.10")
    reachable = bid.total + matching_total(hand, festival.symbols)
    if reachable <= vote.total:
        # what the seat's whole matching hand would take its bid to (its own hand: the seat may know it)
        raise CANNOT_REFUSE_TIE(explain={"needed": {"bid": vote.total + 1}, "have": {"bid": reachable}})
    if not action.cards or bid.total + added <= vote.total:
        raise MUST_RAISE_WHEN_REFUSING(tie=vote.total, explain={"needed": {"bid": vote.total + 1},
                                                                "offered": {"bid": bid.total + added}})
    _play(state, bid, list(action.cards), added)
    festival.tie_vote = None
    festival.stage = "raising"
    events = [TieRefused(player=seat, cards=list(action.cards), total=bid.total)]
    _after_raising(state, festival, seat, None, events)
    return events


# ---------------------------------------------------------------- outcome (JAVA-10.13, 10.14)
def _resolve(state: JavaState, winners: list[int], tie: bool, events: list[JavaEvent]) -> None:
    festival = state.festival
    assert festival is not None
    value = str(festival.value)
    points = state.options.festival_handshake[value] if tie else SABRE[value]
    for seat in winners:
        state.players[seat].score += points
    n = palace_at(state, tuple(festival.palace))
    if n is not None:
        state.palaces[n].front_up = False
    deck = festival_deck(state)
    for bid in festival.bids:
        deck.discard(*bid.cards)  # JAVA-10.14: every card played goes to the discard pile
    events.append(FestivalResolved(palace=festival.palace, winners=winners, tie=tie, points=points))
    state.festival = None
    state.phase = "actions"
    finish_turn(state, events)
