"""``POST /v1/games/{game}/verify`` and the record key at ``/.well-known/tabletop-referee/game-record-key``.

Verify takes a claim about a finished game, either spelled out (players, options,
seating, seed, salt, seed_commitment, actions, and optionally scores, winners and the
final state's digest) or as a signed record exported from a session (``record`` and
``signature``, posted as exported). It answers each check on its own (``service.verify``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, request
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from rulesets.core.host import RulesetError, get_ruleset

from .api import Blueprint
from .encoding import json_response
from .envelopes import read_envelope
from .errors import marshmallow_errors
from .problems import Problem
from .records import RECORD_FORMAT, RecordSigner, parse_signing_key
from .refusals import refusal_problem
from .schemas import (Envelope, GameActionField, GameIdField, GameOptionsField, OutcomeField, SeedField, StatusSchema,
                      Violation)
from .verify import Claim, set_up, verify

SIGNER_EXTENSION = "record_signer"
KEY_PATH = "/.well-known/tabletop-referee/game-record-key"
HOW_TO_ENABLE = ("Signed game records are off on this referee: start it with GAME_RECORD_SIGNING_KEY set to an "
                 "Ed25519 key (32 bytes, URL-safe base64; make one with 'python -m service.records new-key').")

blp = Blueprint("verification", __name__, description="Check a finished game: its seed commitment, its replay, "
                                                      "its scores, and the signature of its record.")


@blp.before_request
def _resolve_game() -> None:
    """An unknown game is a 404 before the body is read."""
    game = (request.view_args or {}).get("game")
    if game is not None:
        g.ruleset = get_ruleset(game)


def install_records(app: Flask) -> None:
    key = app.config.get("GAME_RECORD_SIGNING_KEY")
    if key is None or isinstance(key, str):
        key = parse_signing_key(key)
    app.extensions[SIGNER_EXTENSION] = RecordSigner(key) if key is not None else None


def record_signer() -> RecordSigner:
    signer = current_app.extensions.get(SIGNER_EXTENSION)
    if signer is None:
        raise Problem(501, "records_not_configured", HOW_TO_ENABLE, title="Game records not enabled")
    return signer


# ---------------------------------------------------------------- schemas
class _ClaimFields(Schema):
    players = fields.Integer(strict=True, metadata={"description": "How many seats the game had."})
    options = GameOptionsField(keys=fields.String(),
                               metadata={"description": "The setup options (defaults may be left out)."})
    first_player = fields.Integer(strict=True, allow_none=True, metadata={"description": "As given at setup."})
    colors = fields.List(fields.String(), allow_none=True, metadata={"description": "As given at setup."})
    seed = SeedField(allow_none=True, metadata={"description": "The seed, revealed once the game is over "
                                                                "(none in a table game)."})
    salt = fields.String(allow_none=True, metadata={"description": "The salt, revealed with the seed."})
    seed_commitment = fields.String(allow_none=True, metadata={"description": "The commitment given when the game "
                                                                              "began (none in a table game)."})
    chance = fields.String(validate=validate.OneOf(["seeded", "table"]), metadata={
        "description": "\"table\": a real table reported the game's chance; setup's draws are in outcomes, each "
                       "action carries its own, and there is no seed or commitment to check."})
    outcomes = fields.List(OutcomeField(), allow_none=True, metadata={
        "description": "A table game's setup outcomes, as setup was given them."})
    actions = fields.List(GameActionField(), metadata={"description": "Every action since setup, in full, in order."})
    scores = fields.List(fields.Integer(strict=True), allow_none=True,
                         metadata={"description": "The final scores claimed (checked when given)."})
    winners = fields.List(fields.Integer(strict=True), allow_none=True,
                          metadata={"description": "The winners claimed (checked when given)."})
    final_state_sha256 = fields.String(allow_none=True, metadata={
        "description": "`sha256:<hex>` of the final state's canonical JSON (checked when given)."})


_CLAIM_REQUIRED = ("players", "seed", "seed_commitment", "actions")
_TABLE_CLAIM_REQUIRED = ("players", "actions")  # a table game has no seed and no commitment


class GameRecordSchema(_ClaimFields):
    """A finished session's record, as ``GET /v1/sessions/{id}/record`` exports it."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True, validate=validate.Equal(RECORD_FORMAT))
    game = GameIdField(required=True)
    rules_version = fields.String(required=True)
    session_id = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    seed = SeedField(required=True, allow_none=True)
    seed_commitment = fields.String(required=True, allow_none=True)
    actions = fields.List(GameActionField(), required=True)


class RecordSignature(Schema):
    alg = fields.String(required=True, metadata={"description": "EdDSA (Ed25519)."})
    kid = fields.String(required=True, metadata={"description": "The signing key's RFC 7638 thumbprint."})
    value = fields.String(required=True, metadata={"description": "URL-safe base64 signature over the record's "
                                                                  "canonical JSON (keys sorted, no whitespace)."})


class SignedGameRecord(Schema):
    record = fields.Nested(GameRecordSchema, required=True)
    signature = fields.Nested(RecordSignature, required=True)


class VerifyRequest(Envelope, _ClaimFields):
    """A claim spelled out, or a signed record (``record`` and ``signature``) as exported."""

    record = fields.Dict(metadata={"description": "A signed game record's record (send with signature, alone)."})
    signature = fields.Dict(metadata={"description": "A signed game record's signature."})


class ReplayOutcome(Schema):
    ok = fields.Boolean(required=True)
    applied = fields.Integer(required=True, metadata={"description": "How many actions the replay accepted."})
    action_index = fields.Integer(metadata={"description": "The first refused action."})
    violation = fields.Nested(Violation)


class SignatureOutcome(Schema):
    valid = fields.Boolean(required=True)
    kid = fields.String(allow_none=True)


class VerifyResponse(Schema):
    verified = fields.Boolean(required=True, metadata={"description": "Every check below holds."})
    commitment_matches = fields.Boolean(required=True, allow_none=True, metadata={
        "description": "null in a table game: the table shuffled, so nothing was committed to (see chance)."})
    chance = fields.String(required=True, metadata={
        "description": "\"seeded\", or \"table\": the replay took each draw from the outcomes recorded with "
                       "setup and each action, and no commitment was checked."})
    replay = fields.Nested(ReplayOutcome, required=True)
    game_over = fields.Boolean(required=True)
    status = fields.Nested(StatusSchema, required=True, allow_none=True)
    scores_match = fields.Boolean(required=True, allow_none=True, metadata={"description": "null: nothing claimed."})
    final_state_matches = fields.Boolean(required=True, allow_none=True,
                                         metadata={"description": "null: nothing claimed."})
    signature = fields.Nested(SignatureOutcome, required=True, allow_none=True,
                              metadata={"description": "null: not a signed record."})
    reasons = fields.List(fields.String(), required=True, metadata={"description": "Why it is not verified."})


class JsonWebKey(Schema):
    kty = fields.String(required=True)
    crv = fields.String(required=True)
    x = fields.String(required=True)
    kid = fields.String(required=True)
    alg = fields.String(required=True)
    use = fields.String(required=True)


class JsonWebKeySet(Schema):
    keys = fields.List(fields.Nested(JsonWebKey), required=True)


# ---------------------------------------------------------------- endpoints
def _invalid(errors: list[dict[str, str]]) -> Problem:
    first = errors[0]
    return Problem(422, "invalid_request", f"{first['path']}: {first['message']}", title="Invalid request",
                   errors=errors)


def _claim(body: dict[str, Any]) -> tuple[Claim, dict[str, Any] | None]:
    """The claim a request makes, and for a signed record, the signature's verdict."""
    if "record" in body or "signature" in body:
        others = sorted(set(body) - {"record", "signature"})
        if others:
            raise _invalid([{"path": f"$.{name}", "message": "a signed record is posted alone, as exported"}
                            for name in others])
        try:
            document = SignedGameRecord().load({"record": body.get("record"), "signature": body.get("signature")})
        except ValidationError as error:
            raise _invalid(marshmallow_errors(error.messages)) from None
        record, signature = document["record"], document["signature"]
        return _record_claim(record), _signature_verdict(body["record"], signature, record)
    required = _TABLE_CLAIM_REQUIRED if body.get("chance") == "table" else _CLAIM_REQUIRED
    missing = [name for name in required if name not in body]
    if missing:
        raise _invalid([{"path": f"$.{name}", "message": "Missing data for required field."} for name in missing])
    return Claim(**{"seed": None, "seed_commitment": None, **body}), None  # a table game's claim names neither


def _record_claim(record: dict[str, Any]) -> Claim:
    members = {name: record[name] for name in _ClaimFields._declared_fields if name in record}
    return Claim(**members)


def _signature_verdict(raw_record: dict[str, Any], signature: dict[str, Any], record: dict[str, Any]) -> dict:
    signer = current_app.extensions.get(SIGNER_EXTENSION)
    problem = "this referee holds no record key" if signer is None else signer.check(raw_record, signature)
    if problem is None and (record["game"] != g.ruleset.id or record["rules_version"] != g.ruleset.rules_version):
        problem = f"the record is of {record['game']} {record['rules_version']}, not {g.ruleset.id} " \
                  f"{g.ruleset.rules_version}"
    return {"valid": problem is None, "kid": signature.get("kid"), "problem": problem}


@blp.route("/v1/games/<game:game>/verify", methods=["POST"])
@blp.arguments(VerifyRequest, decoder=lambda schema: read_envelope(schema, g.ruleset))
@blp.response(200, VerifyResponse)
@blp.documents_errors(400, 404, 413, 415)
def verify_game(body: dict[str, Any], game: str):
    """Check a finished game: the seed and salt open its commitment, the actions replay to the end, and
    the end is the one claimed (scores, winners, final state). A signed record is checked against this
    referee's key too."""
    ruleset = g.ruleset
    claim, signature = _claim(body)
    try:
        state = set_up(ruleset, claim)
    except RulesetError as refusal:
        base = "$.record" if signature is not None else "$"
        raise refusal_problem(refusal, base) from None
    verdict = verify(ruleset, claim, state)
    if signature is not None:
        problem = signature.pop("problem")
        verdict.signature = signature
        if problem is not None:
            verdict.reasons.insert(0, f"The signature does not hold: {problem}.")
    return json_response(verdict.answer())


@blp.route(KEY_PATH)
@blp.response(200, JsonWebKeySet)
@blp.documents_errors(501)
def game_record_key():
    """The public key game records are signed with, as a JSON Web Key Set (Ed25519)."""
    response = json_response(record_signer().jwks())
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
