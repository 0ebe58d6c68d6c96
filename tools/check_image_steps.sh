#!/usr/bin/env bash
# The Docker image's steps without a Docker engine (run as root, on a Linux machine with
# Python 3.11): the files the Dockerfile copies into a fresh directory, a fresh virtualenv
# installing them with PIP_CONSTRAINT=constraints.txt, a system user made as the Dockerfile
# makes it (home included), and gunicorn started as that user with gunicorn.conf.py.
# It passes when /healthz answers, the installed versions are the pinned ones, and the log
# holds no "Control server error". Cleans up after itself (the user too).
#   sudo bash tools/check_image_steps.sh            # the Dockerfile's user, with its home
#   sudo bash tools/check_image_steps.sh --no-home  # the old user, no home: shows the error
set -euo pipefail
# A Python the new user can run (python:3.11-slim's is /usr/local/bin/python; one under /root is not).
PYTHON=${PYTHON:-/usr/bin/python3.11}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/image-steps.XXXXXX)
USER_NAME=image-steps-$$
HOME_FLAGS=(--create-home --home-dir "/home/$USER_NAME")
if [ "${1:-}" = "--no-home" ]; then HOME_FLAGS=(--no-create-home --home-dir "/home/$USER_NAME"); fi
PORT=$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
PID=
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null || true
  userdel --remove "$USER_NAME" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# COPY pyproject.toml setup.py README.md openapi.yaml gunicorn.conf.py constraints.txt ./ ; COPY rulesets ; COPY service
mkdir -p "$WORK/app"
cp -r "$ROOT"/{pyproject.toml,setup.py,README.md,openapi.yaml,gunicorn.conf.py,constraints.txt,rulesets,service} "$WORK/app/"
find "$WORK/app" -name __pycache__ -prune -exec rm -rf {} +
chmod -R a+rX "$WORK"
"$PYTHON" -m venv "$WORK/venv"
# RUN PIP_CONSTRAINT=/app/constraints.txt pip install .
(cd "$WORK/app" && PIP_CONSTRAINT="$WORK/app/constraints.txt" "$WORK/venv/bin/pip" install -q . 2>&1 \
   | grep -v '^WARNING: Location' || true)
"$WORK/venv/bin/pip" freeze --exclude tabletop-referee | sort -f > "$WORK/installed.txt"
grep -v '^#' "$ROOT/constraints.txt" | grep -v '^setuptools==' | sort -f > "$WORK/pinned.txt"
if ! diff -u "$WORK/pinned.txt" "$WORK/installed.txt"; then echo "FAIL: installed versions differ from constraints.txt"; exit 1; fi
echo "installed: exactly the $(wc -l < "$WORK/installed.txt") pinned packages ($(grep -i '^gunicorn==' "$WORK/installed.txt"))"
# RUN useradd ... && mkdir -p "$PROMETHEUS_MULTIPROC_DIR" && chown referee "$PROMETHEUS_MULTIPROC_DIR"
useradd --system "${HOME_FLAGS[@]}" --shell /usr/sbin/nologin "$USER_NAME"
mkdir -p "$WORK/prometheus" && chown "$USER_NAME" "$WORK/prometheus"
# USER referee ; CMD ["gunicorn", "--config", "gunicorn.conf.py", "service:create_app()"]
(cd "$WORK/app" && exec runuser -u "$USER_NAME" -- env -i PATH="$WORK/venv/bin:/usr/bin:/bin" \
   HOME="/home/$USER_NAME" PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PROMETHEUS_MULTIPROC_DIR="$WORK/prometheus" \
   PORT="$PORT" BIND="127.0.0.1:$PORT" gunicorn --config gunicorn.conf.py 'service:create_app()') > "$WORK/gunicorn.log" 2>&1 &
PID=$!
for _ in $(seq 100); do
  if "$PYTHON" -c "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:$PORT/healthz', timeout=1).status != 200)" 2>/dev/null; then break; fi
  sleep 0.2
done
sleep 2  # the control server starts beside the workers
cat "$WORK/gunicorn.log"
if grep -q "Control server error\|Failed to start control socket" "$WORK/gunicorn.log"; then echo "FAIL: the control socket cannot be opened"; exit 1; fi
"$PYTHON" -c "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:$PORT/healthz', timeout=2).status != 200)" \
  || { echo "FAIL: /healthz did not answer"; exit 1; }
ls -la "/home/$USER_NAME/.gunicorn"
echo "OK: healthy as $USER_NAME, no control socket error"
