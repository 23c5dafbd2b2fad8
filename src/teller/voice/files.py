"""Whole files through the streaming path: `listen_samples` for many turns, `ask_audio` for one.

A file is replayed as a live stream (see `session` for the clock) with silence appended after it,
as a live microphone would keep sending, so endpointing and the timings behave as they do live.

`ask_audio` (and the API's uploads) treat a file as one request: the endpointer may split it at a
long pause, but its pieces are fragments of that request, so they are understood without side
effects (`fragments`, `run(..., act=False)`) and only the joined request acts, once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Protocol

import numpy as np

from teller.domain.turn import TurnRequest, TurnResult
from teller.errors import BadAudio
from teller.voice.audio import FRAME_MS, SAMPLE_RATE, Samples, frames, load_audio
from teller.voice.engine import VoiceEngine
from teller.voice.session import Listener, Runner, VoiceEvent
from teller.voice.settings import VoiceSettings
from teller.voice.verbs import asks_which, lock_or_unlock


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
    runner: ActingRunner,
    path: str | Path,
    customer_id: str,
    now: datetime | None,
    *,
    settings: VoiceSettings | None = None,
    request_id: str = "ask",
    replay: bool = False,
) -> TurnResult:
    """One request spoken in a file; the result carries `transcript` and the voice timings.

    `replay`: an evaluation case; the turn reads but writes nothing to the bank (`TurnRequest.replay`).

    Models load once per process (`VoiceEngine.shared`), so `teller batch` pays for them once.
    Whatever the endpointer hears, the file acts once: its fragments are understood without side
    effects, then their transcripts, joined, run as the one turn that acts (`act_on_fragments`).
    """
    engine = VoiceEngine.shared(settings)
    samples = load_audio(path, max_seconds=engine.settings.max_seconds)
    turns = listen_samples(
        fragments(runner), samples, customer_id=customer_id, now=now, engine=engine, request_id=request_id
    )
    if not turns:
        raise BadAudio(f"{path}: no speech found")
    return act_on_fragments(
        runner, turns, customer_id=customer_id, now=now, request_id=request_id, replay=replay
    )


class ActingRunner(Runner, Protocol):
    """A runner that can also understand a turn without side effects (`TurnRunner`)."""

    def run(self, request: TurnRequest, *, act: bool = True) -> TurnResult: ...


class _Fragments:
    """The runner a listener gets for a request it will join: every turn it runs is `act=False`.

    A fragment's run is the same computation as the endpointer's preview of the same words
    (`act=False` both), so the last preview is reused rather than run twice.
    """

    def __init__(self, runner: ActingRunner) -> None:
        self._runner = runner
        self.bank = getattr(runner, "bank", None)  # the listener biases recognition towards these names
        self._previewed: tuple[tuple[str, str, datetime], TurnResult] | None = None

    def run(self, request: TurnRequest) -> TurnResult:
        key = (request.customer_id, request.text, request.now)
        if self._previewed is not None and self._previewed[0] == key:
            return self._previewed[1].model_copy(update={"id": request.id})
        return self._runner.run(request, act=False)

    def preview(self, request: TurnRequest) -> TurnResult:
        result = self._runner.run(request, act=False)
        self._previewed = ((request.customer_id, request.text, request.now), result)
        return result

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        self._runner.prefetch(customer_id, text, now)


def fragments(runner: ActingRunner) -> Runner:
    """`runner`, understanding without side effects: for listeners whose turns are fragments."""
    return _Fragments(runner)


def act_on_fragments(
    runner: Runner,
    turns: list[TurnResult],
    *,
    customer_id: str,
    now: datetime | None,
    request_id: str,
    replay: bool = False,
) -> TurnResult:
    """Run the fragments' joined transcript once, acting; the voice timings are the last fragment's.

    `replay`: the turn reads but writes nothing to the bank (`TurnRequest.replay`).

    `eos_to_action` adds this run's time to the last fragment's (which covered its own understanding).
    """
    text = " ".join(t.transcript or "" for t in turns).strip()[:2000]
    request = TurnRequest(
        id=request_id,
        customer_id=customer_id,
        text=text,
        now=now or datetime.now().astimezone(),
        replay=replay,
    )
    heard = [t for turn in turns for t in turn.trace if t.stage == "voice"]  # e.g. a recognizer repair
    if asks_which(text, (t.rule for t in heard)):
        final = lock_or_unlock(request_id, text)  # "unlock" heard as "and lock": asks, acts on nothing
    else:
        final = runner.run(request)
    voice = {k: v for k, v in turns[-1].timings_ms.items() if k not in final.timings_ms}
    if "eos_to_action" in voice:
        voice["eos_to_action"] = round(voice["eos_to_action"] + final.timings_ms.get("total", 0.0), 2)
    return final.model_copy(
        update={
            "transcript": text,
            "trace": [*heard, *final.trace],
            "timings_ms": {**final.timings_ms, **voice},
        }
    )
