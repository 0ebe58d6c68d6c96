"""Swagger UI renders the document's descriptions as Markdown, where ``<token>`` is an HTML tag
and disappears: every angle-bracketed placeholder must sit in backticks (code) to be shown."""

from __future__ import annotations

import re

import yaml

from service.spec import COMMITTED

#: what CommonMark takes for the start of an HTML tag or comment
HTML_LIKE = re.compile(r"<[A-Za-z/!?]")
CODE_SPAN = re.compile(r"`[^`]*`")


def prose_of(node, path="$"):
    """Every description and summary in the document, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("description", "summary") and isinstance(value, str):
                yield f"{path}.{key}", value
            else:
                yield from prose_of(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from prose_of(value, f"{path}[{index}]")


def swallowed_as_html(text: str) -> list[str]:
    return HTML_LIKE.findall(CODE_SPAN.sub("", text))


def test_the_check_sees_a_bare_placeholder_and_passes_a_quoted_one():
    assert swallowed_as_html("Send Authorization: Bearer <token>.") == ["<t"]
    assert swallowed_as_html("Send `Authorization: Bearer <token>`; 1 < 2.") == []


def test_no_description_holds_an_angle_bracket_that_markdown_would_take_for_html():
    document = yaml.safe_load(COMMITTED.read_text())
    offenders = [(where, text) for where, text in prose_of(document) if swallowed_as_html(text)]
    assert not offenders, offenders


def test_the_sessions_tag_shows_the_authorization_header_as_code():
    tags = {tag["name"]: tag for tag in yaml.safe_load(COMMITTED.read_text())["tags"]}
    assert "`Authorization: Bearer <token>`" in tags["sessions"]["description"]
