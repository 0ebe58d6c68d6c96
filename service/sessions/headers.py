"""The HTTP headers sessions speak: bearer tokens, ETags and the preconditions on them."""

from __future__ import annotations

import re

from ..problems import Problem
from .schemas import MAX_VERSION

#: RFC 6750's token68 characters; our tokens are URL-safe base64, well inside this.
_BEARER = re.compile(r"^Bearer +([A-Za-z0-9\-._~+/]+=*) *$", re.IGNORECASE)
_MAX_AUTHORIZATION = 512
_STRONG_TAG = re.compile(r'^"(\d{1,18})"$')
_ANY_TAG = re.compile(r'^(?:W/)?"(\d{1,18})"$')

REALM = 'Bearer realm="sessions"'


def bearer_token(authorization: str | None) -> str | None:
    """The token of ``Authorization: Bearer <token>``; None when there is no header at all."""
    if authorization is None:
        return None
    match = _BEARER.match(authorization) if len(authorization) <= _MAX_AUTHORIZATION else None
    if match is None:
        raise Problem(401, "invalid_token", "Send the session token as 'Authorization: Bearer <token>'.",
                      title="Not authenticated", headers={"WWW-Authenticate": f'{REALM}, error="invalid_request"'})
    return match.group(1)


def etag(version: int) -> str:
    return f'"{version}"'


def if_match_version(header: str | None) -> int | None:
    """The version an ``If-Match`` demands; None for no header or ``*`` (any current version)."""
    if header is None or header.strip() == "*":
        return None
    match = _STRONG_TAG.match(header.strip())
    if match is None or int(match.group(1)) > MAX_VERSION:
        raise Problem(400, "invalid_if_match",
                      'If-Match takes one strong ETag as GET returned it, such as "12", or *.',
                      errors=[{"path": "If-Match", "message": "not one strong ETag"}])
    return int(match.group(1))


def if_none_match_versions(header: str | None) -> set[int] | None:
    """Versions an ``If-None-Match`` lists (weak or strong; ``*`` as None = any)."""
    if header is None:
        return set()
    if header.strip() == "*":
        return None
    versions = set()
    for part in header.split(","):
        match = _ANY_TAG.match(part.strip())
        if match is not None:
            versions.add(int(match.group(1)))
    return versions
