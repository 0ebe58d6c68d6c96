"""The Mines of Zavandor as a ``rulesets.core.Ruleset``: metadata, options, the phase table, setup
and scoring."""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from rulesets.core import OptionSpec, Phase, PhaseTable, Phrase, Ruleset, ScoreSheet, Seating
from rulesets.core.search import value

from rulesets.core.drawing import Frame, Svg

from . import (auction, consistency, income, legal, picture, sampling, scoring, served_components, setup, trading,
               upgrade)
from .actions import (Action, BankTrade, BidAdd, BidCommit, BidRemove, ChooseReward, CollectIncome, EndOneTimeStep,
                      EndUpgrades, FinishTrading, ForfeitMarkers, MoveKing, PlaceMarker, TradeAccept, TradeDraftAsk,
                      TradeDraftCancel, TradeDraftGive, TradeDraftOpen, TradeDraftUndo, TradePropose, TradeReject,
                      TradeWithdraw, Upgrade, UseOneTime)
from .components import FILE, MAX_PLAYERS, MIN_PLAYERS
from .rounds import actors
from .refusals import (AWAITS_INCOME, AWAITS_KING_MOVE, AWAITS_MARKERS, AWAITS_ONE_TIME, AWAITS_REWARD, AWAITS_TRADERS,
                       AWAITS_UPGRADE, NOT_ACTIVE_PLAYER, VARIANT_NOT_SUPPORTED, refusals)
from .rule_index import RULES
from .events import Events, ZavandorEvent
from .state import ZavandorState

#: MOZ-4.11: the bound on drafts per trading phase is chosen at setup, up to this many.
MAX_PROPOSALS_BOUND = 1000


#: a step's handlers: each takes the state and an action of its type, and answers the events
Moves = Mapping[type, Callable[[ZavandorState, Any], Events]]


def _sequential(name: str, moves: Moves, describe: Phrase) -> Phase[ZavandorState]:
    return Phase(name, moves, actors=actors, wrong_phase_rule="MOZ-2.1", not_your_turn_rule="MOZ-2.3",
                 not_your_turn=NOT_ACTIVE_PLAYER, describe=lambda state: describe(seat=actors(state)[0]))


#: MOZ-2.1: each action only in its phase and step; sequential steps await one seat (MOZ-2.3),
#: trading and bidding every seat that has not closed them (MOZ-2.4). A sealed seat's bidding
#: action is ``bid_already_committed`` before it is ``not_active_player`` (spec 3.1 check 4), so the
#: bidding actions go to their handlers whoever sends them.
FLOW: PhaseTable[ZavandorState] = PhaseTable(
    phases=[
        _sequential("production", {CollectIncome: income.collect_income}, AWAITS_INCOME),
        _sequential("markers", {PlaceMarker: income.place_marker, ForfeitMarkers: income.forfeit_markers},
                    AWAITS_MARKERS),
        _sequential("one_time", {UseOneTime: income.use_one_time, EndOneTimeStep: income.end_one_time_step},
                    AWAITS_ONE_TIME),
        Phase("trading", {TradeDraftOpen: trading.draft_open, TradeDraftGive: trading.draft_give,
                                    TradeDraftAsk: trading.draft_ask, TradeDraftUndo: trading.draft_undo,
                                    TradeDraftCancel: trading.draft_cancel, TradePropose: trading.propose,
                                    TradeAccept: trading.accept, TradeReject: trading.reject,
                                    TradeWithdraw: trading.withdraw, BankTrade: trading.bank_trade,
                                    FinishTrading: trading.finish},
              actors=actors, wrong_phase_rule="MOZ-2.1", not_your_turn_rule="MOZ-2.4", not_your_turn=NOT_ACTIVE_PLAYER,
              describe=lambda state: AWAITS_TRADERS(seats=", ".join(map(str, actors(state))))),
        Phase("bidding", {BidAdd: auction.bid_add, BidRemove: auction.bid_remove,
                                    BidCommit: auction.bid_commit},
              actors=actors, wrong_phase_rule="MOZ-2.1", not_your_turn_rule="MOZ-2.4", not_your_turn=NOT_ACTIVE_PLAYER,
              anyone=frozenset({BidAdd, BidRemove, BidCommit})),
        _sequential("reward", {ChooseReward: auction.choose_reward}, AWAITS_REWARD),
        _sequential("king_move", {MoveKing: auction.move_king}, AWAITS_KING_MOVE),
        _sequential("upgrade", {Upgrade: upgrade.upgrade, EndUpgrades: upgrade.end_upgrades}, AWAITS_UPGRADE),
    ],
    phase_of=lambda state: state.step, over="game_over", game_over_rule="MOZ-9.1")

OPTIONS = (
    OptionSpec("variant", "basic", "basic: identical family boards (MOZ-1.12); advanced is refused with "
               "variant_not_supported until its data exists.", choices=("basic", "advanced"), rule="MOZ-1.12"),
    OptionSpec("max_trade_proposals_per_phase", 10,
               f"MOZ-4.11 (service policy): drafts a player may open per trading phase, 1 to {MAX_PROPOSALS_BOUND}.",
               kind="int", minimum=1, maximum=MAX_PROPOSALS_BOUND, rule="MOZ-4.11"),
)


class MinesOfZavandor(Ruleset[ZavandorState, Action]):
    id = "mines_of_zavandor"
    title = "The Mines of Zavandor"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = "1.0"
    player_count_rule = "MOZ-1.1"
    first_player_rule = "MOZ-1.9"
    #: MOZ-1.9: without a named start player, one is drawn (setup's first draw)
    first_player_drawn = True
    rules = RULES
    State = ZavandorState
    Action = Action
    flow = FLOW
    Event = ZavandorEvent
    Components = served_components.ZavandorComponents
    refusals = refusals
    options = OPTIONS
    notes = {
        "data_status": "Procedures follow the spec; the deck contents, the family track, the pack dragon, the "
                       "starting scroll, all 52 improvement cards, the rows in play for 2 and 3 players and the "
                       "King's Path (routes of 11, 12 and 13 moves) are ASSUMED values read from "
                       "mines_of_zavandor.components.json.",
        "assumed": FILE.assumed_blocks(),
        "seats": "Seats are 0-based; clockwise is ascending seat order. setup's first_player is the spec's start "
                 "player (MOZ-1.9); without one the start player is drawn from the seed. The game has no colours.",
        "decisions": [
            "status.phase is the spec's step (production, markers, one_time, trading, bidding, reward, king_move, "
            "upgrade, game_over); the state carries both phase and step.",
            "The spec's setup field variant is the option 'variant' (basic, advanced); advanced is refused with "
            "variant_not_supported (MOZ-1.12). max_trade_proposals_per_phase is an option (1 to 1000, default 10).",
            "A seat outside the game (as player or partner) is refused by core as unknown_player with its path "
            "(the spec's invalid_action schema refusal).",
            "A hand is a private CardSet; its public form is hand_backs (cards per cart, spec 4.1). Staged bid cards "
            "stay in the hand and in hand_backs, so staging changes nothing another seat sees (section 4.2).",
            "Draw piles hold gems (their cart is the pile's), top first; their order is hidden, their size public "
            "(draw_count).",
            "All rows are settled at the reveal (cards spent or set aside, winners fixed, the king's mover fixed); "
            "their rewards are then given top row first, the +4 bonus automatically when the row comes up, and a "
            "card choice (choose_reward) waits before the next row's reward (MOZ-5.8).",
            "The revealed bids stay public in each seat's bid until the king moves; bids are cleared then.",
            "A marker or upgrade on an item at its top level is target_at_top_level (MOZ-3.7 in the income phase, "
            "MOZ-6.4 in the upgrade phase).",
            "Trade drafts record their entries in order (trade_draft_undo removes the last); give entries name a "
            "kind, ask entries a gem. A draft's and the drafter's count of drafts are his own.",
            "Staging a bid and building a draft are concealed action types: another seat's session log shows them "
            "as bid_staged / trade_draft_changed with the sender only. The state's move counter and the session's "
            "version still count every action, so others can tell how many such actions a seat took (never which "
            "cards, nor whether it added or removed one); the spec's one-card-per-action staging (MOZ-5.2) leaves "
            "that much, as a table shows a player's hands moving.",
            "Events: drawn cards are a private cards_drawn (kinds) plus a public cards_received (carts and counts); "
            "draft changes and staged-bid changes are private to their seat; a seal is a public bid_sealed.",
            "The game has no hand limit (the income cap limits draws, MOZ-3.3): a posted hand is refused when it "
            "holds more cards of a kind than the decks have left for it (MOZ-2.5), and its public backs must count "
            "it; levels must lie on their printed tracks, the king on a hall of the data.",
            "The Idol of the Blue Fox's payments (spec 3.6) are listed once per distinct CardSet.",
            "An empty draw pile is refilled from its shuffled discard pile when it empties (after a draw or a "
            "search) or when a draw needs a card from it (MOZ-8.2); a discard onto a pile with an empty draw pile "
            "waits for that.",
        ],
    }

    def draw(self, frame: Frame) -> Svg:
        return picture.draw(frame)

    def check_options(self, options: Mapping[str, Any]) -> None:
        if options.get("variant") == "advanced":
            raise VARIANT_NOT_SUPPORTED(variant="advanced", context={"path": "$.options.variant"})

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> ZavandorState:
        return setup.create(self.id, self.rules_version, players, seed, seating,
                            options["max_trade_proposals_per_phase"])

    def check_consistency(self, state: ZavandorState) -> None:
        consistency.check(state)

    def components_document(self) -> served_components.ZavandorComponents:
        return served_components.document()

    def enumerate_actions(self, state: ZavandorState, player: int, types: frozenset[str] | None) -> list[Any]:
        return legal.legal_actions(state, player, types)

    def score_sheet(self, state: ZavandorState) -> ScoreSheet:
        return scoring.score_sheet(state)

    # ------------------------------------------------------------------ search (rulesets.core.search)
    #: a playout is cut off after 30 actions: random trading (drafts opened and cancelled) fills most of a
    #: random game, and playouts to the end lost half their games to the one-ply greedy player.
    rollout_depth = 30

    def determinize(self, view: dict[str, Any], viewer: int, rnd: random.Random) -> ZavandorState:
        return self.load_state(sampling.determinize(view, rnd))

    def evaluate(self, state: ZavandorState, player: int) -> float:
        """A cut-off's worth: the seat's lead on the score the game would end with now (MOZ-9.6: VP, gems at
        three a VP, top levels, powers), squashed into [0, 1]."""
        return value.margin(self.final_scores(state), player)

    def tie_break(self, state: ZavandorState, seat: int) -> tuple[int, ...]:
        return scoring.tie_break(state, seat)
