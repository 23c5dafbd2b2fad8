#!/usr/bin/env bash
# The whole test suite from nothing: set-up, lint, type check, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
V=.venv/bin
$V/ruff check src tests bench scripts
$V/ruff format --check src tests bench scripts
$V/mypy
$V/pytest "$@"
