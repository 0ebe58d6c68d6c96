"""Replay: a game rebuilt from its setup and its actions (verification, records, sessions)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Mapping, Sequence

from .commitment import salted
from .declaration import A, S
from .errors import RulesetError
from .setup import Setup


class Replay(Setup[S, A]):
    def replay(self, players: int, seed: int | str | None, options: Mapping[str, Any] | None,
               actions: Sequence[Any], *, first_player: int | None = None,
               colors: Sequence[str] | None = None, salt: str | None = None, chance: str = "seeded",
               outcomes: Sequence[Any] | None = None) -> S:
        """Setup, then every action in order; the first refusal names its ``action_index``.

        ``salt`` is the one the game's seed commitment was made with (:func:`salted`). A table game
        (``chance="table"``) replays with setup's ``outcomes`` and each action's own.
        """
        state = self.setup(players, seed, options, first_player=first_player, colors=colors, chance=chance,
                           outcomes=outcomes)
        if salt is not None:
            salted(state, salt)
        for index, raw in enumerate(actions):
            try:
                state, _ = self.apply(state, raw, in_place=True)
            except RulesetError as refusal:
                refusal.context["action_index"] = index
                raise
        return state

    @abstractmethod
    def apply(self, state: S, action: Any, *, in_place: bool = False,
              outcomes: list[Any] | None = None) -> tuple[S, list[Any]]:
        """One action applied (the play concern, :class:`rulesets.core.contract.Ruleset`)."""
