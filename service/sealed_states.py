"""Sealed states over HTTP: which key seals, how a request's state is read, what a refusal says.

``service.sealing`` makes and opens tokens; this module gives the views one way to
take a state from a request that sends either ``state`` (plain JSON) or
``sealed_state`` (a token), and the problems a client gets when sealing is off or a
token does not open.
"""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Flask, current_app

from rulesets.core.host import GameState, Ruleset, RulesetError

from .encoding import encode, state_decoder
from .problems import Problem
from .refusals import refusal_problem
from .sealing import InvalidSeal, Sealer, parse_keys

EXTENSION = "state_sealer"
HOW_TO_ENABLE = ("Sealed states are off on this referee: start it with STATE_SEALING_KEYS set to one or more "
                 "comma-separated 32-byte keys in URL-safe base64 (make one with 'python -m service.sealing new-key').")


def install_sealing(app: Flask) -> None:
    """The app's sealer from ``STATE_SEALING_KEYS`` (None: sealing off)."""
    keys = app.config.get("STATE_SEALING_KEYS")
    if keys is None or isinstance(keys, str):
        keys = parse_keys(keys)
    app.extensions[EXTENSION] = Sealer(tuple(keys)) if keys else None


def _sealer() -> Sealer:
    sealer = current_app.extensions.get(EXTENSION)
    if sealer is None:
        raise Problem(501, "sealing_not_configured", HOW_TO_ENABLE, title="Sealed states not enabled")
    return sealer


def _invalid_seal(ruleset: Ruleset) -> Problem:
    # One answer for every way a token can fail: which one it was helps only a forger.
    return Problem(422, "invalid_seal",
                   f"This sealed_state cannot be opened: it was altered or cut, or it was not sealed by this referee "
                   f"for {ruleset.id} rules version {ruleset.rules_version}.",
                   title="Invalid sealed state", errors=[{"path": "$.sealed_state", "message": "cannot be opened"}])


def seal_state(ruleset: Ruleset, state: GameState) -> str:
    return _sealer().seal(encode(state), ruleset.id, ruleset.rules_version)


def open_state(ruleset: Ruleset, token: str) -> GameState:
    """The state a token holds. It was checked when it was sealed, and only a key holder
    can make one, so it is not checked again against the components."""
    sealer = _sealer()
    try:
        plain = sealer.open(token, ruleset.id, ruleset.rules_version)
        return state_decoder(ruleset.State).decode(plain)
    except (InvalidSeal, msgspec.DecodeError):  # DecodeError: sealed by an older build whose types differ
        raise _invalid_seal(ruleset) from None


def load_state(ruleset: Ruleset, raw: Any) -> GameState:
    """A request's plain ``state`` (JSON, or already typed by ``service.envelopes``), checked by the ruleset."""
    try:
        return ruleset.load_state(raw)
    except RulesetError as refusal:
        raise refusal_problem(refusal, "$.state") from None


def request_state(ruleset: Ruleset, body: dict[str, Any]) -> tuple[GameState, bool]:
    """The request's state and whether it came sealed; exactly one of the two must be sent."""
    plain, sealed = body.get("state"), body.get("sealed_state")
    if (plain is None) == (sealed is None):
        raise Problem(422, "invalid_request", "Send the game's state as exactly one of state and sealed_state.",
                      title="Invalid request",
                      errors=[{"path": "$.state", "message": "exactly one of state and sealed_state is required"}])
    if sealed is not None:
        return open_state(ruleset, sealed), True
    return load_state(ruleset, plain), False
