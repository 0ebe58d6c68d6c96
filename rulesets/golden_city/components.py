"""The Golden City's printed components, read once from ``golden_city.components.json``.

The schema below describes the file; :class:`rulesets.core.ComponentFile` refuses it at
import if it does not fit. Every printed value the rules use (the board graph, costs and
rewards of the spaces, the regions, the decks, the per-player-count numbers, the city
rewards, the scoring and bonus cards, the contested readings of spec section 6) is read
from here; this module only reshapes the data into lookup tables.

Landscape cards are interchangeable within a type (spec 3.1: "hands are multisets of landscape
types"; section 5.1), so a card is its type: a hand, the deck, the discard pile and a pair are
lists of landscape types, and the consistency check counts each type (``LANDSCAPE_COUNTS``).
"""

from __future__ import annotations

from typing import Any, Literal

from rulesets.core import ComponentFile, ComponentSchema, index_by


# ---------------------------------------------------------------- schema of the file
class _S(ComponentSchema, frozen=True, forbid_unknown_fields=False):
    """Base of the schema: frozen like every printed component, but fields not listed here (the file's
    sources and notes) are not read, so they stay allowed. (Each subclass repeats ``frozen=True``: the
    type checker does not inherit it.)"""


class PlayerCount(_S, frozen=True):
    regular_posts: int
    black_posts: int
    pairs_per_round: int


class PostColours(_S, frozen=True):
    colours: list[str]
    black: str
    assumed: bool = False


class StartingCards(_S, frozen=True):
    coast: int
    random_from_deck: int


class StartingResources(_S, frozen=True):
    coins: int
    landscape_cards: StartingCards


class LandscapeCards(_S, frozen=True):
    per_type: int
    total: int


class HandLimit(_S, frozen=True):
    landscape_cards: int


class Total(_S, frozen=True):
    total: int


class KeyCards(_S, frozen=True):
    count: int
    returned_to_supply_when_spent: bool


class GoodsTypes(_S, frozen=True):
    ids: list[str]
    names_assumed: bool = False


class GoodsCard(_S, frozen=True):
    id: str
    goods: list[str]
    assumed: bool = False


class GoodsCards(_S, frozen=True):
    count: int
    display_size: int
    cards: list[GoodsCard]
    composition_assumed: bool = False


class BonusCondition(_S, frozen=True):
    kind: Literal["posts_in_region", "goods_cards_held", "coins_held", "key_cards_held"]
    region: str | None = None


class BonusCard(_S, frozen=True):
    id: str
    counts: BonusCondition
    vp_each: int
    assumed: bool = False


class BonusCards(_S, frozen=True):
    count: int
    cards: list[BonusCard]
    conditions_assumed: bool = False


class LocationGoal(_S, frozen=True):
    region: str
    vp_per_post: int


class GoodsGoal(_S, frozen=True):
    good: str
    vp_per_card: int


class MajorityBonus(_S, frozen=True):
    location: int
    goods: int


class ScoringCard(_S, frozen=True):
    id: str
    back: int
    location: LocationGoal
    goods: GoodsGoal
    majority_bonus: MajorityBonus
    assumed: bool = False


class ScoringCards(_S, frozen=True):
    count: int
    backs: dict[str, int]
    stack_order_top_to_bottom: list[int]
    cards: list[ScoringCard]
    values_and_regions_assumed: bool = False


class Cost(_S, frozen=True):
    landscape: str
    cards: int
    key: bool


RewardKind = Literal["coins", "landscape_card", "key_card", "bonus_card", "goods_card", "vp", "district_vp"]


class Reward(_S, frozen=True):
    type: RewardKind
    amount: int | None = None
    first: int | None = None
    second: int | None = None
    later: int | None = None


SpaceKind = Literal["harbour", "village", "outer_district", "inner_district"]


class Space(_S, frozen=True):
    id: str
    kind: SpaceKind
    quadrant: str
    quadrant_landscape: str
    cost: Cost
    reward: Reward
    rivers: list[str]
    ring: int | None = None
    assumed: bool = False


class Board(_S, frozen=True):
    spaces: list[Space]
    edges: list[tuple[str, str]]
    regions: dict[str, list[str]]
    assumed: bool = False
    assumed_parts: list[str] = []


class RuleParameter(_S, frozen=True):
    value: Any
    alternative: Any = None
    decision: str | None = None


class RuleParameters(_S, frozen=True):
    joker: RuleParameter
    inner_district_cost: RuleParameter
    displaced_bidder_acts: RuleParameter
    displacement_price_reset: RuleParameter
    zero_builds_allowed: RuleParameter
    bonus_card_acquisition: RuleParameter
    district_rewards_timing: RuleParameter
    hand_limit_counts: RuleParameter
    end_trigger_posts: RuleParameter
    black_posts_count_for: RuleParameter
    coin_bank_limited: RuleParameter
    majority_bonus: RuleParameter
    explicit_end_turn: RuleParameter
    tie_break_order: list[str]


class Components(_S, frozen=True):
    data_version: str
    player_counts: dict[str, PlayerCount]
    post_colours: PostColours
    starting_resources: StartingResources
    landscape_types: list[str]
    landscape_cards: LandscapeCards
    hand_limit: HandLimit
    coins: Total
    key_cards: KeyCards
    goods_types: GoodsTypes
    goods_cards: GoodsCards
    bonus_cards: BonusCards
    scoring_cards: ScoringCards
    board: Board
    rule_parameters: RuleParameters


FILE: ComponentFile[Components] = ComponentFile(__file__, "golden_city.components.json", Components)
DATA: Components = FILE.data
DATA_VERSION: str = DATA.data_version

# ---------------------------------------------------------------- per player count (1.3)
PLAYER_COUNTS: dict[int, PlayerCount] = {int(k): v for k, v in DATA.player_counts.items()}
MIN_PLAYERS: int = min(PLAYER_COUNTS)
MAX_PLAYERS: int = max(PLAYER_COUNTS)
COLOURS: tuple[str, ...] = tuple(DATA.post_colours.colours)
BLACK: str = DATA.post_colours.black

# ---------------------------------------------------------------- landscape cards (5.1)
LANDSCAPES: tuple[str, ...] = tuple(DATA.landscape_types)
COAST: str = LANDSCAPES[0]
PER_TYPE: int = DATA.landscape_cards.per_type
LANDSCAPE_TOTAL: int = DATA.landscape_cards.total

#: how many cards of each landscape type the game has (10 each).
LANDSCAPE_COUNTS: dict[str, int] = {kind: PER_TYPE for kind in LANDSCAPES}
#: all 50 landscape cards, each named by its type (copies of a type are interchangeable, spec 5.1).
LANDSCAPE_CARDS: tuple[str, ...] = tuple(kind for kind, count in LANDSCAPE_COUNTS.items() for _ in range(count))
HAND_LIMIT: int = DATA.hand_limit.landscape_cards
START_COINS: int = DATA.starting_resources.coins
START_COAST: int = DATA.starting_resources.landscape_cards.coast
START_RANDOM: int = DATA.starting_resources.landscape_cards.random_from_deck
COINS_TOTAL: int = DATA.coins.total
KEYS_TOTAL: int = DATA.key_cards.count
KEYS_RETURN: bool = DATA.key_cards.returned_to_supply_when_spent

# ---------------------------------------------------------------- goods, bonus, scoring cards
GOODS: tuple[str, ...] = tuple(DATA.goods_types.ids)
GOODS_CARDS: dict[str, tuple[str, ...]] = {c.id: tuple(c.goods) for c in DATA.goods_cards.cards}
GOODS_DISPLAY: int = DATA.goods_cards.display_size
BONUS_CARDS: dict[str, BonusCard] = index_by(DATA.bonus_cards.cards, lambda c: c.id, "bonus card")
SCORING_CARDS: dict[str, ScoringCard] = index_by(DATA.scoring_cards.cards, lambda c: c.id, "scoring card")
#: back numbers from the top of the scoring stack to its bottom (GC-1.7).
SCORING_STACK_ORDER: tuple[int, ...] = tuple(DATA.scoring_cards.stack_order_top_to_bottom)
SCORING_BACKS: dict[int, int] = {int(k): v for k, v in DATA.scoring_cards.backs.items()}

# ---------------------------------------------------------------- board (5.6)
SPACES: dict[str, Space] = index_by(DATA.board.spaces, lambda s: s.id, "board space")
NEIGHBOURS: dict[str, frozenset[str]] = {
    sid: frozenset([b for a, b in DATA.board.edges if a == sid] + [a for a, b in DATA.board.edges if b == sid])
    for sid in SPACES}
REGIONS: dict[str, frozenset[str]] = {name: frozenset(ids) for name, ids in DATA.board.regions.items()}
HARBOUR, VILLAGE, OUTER, INNER = "harbour", "village", "outer_district", "inner_district"
DISTRICTS: frozenset[str] = frozenset(s.id for s in SPACES.values() if s.kind in (OUTER, INNER))
SINGLE: frozenset[str] = frozenset(s.id for s in SPACES.values() if s.kind in (HARBOUR, VILLAGE))

# ---------------------------------------------------------------- contested readings (6)
PARAMS: RuleParameters = DATA.rule_parameters


def _check() -> None:
    """Cross-references the schema cannot express; a broken file stops the import."""
    problems = []
    if len(LANDSCAPE_CARDS) != LANDSCAPE_TOTAL:
        problems.append("landscape_cards.total differs from per_type x types")
    for space in SPACES.values():
        if space.cost.landscape not in LANDSCAPES:
            problems.append(f"{space.id}: unknown landscape {space.cost.landscape}")
        if space.reward.type == "district_vp" and space.kind not in (OUTER, INNER):
            problems.append(f"{space.id}: district reward outside the city")
    for a, b in DATA.board.edges:
        if a not in SPACES or b not in SPACES:
            problems.append(f"edge {a}-{b} names an unknown space")
    for name, ids in REGIONS.items():
        if not ids <= SPACES.keys():
            problems.append(f"region {name} names unknown spaces")
    for card in SCORING_CARDS.values():
        if card.location.region not in REGIONS or card.goods.good not in GOODS:
            problems.append(f"{card.id}: unknown region or good")
    for bonus in BONUS_CARDS.values():
        if bonus.counts.kind == "posts_in_region" and bonus.counts.region not in REGIONS:
            problems.append(f"{bonus.id}: unknown region")
    if BLACK not in COLOURS:
        problems.append("post_colours.black is not one of the colours")
    if problems:
        raise RuntimeError("golden_city.components.json: " + "; ".join(problems))


_check()

