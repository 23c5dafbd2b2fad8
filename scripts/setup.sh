#!/usr/bin/env bash
# Creates .venv and installs Teller with every extra the tests need. Idempotent: it re-installs
# only when pyproject.toml or this script changed since the last successful run.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
# Debian's Chromium: the console's browser tests drive it through Playwright (whose own browser
# download is not reachable here); a Japanese font so its screenshots show Japanese text.
# Debian's PostgreSQL server: the store, money-safety and API tests start a throwaway cluster with its
# initdb/pg_ctl (tests/pg.py); the package's service itself is not used.
if [ ! -x /usr/bin/chromium ] || [ ! -d /usr/share/fonts/opentype/ipafont-gothic ] \
  || ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq chromium fonts-ipafont-gothic postgresql
fi
stamp="$VENV/.installed-$(cat pyproject.toml scripts/setup.sh | sha1sum | cut -c1-12)"
if [ -f "$stamp" ]; then
  exit 0
fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
pip=("$VENV/bin/python" -m pip install -q --disable-pip-version-check)
"${pip[@]}" --upgrade pip
# llama-cpp-python builds llama.cpp from source: portable flags (no -march=native) so a wheel built
# once and cached by pip works on any x86-64 machine, and no multimodal tools.
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF}"
# A llama-cpp-python wheel built earlier on this machine (scripts/setup_llm.sh) saves the compile.
links=()
[ -d "$HOME/.cache/teller-wheels" ] && links=(--find-links "$HOME/.cache/teller-wheels")
# The GPU engine's tests run on the CPU: torch's CPU build first (pip takes it from local disk where
# the machine has it), so the `gpu` extra's torch range is already satisfied.
"${pip[@]}" "torch==2.13.0"
"${pip[@]}" "${links[@]}" -e ".[api,qna,qna-ja,llm,voice,intent,dev,gpu,postgres]"
# The silero-vad wheel carries the ONNX model Teller uses; it declares torch, which Teller never imports.
"${pip[@]}" --no-deps "silero-vad==6.2.3"
rm -f "$VENV"/.installed-*
touch "$stamp"
