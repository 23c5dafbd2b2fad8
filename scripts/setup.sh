#!/usr/bin/env bash
# Creates .venv and installs Teller with every extra the tests need. Idempotent: it re-installs
# only when pyproject.toml changed since the last successful run.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
stamp="$VENV/.installed-$(sha1sum pyproject.toml scripts/setup.sh | sha1sum | cut -c1-12)"
if [ -f "$stamp" ]; then
  exit 0
fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e ".[api,qna,dev]"
rm -f "$VENV"/.installed-*
touch "$stamp"
