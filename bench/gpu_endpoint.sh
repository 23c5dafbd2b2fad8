#!/bin/bash
# Old vs new endpointing on the GPU machine, in one device call (issue 15): `bench/voice_endpoint.py`
# with tiny.en in PyTorch on CUDA, the golden (piper), unseen and unseen2 (4 voices) English sets, clean and
# telephone, each file run with both configurations back to back. Carry `.gpucarry` (made here by
# `PYTHONPATH=src python bench/gpu_voice_pack.py`, see bench/gpu_voice.sh); from the repository root:
#   bash bench/gpu_endpoint.sh        (JSON reports to $OUT, else bench/results/gpu)
# Not carried, so off there: pocketsphinx partials and the Japanese recognizer (see docs/voice.md).
# CPU2=1: the same on two of that machine's idle CPU cores instead (taskset, 2 threads, tiny.en run by
# PyTorch in float32: a stand-in for an idle 2-core machine, not CTranslate2's int8).
set -u
C=${CARRY:-.gpucarry}
source bench/gpu_prelude.sh
tar -xJf "$C/tiny-en-int8.tar.xz" -C /tmp/models || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | grep -m1 'Model name'; nproc
ASR="backend=torch device=cuda model_path=/tmp/models/tiny-en-int8 model_sha256= ja=false"
RUN="" NAME=gpu
if [ "${CPU2:-0}" = 1 ]; then
  ASR="${ASR/device=cuda/device=cpu} cpu_threads=2" RUN="taskset -c 0,1" NAME=cpu2
  export OMP_NUM_THREADS=2 MKL_NUM_THREADS=2 CUDA_VISIBLE_DEVICES=""
fi
say "golden (piper) + unseen, unseen2 (4 voices), clean + telephone, before/after"
timeout $((570 - ($(date +%s) - T0))) $RUN python3 bench/voice_endpoint.py --lang en --sets golden,unseen,unseen2 \
  --golden-voices piper --asr $ASR --voice partials=none --label $NAME --out "$OUT/endpoint_$NAME.json" 2>&1 | tail -14
say "done"
