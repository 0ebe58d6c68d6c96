"""``/play``: a page of the service's own where a person plays a session in a browser.

Plain HTML, CSS and JavaScript from ``service/playground_page`` (no library, nothing from a
CDN), served with a policy that allows scripts from this server only. The page talks to the
public API like any client: sessions, legal actions, pictures and the event stream; seat
tokens travel in the URL fragment, which no request carries.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, abort, send_from_directory

PLAY_PATH = "/play"
_PAGE_DIR = Path(__file__).resolve().parent / "playground_page"
_ASSETS = {"playground.js", "playground.css"}
#: Scripts and styles from this server only; the pictures the page inlines carry their own
#: <style> (one per theme and game), hence inline styles, never inline scripts.
PLAY_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

blueprint = Blueprint("playground", __name__)


@blueprint.route(PLAY_PATH)
def page():
    return send_from_directory(_PAGE_DIR, "index.html", mimetype="text/html")


@blueprint.route(f"{PLAY_PATH}/<name>")
def asset(name: str):
    if name not in _ASSETS:
        abort(404)
    return send_from_directory(_PAGE_DIR, name)


@blueprint.after_request
def _content_security_policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = PLAY_CSP
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def install_playground(app: Flask) -> None:
    app.register_blueprint(blueprint)
