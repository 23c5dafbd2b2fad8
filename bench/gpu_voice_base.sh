#!/bin/bash
# Whisper base (multilingual) on the GPU: English unseen speech decoded by base (language="en"), and
# Japanese-locale routing + Japanese speech by base (language="ja"), both with the torch backend.
# base int8 (77 MB as a tar) does not fit one device call: the first call carries part 00 and stores it
#   mkdir -p /tmp/stage && cp .vc-a/base.part00 /tmp/stage/
# and this script, in the next call (carrying part 01 and the rest as gpu_voice.sh does), joins them.
set -u
T0=$(date +%s)
C=${CARRY:-.vc-b}
OUT=${OUT:-bench/results/gpu}
LOGS=/tmp/voice-logs
mkdir -p "$OUT" "$LOGS" /tmp/site /tmp/models
say() { echo "[$(($(date +%s) - T0)) s] $*"; }
left() { echo $((${BUDGET_S:-570} - ($(date +%s) - T0))); }
[ -f /tmp/stage/base.part00 ] || { echo "part 00 not staged: run the first call again"; exit 3; }
cat /tmp/stage/base.part00 "$C/base.part01" | tar -xf - -C /tmp/models || exit 1
tar -xJf "$C/site.tar.xz" -C /tmp/site || exit 1
export PYTHONPATH=$PWD/src:/tmp/site PYTHONUNBUFFERED=1 TOKENIZERS_PARALLELISM=false
mkdir -p ../shared/golden && cp "$C/commands.jsonl" ../shared/golden/commands.jsonl
python3 - "$C/audio" <<'PY' || exit 1
import sys
from pathlib import Path
import soundfile
for flac in Path(sys.argv[1]).rglob("*.flac"):
    wav = Path("bench/speech/.cache") / flac.parent.name / (flac.stem + ".wav")
    wav.parent.mkdir(parents=True, exist_ok=True)
    audio, rate = soundfile.read(flac, dtype="int16")
    soundfile.write(wav, audio, rate, subtype="PCM_16")
PY
say "unpacked"; nvidia-smi --query-gpu=name,memory.used --format=csv,noheader
M=/tmp/models/base-int8
ASR="backend=torch device=cuda model_path=$M model_sha256= language=en ja_model=$M ja_model_sha256="
say "voice_path unseen en (4 voices) + ja (kokoro, openjtalk-mei), clean/telephone, base for both languages"
timeout $(($(left) - 5)) python3 bench/voice_path.py --lang ja,en --voices kokoro,openjtalk-mei,piper,espeak,flite-rms,flite-slt --sets unseen --channels clean,telephone \
  --asr $ASR --voice partials=none --label gpu-base --out "$OUT/voice_gpu_base.json" > "$LOGS/base.log" 2>&1
say "rc=$?"; tail -25 "$LOGS/base.log"
