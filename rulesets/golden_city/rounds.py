"""GC-2 the round and its automatic steps (GC-2.3): P1 reveal (GC-3), the deal of P2 (GC-4.1),
the hand-over of the pairs (GC-4.7), P4 scoring (GC-8), the P5 end check (GC-10.1), the
hand limit (GC-9.1) and passing the start player (GC-9.2, GC-9.3)."""

from __future__ import annotations

from rulesets.core import Deck, clockwise, left_of

from .components import HAND_LIMIT, PLAYER_COUNTS, SCORING_CARDS
from .events import (DiscardRequired, Events, GameEnded, PairsDealt, PairsTaken, ScoringCardRevealed,
                     StartPlayerPassed, TurnEnded)
from .scoring import final_scoring, score_round
from .state import Auction, BuildTurn, GoldenCityState
from .supplies import deal_landscape, kinds


def scoring_back(card: str) -> int:
    """GC-1.7: the scoring deck is stacked by back, each back shuffled on its own."""
    return SCORING_CARDS[card].back


def seat_order(state: GoldenCityState) -> list[int]:
    """GC-2.2: every seat once, the start player first, then clockwise."""
    return clockwise(state.start_player, len(state.players))


def start_round(state: GoldenCityState, events: Events) -> None:
    """GC-3.1 and GC-4.1 to GC-4.3: reveal the scoring card, deal the pairs, open the auction."""
    card = Deck(state.scoring_deck, state.rng, source="scoring_deck", rule="GC-1.7", layer=scoring_back).draw()
    assert card is not None, "GC-12.1: a round starts only while scoring cards are left"
    state.scoring_card = card
    events.append(ScoringCardRevealed(round=state.round, card=card, cards_left=len(state.scoring_deck)))
    count = PLAYER_COUNTS[len(state.players)].pairs_per_round
    dealt = [deal_landscape(state, events) for _ in range(2 * count)]
    pairs = [[dealt[k], dealt[count + k]] for k in range(count)]
    state.auction = Auction(pairs=pairs, markers=[None] * count, last_price=0, queue=seat_order(state))
    state.build = None
    state.phase = "auction"
    events.append(PairsDealt(round=state.round, pairs=[list(p) for p in pairs]))


def take_pairs(state: GoldenCityState, events: Events) -> None:
    """GC-4.7: every player takes both cards under his marker; building begins with the start player."""
    auction = state.auction
    assert auction is not None
    for index, (pair, seat) in enumerate(zip(auction.pairs, auction.markers)):
        if seat is not None:
            state.players[seat].hand.extend(pair)
            events.append(PairsTaken(player=seat, pair=index, cards=kinds(pair)))
    state.auction = None
    state.build = BuildTurn()
    state.phase = "build"


def builder(state: GoldenCityState) -> int:
    """GC-5.1: whose build turn it is."""
    assert state.build is not None
    return left_of(state.start_player, len(state.players), state.build.index)


def end_build_turn(state: GoldenCityState, events: Events) -> None:
    """GC-5.1: the next player builds; after the last one, the round ends (GC-8 to GC-10)."""
    assert state.build is not None
    events.append(TurnEnded(player=builder(state), builds=state.build.builds))
    state.build.index += 1
    state.build.builds = 0
    if state.build.index == len(state.players):
        state.build = None
        end_round(state, events)


def end_round(state: GoldenCityState, events: Events) -> None:
    """GC-8 (also in the final round, GC-8.4), then GC-10.1: the end, or the hand limit."""
    score_round(state, events)
    if not state.scoring_deck or state.end_triggered:
        state.phase = "game_over"
        final_scoring(state, events)
        events.append(GameEnded(round=state.round,
                                reason="scoring_deck_empty" if not state.scoring_deck else "posts_exhausted",
                                scores=[p.vp for p in state.players]))
        return
    over = [seat for seat in seat_order(state) if len(state.players[seat].hand) > HAND_LIMIT]
    if over:
        state.phase = "discard"
        state.discard_pending = over
        events.append(DiscardRequired(players=over,
                                      counts=[len(state.players[seat].hand) - HAND_LIMIT for seat in over]))
    else:
        next_round(state, events)


def next_round(state: GoldenCityState, events: Events) -> None:
    """GC-9.2 and GC-9.3: the start player passes clockwise; the next round begins."""
    state.discard_pending = []
    state.start_player = left_of(state.start_player, len(state.players))
    events.append(StartPlayerPassed(player=state.start_player))
    state.round += 1
    start_round(state, events)
