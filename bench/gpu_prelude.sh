# Sourced by the bench/gpu_*.sh scripts on the GPU machine, from the repository root, with C set to the
# carry folder (made here by `PYTHONPATH=src python bench/gpu_voice_pack.py`): a timer (`say`, `left`),
# the carried site-packages on PYTHONPATH, the golden set where the benches look for it, and the carried
# FLAC audio written back as the WAV cache `bench/speech` reads. OUT defaults to bench/results/gpu.
T0=$(date +%s)
OUT=${OUT:-bench/results/gpu}
mkdir -p "$OUT" /tmp/site /tmp/models
say() { echo "[$(($(date +%s) - T0)) s] $*"; }
left() { echo $((${BUDGET_S:-570} - ($(date +%s) - T0))); }

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
say "unpacked"
