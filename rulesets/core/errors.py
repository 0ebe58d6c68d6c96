"""The ways a request to a ruleset can be refused.

Every refusal carries a machine-readable ``code``, the rule ID it cites and a
sentence a player understands. The HTTP layer turns these into RFC 9457 problems
without knowing any game. Games raise them through their refusal catalogue
(:mod:`rulesets.core.refusals`), which words every sentence from one template per code.
"""

from __future__ import annotations

from typing import Any, Callable

#: Set by a test run to see every refusal made, with the catalogue entry that worded it (None: made
#: by hand). ``tests/refusal_coverage.py`` checks the catalogues with it.
observer: Callable[["RulesetError", Any], None] | None = None
#: The catalogue entry wording the refusal being made now (set by ``Refusal.__call__``).
wording: Any = None


class RulesetError(Exception):
    """Base of every refusal a ruleset raises; never a bug."""

    code: str = "ruleset_error"
    rule: str | None = None
    #: the catalogue entry that worded it (:class:`rulesets.core.refusals.Refusal`), and its values
    entry: Any = None
    params: dict[str, Any] | None = None
    #: what the rule compared, where it compares amounts or positions (``{"needed": {...}, "have":
    #: {...}}``, ``{"space": ..., "adjacent_to": [...]}``): given by the raise site, served as it is.
    explain: dict[str, Any] | None = None
    #: up to three legal actions of the seat closest to the refused one (``rulesets.core.nearest``).
    nearest: list[Any] | None = None

    def __init__(self, code: str, rule: str | None, detail: str, **context: Any) -> None:
        super().__init__(detail)
        self.code = code
        self.rule = rule
        self.detail = detail
        self.context = context
        if observer is not None:
            observer(self, wording)

    @classmethod
    def worded(cls, code: str, rule: str | None, detail: str, context: dict[str, Any]) -> "RulesetError":
        """The refusal as a catalogue words it (each subclass takes its own constructor's shape)."""
        return cls(code, rule, detail, **context)

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "rule": self.rule, "detail": self.detail}
        if self.context:
            body["context"] = self.context
        return body

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.rule!r}, {self.detail!r})"


class IllegalAction(RulesetError):
    """The action is well formed but the rules forbid it now."""


class _WithPath(RulesetError):
    def __init__(self, detail: str, path: str = "$", rule: str | None = None,
                 code: str = "ruleset_error", **context: Any) -> None:
        super().__init__(code, rule, detail, path=path, **context)
        self.path = path

    @classmethod
    def worded(cls, code: str, rule: str | None, detail: str, context: dict[str, Any]) -> "RulesetError":
        rest = dict(context)
        path = rest.pop("path", "$")
        return cls(detail, path, rule, code, **rest)


class InvalidState(_WithPath):
    """The posted state does not fit the game's types or contradicts its components.

    ``path`` is a JSON path such as ``$.players[2].storage.wood``.
    """

    def __init__(self, detail: str, path: str = "$", rule: str | None = None,
                 code: str = "invalid_state", **context: Any) -> None:
        super().__init__(detail, path, rule, code, **context)


class InvalidAction(_WithPath):
    """The action does not fit the game's action schema (unknown type, wrong field)."""

    def __init__(self, detail: str, path: str = "$", rule: str | None = None,
                 code: str = "invalid_action", **context: Any) -> None:
        super().__init__(detail, path, rule, code, **context)


class InvalidSetup(RulesetError):
    """A game cannot be created with these players or options."""
