"""What a client may look up about a game without playing it: its metadata, its refusal catalogue
(core's codes with the rules this game cites for them, then the game's own) and its components."""

from __future__ import annotations

from typing import Any

from . import refusals as core_refusals
from .declaration import A, Declaration, S
from .loop import action_type
from .refusals import CORE, Refusal
from .rule_index import rule_entry, rule_order


class Described(Declaration[S, A]):
    def metadata(self, detailed: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
        }
        if detailed:
            out["options"] = [spec.describe() for spec in self.options]
            out["colors"] = list(self.colors)
            out["actions"] = [action_type(kind) for kind in self.flow.action_types()]
            out["rules"] = [rule_entry(rule_id, rule) for rule_id, rule in self.rules.items()]
            out["errors"] = [entry.describe(rules) for entry, rules in self.refusal_catalogue()]
            out["notes"] = dict(self.notes)
        return out

    def refusal_catalogue(self) -> list[tuple[Refusal, list[str]]]:
        """Every refusal the game can answer, core's first, each with the rules this game cites for it."""
        cited = self._rules_cited_for_core_codes()
        replaced = {core_refusals.NOT_YOUR_TURN.code} - {phase.not_your_turn.code for phase in self.flow.phases}
        replaced |= {core_refusals.INVALID_FIRST_PLAYER.code} - {self.first_player_refusal.code}
        replaced |= {core_refusals.INVALID_COLOR.code} - {self.color_refusal.code}
        out = [(entry, sorted(cited.get(entry.code, ()), key=rule_order) if entry.any_rule else list(entry.rules))
               for entry in CORE if entry.code not in self.refusals and entry.code not in replaced]
        out += [(entry, list(entry.rules)) for entry in self.refusals]
        return out

    def _rules_cited_for_core_codes(self) -> dict[str, set[str]]:
        """The rules this game cites for core's codes: from its phase table and its setup declarations."""
        cited: dict[str, set[str]] = {}

        def cite(code: str, rule: str | None) -> None:
            if rule is not None:
                cited.setdefault(code, set()).add(rule)

        flow = self.flow
        cite("game_over", flow.game_over_rule)
        cite("unknown_player", flow.unknown_player_rule)
        for phase in flow.phases:
            cite("wrong_phase", phase.wrong_phase_rule)
            cite(phase.not_your_turn.code, phase.not_your_turn_rule)
        cite("invalid_player_count", self.player_count_rule)
        cite(self.first_player_refusal.code, self.first_player_rule)
        cite(self.color_refusal.code, self.color_rule)
        for spec in self.options:
            cite("invalid_options", spec.rule)
        for code, rules in self.core_rules.items():
            for rule in rules:
                cite(code, rule)
        return cited

    def components_document(self) -> Any:
        """The game's component data as served to clients (an instance of ``Components``)."""
        raise NotImplementedError(f"{self.id} serves no components document")
