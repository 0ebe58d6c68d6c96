"""Prometheus metrics at ``/metrics``.

Under gunicorn each worker is a process, so counters live in files under
``PROMETHEUS_MULTIPROC_DIR`` (``gunicorn.conf.py`` sets it up and marks dead workers);
``/metrics`` then sums every worker. Without it (one process: flask run, tests)
each app gets its own registry, so several apps in one process do not collide.
"""

from __future__ import annotations

import os

from flask import Flask
from prometheus_client import CollectorRegistry
from prometheus_flask_exporter import PrometheusMetrics
from prometheus_flask_exporter.multiprocess import GunicornInternalPrometheusMetrics


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or os.environ.get("prometheus_multiproc_dir")


def install_metrics(app: Flask) -> PrometheusMetrics:
    # Grouped by route rule, not raw path: /v1/games/<anything> must not create a series per URL.
    options = dict(group_by="url_rule", defaults_prefix="referee")
    if multiprocess_dir():
        metrics = GunicornInternalPrometheusMetrics(app, **options)
    else:
        metrics = PrometheusMetrics(app, registry=CollectorRegistry(), **options)
    metrics.info("referee_app_info", "Tabletop Referee", version=app.config["API_VERSION"])
    app.extensions["prometheus_metrics"] = metrics
    return metrics
