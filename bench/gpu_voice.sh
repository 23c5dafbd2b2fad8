#!/bin/bash
# The voice path on the GPU machine, in one device call (issue 15, item 6). Carry `.gpucarry`, made here
# by `PYTHONPATH=src python bench/gpu_voice_pack.py`; run from the repository root:
#   bash bench/gpu_voice.sh          (results and logs under $OUT, else bench/results/gpu)
# Whisper tiny.en runs in PyTorch on CUDA (voice.asr.backend=torch); VAD, endpointing, hearing and the
# text pipeline (fast path, LLM off) run on the machine's CPU, as they do on the 2-core machine.
set -u
C=${CARRY:-.gpucarry}
LOGS=/tmp/voice-logs  # only the JSON reports go to $OUT (a device call returns 8 files)
mkdir -p "$LOGS"
source bench/gpu_prelude.sh
tar -xJf "$C/tiny-en-int8.tar.xz" -C /tmp/models || exit 1
nvidia-smi --query-gpu=name,driver_version,memory.used,clocks.sm --format=csv,noheader
python3 -c "import torch, numpy, onnxruntime; print('torch', torch.__version__, 'cuda', torch.version.cuda, torch.cuda.get_device_name(), 'numpy', numpy.__version__, 'onnxruntime', onnxruntime.__version__)"
echo "CUDA 12 cuBLAS (CTranslate2's CUDA build needs libcublas.so.12):" \
  "$(find / -xdev \( -name 'libcublas.so.12*' -o -name 'libcublas.so.13*' \) 2>/dev/null | head -4 | tr '\n' ' ')"
lscpu | grep -m1 'Model name'; nproc

M=/tmp/models/tiny-en-int8
ASR="backend=torch device=cuda model_path=$M model_sha256= ja=false"
say "parity"
timeout 120 python3 bench/gpu_voice_parity.py --asr $ASR --compare "$C/parity_cpu_ct2.json" \
  --out "$OUT/parity_gpu.json" 2>&1 | tail -3
say "voice_path unseen (4 voices x clean/telephone/noisy)"
timeout $(($(left) - 200)) python3 bench/voice_path.py --lang en --sets unseen --channels clean,telephone,noisy \
  --asr $ASR --voice partials=none --label gpu-unseen --out "$OUT/voice_gpu_unseen.json" > "$LOGS/unseen.log" 2>&1
say "rc=$?"; tail -22 "$LOGS/unseen.log"
say "voice_path golden (piper x clean/telephone)"
timeout $(($(left) - 150)) python3 bench/voice_path.py --lang en --voices piper --sets golden --channels clean,telephone \
  --asr $ASR --voice partials=none --label gpu-golden --out "$OUT/voice_gpu_golden.json" > "$LOGS/golden.log" 2>&1
say "rc=$?"; tail -8 "$LOGS/golden.log"
# A decode of ~30 ms leaves the endpointer's waits as nearly all of end of speech -> action: the same
# sets with a speculative final at a 96 ms pause and a complete command ended after 160 ms of silence.
FAST="partials=none speculative_ms=96 complete_ms=160"
say "voice_path unseen + golden, $FAST"
timeout $(($(left) - 60)) python3 bench/voice_path.py --lang en --sets unseen --channels clean,telephone \
  --asr $ASR --voice $FAST --label gpu-fast-endpoint --out "$OUT/voice_gpu_fast.json" > "$LOGS/fast.log" 2>&1
say "rc=$?"; tail -6 "$LOGS/fast.log"
timeout $(($(left) - 5)) python3 bench/voice_path.py --lang en --voices piper --sets golden --channels clean,telephone \
  --asr $ASR --voice $FAST --label gpu-fast-endpoint-golden --out "$OUT/voice_gpu_fast_golden.json" > "$LOGS/fast_golden.log" 2>&1
say "rc=$?"; tail -6 "$LOGS/fast_golden.log"
