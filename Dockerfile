# Tabletop Referee: the stateless referee and its sessions API under gunicorn.
#   docker build -t tabletop-referee .
#   docker run -p 8000:8000 -e REDIS_URL=redis://redis:6379/0 tabletop-referee
#   docker run -e REDIS_URL=redis://redis:6379/0 tabletop-referee python -m service.webhooks.worker
#     (the turn-webhook worker: RQ on the same Redis, with its scheduler for retries; see the README)
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/prometheus

WORKDIR /app
COPY pyproject.toml setup.py README.md openapi.yaml gunicorn.conf.py constraints.txt ./
COPY rulesets ./rulesets
COPY service ./service
# Every package at the version constraints.txt pins (the build backend too: PIP_CONSTRAINT
# reaches pip's isolated build environment, where -c does not); see its header to refresh it.
# The user gets a home: gunicorn 25.1+ opens its control socket (for gunicornc) under
# $HOME/.gunicorn, and without a writable home it logs "Control server error" at every start.
RUN PIP_CONSTRAINT=/app/constraints.txt pip install . \
 && useradd --system --uid 10001 --create-home --home-dir /home/referee --shell /usr/sbin/nologin referee \
 && mkdir -p "$PROMETHEUS_MULTIPROC_DIR" \
 && chown referee "$PROMETHEUS_MULTIPROC_DIR"

USER referee
EXPOSE 8000

# slim has no curl: ask with Python, which is there anyway.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/healthz', timeout=2).status == 200 else 1)"]

CMD ["gunicorn", "--config", "gunicorn.conf.py", "service:create_app()"]
