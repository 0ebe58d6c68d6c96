"""Checking a finished game without taking the referee's word for it.

A claim names how a game was set up (players, options, seating), the seed and salt
revealed at its end, the commitment given at its start, every action, and optionally
what it came to (scores, winners, the final state's digest). Verifying it means: the
seed and salt open the commitment; a replay from the seed accepts every action; the
replay ends the game; and it ends where the claim says. Each check is answered on its
own, with a sentence for each that fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from rulesets.core.host import (GameState, Ruleset, RulesetError, at_table, commitment_matches, normalize_seed, salted,
                                 split_action)

from .records import RECORD_FORMAT, final_state_digest


@dataclass
class Claim:
    """What a player, a tournament or a signed record says about a finished game."""

    players: int
    seed: int | str | None
    seed_commitment: str | None
    actions: Sequence[Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    salt: str | None = None
    first_player: int | None = None
    colors: Sequence[str] | None = None
    scores: list[int] | None = None
    winners: list[int] | None = None
    final_state_sha256: str | None = None
    #: "table": a real table reported the game's chance; no seed, no commitment, setup's outcomes here
    chance: str = "seeded"
    outcomes: list[Any] | None = None

    @property
    def at_table(self) -> bool:
        return self.chance == "table"


@dataclass
class Verdict:
    #: None: a table game, which has no commitment to open (the table shuffled)
    commitment_matches: bool | None
    replay: dict[str, Any]
    game_over: bool
    status: Any
    scores_match: bool | None = None
    final_state_matches: bool | None = None
    signature: dict[str, Any] | None = None
    reasons: list[str] = field(default_factory=list)
    chance: str = "seeded"

    @property
    def verified(self) -> bool:
        return not self.reasons

    def answer(self) -> dict[str, Any]:
        return {"verified": self.verified, "commitment_matches": self.commitment_matches, "replay": self.replay,
                "game_over": self.game_over, "status": self.status, "scores_match": self.scores_match,
                "final_state_matches": self.final_state_matches, "signature": self.signature,
                "reasons": self.reasons, "chance": self.chance}


def set_up(ruleset: Ruleset, claim: Claim) -> GameState:
    """The claimed setup; its refusals (``InvalidSetup``) are the request's fault and propagate."""
    state = ruleset.setup(claim.players, None if claim.at_table else claim.seed, claim.options,
                          first_player=claim.first_player,
                          colors=list(claim.colors) if claim.colors is not None else None,
                          chance=claim.chance, outcomes=claim.outcomes)
    return salted(state, claim.salt) if claim.salt is not None else state


def verify(ruleset: Ruleset, claim: Claim, state: GameState) -> Verdict:
    """Check ``claim``, ``state`` being its setup (``set_up``): this replays onto it."""
    reasons = []
    opened: bool | None = None  # a table game: nothing was committed to, its draws are its actions' outcomes
    if not claim.at_table:
        opened = commitment_matches(claim.seed_commitment or "", normalize_seed(claim.seed), claim.salt)
        if not opened:
            reasons.append("The seed and salt do not open the seed commitment.")
    replay: dict[str, Any] = {"ok": True, "applied": 0}
    for index, action in enumerate(claim.actions):
        try:
            plain, outcomes = split_action(action)
            state, _ = ruleset.apply(state, ruleset.load_action(plain), in_place=True, outcomes=outcomes)
        except RulesetError as refusal:
            replay = {"ok": False, "applied": index, "action_index": index,
                      "violation": {"code": refusal.code, "rule": refusal.rule, "detail": refusal.detail}}
            reasons.append(f"Action {index} is refused by the rules ({refusal.code}).")
            break
        replay["applied"] = index + 1
    if not replay["ok"]:
        return Verdict(opened, replay, False, None, reasons=reasons, chance=claim.chance)
    status = ruleset.status(state)
    if not status.game_over:
        reasons.append("The actions do not finish the game.")
    scores_match = None
    if claim.scores is not None or claim.winners is not None:
        scores_match = ((claim.scores is None or claim.scores == status.scores)
                        and (claim.winners is None or claim.winners == status.winners))
        if not scores_match:
            reasons.append("The replay does not end with the claimed scores and winners.")
    final_matches = None
    if claim.final_state_sha256 is not None:
        final_matches = final_state_digest(state) == claim.final_state_sha256
        if not final_matches:
            reasons.append("The replay does not end in the claimed final state.")
    return Verdict(opened, replay, status.game_over, status, scores_match, final_matches, reasons=reasons,
                   chance=claim.chance)


def record_of(ruleset: Ruleset, *, session_id: str, players: int, options: Mapping[str, Any], colors: Any,
              first_player: int | None, state: GameState, commitment: str | None, actions: list[Any],
              setup_outcomes: list[Any] | None = None) -> dict[str, Any]:
    """The record of a finished game (unsigned), from the final state and every action in full.

    ``first_player`` and ``colors`` are the seating as setup was given it, not as it came out:
    a game that draws the start player when none is named (MOZ-1.9) draws it from the seed
    before anything else, so naming the drawn seat on replay would skip that draw and deal
    another game. A table game's record has no seed and no commitment: its ``chance`` is "table",
    ``outcomes`` are setup's draws, and each action carries its own.
    """
    status = ruleset.status(state)
    table = at_table(state)
    return {
        "format": RECORD_FORMAT,
        "game": ruleset.id,
        "rules_version": ruleset.rules_version,
        "session_id": session_id,
        "players": players,
        "options": dict(options),
        "first_player": first_player,
        "colors": colors,
        "seed": None if table else state.rng.seed,
        "salt": state.rng.salt,
        "seed_commitment": commitment,
        "actions": actions,
        "scores": status.scores,
        "winners": status.winners,
        "final_state_sha256": final_state_digest(state),
        **({"chance": "table", "outcomes": setup_outcomes or []} if table else {}),
    }


def claim_of_record(record: Mapping[str, Any]) -> Claim:
    """A record's claim; raises KeyError/TypeError for a record missing its members."""
    return Claim(players=record["players"], seed=record["seed"], seed_commitment=record["seed_commitment"],
                 actions=record["actions"], options=record.get("options") or {}, salt=record.get("salt"),
                 first_player=record.get("first_player"), colors=record.get("colors"),
                 scores=record.get("scores"), winners=record.get("winners"),
                 final_state_sha256=record.get("final_state_sha256"), chance=record.get("chance", "seeded"),
                 outcomes=record.get("outcomes"))
