"""The decoded fixed prefix, saved to disk: a new process restores its KV state instead of decoding.

Decoding the ~760-token extraction prefix costs seconds on a small CPU; its KV state for the 0.5B
model is ~9 MB and loads in milliseconds. Files live under the model cache dir, named by a hash of
what determines the state (model file identity, context size, the exact prefix tokens), so a changed
prompt or model simply misses. Any failure means "not restored": the caller decodes as usual.
"""

from __future__ import annotations

import ctypes
import hashlib
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def state_path(model_path: str, n_ctx: int, tokens: list[int]) -> Path:
    """Where the KV state of `tokens` decoded by this model and context size is kept."""
    from teller.llm.models import cache_dir

    stat = os.stat(model_path)
    digest = hashlib.sha256()
    digest.update(f"{os.path.abspath(model_path)}|{stat.st_size}|{stat.st_mtime_ns}|{n_ctx}|".encode())
    digest.update(b"".join(t.to_bytes(4, "little") for t in tokens))
    return cache_dir() / "prefix-kv" / f"{Path(model_path).stem}-{digest.hexdigest()[:16]}.kv"


def save(llm: Any, path: Path, tokens: list[int]) -> bool:
    """Write sequence 0's KV state (which must hold exactly `tokens`) to `path`, atomically."""
    import llama_cpp

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    array = (llama_cpp.llama_token * len(tokens))(*tokens)
    try:
        written = llama_cpp.llama_state_seq_save_file(llm._ctx.ctx, str(tmp).encode(), 0, array, len(tokens))
        if not written:
            return False
        os.replace(tmp, path)
        return True
    except OSError as exc:
        log.info("could not save the prefix state: %s", exc)
        return False
    finally:
        tmp.unlink(missing_ok=True)


def load(llm: Any, path: Path, tokens: list[int]) -> bool:
    """Restore `tokens`' KV state into sequence 0 from `path`; False (and a clean cache) on any mismatch."""
    import llama_cpp

    if not path.is_file():
        return False
    capacity = len(tokens)
    array = (llama_cpp.llama_token * capacity)()
    count = ctypes.c_size_t(0)
    llm._ctx.kv_cache_seq_rm(-1, 0, -1)
    llm.n_tokens = 0
    read = llama_cpp.llama_state_seq_load_file(
        llm._ctx.ctx, str(path).encode(), 0, array, capacity, ctypes.byref(count)
    )
    if not read or count.value != capacity or list(array) != tokens:
        llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        return False
    llm.input_ids[:capacity] = tokens
    llm.n_tokens = capacity
    return True
