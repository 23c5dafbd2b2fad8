#!/bin/bash
# Whisper base (multilingual) on the GPU: English unseen speech decoded by base (language="en"), and
# Japanese-locale routing + Japanese speech by base (language="ja"), both with the torch backend.
# base int8 (77 MB as a tar) does not fit one device call: the first call carries part 00 and stores it
#   mkdir -p /tmp/stage && cp .vc-a/base.part00 /tmp/stage/
# and this script, in the next call (carrying part 01 and the rest as gpu_voice.sh does), joins them.
set -u
C=${CARRY:-.vc-b}
LOGS=/tmp/voice-logs
mkdir -p "$LOGS"
[ -f /tmp/stage/base.part00 ] || { echo "part 00 not staged: run the first call again"; exit 3; }
source bench/gpu_prelude.sh
cat /tmp/stage/base.part00 "$C/base.part01" | tar -xf - -C /tmp/models || exit 1
nvidia-smi --query-gpu=name,memory.used --format=csv,noheader
M=/tmp/models/base-int8
ASR="backend=torch device=cuda model_path=$M model_sha256= language=en ja_model=$M ja_model_sha256="
say "voice_path unseen en (4 voices) + ja (kokoro, openjtalk-mei), clean/telephone, base for both languages"
timeout $(($(left) - 5)) python3 bench/voice_path.py --lang ja,en --voices kokoro,openjtalk-mei,piper,espeak,flite-rms,flite-slt --sets unseen --channels clean,telephone \
  --asr $ASR --voice partials=none --label gpu-base --out "$OUT/voice_gpu_base.json" > "$LOGS/base.log" 2>&1
say "rc=$?"; tail -25 "$LOGS/base.log"
