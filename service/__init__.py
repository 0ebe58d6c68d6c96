"""Tabletop Referee's HTTP service.

``create_app`` is the factory both ``flask --app service run`` and
``gunicorn 'service:create_app()'`` find. Settings come from the environment
(``service.config``); ``config`` overrides them (tests do).
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Flask
from flask_cors import CORS

from rulesets.core.host import all_rulesets

from .api import Api
from .body import refuse_oversized_request
from .cache_headers import install_cache_headers
from .config import load_config
from .docs import install_docs
from .encoding import OrjsonProvider
from .errors import install_error_handlers
from .i18n import install_languages
from .games import GameIdConverter
from .games import blp as games_blueprint
from .pictures import blp as pictures_blueprint
from .scores import blp as scores_blueprint
from .playground import install_playground
from .health import blp as health_blueprint
from .logs import REQUEST_ID_HEADER, configure_logging, install_request_logging
from .metrics import install_metrics
from .sealed_states import install_sealing
from .verify_api import blp as verification_blueprint
from .verify_api import install_records
from .sessions import init_app as install_sessions
from .spec import OPENAPI_VERSION, install_game_schemas

__all__ = ["create_app"]

API_TITLE = "Tabletop Referee"
#: The HTTP contract's version (the /v1 paths), not the package's: the document must
#: not change with how the package was installed.
API_VERSION = "1.0.0"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    settings = load_config(overrides=config)
    app = Flask(__name__)
    app.config.update(settings)
    app.config.update(
        # One byte of slack so service.body can tell a body at the limit from one past it.
        MAX_CONTENT_LENGTH=settings["MAX_BODY_BYTES"] + 1,
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION=OPENAPI_VERSION,
        OPENAPI_URL_PREFIX=None,  # service.docs serves the document and the UI
        API_SPEC_OPTIONS={"info": {"description": (
            "A referee for published board games: post a state and an action, get the validated "
            "next state or a rule-citing refusal (RFC 9457 problem+json).")}},
    )
    app.json = OrjsonProvider(app)
    app.extensions["readiness_checks"] = []
    install_sealing(app)
    install_records(app)

    configure_logging(settings["LOG_LEVEL"])
    install_request_logging(app)  # first: every later hook may log with the request id
    app.before_request(refuse_oversized_request)

    api = Api(app)
    app.extensions["referee_api"] = api
    rulesets = all_rulesets()
    app.url_map.converters["game"] = GameIdConverter
    api.register_converter(GameIdConverter, lambda _converter: {
        "type": "string", "enum": [ruleset.id for ruleset in rulesets]})
    install_game_schemas(api, rulesets)
    api.register_blueprint(games_blueprint)
    api.register_blueprint(pictures_blueprint)
    api.register_blueprint(scores_blueprint)
    api.register_blueprint(verification_blueprint)
    install_sessions(app, api)
    api.register_blueprint(health_blueprint)

    install_error_handlers(app)
    install_cache_headers(app)
    install_languages(app)
    install_docs(app)
    install_playground(app)
    install_metrics(app)
    if settings["CORS_ORIGINS"]:
        wildcard = "*" in settings["CORS_ORIGINS"]
        CORS(app, origins="*" if wildcard else settings["CORS_ORIGINS"], send_wildcard=wildcard,
             expose_headers=[REQUEST_ID_HEADER, "ETag", "Location", "Retry-After"])
    if settings["BENCH_ECHO"]:
        from .echo import blueprint as echo_blueprint

        app.register_blueprint(echo_blueprint)
    return app

