"""The Golden City as a ``rulesets.core.Ruleset``: metadata, the phase table, setup and scoring."""

from __future__ import annotations

import random
from typing import Any, Mapping

from rulesets.core import MUST_BE_BOOLEAN, Phase, PhaseTable, Ruleset, ScoreSheet, Seating
from rulesets.core.search import value
from rulesets.core.drawing import Frame, Svg

from . import auction, building, consistency, hand_limit, legal, picture, sampling, setup, worth
from .actions import Action, Bid, Build, Discard, EndTurn
from .components import COLOURS, FILE, MAX_PLAYERS, MIN_PLAYERS
from .events import GoldenCityEvent
from .options import OPTIONS
from .rounds import builder
from .refusals import AWAITS_BID, AWAITS_BUILDER, UNKNOWN_START_PLAYER, refusals
from .rule_index import RULES
from .scoring import score_sheet, tie_break
from .served_components import GoldenCityComponents, document
from .state import GoldenCityState

#: GC-2.1: each action only in its phase; P2 awaits one bidder (GC-4.4, a displaced one first,
#: GC-4.6), P3 one builder (GC-5.1), P5 every player over the hand limit at once (GC-9.1).
FLOW: PhaseTable[GoldenCityState] = PhaseTable(
    phases=[
        Phase("auction", {Bid: auction.bid}, actors=auction.acting,
              wrong_phase_rule="GC-2.1", not_your_turn_rule="GC-4.4",
              describe=lambda state: AWAITS_BID(seat=auction.acting(state)[0])),
        Phase("build", {Build: building.build, EndTurn: building.end_turn},
              actors=lambda state: [builder(state)], wrong_phase_rule="GC-2.1", not_your_turn_rule="GC-5.1",
              describe=lambda state: AWAITS_BUILDER(seat=builder(state))),
        Phase("discard", {Discard: hand_limit.discard}, actors=lambda state: list(state.discard_pending),
              wrong_phase_rule="GC-2.1", not_your_turn_rule="GC-9.1", anyone=frozenset({Discard})),
    ],
    phase_of=lambda state: state.phase, over="game_over", game_over_rule="GC-10.5", seat_check_first=True,
    unknown_player_rule="GC-1.5")


class GoldenCity(Ruleset[GoldenCityState, Action]):
    id = "golden_city"
    title = "The Golden City"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = "1.0"
    player_count_rule = "GC-1.5"
    colors = COLOURS
    color_rule = "GC-1.5"
    first_player_rule = "GC-1.8"
    first_player_refusal = UNKNOWN_START_PLAYER
    core_rules = {"invalid_color": ("GC-11.1",), "invalid_state": consistency.CITED_RULES}
    refusals = refusals
    rules = RULES
    State = GoldenCityState
    Action = Action
    flow = FLOW
    Event = GoldenCityEvent
    Components = GoldenCityComponents
    options = OPTIONS
    notes = {
        "data_status": "Procedures follow the spec; the board (58 spaces, 92 roads, every printed reward), the goods, "
                       "bonus and scoring card faces and the post colours are ASSUMED stand-ins read from "
                       "golden_city.components.json.",
        "assumed": FILE.assumed_blocks(),
        "seats": "Seats are 0-based; clockwise is ascending seat order. setup's first_player is the spec's "
                 "start_player (GC-1.8), and its colors the spec's colours.",
        "decisions": [
            "Players are seats 0..N-1 (the design's rule), so the spec's duplicate_player_id cannot arise; a bad "
            "start player is unknown_start_player (GC-1.8).",
            "Post colours (red, blue, yellow, black) are ASSUMED and kept in the package's copy of the components "
            "file; in a 2-player game no player may choose black (GC-11.1), refused as invalid_color.",
            "A landscape card is named by its type (spec 3.1: hands are multisets of types; 5.1: copies of a type "
            "are interchangeable): hands, the deck, the discard pile and the pairs are lists of types, payments and "
            "discards name types, and the consistency check counts 10 of each type. (Numbered copies would let "
            "the face-up discard pile tell which copy left a hidden hand.)",
            "The auction keeps one queue of seats whose marker is off the table (the spec's normal_order, "
            "normal_next and displaced): a displaced player goes to its front (D-3) or, under the alternative "
            "reading, to its end.",
            "legal_actions lists every bid twice: bare and with its expected_price (both are accepted).",
            "Build check 20 (invalid_goods_pick) applies when a goods card is due; a goods_pick where none is due "
            "is goods_pick_not_applicable (check 21) whatever it names.",
            "A district holds at most one black post: GC-11.3 says a black post is necessarily the second post "
            "there, so a second black post in the same district is black_post_invalid_target.",
            "Under bonus_card_acquisition=choose_any_public the bonus cards lie face up (bonus_display), a build "
            "on a bonus space names bonus_pick, refused with bonus_pick_required, invalid_bonus_pick or "
            "bonus_pick_not_applicable (GC-6.4) after the goods checks, and bonus cards held are public.",
            "Discards with an unknown type or a negative count are payment_malformed citing GC-9.1.",
            "The result (GC-10.4) ranks by the components file's tie_break_order; vp already includes the bonus "
            "cards once the game is over (round_vp and bonus_vp are kept apart in result).",
            "A post on the board is [seat, black, seq] (the spec's {player, black, seq} as an immutable triple, so a "
            "state copy shares posts instead of copying them); board lists occupied spaces only.",
            "The rule parameters without an alternative in the spec are published as one-choice options; where "
            "a decision's text names the reading it set aside, that reading is offered too: end_trigger_posts="
            "all_posts (D-11), black_posts_count_for=[bonus_cards] (D-12, the seed's literal reading), "
            "explicit_end_turn=false (D-24: the turn ends by itself after the second build).",
            "Two builds a turn (GC-5.1) and one or two cards a payment slot (GC-5.3.2) are rules of play, not "
            "component data: they are named constants in building.py, not entries of the components file.",
            "The backs of the remaining scoring cards (public, spec 4) follow from scoring_deck_count, since the "
            "stack order is fixed (GC-1.7); the view shows the count only.",
            "A landscape reward is drawn after the payment reached the discard pile, so an empty deck may be "
            "refilled with the cards just spent (GC-5.3.3 before GC-6.2).",
            "Events count landscape cards by type where they go into a hand or a pile (pairs_taken, post_built, "
            "discarded); the pairs dealt list their types, a drawn card is a private card_drawn event.",
            "The components file gives the board no coordinates and its cards and spaces no names: the served "
            "components place each space by quadrant, ring (villages) and roads, and name cards and spaces from "
            "their printed values (\"Mountains village 3\", \"2 VP per post in city_outer\").",
            "One refusal code, one sentence: payment_malformed and cards_not_in_hand word a build's payment "
            "(GC-5.3) and a discard (GC-9.1) alike, the part at fault filled in; black_post_unavailable names "
            "its reason (none left, or not a 2-player game).",
        ],
    }

    def draw(self, frame: Frame) -> Svg:
        """The island as the table shows it (rulesets/golden_city/picture.py), drawn from the seat's view."""
        return picture.draw(frame)

    def components_document(self) -> GoldenCityComponents:
        return document()

    def check_options(self, options: Mapping[str, Any]) -> None:
        """A reading that is true or false takes a JSON boolean (1 and 0 are not taken for them)."""
        for spec in self.options:
            if isinstance(spec.default, bool) and not isinstance(options.get(spec.name), bool):
                raise spec.refused(MUST_BE_BOOLEAN())

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> GoldenCityState:
        return setup.create(self.id, self.rules_version, players, seed, options, seating, self.color_refusal)

    def check_consistency(self, state: GoldenCityState) -> None:
        consistency.check(state)

    def enumerate_actions(self, state: GoldenCityState, player: int, types: frozenset[str] | None) -> list[Any]:
        return legal.legal_actions(state, player, types)

    def score_sheet(self, state: GoldenCityState) -> ScoreSheet:
        return score_sheet(state)

    def random_action(self, state: GoldenCityState, player: int, rnd: random.Random) -> Any | None:
        return legal.random_action(state, player, rnd)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: a playout is cut off after eight actions (about a round's bids and builds for three seats) and valued
    #: by ``worth``: what a post, a card or a key brings shows in the rounds after, beyond any cut-off.
    rollout_depth = 8

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> GoldenCityState:
        return self.load_state(sampling.determinize(view, rnd))

    def playout_action(self, state: GoldenCityState, player: int, rnd: random.Random) -> Any | None:
        return legal.eager_action(state, player, rnd)

    def evaluate(self, state: GoldenCityState, player: int) -> float:
        """A cut-off's worth: the seat's lead on the score it would end with now (VP won so far plus what its
        bonus cards would add, GC-10.3) plus what the position promises (``worth``), squashed into [0, 1]."""
        return value.margin(worth.worths(state), player)

    def tie_break(self, state: GoldenCityState, seat: int) -> tuple[int, ...]:
        return tie_break(state, seat)
