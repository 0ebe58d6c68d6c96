"""flask-smorest, adapted to this service: bodies read by ``service.body`` (orjson,
size and content-type checks) and errors documented as ``application/problem+json``."""

from __future__ import annotations

import functools
import http
from typing import Any, Callable

import flask_smorest
from flask_smorest.utils import prepare_response
from marshmallow import Schema
from webargs.flaskparser import FlaskParser
from werkzeug.wrappers import Response

from .body import read_json_body
from .problems import PROBLEM_CONTENT_TYPE
from .schemas import ProblemSchema


class JsonBodyParser(FlaskParser):
    """webargs reads JSON through ``read_json_body``: one parse, one set of envelope errors."""

    def _raw_load_json(self, req):
        return read_json_body()


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonBodyParser()

    def arguments(self, schema, *, decoder: Callable[[Schema], Any] | None = None, **kwargs):
        """As flask-smorest's, but a schema class is instantiated once, here: webargs would
        build (and deep-copy the fields of) a new instance on every request.

        With ``decoder``, the schema only documents the body: ``decoder(schema)`` reads it
        (``service.envelopes.read_envelope``) and webargs never parses it.
        """
        if isinstance(schema, type):
            schema = schema()
        documenting = super().arguments(schema, **kwargs)
        if decoder is None:
            return documenting

        def decorator(func):
            documented = documenting(func)

            @functools.wraps(func)
            def view(*args, **view_kwargs):
                return func(*args, decoder(schema), **view_kwargs)

            view._apidoc = documented._apidoc
            return view
        return decorator

    def response(self, status_code, schema=None, **kwargs):
        """As flask-smorest's, minus its wrapper's work when a view answers with a finished
        ``Response`` (every view here does, through ``json_response``): such an answer
        would pass through it untouched. Anything else still gets flask-smorest's handling."""
        documenting = super().response(status_code, schema, **kwargs)

        def decorator(func):
            documented = documenting(func)

            @functools.wraps(func)
            def view(*args, **view_kwargs):
                answer = func(*args, **view_kwargs)
                if isinstance(answer, Response):
                    return answer
                return documenting(lambda *_args, **_kwargs: answer)(*args, **view_kwargs)

            view._apidoc = documented._apidoc
            return view
        return decorator

    def documents_errors(self, *statuses: int):
        """Document error answers an operation gives besides the default problem.

        Each ``alt_response`` adds a pass-through wrapper that runs on every request;
        only the documentation they accumulate is kept, on the view itself.
        """
        def decorator(func):
            documented = func
            for status in statuses:
                documented = self.alt_response(status, response=http.HTTPStatus(status).name)(documented)
            func._apidoc = documented._apidoc
            return func
        return decorator


class Api(flask_smorest.Api):
    ERROR_SCHEMA = ProblemSchema

    def _register_error_handlers(self):
        """``service.errors`` answers every error; flask-smorest's JSON errors are not used."""

    def _register_responses(self):
        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
                prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "A problem (RFC 9457)", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)
