#!/bin/bash
# Old vs new endpointing on the GPU machine, in one device call (issue 15): `bench/voice_endpoint.py`
# with tiny.en in PyTorch on CUDA, the golden (piper), unseen, unseen2 and unseen3 (4 voices) English sets,
# clean and telephone, each file run with both configurations back to back. The recognizer runs with its
# defaults, so both second looks and round 5's forced look (names, card verb) run on the GPU too;
# FORCED=0 turns the forced look off (asr forced_look=false) for a before/after of its cost there.
# Carry `.gpucarry` (made here by `PYTHONPATH=src python bench/gpu_voice_pack.py`, see bench/gpu_voice.sh);
# from the repository root:
#   bash bench/gpu_endpoint.sh        (JSON reports to $OUT, else bench/results/gpu)
# Not carried, so off there: pocketsphinx partials and the Japanese recognizer (see docs/voice.md).
# CPU2=1: the same on two of that machine's idle CPU cores instead (taskset, 2 threads, tiny.en run by
# PyTorch in float32: a stand-in for an idle 2-core machine, not CTranslate2's int8).
# JA=1: the Japanese sets instead (kokoro and Open JTalk mei: golden, unseen, unseen2; customer c_001, whose
# recognizer routes by language: multilingual base for Japanese, tiny.en for English). Base does not fit
# one call's carry beside the rest: `bench/gpu_voice_pack.py --ja` splits it; a first call carrying
# `.gpuja_a` runs `mkdir -p /tmp/keep && cp .gpuja_a/* /tmp/keep/`, the second (same warm machine)
# carries `.gpuja` (the rest of base, the Japanese audio, site and tiny.en) and runs
# `JA=1 bash bench/gpu_endpoint.sh`.
set -u
JA=${JA:-0}
C=${CARRY:-.gpucarry}
[ "$JA" = 1 ] && C=${CARRY:-.gpuja}
source bench/gpu_prelude.sh
tar -xJf "$C/tiny-en-int8.tar.xz" -C /tmp/models || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu | grep -m1 'Model name'; nproc
ASR="backend=torch device=cuda model_path=/tmp/models/tiny-en-int8 model_sha256= ja=false"
# SETS: golden,unseen,unseen2 plus unseen3 when its lines exist (bench/data/voice_unseen3.jsonl, packed with it)
SETS=${SETS:-golden,unseen,unseen2$([ -f bench/data/voice_unseen3.jsonl ] && echo ,unseen3)}
LANG_ARGS=(--lang en --sets "$SETS" --golden-voices piper)
if [ "$JA" = 1 ]; then
  cat /tmp/keep/base-int8.tar.xz.a "$C/base-int8.tar.xz.b" | tar -xJ -C /tmp/models || exit 1
  ASR="${ASR/ja=false/ja=true} ja_model=/tmp/models/base-int8 ja_model_sha256="
  LANG_ARGS=(--lang ja --voices kokoro,openjtalk-mei --sets golden,unseen,unseen2)
fi
[ "${FORCED:-1}" = 0 ] && ASR="$ASR forced_look=false"
RUN="" NAME=gpu
if [ "${CPU2:-0}" = 1 ]; then
  ASR="${ASR/device=cuda/device=cpu} cpu_threads=2" RUN="taskset -c 0,1" NAME=cpu2
  export OMP_NUM_THREADS=2 MKL_NUM_THREADS=2 CUDA_VISIBLE_DEVICES=""
fi
[ "$JA" = 1 ] && NAME=$NAME-ja
say "${LANG_ARGS[*]}, clean + telephone, before/after"
timeout $(left) $RUN python3 bench/voice_endpoint.py "${LANG_ARGS[@]}" \
  --asr $ASR --voice partials=none --label $NAME --out "$OUT/endpoint_$NAME.json" 2>&1 | tail -14
say "done"
