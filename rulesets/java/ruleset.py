"""Java (Kramer & Kiesling, Ravensburger 2000) as a ``rulesets.core.Ruleset``."""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import Events, OptionSpec, Phase, PhaseTable, Ruleset, ScoreSheet, Seating
from rulesets.core.drawing import Frame, Svg
from rulesets.core.search import value

from . import (candidates, cards, carried, consistency, developers, festival, irrigation, legal, palaces, picture, random_draws, sampling,
               setup, tiles, turns, worth)
from .actions import (Action, BuildPalace, DeclareFestival, EndTurn, EnterDeveloper, ExitDeveloper, ExtendPalace,
                      FestivalBid, FestivalPass, FestivalProposeTie, FestivalTieResponse, MoveDeveloper,
                      PlaceIrrigation, PlaceTile, TakeFestivalCard, UseActionToken)
from .components import HANDSHAKE_ALTERNATIVE, HANDSHAKE_DEFAULT, assumed_blocks
from .refusals import (AWAITS_FESTIVAL_JOIN, AWAITS_FESTIVAL_RAISE, AWAITS_TIE_VOTE, AWAITS_TURN, INVALID_START_PLAYER,
                       NOT_YOUR_FESTIVAL_TURN, refusals)
from .rule_index import RULES
from .scoring import score_sheet
from .served_components import JavaComponents, document
from .events import JavaEvent
from .state import JavaState


def phase_of(state: JavaState) -> str:
    """``actions``, ``festival/<stage>`` or ``game_over``."""
    if state.phase == "festival" and state.festival is not None:
        return f"festival/{state.festival.stage}"
    if state.phase == "festival":
        return "festival/joining"
    return state.phase


def _to_act(state: JavaState) -> list[int]:
    return [state.festival.to_act] if state.festival is not None else []


def _festival_seat(state: JavaState) -> int:
    assert state.festival is not None  # a festival/<stage> phase is described only while one is under way
    return state.festival.to_act


#: The handlers return core's ``Events`` (core's loop types a handler's result as a list of dicts,
#: Java's events are Structs, so the list is declared as core's untyped one).
#: JAVA-3 (the active player's actions A-J) and JAVA-10 (the festival stages, answered by
#: whoever ``festival.to_act`` names, in or out of turn). Spec 14.3: game_over is checked
#: before the seat.
FLOW: PhaseTable[JavaState] = PhaseTable(
    phases=[
        Phase("actions", {
            UseActionToken: turns.use_action_token, PlaceTile: tiles.place_tile,
            EnterDeveloper: developers.enter_developer, ExitDeveloper: developers.exit_developer,
            MoveDeveloper: developers.move_developer, BuildPalace: palaces.build_palace,
            ExtendPalace: palaces.extend_palace, PlaceIrrigation: irrigation.place_irrigation,
            TakeFestivalCard: cards.take_festival_card, EndTurn: turns.end_turn,
            DeclareFestival: festival.declare_festival},
            actors=lambda state: [state.turn.active], wrong_phase_rule="JAVA-3.1", not_your_turn_rule="JAVA-3.1",
            describe=lambda state: AWAITS_TURN(seat=state.turn.active)),
        Phase("festival/joining", {FestivalBid: festival.festival_bid, FestivalPass: festival.festival_pass},
              actors=_to_act, wrong_phase_rule="JAVA-3.1", not_your_turn_rule="JAVA-10.7",
              not_your_turn=NOT_YOUR_FESTIVAL_TURN,
              describe=lambda state: AWAITS_FESTIVAL_JOIN(seat=_festival_seat(state))),
        Phase("festival/raising", {FestivalBid: festival.festival_bid, FestivalPass: festival.festival_pass,
                                   FestivalProposeTie: festival.festival_propose_tie},
              actors=_to_act, wrong_phase_rule="JAVA-10.9", not_your_turn_rule="JAVA-10.7",
              not_your_turn=NOT_YOUR_FESTIVAL_TURN,
              describe=lambda state: AWAITS_FESTIVAL_RAISE(seat=_festival_seat(state))),
        Phase("festival/tie_vote", {FestivalTieResponse: festival.festival_tie_response},
              actors=_to_act, wrong_phase_rule="JAVA-3.1", not_your_turn_rule="JAVA-10.7",
              not_your_turn=NOT_YOUR_FESTIVAL_TURN,
              describe=lambda state: AWAITS_TIE_VOTE(seat=_festival_seat(state))),
    ],
    phase_of=phase_of, over="game_over", game_over_rule="JAVA-11.4", seat_check_first=False,
    unknown_player_rule="JAVA-1.1")


class Java(Ruleset[JavaState, Action]):
    id = "java"
    title = "Java"
    min_players = 2
    max_players = 4
    rules_version = "1.0"
    player_count_rule = "JAVA-1.1"
    first_player_rule = "JAVA-1.6"
    first_player_refusal = INVALID_START_PLAYER
    refusals = refusals
    rules = RULES
    State = JavaState
    Action = Action
    flow = FLOW
    Event = JavaEvent
    Components = JavaComponents
    options = (
        OptionSpec("festival_handshake", HANDSHAKE_DEFAULT,
                   "Points each tied player scores after a festival, by palace value (JAVA-10.13, spec D2: "
                   "UNVERIFIED). Default 0/1/2/2/3; the other reading is 0/1/2/3/4.",
                   choices=(HANDSHAKE_DEFAULT, HANDSHAKE_ALTERNATIVE), rule="JAVA-10.13", assumed=True),
    )
    notes = {
        "data_status": "Counts, costs and score tables are sourced; the board map (java-assumed-v1) and the "
                       "handshake table are ASSUMED data read from java.components.json.",
        "assumed": assumed_blocks(),
        "seats": "Seats are 0-based and clockwise; first_player (default seat 0) starts.",
        "decisions": [
            "The start player is setup's first_player (default seat 0), not a draw from the seed: the design's "
            "seating replaces the spec's start_player; first_player out of range is invalid_start_player.",
            "Randomness is core's seeded source (BLAKE2b of seed and counter) instead of the spec's SplitMix64 "
            "(JAVA-14.6): the design fixes one generator for every game. The deck is shuffled from the sorted "
            "ids; hands are dealt 3 to seat 0, then 3 to seat 1, ...; then the face-up card.",
            "The board is always the packaged java-assumed-v1 map; a client-supplied board (JAVA-14.5) is not "
            "offered, and deck_order is not an option (the seed decides the deck).",
            "The handshake table (D2) is the festival_handshake option: the packaged table (default) or the "
            "alternative 0/1/2/3/4; the state keeps the chosen table in options.",
            "Canonical actions: hexes of a tile sorted; village left out for single tiles (a single village's "
            "hex is its village; a village sent with a single is ignored); via left out unless it names a "
            "dearer region than the cheapest (D6); path left out of listed moves (the cheapest is charged, D7).",
            "Festival cards in listed actions: cards showing the same symbols are interchangeable, so the "
            "listed plays take the lowest ids of each kind first, sorted (a template: apply accepts any cards "
            "of the same kinds).",
            "Overhang spaces enter and leave by their own region or any outer neighbour's region, the cheapest "
            "by default (D5, matching overhang_entry_cost).",
            "A festival participant who has not answered the joining round yet has bid status 'invited'.",
            "Taking a card: the public card_taken event names the source and, for the face-up card, the card "
            "(everybody saw it taken, spec 4.1); a card from the deck is named to the taker only, in a private "
            "card_drawn event (spec 4.2).",
            "legal_actions lists every placement (thousands a turn); clients narrow it with types=[\"place_tile\"] "
            "and where={\"tile\": kind}; the game skips enumerating types not asked for.",
            "An irrigation area enclosed with nobody sole highest scores nothing and never later (D14); "
            "scored_irrigation_areas lists the areas that scored; every enclosure is an irrigation_scored event.",
            "The turn order after the end trigger: each other player once, clockwise (final_round.remaining), "
            "each with his own reckoning right after his turn (after his festival, D15).",
            "Unused AP are lost (D13); the 1-AP reserve and the lapse of the tile obligation follow D8.",
        ],
    }

    def components_document(self) -> JavaComponents:
        return document()

    def draw(self, frame: Frame) -> Svg:
        return picture.draw(frame)

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> JavaState:
        return setup.create(self.id, self.rules_version, players, seed, options, seating)

    def check_consistency(self, state: JavaState) -> None:
        consistency.check(state)

    def enumerate_actions(self, state: JavaState, player: int, types: frozenset[str] | None) -> list[Any]:
        return legal.legal_actions(state, player, types)

    def score_sheet(self, state: JavaState) -> ScoreSheet:
        return score_sheet(state)

    def random_action(self, state: JavaState, player: int, rnd: random.Random) -> Any | None:
        return random_draws.random_action(state, player, rnd)

    def play_trusted(self, state: JavaState, action: Any) -> Events:
        """Core's trusted path with the board carried from one action to the next (``carried``)."""
        return carried.play(state, action, self._routed)

    def copy_state(self, state: JavaState) -> JavaState:
        """Core's copy, the carried board copied along (``carried.copied``)."""
        copy = super().copy_state(state)
        carried.copied(state, copy)
        return copy

    def _routed(self, state: JavaState, action: Any) -> Events:
        return self.trusted_handler(state, action)(state, action)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: a playout is cut off after about two turns of each seat (``candidates.playout_action`` plays a turn in a
    #: few actions: a tile, a palace, a walk, the end), then valued by ``evaluate``.
    rollout_depth = 16
    #: what a sample fills in (the other hands, the deck's order: JAVA-1.5, 9.2) matters to a playout only when
    #: a card is drawn or a festival held, and a sample costs about a hundred playout actions (copy, load,
    #: the list of thousands of actions): a sample serves more playouts than core's default.
    playouts_per_determinization = 12

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> JavaState:
        return sampling.determinize(view, viewer, rnd, self.load_state)

    def search_candidates(self, state: JavaState, player: int, legal: list[Any], rnd: random.Random) -> list[Any]:
        return candidates.search_candidates(state, player, legal, rnd)

    def playout_action(self, state: JavaState, player: int, rnd: random.Random) -> Any | None:
        return candidates.playout_action(state, player, rnd)

    def evaluate(self, state: JavaState, player: int) -> float:
        """A cut-off's worth: the seat's lead on the score the game would end with now (the score sheet) plus
        what its developers and villages promise (``worth``), squashed into [0, 1]."""
        return value.margin(worth.worth(state, carried.of(state).land), player)
