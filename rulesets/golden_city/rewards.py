"""GC-6 (rewards printed on harbours and villages) and GC-7.3 (district VP by arrival).

Every reward is mandatory and taken at once (GC-5.6). An exhausted supply loses the
reward and keeps the build legal (D-22). The goods card (and, under the public-choice
reading of D-7, the bonus card) is the builder's pick, named in the ``build`` action:
``check_picks`` holds checks 19 to 21 of spec 3.6 (and their bonus-card mirror).
"""

from __future__ import annotations

from rulesets.core import Deck

from .components import GOODS_DISPLAY, Space
from .events import BonusDrawn, CardDrawn, Events, GoodsRefilled, RewardTaken
from .refusals import BONUS_PICK, GOODS_PICK, PickRefusals
from .state import GoldenCityState
from .supplies import draw_landscape, pay_from_bank


def goods_pick_due(state: GoldenCityState, space: Space) -> bool:
    return space.reward.type == "goods_card" and bool(state.goods_display)


def bonus_pick_due(state: GoldenCityState, space: Space) -> bool:
    return (space.reward.type == "bonus_card" and state.options.bonus_card_acquisition == "choose_any_public"
            and bool(state.bonus_display))


def check_picks(state: GoldenCityState, space: Space, goods_pick: str | None, bonus_pick: str | None) -> None:
    """GC-6.5 (checks 19 to 21), then GC-6.4's pick under the public-choice reading (same three checks)."""
    _check_pick(GOODS_PICK, goods_pick_due(state, space), state.goods_display, goods_pick, space)
    _check_pick(BONUS_PICK, bonus_pick_due(state, space), state.bonus_display, bonus_pick, space)


def _check_pick(refused: PickRefusals, due: bool, display: list[str], pick: str | None, space: Space) -> None:
    if due and pick is None:
        raise refused.required(space=space.id, display=", ".join(display), context={"display": list(display)})
    if due and pick not in display:
        raise refused.invalid(pick=pick, display=", ".join(display), context={"display": list(display)})
    if not due and pick is not None:
        raise refused.not_applicable(space=space.id)


def pay_reward(state: GoldenCityState, seat: int, space: Space, arrived: int, goods_pick: str | None,
               bonus_pick: str | None, events: Events) -> None:
    """GC-6.1 to GC-6.6 and GC-7.3: ``arrived`` posts were in the space before this one."""
    player = state.players[seat]
    reward = space.reward
    kind = reward.type
    amount = reward.amount or 0
    taken = RewardTaken(player=seat, space=space.id, kind=kind)
    drawn_privately: CardDrawn | BonusDrawn | None = None  # reported after the reward, to the drawer only
    drawn_publicly: GoodsRefilled | None = None  # reported after the reward, to everyone
    if kind == "coins":  # GC-6.1 / D-13
        paid = pay_from_bank(state, amount)
        player.coins += paid
        taken.amount = paid
    elif kind == "landscape_card":  # GC-6.2
        drawn = [card for card in (draw_landscape(state, events) for _ in range(amount)) if card is not None]
        player.hand.extend(drawn)
        taken.amount = len(drawn)
        if drawn:
            drawn_privately = CardDrawn(player=seat, cards=drawn, visible_to=[seat])
    elif kind == "key_card":  # GC-6.3
        keys = min(amount, state.key_supply)
        state.key_supply -= keys
        player.keys += keys
        taken.amount = keys
    elif kind == "bonus_card":  # GC-6.4
        if state.options.bonus_card_acquisition == "choose_any_public":
            cards = [bonus_pick] if bonus_pick is not None else []
            for card in cards:
                state.bonus_display.remove(card)
            taken.cards = cards
        else:
            cards = Deck(state.bonus_deck, state.rng, source="bonus_deck", rule="GC-6.4").draw_many(amount)
            if cards:
                drawn_privately = BonusDrawn(player=seat, cards=cards, visible_to=[seat])
        player.bonus.extend(cards)
        taken.amount = len(cards)
    elif kind == "goods_card":  # GC-6.5: the pick, then the display refilled
        if goods_pick is not None:
            state.goods_display.remove(goods_pick)
            player.goods.append(goods_pick)
            goods_deck = Deck(state.goods_deck, state.rng, source="goods_deck", rule="GC-6.5")
            refill = goods_deck.draw_many(GOODS_DISPLAY - len(state.goods_display))
            state.goods_display.extend(refill)
            if refill:
                drawn_publicly = GoodsRefilled(cards=refill)
        taken.cards = [goods_pick] if goods_pick is not None else []
    elif kind == "vp":  # GC-6.6
        player.vp += amount
        taken.amount = amount
    else:  # district_vp, GC-7.3: by order of arrival
        gained = reward.first if arrived == 0 else reward.second if arrived == 1 else reward.later
        player.vp += gained or 0
        taken.amount = gained or 0
        taken.arrival = arrived + 1
    events.append(taken)
    if drawn_privately is not None:
        events.append(drawn_privately)
    if drawn_publicly is not None:
        events.append(drawn_publicly)
