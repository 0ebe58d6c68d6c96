"""The document's ``webhooks`` (OpenAPI 3.1): what the referee POSTs to a session's webhook URLs.

apispec has no notion of webhooks, so the section is written here and added to the
generated document; its payload is :mod:`service.webhooks.payloads`' shape.
"""

from __future__ import annotations

from typing import Any

from .webhooks.payloads import GAME_OVER, TURN

_HEADERS = {
    "webhook-id": "The delivery's id: the same on every retry of one delivery (deduplicate on it).",
    "webhook-timestamp": "When this attempt was signed, in Unix seconds (reject one far from now).",
    "webhook-signature": "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` under the "
                         "session's webhook_secret (the part after `whsec_`, base64-decoded), as the Standard "
                         "Webhooks specification says; its libraries verify it (`Webhook(secret).verify`).",
}
_STATUS = {
    "type": "object",
    "description": "The session's status at this version, as every read shows it.",
    "properties": {
        "phase": {"type": "string"},
        "round": {"type": "integer"},
        "active_players": {"type": "array", "items": {"type": "integer"}},
        "game_over": {"type": "boolean"},
        "scores": {"type": ["array", "null"], "items": {"type": "integer"}},
        "winners": {"type": ["array", "null"], "items": {"type": "integer"}},
    },
    "required": ["phase", "round", "active_players", "game_over"],
}


def _payload(event: str, description: str, extra: dict[str, Any]) -> dict[str, Any]:
    data = {
        "type": "object",
        "description": "A spectator's share of the session only: no seat's hand, no seed before the end.",
        "properties": {
            "session_id": {"type": "string"},
            "game": {"type": "string", "description": "The ruleset id."},
            "version": {"type": "integer", "description": "The committed version (an action or an undo)."},
            "active_players": {"type": "array", "items": {"type": "integer"},
                               "description": "The seats that may act now."},
            "status": _STATUS,
            "view": {"type": "object", "description": "The spectator's view, as GET /v1/sessions/{id} "
                                                      "without a token shows it at this version."},
            **extra,
        },
        "required": ["session_id", "game", "version", "active_players", "status", "view", *extra],
    }
    return {"post": {
        "summary": f"`{event}`: {description}",
        "description": "POSTed to each URL of the session's `webhooks` that lists this event, from a durable "
                       "queue: any answer but a 2xx (a redirect included, never followed), or none within "
                       "WEBHOOK_TIMEOUT_SECONDS, is retried after each of WEBHOOK_RETRY_SECONDS.",
        "operationId": f"webhook_{event}",
        "tags": ["sessions"],
        "parameters": [{"name": name, "in": "header", "required": True, "description": text,
                        "schema": {"type": "string"}} for name, text in _HEADERS.items()],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object",
            "properties": {"type": {"type": "string", "enum": [event]},
                           "timestamp": {"type": "string", "format": "date-time"},
                           "data": data},
            "required": ["type", "timestamp", "data"]}}}},
        "responses": {"2XX": {"description": "Delivered: no retry."}},
    }}


def webhooks_section() -> dict[str, Any]:
    return {
        TURN: _payload(TURN, "a committed version leaves some seat to act.", {}),
        GAME_OVER: _payload(GAME_OVER, "the game has ended (scores and winners in the status).", {
            "seed": {"type": "string", "description": "The seed, public now that the game is over."},
            "salt": {"type": ["string", "null"], "description": "The salt that opens the seed commitment."},
        }),
    }
