#!/usr/bin/env bash
# Install Teller and run it on the demo bank: a few sample turns, then the HTTP service.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
V=.venv/bin
$V/teller db init --demo
$V/teller ask "send five thousand yen to sato ken tomorrow morning" --customer c_001
$V/teller ask "佐藤健さんに5000円振り込んで" --customer c_001
$V/teller ask "lock the card ending in one two three four" --customer c_001
if $V/teller --help | grep -q " serve "; then
  exec $V/teller serve --demo "$@"
fi
