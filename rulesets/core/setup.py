"""Setup: the player count, the seats and the options, checked in the order rulebooks list them,
then the game's own ``create``."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Mapping, Sequence

from . import refusals as core_refusals
from . import outcomes as table
from .declaration import A, Declaration, S
from .errors import RulesetError
from .rng import MAX_SEED_LENGTH, TABLE_SEED, normalize_seed
from .seating import Seating


class Setup(Declaration[S, A]):
    def setup(self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None, *,
              first_player: int | None = None, colors: Sequence[str] | None = None,
              chance: str = "seeded", outcomes: Sequence[Any] | None = None) -> S:
        """A new game for ``players`` seats; all chance comes from ``seed``, or with
        ``chance="table"`` from a real table: no seed, and setup's own deals are the ``outcomes``
        the table reports (:mod:`.outcomes`).

        Refusals come in the order rulebooks list a game's creation checks: the player
        count, the seats (colours, first player), then forbidden combinations of
        options, then each option on its own.
        """
        given = dict(options or {})
        chosen = {spec.name: given.get(spec.name, spec.default) for spec in self.options}
        low, high = self.player_range(chosen)
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise core_refusals.INVALID_PLAYER_COUNT(self.player_count_rule, game=self.title, low=low, high=high,
                                                     players=players, context={"path": "$.players", "min": low,
                                                                               "max": high})
        seating = Seating(first_player=self._check_first_player(players, first_player),
                          colors=self._check_colors(players, colors), first_player_named=first_player is not None,
                          first_player_drawn=self.first_player_drawn, seats=players)
        self.check_options(chosen)
        resolved = self.resolve_options(given)
        if chance not in ("seeded", "table"):
            raise core_refusals.INVALID_CHANCE(given=str(chance)[:40], context={"path": "$.chance"})
        # a tuple is a list here; a string is no list of ids (list('ab') would be two)
        reported = table.check_outcomes(list(outcomes) if isinstance(outcomes, tuple) else outcomes) \
            if outcomes is not None else []
        if chance == "table":
            if seed is not None:
                raise core_refusals.INVALID_SEED(reason=core_refusals.TABLE_HAS_NO_SEED(),
                                                 context={"path": "$.seed"})
            return self._create_at_table(players, resolved, seating, reported)
        if reported:
            raise table.unexpected(len(reported), 0)
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise core_refusals.INVALID_SEED(reason=core_refusals.SEED_NOT_TEXT(), context={"path": "$.seed"})
        if seed is not None and len(str(seed)) > MAX_SEED_LENGTH:
            raise core_refusals.INVALID_SEED(reason=core_refusals.SEED_TOO_LONG(most=MAX_SEED_LENGTH,
                                                                               length=len(str(seed))),
                                             context={"path": "$.seed"})
        seed_text = normalize_seed(seed)
        return self.create(players, seed_text, resolved, seating)

    def _create_at_table(self, players: int, options: dict[str, Any], seating: Seating, outcomes: list[Any]) -> S:
        with table.reported(outcomes) as feed:
            try:
                state = self.create(players, TABLE_SEED, options, seating)
            except RulesetError:
                if feed.unmet:
                    raise feed.required() from None
                raise
        feed.finish()
        state.rng.seed = TABLE_SEED
        state.rng.chance = "table"
        return state

    def _check_colors(self, players: int, colors: Sequence[str] | None) -> tuple[str, ...]:
        if colors is None:
            return self.colors[:players]
        if not self.colors:
            raise self.color_refusal(self.color_rule, reason=core_refusals.NO_COLOURS(game=self.title),
                                     context={"path": "$.colors"})
        if (not isinstance(colors, (list, tuple)) or len(colors) != players
                or any(not isinstance(c, str) or c not in self.colors for c in colors) or len(set(colors)) != players):
            raise self.color_refusal(self.color_rule,
                                     reason=core_refusals.ONE_COLOUR_PER_SEAT(colours=", ".join(self.colors)),
                                     context={"path": "$.colors", "choices": list(self.colors)})
        return tuple(colors)

    def _check_first_player(self, players: int, first_player: int | None) -> int:
        if first_player is None:
            return 0
        if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
            raise self.first_player_refusal(self.first_player_rule, last=players - 1,
                                            context={"path": "$.first_player"})
        return first_player

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option with its value (given or default), each checked on its own."""
        known = {spec.name: spec for spec in self.options}
        for name in given:
            if name not in known:
                raise core_refusals.INVALID_OPTIONS(
                    option=name,
                    requirement=core_refusals.NOT_AN_OPTION(game=self.title,
                                                            known=", ".join(known) or core_refusals.NONE_OFFERED()),
                    context={"path": f"$.options.{name}"})
        resolved = {}
        for name, spec in known.items():
            value = given.get(name, spec.default)
            spec.check(value)
            resolved[name] = value
        return resolved

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Player counts allowed with these options (a solo variant may narrow it).

        It runs before the options are checked: a value may be of the wrong type.
        """
        return self.min_players, self.max_players

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse forbidden combinations of options (raise ``InvalidSetup``).

        It runs before each option's own check, so a value may be of the wrong type:
        refuse only the combinations recognised for certain.
        """

    @abstractmethod
    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> S:
        """Build the starting state (the rulebook's setup section)."""
