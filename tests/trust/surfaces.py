"""The noninterference property's HTTP surfaces (``rulesets.testing.noninterference.Surface``).

Issue #20 asks core's testing kit to run the property "stateless, through sessions (reads, log,
legal-actions) and through sealed states". ``Stateless`` is the kit's; these two put any state
(a playout position, or its twin) behind the Flask app's own endpoints, through its test client,
and return what a client of one seat (or a spectator) is told:

* :class:`SessionSurface`: a server-held session holding the state; the seat reads with its
  token, a spectator without one.
* :class:`SealedSurface`: the state sealed by the app's own sealer, posted to the stateless
  endpoints as ``sealed_state``.

What is stripped from answers is only per-request noise that no state decides (session ids,
tokens, sealed tokens, headers). What the service answers about chance is masked, not dropped:
``seed_commitment`` (a salted hash of the seed, hiding it only computationally, so it differs
between any two states whose seed or salt differ, which is every twin) is kept as its form, and
the ``seed`` and ``salt`` a finished game reveals are kept as their presence: the service
opens the commitment to everyone once the game is over, a disclosure by design the rulebooks'
twins do not model (they draw a new seed at every position).

A position that carries no salt (``Ruleset.setup`` makes none) gets a fresh one before it is
installed, as every state the service itself sets up has: the salt takes part in no draw.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from flask import Flask

from rulesets.core.host import Ruleset, clone, new_salt, salted, to_builtins
from service import sealed_states
from service.encoding import encode

Viewer = int | None
COMMITMENT = re.compile(r"^sha256:[0-9a-f]{64}$")
#: Sessions a SessionSurface keeps in the app's store at once (older ones are deleted): the
#: property reads each attempt's answers right after making it.
KEPT_SESSIONS = 64


def _with_salt(state: Any) -> Any:
    if state.rng.salt is not None:
        return state
    return salted(clone(state), new_salt())


def masked_chance(body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with its chance fields kept as their form: a commitment's shape, a reveal's presence."""
    out = dict(body)
    if "seed_commitment" in out:
        commitment = out["seed_commitment"]
        out["seed_commitment"] = "<commitment>" if isinstance(commitment, str) and COMMITMENT.match(commitment) \
            else commitment
    for key in ("seed", "salt"):
        if key in out:
            out[key] = f"<revealed {type(out[key]).__name__}>"
    return out


def _answer(response: Any, *noise: str) -> dict[str, Any]:
    """A response as the property compares it: its status code and its body, without ``noise``."""
    body = response.get_json()
    if not isinstance(body, dict):
        return {"http": response.status_code, "body": body}
    return {"http": response.status_code, **{k: v for k, v in masked_chance(body).items() if k not in noise}}


def _seat_of(action: dict[str, Any], players: int) -> int | None:
    player = action.get("player") if isinstance(action, dict) else None
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < players:
        return player
    return None


# ---------------------------------------------------------------------- sessions
@dataclass
class _Session:
    session_id: str
    tokens: list[str]

    def headers(self, viewer: Viewer) -> dict[str, str]:
        return {} if viewer is None else {"Authorization": f"Bearer {self.tokens[viewer]}"}


@dataclass
class _SessionAttempt:
    surface: SessionSurface
    session: _Session
    refusal: dict[str, Any] | None

    def seen_by(self, viewer: Viewer) -> dict[str, Any]:
        """The log since the version before the action (0: the session held the state with an empty
        log), read with ``viewer``'s token: its one entry's action and events as ``viewer`` may see them."""
        log = self.surface.client.get(f"/v1/sessions/{self.session.session_id}/log?since=0",
                                      headers=self.session.headers(viewer))
        assert log.status_code == 200, log.get_json()
        entries = log.get_json()["entries"]
        assert len(entries) == 1, entries
        return {"events": entries[0]["events"], "action": entries[0]["action"]}

    def after(self, viewer: Viewer) -> dict[str, Any]:
        return self.surface.read(self.session, viewer)


@dataclass
class SessionSurface:
    """A session that holds the state, answered through ``/v1/sessions``.

    The state gets in as a session would hold it: ``POST /v1/sessions`` creates a session of the
    game for as many seats (its tokens and meta are the service's own); then, in the app's
    in-process store and through the store's own protocol, that session is re-created under the
    same id and meta at version 0 with the state in place of the one it was set up with (an empty
    log, so the first entry is the action tried).

    ``observe``: the session read (``GET /v1/sessions/{id}``: status and view) with the seat's
    token, or with none as a spectator, and for a seat ``GET .../legal-actions``. ``attempt``:
    ``POST .../actions`` with the token of the action's ``player`` (seat 0's when it names no
    seat of the game); the refusal is the problem the sender gets. ``seen_by``: ``GET
    .../log?since=0`` with the viewer's token (the entry's action and events as that viewer may
    see them). ``after``: the read and legal actions of the session once the action landed.
    Dropped: the session id (and the tokens, which only headers carry); the commitment, fixed at
    the session's creation from its own seed, is kept as its form.
    """

    app: Flask
    ruleset: Ruleset[Any, Any]
    client: Any = None
    _kept: deque[str] = field(default_factory=deque)

    def __post_init__(self) -> None:
        self.client = self.app.test_client()

    @property
    def store(self) -> Any:
        return self.app.extensions["sessions"].store

    def holding(self, state: Any) -> _Session:
        """A new session of this game at version 0 whose state is ``state``."""
        players = len(state.players)
        created = self.client.post("/v1/sessions", json={"game": self.ruleset.id, "players": players})
        assert created.status_code == 201, created.get_json()
        body = created.get_json()
        session = _Session(body["session_id"], body["seat_tokens"])
        snapshot = self.store.snapshot(session.session_id)
        assert self.store.delete(session.session_id)
        assert self.store.create(session.session_id, snapshot.meta, encode(_with_salt(state)))
        self._kept.append(session.session_id)
        while len(self._kept) > KEPT_SESSIONS:
            self.store.delete(self._kept.popleft())
        return session

    def read(self, session: _Session, viewer: Viewer) -> dict[str, Any]:
        path = f"/v1/sessions/{session.session_id}"
        seen = {"read": _answer(self.client.get(path, headers=session.headers(viewer)), "session_id")}
        if viewer is not None:
            seen["legal"] = _answer(self.client.get(f"{path}/legal-actions", headers=session.headers(viewer)),
                                    "session_id")
        return seen

    def observe(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        return self.read(self.holding(state), viewer)

    def attempt(self, state: Any, action: dict[str, Any]) -> _SessionAttempt:
        session = self.holding(state)
        seat = _seat_of(action, len(state.players))
        answer = self.client.post(f"/v1/sessions/{session.session_id}/actions", json={"action": action},
                                  headers=session.headers(0 if seat is None else seat))
        refusal = None if answer.status_code == 200 else _answer(answer)
        return _SessionAttempt(self, session, refusal)


# ---------------------------------------------------------------------- sealed states
def seal(ruleset: Ruleset[Any, Any], state: Any) -> tuple[str, list[str] | None]:
    """``state`` sealed by the app's sealer (inside an app context), and its seats' keys when the
    service binds sealed states to seats (``service.sealed_states.seat_keys``), else None."""
    new_table, seat_keys = getattr(sealed_states, "new_table", None), getattr(sealed_states, "seat_keys", None)
    seal_state: Any = sealed_states.seal_state
    if new_table is None or seat_keys is None:
        return seal_state(ruleset, state), None
    table = new_table()  # the sealed game's table id: its seat keys derive from it
    return seal_state(ruleset, state, table), seat_keys(ruleset, state, table)


@dataclass
class _Sealed:
    token: str
    keys: list[str] | None

    def body(self, seat: Viewer, **fields: Any) -> dict[str, Any]:
        out = {"sealed_state": self.token, **fields}
        if self.keys is not None and seat is not None:
            out["seat_key"] = self.keys[seat]
        return out


@dataclass
class _SealedAttempt:
    surface: SealedSurface
    action: dict[str, Any]
    actor: int | None
    refusal: dict[str, Any] | None
    state: Any = None
    answer: dict[str, Any] = field(default_factory=dict)
    next_state: _Sealed | None = None

    def seen_by(self, viewer: Viewer) -> dict[str, Any]:
        """The acting seat is told its action's events (apply's answer); it wrote the action. Any
        other seat, or a spectator, is told nothing of the action by a sealed state: its client asks
        only for what it wants, its view of the next sealed state (``after``). So that the property can
        still tell a disclosure (a hand laid face up) from a leak in that next view, such a viewer's
        events are the ones the rules show it, as the ruleset words them (what its session would log)."""
        if viewer is not None and viewer == self.actor:
            return {"events": self.answer["events"], "action": self.action}
        ruleset = self.surface.ruleset
        _, events = ruleset.apply(self.state, self.action)
        return {"events": to_builtins(ruleset.view_events(events, viewer)), "action": None}

    def after(self, viewer: Viewer) -> dict[str, Any]:
        assert self.next_state is not None
        seen = self.surface.read(self.next_state, viewer)
        if viewer is not None and viewer == self.actor:
            seen["applied"] = {k: v for k, v in self.answer.items() if k != "events"}
        return seen


@dataclass
class SealedSurface:
    """The state sealed by the app's own sealer, answered through ``/v1/games/{game}/...``.

    ``observe``: ``POST view`` (the view and the commitment; a finished game's reveal) and, for
    a seat, ``POST legal-actions``, each with ``sealed_state``, ``player`` and, when the service
    binds sealed states to seats, that seat's ``seat_key``. ``attempt``: ``POST validate`` then
    ``POST apply`` with the key of the action's ``player``; the refusal is both answers (the
    validate answer and apply's problem). What each viewer is told of an accepted action
    (``seen_by``) follows the protocol: the actor gets apply's answer (its events, its view and
    the status of the next state, and the next ``sealed_state``), nobody else is told anything
    until it asks, and what it can ask is its view and legal actions in the next sealed state
    (``after``). Dropped: the sealed tokens (sealed with a fresh nonce each time) and the seat
    keys.

    The status is not part of ``observe``: no sealed endpoint but setup and apply answers it.
    """

    app: Flask
    ruleset: Ruleset[Any, Any]
    client: Any = None

    def __post_init__(self) -> None:
        self.client = self.app.test_client()

    def post(self, endpoint: str, body: dict[str, Any]) -> Any:
        return self.client.post(f"/v1/games/{self.ruleset.id}/{endpoint}", json=body)

    def sealed(self, state: Any) -> _Sealed:
        with self.app.app_context():
            return _Sealed(*seal(self.ruleset, _with_salt(state)))

    def read(self, sealed: _Sealed, viewer: Viewer) -> dict[str, Any]:
        seen = {"view": _answer(self.post("view", sealed.body(viewer, player=viewer)))}
        if viewer is not None:
            seen["legal"] = _answer(self.post("legal-actions", sealed.body(viewer, player=viewer)))
        return seen

    def observe(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        return self.read(self.sealed(state), viewer)

    def attempt(self, state: Any, action: dict[str, Any]) -> _SealedAttempt:
        sealed = self.sealed(state)
        actor = _seat_of(action, len(state.players))
        validated = _answer(self.post("validate", sealed.body(actor, action=action)))
        applied = self.post("apply", sealed.body(actor, action=action))
        if applied.status_code != 200:
            return _SealedAttempt(self, action, actor, {"validate": validated, "apply": _answer(applied)})
        assert validated == {"http": 200, "legal": True}, (action, validated)
        answer = _answer(applied, "sealed_state")
        next_state = _Sealed(applied.get_json()["sealed_state"], sealed.keys)
        return _SealedAttempt(self, action, actor, None, state, answer, next_state)

