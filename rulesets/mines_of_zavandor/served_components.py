"""The Mines of Zavandor's components as served to clients (``GET /v1/games/mines_of_zavandor/components``).

Every id a state, a view or an action can hold is listed here with its printed values: the gem
card kinds (``wood.sapphire``), the gems and carts, the family track, the pack dragon, the
starting scrolls (``SCROLL0``...), the 52 improvement cards (``S01``...), the King's Path halls in
order with their arrows, and the auction's constants. Everything is read from the decoded
components (:mod:`.components`); ``assumed`` says which printed values are best guesses.
Where the data give no name (a gem card, the scrolls), the name is derived from what is printed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal


from rulesets.core import Served

from .components import (AUCTION, CART_OF, CARTS, DATA, DECK_CONTENTS, DRAGON, DRAGON_TARGET, FAMILY,
                         FAMILY_TARGET, GEM_OF, GEMS, GEMS_PER_VP, INCOME_CAP, KINDS, MINE_SLOTS, PATH, ROWS,
                         ROWS_IN_PLAY, SCROLL, SCROLL_IDS, SEARCH_DECK, Auction, Cart, CardId, Gem, HallId, Kind,
                         Level, Power)




class GemInfo(Served, kw_only=True, frozen=True):
    id: Gem
    name: str
    #: MOZ-4.7: the cart whose draw pile a search for this gem goes through
    search_deck: Cart


class CartInfo(Served, kw_only=True, frozen=True):
    id: Cart
    name: str


class GemCardKind(Served, kw_only=True, frozen=True):
    """One kind of gem card: a gem on the front, a cart on the back (spec 0)."""

    id: Kind
    name: str
    kind: Literal["gem_card"] = "gem_card"
    cart: Cart
    gem: Gem
    copies: int
    assumed: bool


class BoardItem(Served, kw_only=True, frozen=True):
    """An upgradeable item every player board has (MOZ-1.6 / 1.7): the family track, the pack dragon, a
    starting scroll."""

    id: str
    name: str
    kind: str
    one_time: bool
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]
    assumed: bool


class ImprovementCardInfo(Served, kw_only=True, frozen=True):
    id: CardId
    name: str
    kind: str
    row: Gem
    back: Literal["light", "dark"]
    min_players: int
    one_time: bool
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]
    power: Power | None
    assumed: bool


class PowerInfo(Served, kw_only=True, frozen=True):
    id: str
    text: str
    assumed: bool
    scope_assumed: bool


class HallInfo(Served, kw_only=True, frozen=True):
    id: HallId
    name: str
    kind: Literal["hall"] = "hall"
    route: str
    #: MOZ-6.6: what one king symbol costs while the king stands here
    king_cost: dict[Gem, int]
    #: MOZ-7.1: the halls its arrows point to
    to: list[HallId]
    assumed: bool


class KingsPathInfo(Served, kw_only=True, frozen=True):
    start: HallId
    coronation: HallId
    #: every hall, in the data's order (start first)
    halls: list[HallInfo]
    moves_to_coronation: list[int]
    assumed: bool


class RowsInPlay(Served, kw_only=True, frozen=True):
    """MOZ-1.5: the display rows holding cards, per player count."""

    by_player_count: dict[str, list[Gem]]
    assumed: bool


class ZavandorComponents(Served, kw_only=True, frozen=True):
    data_version: str
    gems: list[GemInfo]
    carts: list[CartInfo]
    gem_cards: list[GemCardKind]
    board_items: list[BoardItem]
    improvement_cards: list[ImprovementCardInfo]
    powers: list[PowerInfo]
    kings_path: KingsPathInfo
    #: MOZ-5.1: the display's rows, top to bottom
    display_rows: list[Gem]
    rows_in_play: RowsInPlay
    auction: Auction
    mine_slots: int
    income_cap: int
    gems_per_vp: int


def _gem_card_name(kind: str) -> str:
    cart = CART_OF[kind]
    return f"{GEM_OF[kind].capitalize()} ({DATA.carts.names.get(cart, cart)})"


def _board_items() -> list[BoardItem]:
    family = BoardItem(id=FAMILY_TARGET, name=f"Family track ({FAMILY.side} side)", kind="family", one_time=False,
                       start_level=FAMILY.start_level, top_level=FAMILY.top_level, vp_at_top=FAMILY.vp_at_top,
                       levels=FAMILY.levels, assumed=FAMILY.assumed)
    dragon = BoardItem(id=DRAGON_TARGET, name="Pack dragon", kind="pack_dragon", one_time=False,
                       start_level=DRAGON.start_level, top_level=DRAGON.top_level, vp_at_top=DRAGON.vp_at_top,
                       levels=DRAGON.levels, assumed=DRAGON.assumed)
    scrolls = [BoardItem(id=scroll, name=f"Starting spell scroll (seat {seat})", kind=SCROLL.category,
                         one_time=SCROLL.one_time, start_level=SCROLL.start_level, top_level=SCROLL.top_level,
                         vp_at_top=SCROLL.vp_at_top, levels=SCROLL.levels, assumed=SCROLL.assumed)
               for seat, scroll in enumerate(SCROLL_IDS)]
    return [family, dragon, *scrolls]


@lru_cache(maxsize=1)
def document() -> ZavandorComponents:
    """The served document, built once from the decoded components."""
    decks = DATA.gem_decks
    rows = DATA.rows_in_play_by_player_count
    return ZavandorComponents(
        data_version=DATA.data_version,
        gems=[GemInfo(id=gem, name=gem.capitalize(), search_deck=SEARCH_DECK[gem]) for gem in GEMS],
        carts=[CartInfo(id=cart, name=DATA.carts.names.get(cart, cart)) for cart in CARTS],
        gem_cards=[GemCardKind(id=kind, name=_gem_card_name(kind), cart=CART_OF[kind], gem=GEM_OF[kind],
                               copies=DECK_CONTENTS.get(kind, 0), assumed=decks.assumed) for kind in KINDS],
        board_items=_board_items(),
        improvement_cards=[
            ImprovementCardInfo(id=card.id, name=card.name, kind=card.category, row=card.row, back=card.back,
                                min_players=card.min_players, one_time=card.one_time, start_level=card.start_level,
                                top_level=card.top_level, vp_at_top=card.vp_at_top, levels=card.levels,
                                power=card.power, assumed=card.assumed)
            for card in DATA.improvement_cards.cards],
        powers=[PowerInfo(id=name, text=power.text, assumed=power.assumed, scope_assumed=power.scope_assumed)
                for name, power in DATA.improvement_cards.powers.items()],
        kings_path=KingsPathInfo(
            start=PATH.start, coronation=PATH.coronation,
            halls=[HallInfo(id=hall.id, name=hall.name, route=hall.route, king_cost=hall.king_cost,
                            to=[edge.to for edge in PATH.edges if edge.from_ == hall.id], assumed=hall.assumed)
                   for hall in PATH.halls],
            moves_to_coronation=PATH.moves_to_coronation, assumed=PATH.assumed),
        display_rows=list(ROWS),
        rows_in_play=RowsInPlay(by_player_count={str(count): list(rows_) for count, rows_ in ROWS_IN_PLAY.items()},
                                assumed=rows.get("assumed") is True),
        auction=AUCTION, mine_slots=MINE_SLOTS, income_cap=INCOME_CAP, gems_per_vp=GEMS_PER_VP)


__all__ = ["ZavandorComponents", "document"]
