"""Posted states checked against the components and against themselves."""

from __future__ import annotations

from .state import JavaState


def check(state: JavaState) -> None:
    pass
