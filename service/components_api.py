"""``GET /v1/games/{game}/components``: a game's component data, for clients to draw and name things.

The document is the same for every request until the service is redeployed, so it is encoded
once per game and language and served with a strong ETag (a digest of its bytes) and a public
``Cache-Control``; a client that sends ``If-None-Match`` with that tag gets ``304``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from flask import Response, current_app, request

from rulesets.core.host import ENGLISH, Ruleset, to_builtins, translate_components, translator

from .encoding import encode
from .i18n import current_locale
from .problems import Problem

#: A day: component data changes only with a new release, which changes the ETag too.
CACHE_CONTROL = "public, max-age=86400"


@lru_cache(maxsize=None)
def _encoded(ruleset: Ruleset, locale: str) -> tuple[bytes, str]:
    """The document in ``locale`` (its components' names translated) and its tag: one per language."""
    document = ruleset.components_document()
    if locale != ENGLISH:
        document = translate_components(to_builtins(document), ruleset.id, translator(locale))
    body = encode(document)
    return body, hashlib.sha256(body).hexdigest()[:32]


def components_response(ruleset: Ruleset) -> Response:
    if ruleset.Components is None:
        raise Problem(404, "not_found", f"{ruleset.title} serves no components document.", title="Not found")
    body, tag = _encoded(ruleset, current_locale())
    if request.if_none_match.contains(tag):
        response = current_app.response_class(status=304)
    else:
        response = current_app.response_class(body, mimetype="application/json")
    response.set_etag(tag)
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response
