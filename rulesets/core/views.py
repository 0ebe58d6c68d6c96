"""What a seat sees: every view of a state, an event or a logged action comes from the game's
hidden-information declaration alone, so nothing a seat may not see reaches it through a game's
own code."""

from __future__ import annotations

from typing import Any, Iterable

from .codec import convert
from .declaration import A, Declaration, S
from .drawing import Frame, Svg, generic
from .events import Event, seen_by
from .secrecy import concealed_as, redact


class Views(Declaration[S, A]):
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as JSON-ready builtins."""
        out: dict[str, Any] = redact(state, player, state)
        out["viewer"] = player
        return out

    def draw(self, frame: Frame) -> Svg:
        """The picture of a seat's view (``frame``, built by core from the view alone).

        A game draws its own table by overriding this; until it does, core draws the
        heading and a row per seat.
        """
        return generic(frame)

    def view_events(self, events: Iterable[Any], player: int | None) -> list[Any]:
        """The events ``player`` may see, each as it may see it, as the game's event types declare.

        ``events`` are the game's event Structs, or their JSON (read back from a session's log).
        """
        typed = [event if isinstance(event, Event) else self.load_event(event) for event in events]
        return seen_by(typed, player)

    def load_event(self, raw: Any) -> Event:
        event: Event = convert(raw, self.Event)
        return event

    def view_action(self, action: Any, player: int | None, state: S | None = None) -> dict[str, Any]:
        """An applied action as ``player`` may see it (fields marked private stay with the actor).

        ``state`` is the current state, for sealed fields that a reveal has opened. An action type
        declared ``concealed`` reaches other seats as its disguise only.
        """
        shown_as = concealed_as(type(action))
        if shown_as is not None and player != action.player:
            return {"type": shown_as, "player": action.player}
        shown: dict[str, Any] = redact(action, player, state, owner=action.player)
        return shown
