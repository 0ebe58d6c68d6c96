"""Kingdom of Solomon (Minion Games, 2012) as a ``rulesets.core.Ruleset``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rulesets.core import Handler, OptionSpec, Phase, PhaseTable, Ruleset, ScoreSheet, Seating, Worded
from rulesets.core.drawing import Frame, Svg
from rulesets.core.search import value

from . import (building, consistency, fortune, legal, market, parameters, picture, placement, resolution, roundend,
               sampling, scoring, setup, worth)
from .actions import (Action, BuildBuilding, BuildRoad, BuildTempleBlock, ConfirmFinalScoring, DiscardFortune,
                      EndBuildingTurn, MarketBuy, MarketPass, MarketSell, PlayFortune,
                      PlacePawn, ResolvePawn)
from .components import FILE, PLAYER_COUNTS
from .events import KosEvent
from .refusals import AWAITS_ROUND_END, AWAITS_SEAT_IN_PHASE, TURN_PHASES, VARIANT_NOT_ALLOWED, refusals
from .rule_index import RULES
from .served_components import KosComponents, document
from .state import KosState


def _on_turn(state: KosState) -> list[int]:
    return [] if state.active is None else [state.active]


def _waiting(state: KosState) -> Worded:
    return AWAITS_SEAT_IN_PHASE(seat=state.active, phase=TURN_PHASES[state.phase]())


#: a phase's moves, action type to handler.
Moves = Mapping[type, Handler]


def _turn_phase(name: str, moves: Moves) -> Phase[KosState]:
    return Phase(name, moves, actors=_on_turn, wrong_phase_rule="KOS-2.1", not_your_turn_rule="KOS-2.2",
                 describe=_waiting)


ROUND_END_MOVES: Moves = {DiscardFortune: roundend.discard, ConfirmFinalScoring: roundend.confirm}
ANYTIME: Moves = {PlayFortune: fortune.play}

#: KOS-2.1: Placement, Resolution, Market, Building, the end step; fortune cards at any moment (KOS-6.2, 6.3).
FLOW: PhaseTable[KosState] = PhaseTable(
    phases=[
        _turn_phase("placement", {PlacePawn: placement.place_pawn}),
        _turn_phase("resolution", {ResolvePawn: resolution.resolve_pawn}),
        _turn_phase("market", {MarketSell: market.sell, MarketBuy: market.buy, MarketPass: market.pass_market}),
        _turn_phase("building", {BuildBuilding: building.build_building,
                                 BuildTempleBlock: building.build_temple_block,
                                 BuildRoad: building.build_road, EndBuildingTurn: building.end_building_turn}),
        Phase("round_end", ROUND_END_MOVES,
              actors=roundend.actors, wrong_phase_rule="KOS-2.1", not_your_turn_rule="KOS-2.2",
              anyone=frozenset({DiscardFortune, ConfirmFinalScoring}),
              describe=lambda state: AWAITS_ROUND_END()),
    ],
    phase_of=lambda state: state.phase, over="game_over", game_over_rule="KOS-10.4",
    anytime=ANYTIME, unknown_player_rule="KOS-1.1", seat_check_first=False,
    check_parameters=parameters.check)


class KingdomOfSolomon(Ruleset[KosState, Action]):
    id = "kingdom_of_solomon"
    title = "Kingdom of Solomon"
    min_players = min(PLAYER_COUNTS)
    max_players = max(PLAYER_COUNTS)
    rules_version = "1.0"
    player_count_rule = "KOS-1.1"
    first_player_rule = "KOS-1.6"
    rules = RULES
    State = KosState
    Action = Action
    flow = FLOW
    Event = KosEvent
    Components = KosComponents
    refusals = refusals
    options = (
        OptionSpec("variant_all_bonus", False,
                   "2-3 players: all three bonus spaces are in play, at most players - 1 claimed per round (KOS-11).",
                   kind="bool", rule="KOS-11.1"),
    )
    notes = {
        "data_status": "Turn structure, phases, limits, roads, High Priest, end and scoring are sourced; the map, "
                       "four action-space effects, market values, temple costs and VP, all 20 building cards and "
                       "all 32 fortune cards are ASSUMED and read from kingdom_of_solomon.components.json.",
        "assumed": FILE.assumed_blocks(),
        "seats": "Seats are 0-based (the spec numbers players 1..N). turn_order lists seats, position 1 first.",
        "out_of_turn": "play_fortune (KOS-6.2, 6.3) is accepted from any seat holding a playable card, in every "
                       "phase but game_over, between any two other actions; a seat not on turn finds it in its own "
                       "legal actions. It never moves the turn. At round_end, discard_fortune is sent by each seat "
                       "that owes one and confirm_final_scoring by each seat, in any order.",
        "decisions": [
            "KOS-1.6: the turn order is drawn from the seed. When the seating names a first_player, that seat "
            "takes position 1 and the drawn order ranks the others; without one, the whole order is drawn. The "
            "state's first_player is the seat at position 1 at setup.",
            "Canonical forms (the ones legal_actions lists): place_pawn without 'pawns'; resolve_pawn without "
            "'choice' for effects that take none; a declined free road or an impossible any_resource is "
            "choice {} / {\"resources\": []}; a declined theft is {\"resources\": []} (target null); roads and "
            "payment lists sorted; any_payment lists only positive amounts. apply also accepts the spec's "
            "other spellings of the same move.",
            "A choice naming fields that do not belong to the effect, or a choice for an effect without one, is "
            "invalid_choice (KOS-5.8).",
            "Tax Collector (B04, ASSUMED): the resolving player names the cube type per opponent, as spec 3.3 "
            "has it ('take'), among the types that opponent holds.",
            "invalid_parameters (an unknown space, card, area, level or resource id; 'pawns' other than 1 off a "
            "bonus space) cites no rule, as the spec's common table, and comes where that table puts it: after "
            "game_over, before unknown_player, wrong_phase and not_your_turn. Ids inside a resolve_pawn choice "
            "are invalid_choice (spec 3.3); an any-type card's resource in play_fortune too (spec 3.11).",
            "A fortune card played out of turn during Placement may leave the placer on turn without a legal "
            "space (he lost the High Priest title): his remaining pawns are forfeited at once (KOS-4.10).",
            "The end step (round_end) is a waiting phase only while a discard is owed or in the final round; "
            "otherwise the next round starts at once.",
            "A fortune card's 'as' is only for any-type cards; on a fixed card it is invalid_fortune_payment.",
            "A resource card paying a cost type the cost does not need, or more of a type than needed, is "
            "invalid_fortune_payment (checked after insufficient_resources, as spec 3.7 orders them).",
            "variant_all_bonus with 4 players is refused at setup with variant_not_allowed (KOS-11.2).",
            "trade_resource: the listed trades are checked in sequence (invalid_trade) before their number "
            "(choice_declined_while_possible), since whether a further trade exists depends on the listed ones; "
            "steal_resource: a null target is checked before the target itself, a short list after it.",
            "Tax Collector: an opponent pays only if he holds at least max(threshold, 1) cubes.",
            "Resource and effect ids inside a resolve_pawn choice that name nothing are invalid_choice.",
        ],
    }

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> KosState:
        if options["variant_all_bonus"] and players >= self.max_players:
            raise VARIANT_NOT_ALLOWED(players=players, context={"path": "$.options.variant_all_bonus"},
                                      explain={"limit": {"players": self.max_players - 1},
                                               "have": {"players": players}})
        return setup.create(self.id, self.rules_version, players, seed, options, seating)

    def components_document(self) -> KosComponents:
        return document()

    def check_consistency(self, state: KosState) -> None:
        consistency.check(state)

    def enumerate_actions(self, state: KosState, player: int, types: frozenset[str] | None) -> list[Any]:
        return legal.legal_actions(state, player, types)

    def score_sheet(self, state: KosState) -> ScoreSheet:
        return scoring.score_sheet(state)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: a playout is cut off after 20 actions (about one phase: a placement of 2 to 4 seats is 12 to 20 pawns)
    #: and valued by ``worth``: a random game runs 230 to 650 actions, a whole playout per candidate leaves a
    #: 200 ms search a handful, and uniform play (buying back cubes, ending a building turn at once) says
    #: little about the position it started from.
    rollout_depth = 20

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> KosState:
        return self.load_state(sampling.determinize(view, rnd))

    def evaluate(self, state: KosState, player: int) -> float:
        """A cut-off's worth: the seat's lead on what the game would score now (KOS-10.4) plus what the
        position promises (pawns out, cubes still to convert: ``worth``), squashed into [0, 1]."""
        return value.margin(worth.worths(state), player)

    def tie_break(self, state: KosState, seat: int) -> tuple[int, ...]:
        return scoring.tie_break(state, seat)

    def draw(self, frame: Frame) -> Svg:
        return picture.draw(frame)
