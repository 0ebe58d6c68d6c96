"""The variants a game offers at setup, each checked by core before the game's own setup runs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import refusals as core_refusals
from .errors import RulesetError
from .refusals import Worded


@dataclass(frozen=True)
class OptionSpec:
    """One variant a game offers at setup."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None  # enumerated values; None for free-form
    kind: str = "enum"  # "enum", "bool", "int" (with its minimum and maximum) or "list"
    rule: str | None = None
    assumed: bool = False  # True when the variant rests on ASSUMED data
    #: for a "list": what the value must satisfy, and how to say so when it does not.
    validate: Callable[[Any], bool] | None = None
    requirement: "str | Worded" = field(default_factory=lambda: core_refusals.A_LIST())
    #: for an "int": the smallest and largest values allowed (None: unbounded on that side).
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("enum", "bool", "int", "list"):
            raise ValueError(f"option {self.name!r}: kind must be enum, bool, int or list, not {self.kind!r}")
        if (self.minimum is not None or self.maximum is not None) and self.kind != "int":
            raise ValueError(f"option {self.name!r}: only an int option has a minimum or a maximum")

    def check(self, value: Any) -> None:
        if value is None and self.default is None:
            return  # "not chosen": the game derives it (from the player count, the component file...)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self.refused(core_refusals.MUST_BE_BOOLEAN())
        elif self.kind == "enum":
            if value not in (self.choices or ()):
                raise self.refused(core_refusals.MUST_BE_ONE_OF(choices=", ".join(map(str, self.choices or ()))))
        elif self.kind == "int":
            # bool is an int subclass in Python; JSON's true is no number of drafts.
            if (isinstance(value, bool) or not isinstance(value, int)
                    or (self.minimum is not None and value < self.minimum)
                    or (self.maximum is not None and value > self.maximum)):
                bounds = {key: bound for key, bound in (("minimum", self.minimum), ("maximum", self.maximum))
                          if bound is not None}
                raise self.refused(self._int_range(), **bounds)
        elif self.kind == "list":
            if not isinstance(value, list) or (self.validate is not None and not self.validate(value)):
                raise self.refused(core_refusals.MUST_BE(requirement=self.requirement))

    def refused(self, requirement: "str | Worded", **members: Any) -> RulesetError:
        """This option's ``invalid_options`` refusal ("Option 'x' must be ..."); ``members`` join the problem.
        ``requirement`` is best one of core's phrases (``MUST_BE_BOOLEAN()``): a phrase reads translated."""
        return core_refusals.INVALID_OPTIONS(self.rule, option=self.name, requirement=requirement,
                                             context={"path": f"$.options.{self.name}", **members})

    def _int_range(self) -> Worded:
        if self.minimum is not None and self.maximum is not None:
            return core_refusals.MUST_BE_INTEGER_BETWEEN(minimum=self.minimum, maximum=self.maximum)
        if self.minimum is not None:
            return core_refusals.MUST_BE_INTEGER_AT_LEAST(minimum=self.minimum)
        if self.maximum is not None:
            return core_refusals.MUST_BE_INTEGER_AT_MOST(maximum=self.maximum)
        return core_refusals.MUST_BE_INTEGER()

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default,
                               "description": self.description}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.kind == "int":
            if self.minimum is not None:
                out["minimum"] = self.minimum
            if self.maximum is not None:
                out["maximum"] = self.maximum
        if self.rule:
            out["rule"] = self.rule
        if self.assumed:
            out["assumed"] = True
        return out
