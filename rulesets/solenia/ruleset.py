"""Solenia (Pearl Games, 2018) as a ``rulesets.core.Ruleset``."""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from rulesets.core import OptionSpec, Phase, PhaseTable, Ruleset, ScoreSheet, Seating
from rulesets.core.search import value

from rulesets.core.drawing import Frame, Svg

from . import consistency, improvements, legal, picture, sampling, served_components, setup, turns, worth
from .actions import Action, ChooseImprovement, DiscardOverflow, DiscardToAdvance, PlayCard
from .components import ASSUMED, COLORS, PERMUTABLE_STRIPS
from .events import SoleniaEvent
from .refusals import AWAITS_DRAFT, AWAITS_OVERFLOW, AWAITS_TURN, IMPROVEMENTS_REQUIRE_WINTER, refusals
from .rule_index import RULES
from .scoring import score_sheet
from .state import SoleniaState

#: a phase's moves, each action type with its handler. Core's phase table types a handler's events as
#: dicts; Solenia's events are Structs (core's Event), so its tables are typed with any events here.
Moves = Mapping[type, Callable[[Any, Any], list[Any]]]
DRAFT: Moves = {ChooseImprovement: improvements.choose}
PLAY: Moves = {PlayCard: turns.play_card, DiscardToAdvance: turns.discard_to_advance}
OVERFLOW: Moves = {DiscardOverflow: turns.discard_overflow}


def drafting(state: SoleniaState) -> list[int]:
    """SOL-9.1: the seat drafting now (the first still to pick)."""
    return state.draft.order[:1] if state.draft is not None else []


#: SOL-2 and SOL-9.1: the draft (with improvement tiles), the turns, and the overflow
#: decisions a turn may leave (SOL-6.6); the game ends after round 16 (SOL-7.1).
FLOW: PhaseTable[SoleniaState] = PhaseTable(
    phases=[
        Phase("draft", DRAFT, actors=drafting, wrong_phase_rule="SOL-9.1", not_your_turn_rule="SOL-9.1",
              describe=lambda state: AWAITS_DRAFT(seat=drafting(state)[0])),
        Phase("play", PLAY,
              actors=lambda state: [state.active_seat],
              wrong_phase_rule="SOL-2.3", not_your_turn_rule="SOL-2.1",
              describe=lambda state: AWAITS_TURN(seat=state.active_seat)),
        Phase("overflow", OVERFLOW,
              actors=lambda state: [state.pending[0].player] if state.pending else [],
              wrong_phase_rule="SOL-6.6", not_your_turn_rule="SOL-6.6",
              describe=lambda state: AWAITS_OVERFLOW(seat=state.pending[0].player)),
    ],
    phase_of=lambda state: state.phase, over="game_over", game_over_rule="SOL-7.1")


class Solenia(Ruleset[SoleniaState, Action]):
    id = "solenia"
    title = "Solenia"
    min_players = 1
    max_players = len(COLORS)
    rules_version = "1.0"
    player_count_rule = "SOL-1.2"
    colors = COLORS
    color_rule = "SOL-1.4"
    first_player_rule = "SOL-2.1"
    rules = RULES
    refusals = refusals
    #: a posted state that contradicts itself or the components is refused citing SOL-H.7 (consistency.py).
    core_rules = {"invalid_state": (consistency.RULE,)}
    State = SoleniaState
    Action = Action
    flow = FLOW
    Event = SoleniaEvent
    Components = served_components.SoleniaComponents
    options = (
        OptionSpec("board_side", "summer", "Player-board side: summer (basic game) or winter (advanced, SOL-8).",
                   choices=("summer", "winter"), rule="SOL-1.5"),
        OptionSpec("improvements", False, "Draft and use improvement tiles (SOL-9); needs the winter side.",
                   kind="bool", rule="SOL-9.1"),
        OptionSpec("solo", None,
                   "The solo game against a die-driven Rival (SOL-10). Its procedure and numbers are ASSUMED "
                   "placeholders (spec D-15). Implied by the player count: 1 player is solo; true needs 1 "
                   "player, false needs 2 to 4.", kind="bool", rule="SOL-10.1", assumed=True),
        OptionSpec("start_layout", "dawn", "Starting board: dawn (night, night, dawn, day, day) or dusk.",
                   choices=("dawn", "dusk"), rule="SOL-1.4"),
        OptionSpec("strip_permutation", None,
                   f"The day/night strips for cols 0, 1, 3, 4, a permutation of {', '.join(PERMUTABLE_STRIPS)}; "
                   f"default: the component file's layout.", kind="list", rule="SOL-1.4", assumed=True,
                   validate=lambda strips: sorted(strips, key=str) == sorted(PERMUTABLE_STRIPS),
                   requirement=f"{', '.join(PERMUTABLE_STRIPS)} once each, in the order of cols 0, 1, 3, 4"),
    )
    notes = {
        "data_status": "Procedures follow the spec; most printed numbers are ASSUMED placeholders read from "
                       "solenia.components.json (strip layouts, card distribution, delivery tiles, most summer "
                       "slot rewards, the whole solo mode).",
        #: JSON paths of every block of solenia.components.json flagged "assumed": true.
        "assumed": list(ASSUMED),
        "solo": "1 player is the solo game (SOL-10, ASSUMED IN FULL): a die-driven Rival from the seeded random "
                "source.",
        "seats": "Seats are 0-based and clockwise; the first player (first_player, the spec's first_seat, default "
                 "seat 0) starts every round, and starting resources go by turn position from that seat.",
        "decisions": [
            "The spec's player_board_side option is called board_side; its solo option may be left out, since "
            "1 player is the solo game (solo: true needs 1 player, false needs 2 to 4).",
            "The spec's create_game first_seat is core's first_player (default seat 0): that seat starts every "
            "round, starting resources go by turn position, and the improvement draft starts from the seat before "
            "it. Colours are core's colors, one per seat (default: orange, black, red, purple in seat order); a "
            "duplicate or unknown colour is invalid_color (SOL-1.4). The solo Rival plays the first colour the "
            "player did not take.",
            "advance is for value-0 cards only (spec 3.5 check 8): named on any other card, even as 1, it is "
            "refused with advance_not_allowed (SOL-6.1). On a value-0 card an explicit advance 1 is the same "
            "action as none; legal_actions lists it without advance (and advance 2 where L1_DOUBLE_ADVANCE "
            "allows it).",
            "Omitted and empty resource mixes are the same action; named permanent resources are kept sorted, "
            "and naming one twice is permanent_already_used.",
            "Level-1 effects count if active when the action starts (a tile activated by this play's delivery "
            "does not change this play), except that capacity counts at once (SOL-8.3) and activation "
            "modifiers apply at this turn's resolution.",
            "Draft: N distinct day halves and N distinct night halves, each pair of two kinds (a redraw on a "
            "match is a uniform draw among the others); a solo game drafts from 1 + 1 items.",
            "A Rival value-0 card advances the airship even when a full board discards it.",
            "Tiles the Rival throws out are kept, public, in delivery.discarded.",
        ],
    }

    # ------------------------------------------------------------------ setup
    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """SOL-1.2 and SOL-10.1: the solo game is exactly 1 player, the others 2 to 4."""
        solo = options["solo"]
        if not isinstance(solo, bool):  # not chosen (or not a choice: the option check refuses it later)
            return self.min_players, self.max_players
        return (1, 1) if solo else (2, self.max_players)

    def draw(self, frame: Frame) -> Svg:
        return picture.draw(frame)

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Spec 3.3 check 3, before any single option's own check (check 4)."""
        if options["improvements"] is True and options["board_side"] != "winter":
            raise IMPROVEMENTS_REQUIRE_WINTER(context={"path": "$.options.improvements"})

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> SoleniaState:
        return setup.create(self.id, self.rules_version, players, seed, options, seating)

    def check_consistency(self, state: SoleniaState) -> None:
        consistency.check(state)

    def components_document(self) -> served_components.SoleniaComponents:
        return served_components.document()

    # ------------------------------------------------------------------ play
    def enumerate_actions(self, state: SoleniaState, player: int, types: frozenset[str] | None) -> list[Any]:
        return legal.legal_actions(state, player)

    def score_sheet(self, state: SoleniaState) -> ScoreSheet:
        return score_sheet(state)

    def random_action(self, state: SoleniaState, player: int, rnd: random.Random) -> Any | None:
        return legal.random_action(state, player, rnd)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: a playout is cut off after about two turns of each of four seats: random turns past that mostly add noise.
    rollout_depth = 8

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> SoleniaState:
        return self.load_state(sampling.determinize(view, rnd))

    def evaluate(self, state: SoleniaState, player: int) -> float:
        """A cut-off's worth: the seat's lead on the score the game would end with now (SOL-7.3, SOL-7.4)
        plus what the position promises (resources still to deliver, cards still to activate: ``worth``),
        squashed into [0, 1]."""
        return value.margin(worth.worths(state), player)
