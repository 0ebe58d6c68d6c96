"""What a game declares about itself: the class attributes every ``Ruleset`` sets.

Each concern of :class:`rulesets.core.contract.Ruleset` (setup, views, replay, what is served)
reads these; the attribute block is declared once, here.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Generic, Mapping, Sequence, TypeVar, TYPE_CHECKING

import msgspec

from . import refusals as core_refusals
from .codec import Count, Seat
from .loop import PhaseTable
from .options import OptionSpec
from .refusals import Catalogue, Refusal
from .rng import Rng
from .rule_index import Rule
from .secrecy import SECRET, public


@public
class GameState(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Fields every game's state starts with. Subclasses add the game itself.

    Every game's state also has ``players`` (one entry per seat, 0-based), ``phase`` (what the
    phase table routes on) and ``round``; they are declared to the type checker only, so each
    game keeps them where its rulebook's model puts them (a game that counts turns, not rounds,
    defines ``round`` as a property).
    """

    game: str
    rules_version: str
    move: Count = 0
    #: the seat that played first (setup's ``first_player``).
    first_player: Seat = 0
    rng: Annotated[Rng, SECRET]

    if TYPE_CHECKING:
        players: Sequence[Any]
        phase: str

        @property
        def round(self) -> int: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


class Declaration(Generic[S, A]):
    """One published game's facts. A game sets these; core's concerns read them."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    #: rule ID -> the rule (title and text), the game's rule index (served in its metadata).
    rules: ClassVar[Mapping[str, Rule | str]] = {}
    #: every refusal the game's rules can raise, declared once (core's own are added to it).
    refusals: ClassVar[Catalogue] = Catalogue()
    #: the rule cited when the player count is out of range.
    player_count_rule: ClassVar[str | None] = None
    #: the seat colours on offer, in their default order (empty: the game has none).
    colors: ClassVar[tuple[str, ...]] = ()
    color_rule: ClassVar[str | None] = None
    color_refusal: ClassVar[Refusal] = core_refusals.INVALID_COLOR
    #: how the game refuses a first player that is not a seat.
    first_player_rule: ClassVar[str | None] = None
    first_player_refusal: ClassVar[Refusal] = core_refusals.INVALID_FIRST_PLAYER
    #: True where the rules draw the start player when setup names none (``Seating.start_player``).
    first_player_drawn: ClassVar[bool] = False
    #: rules the game cites for core's codes beyond those its phase table and setup declarations name.
    core_rules: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: the typed state; the action type is a tagged union on ``type``.
    State: ClassVar[type[Any]]
    Action: ClassVar[Any]
    #: the game's flow: phases, their actions and handlers, who is awaited.
    flow: ClassVar[PhaseTable[Any]]
    #: the game's events: a tagged union (on ``type``) of :class:`rulesets.core.events.Event` Structs,
    #: each declaring who sees it (an event type outside the union fails the generic leak test).
    Event: ClassVar[Any]
    #: the component data the game serves (a Struct type).
    Components: ClassVar[type[Any] | None] = None
    #: extra facts for the metadata (data status, sources, decisions...).
    notes: ClassVar[Mapping[str, Any]] = {}
