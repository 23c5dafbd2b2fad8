"""Whole files through the streaming path: `listen_samples` for many turns, `ask_audio` for one.

A file is replayed as a live stream (see `session` for the clock) with silence appended after it,
as a live microphone would keep sending, so endpointing and the timings behave as they do live.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import numpy as np

from teller.domain.turn import TurnResult
from teller.errors import BadAudio
from teller.voice.audio import FRAME_MS, SAMPLE_RATE, Samples, frames, load_audio
from teller.voice.engine import VoiceEngine
from teller.voice.session import Listener, Runner, VoiceEvent
from teller.voice.settings import VoiceSettings


def listen_samples(
    runner: Runner,
    samples: Samples,
    *,
    customer_id: str,
    now: datetime | None = None,
    engine: VoiceEngine | None = None,
    realtime: bool = False,
    request_id: str = "voice",
    on_event: Callable[[VoiceEvent], None] | None = None,
) -> list[TurnResult]:
    """Every turn in 16 kHz mono `samples`; with `realtime` frames are paced at 32 ms on the wall clock."""
    engine = engine or VoiceEngine.shared()
    tail_ms = max(engine.settings.hold_ms, engine.settings.silence_ms) + 4 * FRAME_MS
    padded = np.concatenate([samples, np.zeros(int(tail_ms * SAMPLE_RATE / 1000), dtype=np.float32)])
    results: list[TurnResult] = []
    with engine.stream_parts() as parts:
        listener = Listener(
            engine,
            runner,
            parts,
            customer_id=customer_id,
            request_id=request_id,
            now=now,
            live=realtime,
            on_event=on_event,
        )
        start = time.perf_counter()
        for i, frame in enumerate(frames(padded)):
            if realtime:
                delay = start + (i + 1) * FRAME_MS / 1000 - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
            results.extend(listener.feed(frame))
        results.extend(listener.close())
    return results


def ask_audio(
    runner: Runner,
    path: str | Path,
    customer_id: str,
    now: datetime | None,
    *,
    settings: VoiceSettings | None = None,
    request_id: str = "ask",
) -> TurnResult:
    """One request spoken in a file; the result carries `transcript` and the voice timings.

    Models load once per process (`VoiceEngine.shared`), so `teller batch` pays for them once.
    A file the endpointer splits at a long pause is still one request: the transcripts are joined
    and run again as one turn.
    """
    engine = VoiceEngine.shared(settings)
    samples = load_audio(path, max_seconds=engine.settings.max_seconds)
    turns = listen_samples(
        runner, samples, customer_id=customer_id, now=now, engine=engine, request_id=request_id
    )
    if not turns:
        raise BadAudio(f"{path}: no speech found")
    if len(turns) == 1:
        return turns[0]
    from teller.domain.turn import TurnRequest

    text = " ".join(t.transcript or "" for t in turns).strip()
    request = TurnRequest(
        id=request_id, customer_id=customer_id, text=text, now=now or datetime.now().astimezone()
    )
    joined = runner.run(request)
    voice = {k: v for k, v in turns[-1].timings_ms.items() if k not in joined.timings_ms}
    return joined.model_copy(update={"transcript": text, "timings_ms": {**joined.timings_ms, **voice}})
