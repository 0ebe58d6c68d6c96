"""Why a session request is refused, before anyone decides how to say it over HTTP."""

from __future__ import annotations


class SessionError(Exception):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class SessionNotFound(SessionError):
    def __init__(self, session_id: str) -> None:
        super().__init__(f"No session '{session_id}' here: it never existed, was deleted, or expired after idling.")
        self.session_id = session_id


class NotAuthenticated(SessionError):
    """No token where one is required, or a token that belongs to nobody in this session."""


class NotPermitted(SessionError):
    """A valid token, asking for something its holder may not do."""

    def __init__(self, detail: str, code: str) -> None:
        super().__init__(detail)
        self.code = code


class VersionConflict(SessionError):
    def __init__(self, current: int, expected: int | None) -> None:
        if expected is None:
            detail = f"Other actions kept landing first; the session is now at version {current}. Try again."
        else:
            detail = (f"The session is at version {current}, not {expected}: another action landed first. "
                      "Read the session again and decide anew.")
        super().__init__(detail)
        self.current = current
        self.expected = expected


class SessionOutdated(SessionError):
    """The session was started under rules this referee no longer plays."""


class GameNotOver(SessionError):
    """Asked for what exists only once the game has ended (its record)."""


class NothingToUndo(SessionError):
    """The caller did not make the session's last action (or there is none)."""


class UndoNeedsConsent(SessionError):
    """The last action may be taken back only if every other seat agrees."""

    def __init__(self, detail: str, path: str, undoes: int) -> None:
        super().__init__(detail)
        self.path = path
        self.undoes = undoes


class UndoRequestNotFound(SessionError):
    """No pending undo request by that id: never made, answered, or overtaken by a new version."""


class SeatNotFound(SessionError):
    """A seat number this session does not have."""


class SeatAlreadyBot(SessionError):
    """The seat is played by a bot already."""


class InvalidSeating(SessionError):
    """``bots`` or ``turn_seconds`` at creation names a seat the game does not have (or one twice)."""

    def __init__(self, detail: str, path: str) -> None:
        super().__init__(detail)
        self.path = path


class BotsUnavailable(SessionError):
    """This server has no queue to run bots and timers on (a Redis Cluster store without WEBHOOK_REDIS_URL)."""
