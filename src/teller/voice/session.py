"""One customer's audio stream: frames in; partials, endpoints and turn results out.

The order of work for one turn, frame by frame:

    VAD                 speech probability → speech / not speech
    partials            live text (steers endpointing, feeds prefetch): pocketsphinx for English; for a
                        Japanese-locale customer, with `asr.ja_partials`, Whisper base re-decoding the
                        speech so far, on voiced frames only and never while a final is being decoded
    endpointing         silence needed depends on the tail of the best text (`slots.Tail`)
    1.5 s of speech     a bilingual customer's language, when the start settles it (`BilingualFinals.early`)
    pause (128 ms)      speculative final decode starts in the background (early work)
    speculative final   understood without side effects (`runner.preview`): settled → end after 160 ms
    stable text         `runner.prefetch` warms normalization and name lookup (early work)
    end of turn         keep the speculative final if speech did not resume, else decode now
    turn                `runner.run` on the final transcript

Ending early. When the runner can understand without side effects (`Previewing`: the API's session
runner, the fragments runner of files and uploads), the speculative transcript, heard and repaired as
the turn would be, is run through the text pipeline with `act=False` once, and `slots.end_tail`
decides: a settled command ("could you please send $50 to Maria, thanks") ends after `complete_ms`;
a missing payee or amount, a choice between payees, or an open tail waits as before. If the customer
was not done, nothing is lost: on a live stream the words after the end are the next turn (a
settled transfer still waits for its confirmation, so a correction or "no" comes before any money
moves); in a file or upload every piece is a fragment and only the joined words act, once.

Clocks. With `live=True` times are wall-clock (`perf_counter`) and the speculative decode runs on a
worker thread. With `live=False` (files, uploads, batch, bench) the stream is replayed as if live:
frame i arrives at (i+1)·32 ms, compute on this thread is measured and pushes the reported clock,
and a speculative decode is measured and assumed to run on a second core.

Decisions never read the reported clock in a replay. Endpointing sees the speculative final
`replay_decode_ms` of stream time after the pause that started it, whatever the decode really
took, so the same audio splits into the same turns on a fast, slow or busy machine. Live or
replayed, a speculative final still in flight holds the turn open (up to `hold_ms`): the turn
cannot act before that final anyway, and its tail is better evidence than a rough partial.

`timings_ms` (milliseconds):

    audio_received   audio in the turn, from speech start (with pre-roll) to the end-of-turn frame
    end_of_speech    after the customer stopped talking, when the endpointer ended the turn
    partials         number of distinct partial hypotheses (first_partial: ms after speech start)
    asr_final        after the customer stopped talking, when the final transcript was ready
    asr_decode       compute time of the final decode that was used
    eos_to_action    after the customer stopped talking, when the TurnResult was ready (headline)
    speculative      1 when the speculative final was used, else 0
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

import numpy as np

from teller.domain.turn import TraceOut, TurnRequest, TurnResult
from teller.voice.asr import Hypothesis, is_backchannel
from teller.voice.audio import FRAME_MS, Samples
from teller.voice.bias import speaker
from teller.voice.endpoint import Endpointer, Event, Kind
from teller.voice.engine import StreamParts, VoiceEngine
from teller.voice.hearing import Ear, ear_for, hear
from teller.voice.repair import repair
from teller.voice.slots import Tail, end_tail, partial_tail
from teller.voice.verbs import and_lock_trace, asks_which, doubtful_lock, lock_or_unlock

_STABLE_FRAMES = 6  # a partial unchanged for ~190 ms is worth prefetching


class Runner(Protocol):
    """What the voice path needs of `teller.pipeline.turn.TurnRunner`."""

    def run(self, request: TurnRequest) -> TurnResult: ...

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None: ...


@runtime_checkable
class Previewing(Protocol):
    """A runner that can also understand a turn without side effects (no action, no session change)."""

    def preview(self, request: TurnRequest) -> TurnResult: ...


@dataclass(frozen=True, slots=True)
class _Heard:
    """A final transcript after hearing and repairs: the text a turn runs on, and its voice traces."""

    text: str
    traces: list[TraceOut]


@dataclass(frozen=True, slots=True)
class VoiceEvent:
    kind: str  # partial | pause | resume | end | final | ignored | result
    at_ms: float  # on the listener's clock (ms since the stream started)
    text: str = ""


class _Speculation:
    """A final decode started at a pause.

    `ready_at` is on the listener's reported clock. Live, the decode runs on `pool` and is usable
    once done. Replayed (`pool` None), it runs at once on this thread and is usable to decisions
    from stream time `usable_from`, which does not depend on how long it took.
    """

    def __init__(
        self,
        fn: Callable[[], Hypothesis],
        started_at: float,
        pool: ThreadPoolExecutor | None,
        *,
        usable_from: float = 0.0,
    ) -> None:
        self.started_at = started_at
        self.decode_ms = 0.0
        self._usable_from = usable_from
        self._hyp: Hypothesis | None = None
        self._future: Future[tuple[Hypothesis, float]] | None = None
        if pool is None:
            t = time.perf_counter()
            self._hyp = fn()
            self.decode_ms = (time.perf_counter() - t) * 1000
            self.ready_at: float | None = started_at + self.decode_ms
        else:
            self.ready_at = None
            self._future = pool.submit(_timed, fn)

    def usable(self, stream_ms: float) -> bool:
        """Whether endpointing may use the result at stream time `stream_ms`."""
        if self._future is None:
            return stream_ms >= self._usable_from
        if self._future.done() and self.ready_at is None:
            self._hyp, self.decode_ms = self._future.result()
            self.ready_at = self.started_at + self.decode_ms
        return self.ready_at is not None

    def wait(self) -> tuple[Hypothesis, float]:
        if self._future is not None and self._hyp is None:
            self._hyp, self.decode_ms = self._future.result()
            self.ready_at = self.started_at + self.decode_ms
        assert self._hyp is not None and self.ready_at is not None
        return self._hyp, self.ready_at


def _timed(fn: Callable[[], Hypothesis]) -> tuple[Hypothesis, float]:
    t = time.perf_counter()
    hyp = fn()
    return hyp, (time.perf_counter() - t) * 1000


class Listener:
    """Feed 512-sample frames with `feed`; finished turns come back as `TurnResult`s."""

    def __init__(
        self,
        engine: VoiceEngine,
        runner: Runner,
        parts: StreamParts,
        *,
        customer_id: str,
        request_id: str = "voice",
        now: datetime | None = None,
        live: bool = False,
        on_event: Callable[[VoiceEvent], None] | None = None,
    ) -> None:
        self.engine, self.runner, self.parts = engine, runner, parts
        self.settings = engine.settings
        self.customer_id, self.request_id, self.now = customer_id, request_id, now
        self.live = live
        self.on_event = on_event or (lambda _e: None)
        who = speaker(runner, customer_id)
        # Japanese-locale customers: the Japanese recognizer, names as written, Japanese partials (if on)
        japanese = who.japanese and engine.settings.asr.ja
        self.finals = engine.finals_for(japanese=japanese)
        self.names = (*who.names_ja, *who.names) if japanese else who.names
        self._partial_asr = engine.partials_for(parts, japanese=japanese)
        self._ear = _ear(runner, customer_id) if self.settings.hear else None
        previewing = self.settings.preview and isinstance(runner, Previewing)
        self._preview = runner.preview if previewing else None  # type: ignore[attr-defined]
        # A bilingual recognizer decides the language early, on the start of speech (see bilingual.py)
        from teller.voice.bilingual import BilingualFinals

        bilingual = self.finals if isinstance(self.finals, BilingualFinals) else None
        self._detect: Callable[[Samples], str] | None = bilingual.early if bilingual else None
        lid_s = bilingual.lid_seconds if bilingual else 0.0
        self._lid_frames = round((lid_s * 1000 + self.settings.pre_roll_ms) / FRAME_MS) if lid_s > 0 else 0
        self._endpointer = Endpointer(self.settings)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="asr") if live else None
        self._t0 = self._feed_started = time.perf_counter()
        self._clock = 0.0  # reported time (replay: stream time pushed by measured compute)
        self._stream_ms = 0.0  # arrival time of the latest frame: what replayed decisions read
        self._index = 0
        self._arrivals: dict[int, float] = {}
        pre = max(1, round((self.settings.pre_roll_ms + self.settings.min_speech_ms) / FRAME_MS))
        self._recent: deque[Samples] = deque(maxlen=pre)
        self._turns = 0
        self._reset_turn()

    def _reset_turn(self) -> None:
        self._audio: list[Samples] = []
        self._partial, self._partial_age, self._partials = "", 0, 0
        self._first_partial: float | None = None
        self._prefetched: set[str] = set()
        self._spec: _Speculation | None = None
        self._spec_frames = 0
        self._spec_tail: Tail | None = None  # the speculative final's tail, judged once
        self._language: str | None = None

    # -- clock -------------------------------------------------------------------------------------

    def _now_ms(self) -> float:
        return (time.perf_counter() - self._t0) * 1000 if self.live else self._clock

    def _work(self, fn: Callable[[], object]) -> None:
        t = time.perf_counter()
        fn()
        if not self.live:
            self._clock += (time.perf_counter() - t) * 1000

    def _request_now(self) -> datetime:
        return self.now or datetime.now().astimezone()

    # -- frames ------------------------------------------------------------------------------------

    def feed(self, frame: Samples) -> list[TurnResult]:
        """Process one frame (it arrives now when live, at its stream time otherwise)."""
        arrival = self._now_ms() if self.live else (self._index + 1) * FRAME_MS
        self._stream_ms = arrival
        self._clock = max(self._clock, arrival)
        self._arrivals[self._index] = arrival
        self._index += 1
        t = self._feed_started = time.perf_counter()
        speech = self.parts.vad.probability(frame) >= self.settings.vad_threshold
        self._recent.append(frame)
        if self._endpointer.in_turn:
            self._audio.append(frame)
            self._partial_step(frame, speech)
            if self._detect is not None and self._language is None and len(self._audio) == self._lid_frames:
                self._language = self._detect(np.concatenate(self._audio))
        tail = self._tail() if self._endpointer.in_turn else Tail.NEUTRAL
        events = self._endpointer.push(speech, tail)
        if not self.live:
            self._clock += (time.perf_counter() - t) * 1000
        results: list[TurnResult] = []
        for event in events:
            result = self._on(event)
            if result is not None:
                results.append(result)
        return results

    def close(self) -> list[TurnResult]:
        """End of stream: finish a turn still open."""
        results = [r for e in self._endpointer.flush() if (r := self._on(e)) is not None]
        if self._pool is not None:
            self._pool.shutdown(wait=False)
        return results

    def _partial_step(self, frame: Samples, speech: bool) -> None:
        if self._partial_asr is None:
            return
        # A recognizer that decodes in steps starts none while a final is being decoded (it would take
        # the final's core) or once the start of speech was heard as English (not its language).
        voiced = speech and self._spec is None and self._language != "en"
        hyp = self._partial_asr.accept(frame, speech=voiced)
        if hyp is not None:
            self._partial, self._partial_age = hyp.text, 0
            self._partials += 1
            if self._first_partial is None:
                self._first_partial = len(self._audio) * FRAME_MS
            # replayed: the frame's own compute so far (a partial decode) counts before the partial shows
            shown = (
                self._now_ms()
                if self.live
                else self._clock + (time.perf_counter() - self._feed_started) * 1000
            )
            self.on_event(VoiceEvent("partial", shown, hyp.text))
            return
        self._partial_age += 1
        if self._partial_age == _STABLE_FRAMES:
            self._prefetch(self._partial)

    def _prefetch(self, text: str) -> None:
        if not self.settings.prefetch or not text or text in self._prefetched:
            return
        self._prefetched.add(text)
        self._work(lambda: self.runner.prefetch(self.customer_id, text, self._request_now()))

    def _tail(self) -> Tail:
        spec = self._spec
        if spec is not None:
            if not spec.usable(self._stream_ms):
                return Tail.OPEN  # wait for the final already being decoded (bounded by hold_ms)
            if self._spec_tail is None:
                hyp, _ = spec.wait()
                self._prefetch(hyp.text)
                self._spec_tail = self._judge(hyp)
            return self._spec_tail
        return partial_tail(self._partial, self.names)  # open or neutral: too rough to end a turn early

    def _judge(self, hyp: Hypothesis) -> Tail:
        """The speculative final's tail: the text rules, and what the pipeline makes of the words."""
        if self._preview is None or not hyp.text or is_backchannel(hyp.text):
            return end_tail(hyp.text, self.names, None)
        heard = self._heard(hyp)
        request = TurnRequest(
            id=f"{self.request_id}-preview", customer_id=self.customer_id, text=heard.text[:2000],
            now=self._request_now(),
        )  # fmt: skip
        preview = self._preview
        results: list[TurnResult] = []
        self._work(lambda: results.append(preview(request)))
        return end_tail(heard.text, self.names, results[0])

    def _heard(self, hyp: Hypothesis) -> _Heard:
        heard_text, changes = hear(
            hyp.text, hyp.alternatives, self._ear, hyp.rechecks, hyp.name_rechecks, hyp.forced
        )
        fixed = repair(heard_text) if self.settings.repair and heard_text.isascii() else None
        text = fixed.text if fixed is not None else heard_text
        traces = [
            TraceOut(stage="voice", rule=c.rule, surface=c.heard, value=c.text, at=c.at) for c in changes
        ]
        if fixed is not None:
            traces.append(
                TraceOut(stage="voice", rule=f"repair:{fixed.rule}", surface=fixed.heard, value=text)
            )
        if self._ear is not None and doubtful_lock(text):  # "unlock" heard as "and lock": ask (verbs.py)
            traces.append(and_lock_trace(text))
        return _Heard(text, traces)

    # -- events ------------------------------------------------------------------------------------

    def _on(self, event: Event) -> TurnResult | None:
        if event.kind is Kind.START:
            self._reset_turn()
            self._audio = list(self._recent)
            if self._partial_asr is not None:
                self._partial_asr.start()
                for frame in self._audio[:-1]:
                    self._partial_asr.accept(frame, speech=False)
            return None
        if event.kind is Kind.PAUSE:
            self.on_event(VoiceEvent("pause", self._now_ms(), self._partial))
            if self.settings.speculative:
                self._speculate()
            return None
        if event.kind is Kind.RESUME:
            self.on_event(VoiceEvent("resume", self._now_ms()))
            self._spec, self._spec_tail = None, None
            return None
        return self._finish(event)

    def _transcribe(self, samples: Samples) -> Hypothesis:
        if self._detect is None:
            return self.finals.transcribe(samples, bias=self.names)
        language = self._language  # None for speech shorter than lid_seconds: decided on all of it
        return self.finals.transcribe(samples, bias=self.names, language=language)  # type: ignore[call-arg]

    def _speculate(self) -> None:
        samples = np.concatenate(self._audio)
        self._spec = _Speculation(
            lambda: self._transcribe(samples),
            self._now_ms(),
            self._pool,
            usable_from=self._stream_ms + self.settings.replay_decode_ms,
        )
        self._spec_frames = len(self._audio)
        self._spec_tail = None

    def _finish(self, event: Event) -> TurnResult | None:
        ended_at = self._now_ms()
        last_voiced = round(event.speech_end_ms / FRAME_MS) - 1
        eos = self._arrivals.get(last_voiced, event.speech_end_ms)
        self.on_event(VoiceEvent("end", ended_at))
        if self._spec is not None:
            hyp, ready_at = self._spec.wait()
            decode_ms = self._spec.decode_ms
            self._clock = max(self._clock, ready_at)
        else:
            t = time.perf_counter()
            hyp = self._transcribe(np.concatenate(self._audio))
            decode_ms = (time.perf_counter() - t) * 1000
            if not self.live:
                self._clock += decode_ms
        final_at = self._now_ms()
        audio_ms = len(self._audio) * FRAME_MS
        used_spec = self._spec is not None
        self._arrivals = {k: v for k, v in self._arrivals.items() if k >= self._index}
        if not hyp.text or is_backchannel(hyp.text):
            self.on_event(VoiceEvent("ignored", final_at, hyp.text))
            return None
        self.on_event(VoiceEvent("final", final_at, hyp.text))
        self._turns += 1
        rid = self.request_id if self._turns == 1 else f"{self.request_id}-{self._turns}"
        heard = self._heard(hyp)
        text = heard.text
        request = TurnRequest(id=rid, customer_id=self.customer_id, text=text[:2000], now=self._request_now())
        t = time.perf_counter()
        if asks_which(text, (x.rule for x in heard.traces)):
            result = lock_or_unlock(rid, text)  # asks lock or unlock: nothing runs, nothing acts
        else:
            result = self.runner.run(request)
        if not self.live:
            self._clock += (time.perf_counter() - t) * 1000
        action_at = self._now_ms()
        timings = {
            "audio_received": audio_ms,
            "end_of_speech": ended_at - eos,
            "partials": float(self._partials),
            "first_partial": self._first_partial or 0.0,
            "asr_final": final_at - eos,
            "asr_decode": decode_ms,
            "eos_to_action": action_at - eos,
            "speculative": 1.0 if used_spec else 0.0,
        }
        trace = [*heard.traces, *result.trace]
        result = result.model_copy(
            update={
                "transcript": text,
                "trace": trace,
                "timings_ms": {**result.timings_ms, **_rounded(timings)},
            }
        )
        self.on_event(VoiceEvent("result", action_at, result.action.value))
        return result


def _ear(runner: object, customer_id: str) -> Ear | None:
    """What the customer's bank knows, to check transcripts against (None without a bank)."""
    snapshot = getattr(getattr(runner, "bank", None), "snapshot", None)
    if not callable(snapshot):
        return None
    try:
        return ear_for(snapshot(customer_id))
    except Exception:  # an unknown customer: the turn itself reports it
        return None


def _rounded(values: dict[str, float]) -> dict[str, float]:
    return {k: round(v, 2) for k, v in values.items()}
