"""Examples for the document: one real seeded position per game, and the action played there.

Each game's stateless operations get a request body the server accepts and the answer it
gives (``tests/service/test_examples.py`` posts every one and compares), built when the
document is: a fixed seed and salt, the first seat's first legal action, so the document
is the same bytes every time. They live in ``components/examples`` (``<game>.<operation>``
and ``<game>.<operation>.answer``), which the operations reference.

One thing differs from the live answer: a setup without a ``salt`` (the usual request)
gets a fresh one, so the answer's ``rng.salt`` and ``seed_commitment`` are this example's.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from rulesets.core.host import Ruleset, salted

from .chance import chance_fields
from .encoding import encode
from .sessions.logic import Sessions
from .sessions.memory_store import MemoryStore
from .verify import Claim, set_up, verify

EXAMPLE_SEED = "example"
#: A fixed salt (128 bits, as hex like every salt): a state in the document is the same every build.
EXAMPLE_SALT = "0" * 31 + "1"
#: More than any game's seeded example takes (the longest, Java's, about 400 actions).
MOST_EXAMPLE_ACTIONS = 5000


def _plain(value: Any) -> Any:
    """What the server's encoder writes, read back as JSON builtins."""
    return orjson.loads(encode(value))


def seats(ruleset: Ruleset) -> int:
    low, high = ruleset.player_range(ruleset.resolve_options({}))
    return min(max(low, 2), high)


def _narrowing(action: dict[str, Any]) -> dict[str, Any]:
    """``types`` and ``where`` that narrow a legal-actions answer to this action (Java lists
    thousands in a turn: the example shows how to ask for what a client is about to draw)."""
    where = {key: value for key, value in action.items()
             if key not in ("type", "player") and isinstance(value, (str, int, bool))}
    out: dict[str, Any] = {"types": [action["type"]]}
    if where:
        out["where"] = where
    return out


def game_examples(ruleset: Ruleset) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Operation name -> (request body, answer body), for the game's stateless operations."""
    players = seats(ruleset)
    state = salted(ruleset.setup(players, EXAMPLE_SEED), EXAMPLE_SALT)
    status = ruleset.status(state)
    seat = status.active_players[0]
    plain_state = _plain(state)
    narrowed = _narrowing(_plain(ruleset.legal_actions(state, seat)[0]))
    actions = ruleset.legal_actions(state, seat, types=narrowed["types"], where=narrowed.get("where"))
    action = _plain(actions[0])
    after, events = ruleset.apply(state, ruleset.load_action(action))
    return {
        "setup": ({"players": players, "seed": EXAMPLE_SEED},
                  {"state": plain_state, "status": _plain(status), **chance_fields(state, False)}),
        "legal_actions": ({"state": plain_state, "player": seat, **narrowed}, {"actions": _plain(actions)}),
        "validate": ({"state": plain_state, "action": action}, {"legal": True}),
        "apply": ({"state": plain_state, "action": action},
                  {"state": _plain(after), "events": _plain(events), "status": _plain(ruleset.status(after))}),
        "view": ({"state": plain_state, "player": seat},
                 {"view": _plain(ruleset.view(state, seat)), **chance_fields(state, False)}),
        "replay": ({"players": players, "seed": EXAMPLE_SEED, "salt": EXAMPLE_SALT, "actions": [action]},
                   {"state": _plain(after), "status": _plain(ruleset.status(after))}),
        "verify": verify_example(ruleset, players),
    }


def verify_example(ruleset: Ruleset, players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole seeded game to verify (a seeded random choice among each step's legal actions,
    the first awaited seat acting), and the verdict the server gives it."""
    state = salted(ruleset.setup(players, EXAMPLE_SEED), EXAMPLE_SALT)
    commitment = chance_fields(state, False)["seed_commitment"]
    chooser = random.Random(EXAMPLE_SEED)
    actions: list[Any] = []
    while not ruleset.flow.is_over(state):
        if len(actions) >= MOST_EXAMPLE_ACTIONS:
            raise RuntimeError(f"{ruleset.id}'s example game did not end in {MOST_EXAMPLE_ACTIONS} actions")
        awaited = ruleset.status(state).active_players
        menu = next(menu for menu in (ruleset.legal_actions(state, seat) for seat in awaited) if menu)
        action = chooser.choice(menu)
        actions.append(_plain(action))
        state, _ = ruleset.apply(state, action, in_place=True)
    status = ruleset.status(state)
    request = {"players": players, "seed": EXAMPLE_SEED, "salt": EXAMPLE_SALT, "seed_commitment": commitment,
               "options": {}, "actions": actions, "scores": status.scores, "winners": status.winners}
    claim = Claim(players=players, seed=EXAMPLE_SEED, seed_commitment=commitment, actions=actions,
                  salt=EXAMPLE_SALT, scores=status.scores, winners=status.winners)
    return request, _plain(verify(ruleset, claim, set_up(ruleset, claim)).answer())


def session_example(ruleset: Ruleset) -> dict[str, Any]:
    return {"game": ruleset.id, "players": seats(ruleset), "seed": EXAMPLE_SEED}


def add_examples(doc: dict[str, Any], rulesets: list[Ruleset]) -> dict[str, Any]:
    """Every game's examples in ``components/examples``, referenced by its operations."""
    examples = doc["components"].setdefault("examples", {})
    first_actions = {}
    for ruleset in rulesets:
        played = game_examples(ruleset)
        # a session created from session_example deals the same game: its first action is the same too
        first_actions[ruleset.id] = played["apply"][0]["action"]
        for name, (request, answer) in played.items():
            operation = _operation(doc, f"{ruleset.id}_{name}")
            key = f"{ruleset.id}.{name}"
            examples[key] = {"summary": f"{ruleset.title}: seed {EXAMPLE_SEED!r}", "value": request}
            examples[key + ".answer"] = {"summary": f"What the server answers to {key}", "value": answer}
            operation["requestBody"]["content"]["application/json"]["examples"] = {
                ruleset.id: {"$ref": f"#/components/examples/{key}"}}
            operation["responses"]["200"]["content"]["application/json"]["examples"] = {
                ruleset.id: {"$ref": f"#/components/examples/{key}.answer"}}
        describe = _operation(doc, f"{ruleset.id}_describe")["responses"]["200"]["content"]["application/json"]
        describe["examples"] = {ruleset.id: {"summary": f"{ruleset.title}'s metadata",
                                             "value": _plain(ruleset.metadata(detailed=True))}}
        if ruleset.Components is not None:
            served = _operation(doc, f"{ruleset.id}_components")["responses"]["200"]["content"]["application/json"]
            served["examples"] = {ruleset.id: {"summary": f"{ruleset.title}'s components",
                                               "value": _plain(ruleset.components_document())}}
    create = _operation(doc, "create_session")["requestBody"]["content"]["application/json"]
    create["examples"] = {ruleset.id: {"summary": ruleset.title, "value": session_example(ruleset)}
                          for ruleset in rulesets}
    act = _operation(doc, "session_act")["requestBody"]["content"]["application/json"]
    act["examples"] = {ruleset.id: {"summary": f"{ruleset.title}: the first action of the session created "
                                               "with its example",
                                    "value": {"action": first_actions[ruleset.id], "expected_version": 0}}
                       for ruleset in rulesets}
    for ruleset in rulesets:
        for operation_id, (status, answer) in session_answers(ruleset, first_actions[ruleset.id]).items():
            media = _operation(doc, operation_id)["responses"][status]["content"]["application/json"]
            media.setdefault("examples", {})[ruleset.id] = {
                "summary": f"{ruleset.title}: seat {first_actions[ruleset.id]['player']}'s answer in the session "
                           "created with its example (ids and tokens are stand-ins)", "value": answer}
    return doc


#: What is random in every session, shown in its examples as these stand-ins (``with_stand_ins``).
STAND_INS = {"session_id": "R6SfRifADmtCc-mEzsjp7g", "owner_token": "SI2CdetZ-owner-token",
             "seed_commitment": "sha256:" + "0" * 64}


def with_stand_ins(body: Any) -> Any:
    """A session answer with its random ids, tokens and commitment replaced by fixed stand-ins."""
    if isinstance(body, list):
        return [with_stand_ins(item) for item in body]
    if not isinstance(body, dict):
        return body
    out = {key: with_stand_ins(value) for key, value in body.items()}
    for key, stand_in in STAND_INS.items():
        if key in out:
            out[key] = stand_in
    if "seat_tokens" in out:
        out["seat_tokens"] = [f"mKg6qD6B-seat-{seat}-token" for seat in range(len(out["seat_tokens"]))]
    return out


def session_answers(ruleset: Ruleset, action: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """Operation id -> (status, answer) of a session created from ``session_example``, read by the seat
    that plays ``action``, then after it: what the session operations answer, by their own logic."""
    sessions = Sessions(MemoryStore(idle_seconds=60), wait_max_seconds=0)
    example = session_example(ruleset)
    created = sessions.create(example["game"], example["players"], example["seed"]).body
    session_id, token = created["session_id"], created["seat_tokens"][action["player"]]
    narrowed = _narrowing(action)
    answers = {
        "create_session": ("201", created),
        "read_session": ("200", sessions.read(session_id, token).body),
        "session_legal_actions": ("200", sessions.legal_actions(session_id, token, narrowed["types"],
                                                                narrowed.get("where")).body),
        "session_act": ("200", sessions.act(session_id, token, action, 0).body),
        "session_log": ("200", sessions.log(session_id, token).body),
    }
    return {operation_id: (status, with_stand_ins(_plain(body))) for operation_id, (status, body) in answers.items()}


def _operation(doc: dict[str, Any], operation_id: str) -> dict[str, Any]:
    for item in doc["paths"].values():
        for key, operation in item.items():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                return operation
    raise KeyError(operation_id)
