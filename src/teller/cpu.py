"""Sharing the CPU: native model runtimes must not spin on cores other work needs.

llama.cpp and CTranslate2 (Whisper) run their threads on OpenMP, whose idle threads spin while
they wait for work. On cores shared with request workers, the VAD and other processes that spinning
starves everyone, the model included: with two busy loops beside it one embedded extraction took
200 s with spinning threads and 17 s with passive ones. OpenMP reads the policy once, when the
library loads, so `passive_threads` runs before either runtime is imported. A machine that runs
nothing else may set OMP_WAIT_POLICY=ACTIVE itself.
"""

from __future__ import annotations

import os


def passive_threads() -> None:
    """Make OpenMP threads sleep instead of spin while idle (unless the environment says otherwise)."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
