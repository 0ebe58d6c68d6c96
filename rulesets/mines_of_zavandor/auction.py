"""MOZ-5: the sealed four-way auction: staging and sealing bids, the reveal, every row settled
from the revealed bids at once, the rewards in row order, then the king's move (MOZ-7) and the
column shift.

A staged bid stays in the hand and the public hand backs do not change (section 4.2); the
bidding handlers answer ``bid_already_committed`` to a sealed seat before the loop would call
it inactive (spec 3.1 check 4), so the bidding actions are the phase's ``anyone`` actions.
"""

from __future__ import annotations

from rulesets.core import Deck

from .actions import BidAdd, BidCommit, BidRemove, ChooseReward, MoveKing
from .cards import add, add_set, discard, remove, sorted_set, take_set_from_hand
from .components import ARROWS, AUCTION, CARDS, GEM_OF, GEMS, MINE_SLOTS, ROWS, card_back
from .events import (BidChanged, BidSealed, BidsRevealed, CardDiscarded, CardLeftGame, CardTaken, DisplayShifted,
                     Events, KingMoved, RowUnclaimed, RowWon, TurnPassed, VpGained, VpReason)
from .items import mine_card
from .refusals import (BID_ALREADY_COMMITTED, CARD_NOT_IN_BID, CARD_NOT_IN_HAND, DISCARD_NOT_NEEDED,
                       DISCARD_TARGET_INVALID, HALL_NOT_REACHABLE, MINE_FULL_DISCARD_REQUIRED, NO_REWARD_PENDING,
                       NOWHERE)
from .rounds import player_order, start_upgrade
from .state import MineCard, Row, RowResult, ZavandorState
from .wording import halls, missing_beyond_bid

#: MOZ-5.11: the row whose winner moves the king: the sapphire's, the lowest gem.
KING_ROW = GEMS[0]


def row_of(state: ZavandorState, gem: str) -> Row:
    return state.display[ROWS.index(gem)]


def _unsealed(state: ZavandorState, seat: int) -> None:
    if state.players[seat].sealed:
        raise BID_ALREADY_COMMITTED()


def _bid_changed(seat: int, bid: dict[str, int]) -> BidChanged:
    """The bidder's own record of his staged bid (section 4.2: nobody else learns it)."""
    return BidChanged(player=seat, bid=sorted_set(bid), visible_to=[seat])


def bid_add(state: ZavandorState, action: BidAdd) -> Events:
    _unsealed(state, action.player)
    player = state.players[action.player]
    held, staged = player.hand.get(action.card, 0), player.bid.get(action.card, 0)
    if held <= staged:  # the bid is his own (section 4.2): the explain shows it to him alone
        raise CARD_NOT_IN_HAND(missing=missing_beyond_bid(action.card), context={"card": action.card},
                               explain={"needed": {action.card: staged + 1}, "have": {action.card: held}})
    add(player.bid, action.card)
    return [_bid_changed(action.player, player.bid)]


def bid_remove(state: ZavandorState, action: BidRemove) -> Events:
    _unsealed(state, action.player)
    player = state.players[action.player]
    if not player.bid.get(action.card):
        raise CARD_NOT_IN_BID(card=action.card, context={"card": action.card},
                              explain={"needed": {action.card: 1}, "have": {action.card: 0}})
    remove(player.bid, action.card)
    return [_bid_changed(action.player, player.bid)]


def bid_commit(state: ZavandorState, action: BidCommit) -> Events:
    """MOZ-5.2: the seal is public, the bid is not; the last seal reveals and settles every row."""
    _unsealed(state, action.player)
    state.players[action.player].sealed = True
    events: Events = [BidSealed(player=action.player)]
    if all(player.sealed for player in state.players):
        reveal_and_settle(state, events)
    return events


def gem_count(bid: dict[str, int], gem: str) -> int:
    return sum(count for kind, count in bid.items() if GEM_OF[kind] == gem)


def reveal_and_settle(state: ZavandorState, events: Events) -> None:
    """MOZ-5.3 to 5.5: all bids revealed at once; each gem is its own auction, won by the most
    cards of that gem (ties to player order); the winner's cards are spent, the others set aside."""
    state.bids_revealed = True
    events.append(BidsRevealed(bids=[sorted_set(player.bid) for player in state.players]))
    order = player_order(state)
    results: list[RowResult] = []
    for gem in ROWS:
        counts = {seat: gem_count(state.players[seat].bid, gem) for seat in order}
        best = max(counts.values())
        if not best:
            events.append(RowUnclaimed(row=gem))
            continue
        winner = next(seat for seat in order if counts[seat] == best)  # MOZ-5.4
        for seat in order:
            player = state.players[seat]
            cards = {kind: count for kind, count in player.bid.items() if GEM_OF[kind] == gem}
            if not cards:
                continue
            take_set_from_hand(player, cards)
            if seat == winner:
                discard(state, cards)  # MOZ-2.6
            else:
                add_set(player.set_aside, cards)  # MOZ-5.5
        results.append(RowResult(row=gem, winner=winner, bid=best))
        events.append(RowWon(row=gem, player=winner, cards=best))
    state.rewards = results
    # MOZ-5.11: the sapphire winner moves the king; the start player if nobody bid a sapphire.
    king_row = next((result for result in results if result.row == KING_ROW), None)
    state.king_mover = king_row.winner if king_row is not None else state.start_player
    give_rewards(state, events)


def _vp(state: ZavandorState, seat: int, vp: int, why: VpReason, row: str, events: Events) -> None:
    state.players[seat].vp += vp
    events.append(VpGained(player=seat, vp=vp, reason=why, row=row))


def card_on_offer(state: ZavandorState, result: RowResult) -> bool:
    """MOZ-5.6 / 5.10: a choice arises for 3+ cards in a row in play whose right space holds a card."""
    row = row_of(state, result.row)
    return result.bid >= AUCTION.card_min_bid and row.in_play and row.right is not None


def give_rewards(state: ZavandorState, events: Events) -> None:
    """MOZ-5.6 to 5.8: rows top to bottom; the bonus is automatic, a choice waits for its winner."""
    while state.rewards:
        result = state.rewards[0]
        if result.bid >= AUCTION.bonus_threshold[result.row]:  # MOZ-5.7
            _vp(state, result.winner, AUCTION.bonus_vp, "bonus", result.row, events)
        if card_on_offer(state, result):
            state.step = "reward"
            return
        _vp(state, result.winner, AUCTION.small_win_vp, "row", result.row, events)
        state.rewards.pop(0)
    begin_king_move(state, events)


def choose_reward(state: ZavandorState, action: ChooseReward) -> Events:
    """MOZ-5.6 / 5.9: the row's right-column card (into a free space at level 0) or 1 VP."""
    result = state.rewards[0]
    if action.row != result.row:
        raise NO_REWARD_PENDING(row=result.row, context={"row": result.row})
    player = state.players[action.player]
    full = len(player.mine) >= MINE_SLOTS
    spaces = {"limit": {"improvement_cards": MINE_SLOTS}, "have": {"improvement_cards": len(player.mine)}}
    if action.take == "card" and full and action.discard is None:
        raise MINE_FULL_DISCARD_REQUIRED(explain=spaces)
    if action.discard is not None and mine_card(player, action.discard) is None:
        raise DISCARD_TARGET_INVALID(card=action.discard, context={"card": action.discard})
    if action.discard is not None and (not full or action.take == "vp"):
        # the mine's count is the comparison only where a space is free; taking VP needs no room at all
        raise DISCARD_NOT_NEEDED(explain=None if full else spaces)
    events: Events = []
    row = row_of(state, result.row)
    if action.take == "card":
        if action.discard is not None:
            held = mine_card(player, action.discard)
            assert held is not None
            player.mine.remove(held)
            state.removed_from_game.append(action.discard)
            events.append(CardDiscarded(player=action.player, card=action.discard))
        card = row.right
        assert card is not None
        player.mine.append(MineCard(card=card, level=CARDS[card].start_level))
        row.right = None
        events.append(CardTaken(player=action.player, card=card, row=result.row))
    else:
        _vp(state, action.player, AUCTION.card_alternative_vp, "instead_of_card", result.row, events)
    state.rewards.pop(0)
    give_rewards(state, events)
    return events


def begin_king_move(state: ZavandorState, events: Events) -> None:
    """MOZ-5.11: the mover was fixed at the reveal."""
    state.step = "king_move"
    assert state.king_mover is not None, "the reveal names the king's mover"
    events.append(TurnPassed(step="king_move", player=state.king_mover))


def move_king(state: ZavandorState, action: MoveKing) -> Events:
    """MOZ-7.2 / 7.3: one hall along an arrow; then the column shift (MOZ-5.12) and the upgrades."""
    if action.to not in ARROWS[state.king]:
        raise HALL_NOT_REACHABLE(hall=state.king, reachable=halls(ARROWS[state.king], NOWHERE),
                                 context={"reachable": list(ARROWS[state.king])},
                                 explain={"space": action.to, "from": state.king,
                                          "connected_to": list(ARROWS[state.king])})
    events: Events = [KingMoved(player=action.player, from_=state.king, to=action.to)]
    state.king = action.to
    state.king_mover, state.bids_revealed = None, False
    for player in state.players:  # the revealed bids were settled; the next auction starts afresh
        player.bid, player.sealed = {}, False
    shift_columns(state, events)
    start_upgrade(state, events)
    return events


def shift_columns(state: ZavandorState, events: Events) -> None:
    """MOZ-5.12: the right column leaves the game; middle to right, the stack's top to the middle."""
    for row in state.display:
        if not row.in_play:
            continue
        if row.right is not None:
            state.removed_from_game.append(row.right)
            events.append(CardLeftGame(card=row.right, row=row.gem))
        row.right = row.middle
        row.middle = Deck(row.stack, state.rng, source=f"{row.gem}_stack", rule="MOZ-5.12", layer=card_back).draw()
    events.append(DisplayShifted())
