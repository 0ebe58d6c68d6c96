"""The refusal catalogue: every way a game can say no, declared once.

A game declares each of its refusal codes once, with the rule IDs it may cite, the HTTP
status it answers and one message template with named values, and raises it by calling
the entry::

    refusals = Catalogue()
    NOT_ADJACENT = refusals.entry("space_not_adjacent", ("SOL-3.2",),
                                  "Space {space} is not next to one of your buildings.")
    ...
    raise NOT_ADJACENT(space=label)            # the one rule it cites
    raise CARD_NOT_IN_HAND("JAVA-7.2", card=card_id)   # one of several, named
    raise INSUFFICIENT("SOL-5.4", ..., explain={"needed": {"stone": 2}, "have": {"stone": 1}})

``explain`` says what a rule comparing amounts or positions compared: what the move needed and
what the seat has, or the space and what it had to be next to. Every detail sentence is built from its template, so the catalogue served in a game's
metadata lists every code the game can answer with the sentence it words. Core's own codes
(the loop, setup, decoding) live in :data:`CORE`; a game's served catalogue lists them with
the rules that game cites for them.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from . import errors
from .errors import IllegalAction, InvalidAction, InvalidSetup, InvalidState, RulesetError


def _placeholders(template: str) -> frozenset[str]:
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            if not name.isidentifier():
                raise ValueError(f"template placeholders are names: {template!r}")
            names.add(name)
    return frozenset(names)


@dataclass(frozen=True)
class Refusal:
    """One refusal code: the rules it cites, its status, its sentence.

    ``rules`` empty with ``any_rule`` true: the code is core's and each game cites its own rule.
    """

    code: str
    rules: tuple[str, ...]
    message: str
    status: int = 422
    error: type[RulesetError] = IllegalAction
    any_rule: bool = False
    placeholders: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "placeholders", _placeholders(self.message))

    def __call__(self, rule: str | None = None, /, *, context: Mapping[str, Any] | None = None,
                 explain: Mapping[str, Any] | None = None, **values: Any) -> RulesetError:
        """The refusal, worded from the template with ``values``; ``context`` adds problem members,
        ``explain`` what the rule compared (JSON values: it is served as it is)."""
        if rule is None:
            if len(self.rules) > 1:
                raise ValueError(f"{self.code} cites one of {self.rules}: name it")
            rule = self.rules[0] if self.rules else None
        elif rule not in self.rules and not self.any_rule:
            raise ValueError(f"{self.code} does not cite {rule} (its catalogue entry lists {self.rules})")
        if values.keys() != self.placeholders:
            raise ValueError(f"{self.code} takes {sorted(self.placeholders)}, given {sorted(values)}")
        errors.wording = self
        try:
            refusal = self.error.worded(self.code, rule, self.message.format_map(values), dict(context or {}))
        finally:
            errors.wording = None
        refusal.entry = self
        refusal.params = values
        if explain is not None:
            refusal.explain = dict(explain)
        return refusal

    def describe(self, rules: Iterable[str] | None = None) -> dict[str, Any]:
        return {"code": self.code, "rules": list(self.rules if rules is None else rules), "status": self.status,
                "message": self.message}


@dataclass(frozen=True)
class Phrase:
    """A part of a sentence that a refusal's value words from a template of its own (``must be one of
    {choices}``), so that a translated refusal can translate its values too. ``str()`` is its English."""

    name: str
    template: str
    #: core's phrases name their domain; a game's (declared on its :class:`Catalogue`) take the game's
    domain: str | None = None

    def __call__(self, **values: Any) -> "Worded":
        if values.keys() != _placeholders(self.template):
            raise ValueError(f"phrase {self.name} takes {sorted(_placeholders(self.template))}, given {sorted(values)}")
        return Worded(self, values)


@dataclass(frozen=True)
class Worded:
    """A phrase with its values: the English text wherever it is formatted."""

    phrase: Phrase
    values: Mapping[str, Any]
    #: the text begins a sentence: its first letter capitalized (a no-op in Chinese)
    capital: bool = False

    def __str__(self) -> str:
        text = self.phrase.template.format_map(self.values)
        return capitalize(text) if self.capital else text

    def capitalized(self) -> "Worded":
        return Worded(self.phrase, self.values, True)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


class Phrases:
    """The phrases of one gettext domain (core's: :data:`CORE_PHRASES`)."""

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._phrases: dict[str, Phrase] = {}

    def phrase(self, name: str, template: str) -> Phrase:
        if name in self._phrases:
            raise ValueError(f"phrase {name!r} is declared twice")
        _placeholders(template)
        self._phrases[name] = Phrase(name, template, self.domain)
        return self._phrases[name]

    def __iter__(self) -> Iterator[Phrase]:
        return iter(self._phrases.values())


class Catalogue:
    """A game's refusals, one entry per code."""

    def __init__(self, *included: "Catalogue") -> None:
        self._entries: dict[str, Refusal] = {}
        self._phrases: dict[str, Phrase] = {}
        for other in included:
            for entry in other:
                self._add(entry)
            self._phrases.update(other._phrases)

    def entry(self, code: str, rules: Iterable[str], message: str, *, status: int = 422,
              error: type[RulesetError] = IllegalAction, any_rule: bool = False) -> Refusal:
        """Declare a code (once) and answer the entry that raises it."""
        return self._add(Refusal(code, tuple(rules), message, status, error, any_rule))

    def phrase(self, name: str, template: str) -> Phrase:
        """Declare a phrase (once): a value the game words into its refusals' sentences ("a key card",
        "seat 2 to build"), so that a translated refusal reads translated values too. Its texts are the
        game's, under the context ``phrase <name>``."""
        if name in self._phrases:
            raise ValueError(f"phrase {name!r} is declared twice")
        _placeholders(template)
        self._phrases[name] = Phrase(name, template)
        return self._phrases[name]

    def phrases(self) -> list[Phrase]:
        return list(self._phrases.values())

    def _add(self, entry: Refusal) -> Refusal:
        if entry.code in self._entries:
            raise ValueError(f"refusal code {entry.code!r} is declared twice")
        self._entries[entry.code] = entry
        return entry

    def __iter__(self) -> Iterator[Refusal]:
        return iter(self._entries.values())

    def __contains__(self, code: object) -> bool:
        return code in self._entries

    def __getitem__(self, code: str) -> Refusal:
        return self._entries[code]

    def __len__(self) -> int:
        return len(self._entries)

    def codes(self) -> list[str]:
        return list(self._entries)


#: Core's own refusals: the loop's, setup's and decoding's. Each game cites its own rules for them.
CORE = Catalogue()
GAME_OVER = CORE.entry("game_over", (), "The game is over; no more actions are taken.", any_rule=True)
WRONG_PHASE = CORE.entry("wrong_phase", (), "A {action} action belongs to {where}; the game is in the {phase} phase.",
                         any_rule=True)
NOT_YOUR_TURN = CORE.entry("not_your_turn", (), "Seat {player} may not act now: the game awaits {awaited}.",
                           any_rule=True)
UNKNOWN_PLAYER = CORE.entry("unknown_player", (),
                            "Seat {player} is not in this {seats}-player game (seats are 0 to {last}).",
                            error=InvalidAction, any_rule=True)
INVALID_ACTION = CORE.entry("invalid_action", (), "The action does not fit this game's actions: {reason}",
                            error=InvalidAction, any_rule=True)
INVALID_STATE = CORE.entry("invalid_state", (), "The state is not one this game can be in: {reason}",
                           error=InvalidState, any_rule=True)
WRONG_GAME = CORE.entry("wrong_game", (), "This state belongs to '{given}', not '{expected}'.", error=InvalidState)
RULES_VERSION_MISMATCH = CORE.entry(
    "rules_version_mismatch", (),
    "This state was made under rules version {given}; this referee plays {game} {expected}.", error=InvalidState)
COUNTER_OVERFLOW = CORE.entry("counter_overflow", (),
                              "This action would take {path} outside the bounds its type allows "
                              "(counters stay within 0 to {bound}).")
INVALID_PLAYER_COUNT = CORE.entry("invalid_player_count", (),
                                  "{game} is played by {low} to {high} players with these options, not {players}.",
                                  error=InvalidSetup, any_rule=True)
INVALID_OPTIONS = CORE.entry("invalid_options", (), "Option '{option}' {requirement}.", error=InvalidSetup,
                             any_rule=True)
INVALID_SEED = CORE.entry("invalid_seed", (), "{reason}", error=InvalidSetup)
INVALID_SALT = CORE.entry("invalid_salt", (), "A salt is a string of 1 to {most} characters.", error=InvalidSetup)
INVALID_FIRST_PLAYER = CORE.entry("invalid_first_player", (), "The first player must be a seat, 0 to {last}.",
                                  error=InvalidSetup, any_rule=True)
INVALID_COLOR = CORE.entry("invalid_color", (), "{reason}", error=InvalidSetup, any_rule=True)

#: Core's phrases: the values core words into its own refusals (an option's requirement, the phase
#: an action belongs to, the seats awaited).
CORE_PHRASES = Phrases("core")
MUST_BE_BOOLEAN = CORE_PHRASES.phrase("must_be_boolean", "must be true or false")
MUST_BE_ONE_OF = CORE_PHRASES.phrase("must_be_one_of", "must be one of {choices}")
MUST_BE_INTEGER_BETWEEN = CORE_PHRASES.phrase("must_be_integer_between", "must be an integer from {minimum} to {maximum}")
MUST_BE_INTEGER_AT_LEAST = CORE_PHRASES.phrase("must_be_integer_at_least", "must be an integer of at least {minimum}")
MUST_BE_INTEGER_AT_MOST = CORE_PHRASES.phrase("must_be_integer_at_most", "must be an integer of at most {maximum}")
MUST_BE_INTEGER = CORE_PHRASES.phrase("must_be_integer", "must be an integer")
MUST_BE = CORE_PHRASES.phrase("must_be", "must be {requirement}")
PHASE_NAMED = CORE_PHRASES.phrase("phase_named", "the {phase} phase")
NO_PHASE = CORE_PHRASES.phrase("no_phase", "no phase of this game")
NOBODY = CORE_PHRASES.phrase("nobody", "nobody")
ONE_SEAT = CORE_PHRASES.phrase("one_seat", "seat {seat}")
SEATS = CORE_PHRASES.phrase("seats", "seats {seats}")
A_LIST = CORE_PHRASES.phrase("a_list", "a list")
NOT_AN_OPTION = CORE_PHRASES.phrase("not_an_option", "is not one of {game}'s options (it offers {known})")
NONE_OFFERED = CORE_PHRASES.phrase("none_offered", "none")
NO_COLOURS = CORE_PHRASES.phrase("no_colours", "{game} has no seat colours to choose.")
ONE_COLOUR_PER_SEAT = CORE_PHRASES.phrase("one_colour_per_seat", "Name one colour per seat, each once, from {colours}.")
TABLE_HAS_NO_SEED = CORE_PHRASES.phrase("table_has_no_seed", "A table game has no seed: the table shuffles and draws.")
SEED_NOT_TEXT = CORE_PHRASES.phrase("seed_not_text", "The seed must be an integer or a string.")
SEED_TOO_LONG = CORE_PHRASES.phrase("seed_too_long",
                                    "The seed must be at most {most} characters long (this one has {length}).")
OUTCOMES_NOT_A_LIST = CORE_PHRASES.phrase("outcomes_not_a_list", "outcomes is a list of at most {most} component ids.")
OUTCOME_NOT_AN_ID = CORE_PHRASES.phrase(
    "outcome_not_an_id", "outcome {index} is not a component id (a string, or a whole number for a seat or a face).")

# A table game (rulesets.core.outcomes): each draw takes the outcome the table reports.
OUTCOME_REQUIRED = CORE.entry("outcome_required", (),
                              "The rules draw {draws} more time(s) here, first from {source}: the action "
                              "carries {given} outcome(s); report what the table drew (see needed).",
                              any_rule=True)
IMPOSSIBLE_OUTCOME = CORE.entry("impossible_outcome", (),
                                "{outcome} cannot come out of {source} now.", any_rule=True)
UNEXPECTED_OUTCOME = CORE.entry("unexpected_outcome", (),
                                "The action carries {given} outcome(s), but the rules draw {drawn} here "
                                "(none in a seeded game: its seed draws).")
INVALID_OUTCOMES = CORE.entry("invalid_outcomes", (), "{reason}", error=InvalidAction)
INVALID_CHANCE = CORE.entry("invalid_chance", (), "chance is \"seeded\" or \"table\", not {given}.",
                            error=InvalidSetup)
