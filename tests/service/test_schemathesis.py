"""The live app fuzzed against its own OpenAPI document (schemathesis).

Deterministic and bounded: a fixed seed, derandomized generation, positive and
negative inputs, at most ``MAX_EXAMPLES`` per operation (a few hundred in all). Every
answer must be documented: no 5xx, a documented status and content type, a body
that fits its schema (a game's state included: it is checked against the game's
JSON Schema), documented headers.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from service import create_app
from service.records import new_signing_key
from service.sealing import new_key

MAX_EXAMPLES = 15
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]

# With sealing and record keys: fuzzing then reaches sealed states and the record key too
# (without them those answer 501, which this check counts as a server error).
APP = create_app({"TESTING": True, "LOG_LEVEL": "WARNING", "SESSION_WAIT_MAX_SECONDS": 1,
                  "STATE_SEALING_KEYS": new_key(), "GAME_RECORD_SIGNING_KEY": new_signing_key()})
CONFIG = SchemathesisConfig.from_dict({
    "seed": 20240611,
    "generation": {"deterministic": True, "max-examples": MAX_EXAMPLES, "mode": "all", "database": "none"},
    # The coverage phase enumerates boundary values per field, unbounded by max-examples.
    "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
})
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", APP, config=CONFIG)


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_api_answers_as_documented(case):
    case.call_and_validate(checks=CHECKS)
