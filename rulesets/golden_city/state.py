"""The Golden City's game state (spec 3.1), as msgspec Structs, with its hidden information.

Seats are 0-based ints (the design's rule over the spec's player ids). Field names follow
the spec's state model where they can; the differences are listed in the ruleset's
``notes["decisions"]``.

Hidden information (spec section 4) is declared here, once:

* a hand of landscape cards is private to its owner; everyone sees ``hand_count``;
* bonus cards are sealed: the owner sees them, everyone sees ``bonus_count``, and all
  become public at final scoring (GC-6.4, D-7) or at once under the public-choice reading;
* the landscape, goods, bonus and scoring decks are hidden (their sizes are public);
* the random source is secret; everything else (board, pairs, markers, prices, goods,
  keys, coins, VP, the landscape discard pile) is public (D-19).
"""

from __future__ import annotations

from typing import Annotated, Literal

from rulesets.core import Count, Ordinal, GameState, Hidden, PerSeat, Private, PublicStruct, Sealed, Seat, public

PhaseName = Literal["auction", "build", "discard", "game_over"]


class Rules(PublicStruct, kw_only=True):
    """The contested readings this game is played with (the setup options, spec section 6)."""

    joker: str
    inner_district_cost: str
    displaced_bidder_acts: str
    bonus_card_acquisition: str
    end_trigger_posts: str
    black_posts_count_for: list[str]
    explicit_end_turn: bool


def bonus_revealed(state: "GoldenCityState") -> bool:
    """GC-6.4 / D-7: bonus cards stay with their owner until final scoring (or are public
    from the start under the public-choice reading)."""
    return state.phase == "game_over" or state.options.bonus_card_acquisition == "choose_any_public"


class Player(PublicStruct, kw_only=True):
    colour: str
    coins: Count
    vp: Count = 0
    hand: Annotated[list[str], Private()]
    keys: Count = 0
    goods: list[str] = []
    bonus: Annotated[list[str], Sealed(revealed=bonus_revealed, count=True)] = []
    posts_left: Count
    black_left: Count = 0


#: One post on a space, ``[seat, black, seq]``: its owner, whether it is a black post (GC-11), and the
#: game-wide build number that orders arrivals (GC-7.3). Posts never change once built (GC-12.8): an
#: immutable tuple, which copying a state shares instead of copying.
Post = tuple[Seat, bool, Ordinal]
OWNER, IS_BLACK, SEQ = 0, 1, 2


class Auction(PublicStruct, kw_only=True):
    """P2 (GC-4): the pairs on offer, the markers on them, the shared price and who acts.

    ``queue`` holds the seats whose marker is off the table, the one to act first: the
    normal sequence (start player, then clockwise), with a displaced player put at its
    front (D-3, immediately) or at its end (the alternative reading, on his next turn).
    """

    pairs: list[list[str]]
    markers: list[Seat | None]
    last_price: Count = 0
    queue: list[Seat]


class BuildTurn(PublicStruct, kw_only=True):
    """P3 (GC-5.1): ``index`` players have ended their turn; the current one made ``builds``."""

    index: Count = 0
    builds: Count = 0


class FinalScore(PublicStruct, kw_only=True):
    """GC-10.3 / GC-10.4: one seat's result."""

    player: Seat
    round_vp: Count
    bonus_vp: Count
    total: Count
    posts: Count
    coins: Count
    rank: Ordinal


@public
class GoldenCityState(GameState, kw_only=True):
    data_version: str
    phase: PhaseName
    round: Ordinal = 1
    start_player: Seat = 0
    options: Rules
    players: Annotated[list[Player], PerSeat()]
    board: dict[str, list[Post]] = {}
    landscape_deck: Annotated[list[str], Hidden()]
    landscape_discard: list[str] = []
    goods_deck: Annotated[list[str], Hidden()]
    goods_display: list[str]
    bonus_deck: Annotated[list[str], Hidden()] = []
    #: the face-up bonus cards, under the public-choice reading of D-7 only.
    bonus_display: list[str] = []
    key_supply: Count
    bank_coins: Count
    scoring_deck: Annotated[list[str], Hidden()]
    scoring_card: str | None = None
    scoring_removed: list[str] = []
    auction: Auction | None = None
    build: BuildTurn | None = None
    discard_pending: list[Seat] = []
    end_triggered: bool = False
    result: list[FinalScore] | None = None

