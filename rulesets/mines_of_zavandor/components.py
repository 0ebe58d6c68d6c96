"""The Mines of Zavandor's printed components, read once from ``mines_of_zavandor.components.json``.

The schema below describes the file; :class:`rulesets.core.ComponentFile` refuses it at
import if it does not fit. Every printed value the rules use (deck contents, the family
track, the pack dragon, the starting scroll, the 52 improvement cards, the King's Path,
the auction constants, the rows in play, the income cap, the mine size, end scoring) is
read from here; this module only reshapes the data into lookup tables and the literal
types (gems, carts, card kinds, card ids, halls) the state and actions are checked with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from rulesets.core import ComponentFile, ComponentSchema, index_by

COST_KEYS = ("sapphire", "emerald", "diamond", "ruby", "king", "vp")


# ---------------------------------------------------------------- schema of the file
class _S(ComponentSchema, frozen=True, forbid_unknown_fields=False):
    """Base of the schema: fields not listed here (sources, notes) are not read, so unknown fields
    are allowed (the file carries prose for its readers)."""


class Players(_S, kw_only=True, frozen=True):
    min: int
    max: int


class Order(_S, kw_only=True, frozen=True):
    order_low_to_high: list[str]
    names: dict[str, str] = {}


class GemDecks(_S, kw_only=True, frozen=True):
    assumed: bool = False
    total_cards: int
    distribution: dict[str, dict[str, int]]
    search_deck_for_gem: dict[str, str]
    substitution_lower: dict[str, str]


class Income(_S, kw_only=True, frozen=True):
    cap: int


class Mine(_S, kw_only=True, frozen=True):
    slots: int


class StartingHand(_S, kw_only=True, frozen=True):
    cart: str
    count: int


class Level(_S, kw_only=True, frozen=True):
    """One printed level of an upgradeable item (MOZ-2.8)."""

    level: int
    cost: dict[str, int] | None = None
    income: dict[str, int] = {}
    markers: int = 0
    cap: int | None = None          # pack dragon only
    cap_bonus: int = 0
    yield_: dict[str, int] | None = msgspec.field(name="yield", default=None)


class FamilyBoard(_S, kw_only=True, frozen=True):
    assumed: bool = False
    id: str
    side: str
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]


class PackDragon(_S, kw_only=True, frozen=True):
    assumed: bool = False
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]


class StartingScroll(_S, kw_only=True, frozen=True):
    assumed: bool = False
    id_prefix: str
    copies: int
    category: str
    one_time: bool
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]


class Auction(_S, kw_only=True, frozen=True):
    rows_top_to_bottom: list[str]
    small_win_vp: int
    card_min_bid: int
    card_alternative_vp: int
    bonus_vp: int
    bonus_threshold: dict[str, int]


class Hall(_S, kw_only=True, frozen=True):
    assumed: bool = False
    id: str
    name: str
    route: str
    king_cost: dict[str, int]


class Edge(_S, kw_only=True, frozen=True):
    from_: str = msgspec.field(name="from")
    to: str


class KingsPath(_S, kw_only=True, frozen=True):
    assumed: bool = False
    start: str
    coronation: str
    halls: list[Hall]
    edges: list[Edge]
    moves_to_coronation: list[int]


class Power(_S, kw_only=True, frozen=True):
    id: Literal["sapphire_wild", "altar_vp_bonus"]
    active_from_level: int | Literal["top"]


class ImprovementCard(_S, kw_only=True, frozen=True):
    assumed: bool = False
    id: str
    name: str
    category: str
    row: str
    back: Literal["light", "dark"]
    min_players: int
    one_time: bool
    start_level: int
    top_level: int
    vp_at_top: int
    levels: list[Level]
    power: Power | None = None


class PowerText(_S, kw_only=True, frozen=True):
    """What a power does, as the data words it."""

    text: str
    assumed: bool = False
    scope_assumed: bool = False


class ImprovementCards(_S, kw_only=True, frozen=True):
    assumed: bool = False
    count: int
    powers: dict[str, PowerText] = {}
    cards: list[ImprovementCard]


class EndScoring(_S, kw_only=True, frozen=True):
    gems_per_vp: int


class ComponentsFile(_S, kw_only=True, frozen=True):
    game: str
    data_version: str
    players: Players
    gems: Order
    carts: Order
    gem_decks: GemDecks
    income: Income
    mine: Mine
    starting_hand: StartingHand
    family_boards: list[FamilyBoard]
    pack_dragon: PackDragon
    starting_spell_scroll: StartingScroll
    auction: Auction
    rows_in_play_by_player_count: dict[str, Any]
    kings_path: KingsPath
    improvement_cards: ImprovementCards
    end_scoring: EndScoring


FILE = ComponentFile(__file__, "mines_of_zavandor.components.json", ComponentsFile)
DATA = FILE.data
DATA_VERSION = DATA.data_version
MIN_PLAYERS, MAX_PLAYERS = DATA.players.min, DATA.players.max

# ---------------------------------------------------------------- gems, carts, kinds
GEMS: tuple[str, ...] = tuple(DATA.gems.order_low_to_high)
CARTS: tuple[str, ...] = tuple(DATA.carts.order_low_to_high)
#: a gem card is identified by its kind "<cart>.<gem>" (spec 0)
KINDS: tuple[str, ...] = tuple(f"{cart}.{gem}" for cart in CARTS for gem in GEMS)
CART_OF = {kind: kind.split(".")[0] for kind in KINDS}
GEM_OF = {kind: kind.split(".")[1] for kind in KINDS}
KIND_OF = {(cart, gem): f"{cart}.{gem}" for cart in CARTS for gem in GEMS}
CART_INDEX = {cart: index for index, cart in enumerate(CARTS)}
#: MOZ-2.5: the number of cards of each kind over all zones
DECK_CONTENTS: dict[str, int] = {KIND_OF[cart, gem]: DATA.gem_decks.distribution[cart].get(gem, 0)
                                 for cart in CARTS for gem in GEMS if DATA.gem_decks.distribution[cart].get(gem, 0)}
TOTAL_GEM_CARDS = sum(DECK_CONTENTS.values())
SEARCH_DECK = dict(DATA.gem_decks.search_deck_for_gem)        # MOZ-4.7
SUBSTITUTION_LOWER = dict(DATA.gem_decks.substitution_lower)  # MOZ-8.3

# The ids the state and actions are checked with are the data's: at run time each is a Literal of the
# values the file names (msgspec refuses any other), which a type checker cannot read from a file, so to
# it they are the strings they are. The same holds for CardId, Target and HallId below.
if TYPE_CHECKING:
    Gem = str
    Cart = str
    Kind = str
else:
    Gem = Literal[GEMS]
    Cart = Literal[CARTS]
    Kind = Literal[KINDS]

# ---------------------------------------------------------------- player board
INCOME_CAP = DATA.income.cap
MINE_SLOTS = DATA.mine.slots
STARTING_HAND = DATA.starting_hand
FAMILY = DATA.family_boards[0]  # MOZ-1.12: the basic side only
DRAGON = DATA.pack_dragon
SCROLL = DATA.starting_spell_scroll
SCROLL_IDS = tuple(f"{SCROLL.id_prefix}{seat}" for seat in range(SCROLL.copies))
FAMILY_TARGET, DRAGON_TARGET = "family", "pack_dragon"


class Item(msgspec.Struct, frozen=True, kw_only=True):
    """Everything upgradeable the same way (MOZ-2.8): the family, the dragon, every card."""

    id: str
    category: str
    one_time: bool
    start_level: int
    top_level: int
    vp_at_top: int
    levels: dict[int, Level]
    power: Power | None = None
    row: str | None = None
    back: str | None = None
    min_players: int = 0


def _levels(levels: list[Level]) -> dict[int, Level]:
    return {level.level: level for level in levels}


CARDS: dict[str, Item] = {card.id: Item(id=card.id, category=card.category, one_time=card.one_time,
                                        start_level=card.start_level, top_level=card.top_level,
                                        vp_at_top=card.vp_at_top, levels=_levels(card.levels), power=card.power,
                                        row=card.row, back=card.back, min_players=card.min_players)
                          for card in DATA.improvement_cards.cards}
for _scroll in SCROLL_IDS:
    CARDS[_scroll] = Item(id=_scroll, category=SCROLL.category, one_time=SCROLL.one_time,
                          start_level=SCROLL.start_level, top_level=SCROLL.top_level, vp_at_top=SCROLL.vp_at_top,
                          levels=_levels(SCROLL.levels))
FAMILY_ITEM = Item(id=FAMILY_TARGET, category="family", one_time=False, start_level=FAMILY.start_level,
                   top_level=FAMILY.top_level, vp_at_top=FAMILY.vp_at_top, levels=_levels(FAMILY.levels))
DRAGON_ITEM = Item(id=DRAGON_TARGET, category="pack_dragon", one_time=False, start_level=DRAGON.start_level,
                   top_level=DRAGON.top_level, vp_at_top=DRAGON.vp_at_top, levels=_levels(DRAGON.levels))
AUCTION_CARDS = tuple(card.id for card in DATA.improvement_cards.cards)
if TYPE_CHECKING:  # the data's ids, as above
    CardId = str
    Target = str
else:
    CardId = Literal[tuple(CARDS)]
    Target = Literal[(FAMILY_TARGET, DRAGON_TARGET, *CARDS)]

# ---------------------------------------------------------------- auction
AUCTION = DATA.auction
ROWS: tuple[str, ...] = tuple(AUCTION.rows_top_to_bottom)  # MOZ-5.1, MOZ-5.8: settled top to bottom
ROWS_IN_PLAY: dict[int, tuple[str, ...]] = {
    int(count): tuple(rows) for count, rows in DATA.rows_in_play_by_player_count.items() if count.isdigit()}

# ---------------------------------------------------------------- King's Path
PATH = DATA.kings_path
HALLS = index_by(PATH.halls, lambda hall: hall.id, "kings_path hall")
ARROWS: dict[str, tuple[str, ...]] = {hall: tuple(e.to for e in PATH.edges if e.from_ == hall) for hall in HALLS}
if TYPE_CHECKING:  # the data's ids, as above
    HallId = str
else:
    HallId = Literal[tuple(HALLS)]

GEMS_PER_VP = DATA.end_scoring.gems_per_vp


def _moves_to_coronation(hall: str) -> set[int]:
    if hall == PATH.coronation:
        return {0}
    return {1 + moves for nxt in ARROWS[hall] for moves in _moves_to_coronation(nxt)}


#: AMB-26: the route lengths the data promise (11, 12 and 13 moves) are the graph's.
assert _moves_to_coronation(PATH.start) == set(PATH.moves_to_coronation), "kings_path routes disagree"


def card_back(card: str) -> str | None:
    """MOZ-1.4: an auction stack is its light cards, shuffled, over its dark ones, shuffled."""
    return CARDS[card].back
