"""``/openapi.yaml`` and ``/docs``: the document, and Swagger UI 5 from flask-swagger-ui's
bundled assets (nothing is fetched from a CDN, so the docs work offline)."""

from __future__ import annotations

from flask import Blueprint, Flask, current_app
from flask_swagger_ui import get_swaggerui_blueprint

from .spec import document_yaml

DOCS_PATH = "/docs"
SPEC_PATH = "/openapi.yaml"

spec_blueprint = Blueprint("openapi_document", __name__)


@spec_blueprint.route(SPEC_PATH)
def openapi_yaml():
    text = current_app.extensions.get("openapi_yaml")
    if text is None:  # built on first use: the document is final once the app is
        text = current_app.extensions["openapi_yaml"] = document_yaml(current_app.extensions["referee_api"])
    return current_app.response_class(text, mimetype="application/yaml")


def install_docs(app: Flask) -> None:
    app.register_blueprint(spec_blueprint)
    app.register_blueprint(get_swaggerui_blueprint(
        DOCS_PATH, SPEC_PATH,
        config={
            "app_name": "Tabletop Referee",
            # Swagger UI otherwise loads a validity badge from validator.swagger.io.
            "validatorUrl": None,
        },
    ))
