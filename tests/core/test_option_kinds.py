"""Core's option kinds: what ``OptionSpec.check`` accepts and refuses, and what ``describe`` tells a client.

Every game's metadata is held to the OpenAPI document's option schema, so a kind core
accepts is a kind the document describes (and the other way round).
"""

from __future__ import annotations

import pytest
import yaml
from jsonschema import Draft202012Validator

from rulesets import all_rulesets
from rulesets.core import InvalidSetup, OptionSpec
from service import create_app
from service.spec import COMMITTED

LIMIT = OptionSpec("limit", 10, "How many.", kind="int", minimum=1, maximum=1000, rule="X-1")


@pytest.mark.parametrize("value", [1, 10, 1000])
def test_an_int_option_takes_integers_within_its_bounds(value):
    LIMIT.check(value)


@pytest.mark.parametrize("value", [0, -1, 1001, True, False, "3", 1.5, 3.0, None, [3]])
def test_an_int_option_refuses_anything_else_with_its_range(value):
    with pytest.raises(InvalidSetup) as refused:
        LIMIT.check(value)
    assert refused.value.code == "invalid_options" and refused.value.rule == "X-1"
    assert refused.value.context["path"] == "$.options.limit"
    assert (refused.value.context["minimum"], refused.value.context["maximum"]) == (1, 1000)
    assert "from 1 to 1000" in refused.value.detail


def test_an_int_option_bounded_on_one_side_only():
    at_least_two = OptionSpec("n", 2, "At least two.", kind="int", minimum=2)
    at_least_two.check(10 ** 6)
    with pytest.raises(InvalidSetup) as refused:
        at_least_two.check(1)
    assert "at least 2" in refused.value.detail and "maximum" not in refused.value.context
    assert "maximum" not in at_least_two.describe()


def test_an_int_option_describes_its_bounds():
    assert LIMIT.describe() == {"name": "limit", "kind": "int", "default": 10, "description": "How many.",
                                "minimum": 1, "maximum": 1000, "rule": "X-1"}


def _option_schema():
    document = yaml.safe_load(COMMITTED.read_text())
    schemas = document["components"]["schemas"]
    # the document's own references resolve within it
    return Draft202012Validator({**schemas["OptionDescription"], "components": document["components"]})


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_served_option_fits_the_documents_option_schema(ruleset):
    validator = _option_schema()
    served = create_app({"LOG_LEVEL": "WARNING"}).test_client().get(f"/v1/games/{ruleset.id}").json["options"]
    assert served == [spec.describe() for spec in ruleset.options]
    for option in served:
        errors = [error.message for error in validator.iter_errors(option)]
        assert not errors, (option["name"], errors)
        if option["kind"] == "int":
            for bound in ("minimum", "maximum"):
                if bound in option:
                    assert isinstance(option[bound], int)
            spec = next(s for s in ruleset.options if s.name == option["name"])
            spec.check(option["default"])  # the default lies within the bounds it describes
