"""``/openapi.yaml`` and ``/docs``: the document, and Swagger UI 5 from flask-swagger-ui's
bundled assets (nothing is fetched from a CDN, so the docs work offline).

The page and its initializer are this service's own (``service/docs_page``): the library's
page starts Swagger UI from an inline script, which a Content-Security-Policy that allows
scripts from this server only would block. Every ``/docs`` answer carries that policy.
"""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Flask, Response, current_app, send_from_directory

from .spec import document_yaml

DOCS_PATH = "/docs"
SPEC_PATH = "/openapi.yaml"
_PAGE_DIR = Path(__file__).resolve().parent / "docs_page"
_ASSETS_DIR = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
_OWN_FILES = {"swagger-initializer.js"}

#: The one <style> element swagger-ui-bundle.js inserts, allowed by its SHA-256 (the bundle
#: flask-swagger-ui ships; tests/service/test_docs_browser.py sees a new one as a CSP error).
SWAGGER_UI_INLINE_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"
#: What the docs page may load: its own scripts, styles and the document from this server;
#: images also as data: URIs (Swagger UI's icons); nothing inline but that style, nothing from elsewhere.
DOCS_CSP = (f"default-src 'none'; script-src 'self'; style-src 'self' {SWAGGER_UI_INLINE_STYLE}; "
            "img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")

spec_blueprint = Blueprint("openapi_document", __name__)
docs_blueprint = Blueprint("docs", __name__, url_prefix=DOCS_PATH)


@spec_blueprint.route(SPEC_PATH)
def openapi_yaml():
    text = current_app.extensions.get("openapi_yaml")
    if text is None:  # built on first use: the document is final once the app is
        text = current_app.extensions["openapi_yaml"] = document_yaml(current_app.extensions["referee_api"])
    return current_app.response_class(text, mimetype="application/yaml")


@docs_blueprint.route("/")
def page():
    return send_from_directory(_PAGE_DIR, "index.html", mimetype="text/html")


@docs_blueprint.route("/<path:name>")
def asset(name: str):
    if name in _OWN_FILES:
        return send_from_directory(_PAGE_DIR, name)
    return send_from_directory(_ASSETS_DIR, name)


@docs_blueprint.after_request
def _content_security_policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = DOCS_CSP
    return response


def install_docs(app: Flask) -> None:
    app.register_blueprint(spec_blueprint)
    app.register_blueprint(docs_blueprint)
