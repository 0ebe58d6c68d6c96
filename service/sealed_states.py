"""Sealed states over HTTP: which key seals, how a request's state is read, what a refusal says.

``service.sealing`` makes and opens tokens; this module gives the views one way to
take a state from a request that sends either ``state`` (plain JSON) or
``sealed_state`` (a token), and the problems a client gets when sealing is off, a
token does not open, or a seat's request lacks that seat's ``seat_key``.

Seat keys: a sealed setup answers ``seat_keys``, one per seat, made from the server's
key and the sealed game's table id (``service.sealing``). A request on a sealed state
that acts or reads for a seat must carry that seat's key; a spectator's view needs
none. A plain state's request ignores ``seat_key``: its client holds the whole state,
there is nothing a key could keep from it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import msgspec
from flask import Flask, current_app

from rulesets.core.host import GameState, Ruleset, RulesetError

from .encoding import encode, state_decoder
from .problems import Problem
from .refusals import refusal_problem
from .sealing import InvalidSeal, Sealer, new_table_id, parse_keys

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


class HeldState(NamedTuple):
    """A request's state, and when it came sealed, its game's table id (None: a plain state)."""

    state: GameState
    table: bytes | None

    @property
    def sealed(self) -> bool:
        return self.table is not None


def new_table() -> bytes:
    """A new sealed game's table id (its seat keys derive from it); raises the 501 when sealing is off."""
    _sealer()
    return new_table_id()


def seal_state(ruleset: Ruleset, state: GameState, table: bytes) -> str:
    return _sealer().seal(encode(state), ruleset.id, ruleset.rules_version, table)


def seat_keys(ruleset: Ruleset, state: GameState, table: bytes) -> list[str]:
    """Every seat's key in the sealed game, indexed by seat: for the sealed setup's answer alone."""
    sealer = _sealer()
    return [sealer.seat_key(ruleset.id, ruleset.rules_version, table, seat) for seat in range(len(state.players))]


def open_state(ruleset: Ruleset, token: str) -> HeldState:
    """The state a token holds and its table id. It was checked when it was sealed, and only a
    key holder can make one, so it is not checked again against the components."""
    sealer = _sealer()
    try:
        table, plain = sealer.open(token, ruleset.id, ruleset.rules_version)
        return HeldState(state_decoder(ruleset.State).decode(plain), table)
    except (InvalidSeal, msgspec.DecodeError):  # DecodeError: sealed by an older build whose types differ
        raise _invalid_seal(ruleset) from None


SEAT_KEY_PATH = "$.seat_key"


def check_seat_key(ruleset: Ruleset, held: HeldState, seat: Any, presented: str | None) -> None:
    """A sealed state's seat answers only with that seat's ``seat_key``: ``403 seat_key_required``
    without one, ``403 invalid_seat_key`` with any other. A plain state, a spectator (``seat`` None)
    and a seat the game does not have (the game's own ``unknown_player`` answers it) pass."""
    if held.table is None or seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(held.state.players):
        return
    if presented is None:
        raise Problem(403, "seat_key_required",
                      f"This sealed state answers for seat {seat} only with seat {seat}'s seat_key (one of the "
                      "seat_keys its sealed setup answered): send it as seat_key.",
                      title="Seat key required",
                      errors=[{"path": SEAT_KEY_PATH, "message": f"seat {seat}'s key is required on a sealed state"}])
    if not _sealer().is_seat_key(presented, ruleset.id, ruleset.rules_version, held.table, seat):
        raise Problem(403, "invalid_seat_key",
                      f"This seat_key is not seat {seat}'s key in this sealed game.",
                      title="Invalid seat key",
                      errors=[{"path": SEAT_KEY_PATH, "message": f"not seat {seat}'s key for this game"}])


def load_state(ruleset: Ruleset, raw: Any) -> GameState:
    """A request's plain ``state`` (JSON, or already typed by ``service.envelopes``), checked by the ruleset."""
    try:
        return ruleset.load_state(raw)
    except RulesetError as refusal:
        raise refusal_problem(refusal, "$.state") from None


def request_state(ruleset: Ruleset, body: dict[str, Any]) -> HeldState:
    """The request's state and, sealed, its table id; exactly one of the two must be sent."""
    plain, sealed = body.get("state"), body.get("sealed_state")
    if (plain is None) == (sealed is None):
        raise Problem(422, "invalid_request", "Send the game's state as exactly one of state and sealed_state.",
                      title="Invalid request",
                      errors=[{"path": "$.state", "message": "exactly one of state and sealed_state is required"}])
    if sealed is not None:
        return open_state(ruleset, sealed)
    return HeldState(load_state(ruleset, plain), None)
