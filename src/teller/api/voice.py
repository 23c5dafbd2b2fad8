"""The voice path behind the API: uploaded utterances and live PCM streams, over `teller.voice`.

Uploads (multipart `audio`: WAV/FLAC/OGG, or raw audio whose part content type says what it is, see
`raw_format`) are replayed through the same streaming listener the microphone path uses, so
endpointing and timings match; the transcript then runs as a session turn. Streams feed raw frames
(16 kHz PCM16 unless the stream's `start` message declares another encoding and rate, e.g. 8 kHz
mu-law from a phone line) to a live `Listener`; each binary message is processed on the voice lane
(VAD, partial recognizer and the final decode are CPU-bound; see `teller.api.lanes`) and its events
come back in order: `partial`, `final`, `result`. Models load once, in the app's lifespan.

Uploads are bounded before they are decoded (`teller.voice.audio.load_audio` reads the container's
length first and decodes with a sample cap: 413 past `max_audio_s`), and server-wide: each upload
being decoded or transcribed reserves `max_audio_s` of the `max_audio_in_flight_s` budget, and one
that does not fit is refused at once (429) rather than queued.
"""

from __future__ import annotations

import logging
import uuid
from contextlib import ExitStack
from datetime import datetime
from typing import TYPE_CHECKING, Any

from starlette.datastructures import UploadFile

from teller.api.settings import ApiSettings
from teller.api.wire import SESSION_PATTERN, TurnOut
from teller.config import Settings
from teller.domain.turn import TurnRequest, TurnResult
from teller.errors import BadAudio, InputError, Overloaded
from teller.voice.audio import ENCODINGS, FRAME_SAMPLES, SAMPLE_RATE, StreamDecoder, decode_pcm, load_audio
from teller.voice.engine import VoiceEngine
from teller.voice.files import act_on_fragments, fragments, listen_samples
from teller.voice.session import Listener, VoiceEvent
from teller.voice.settings import VoiceSettings

if TYPE_CHECKING:
    from teller.api.service import TurnService

log = logging.getLogger("teller.api.voice")

# Raw upload content types (RFC 3551 names; `rate=` may follow, 8000 by default for G.711).
_RAW_TYPES = {
    "audio/pcmu": "mulaw", "audio/basic": "mulaw", "audio/x-mulaw": "mulaw", "audio/mulaw": "mulaw",
    "audio/pcma": "alaw", "audio/x-alaw": "alaw", "audio/alaw": "alaw",
}  # fmt: skip


def raw_format(content_type: str | None) -> tuple[str, int] | None:
    """(encoding, rate) of a raw upload from its content type; None for a container or plain bytes.

    audio/PCMU, audio/basic → 8 kHz mu-law; audio/PCMA → 8 kHz A-law (`;rate=16000` overrides);
    audio/L16;rate=8000 → little-endian PCM16 at that rate (16 kHz without `rate`).
    """
    if not content_type:
        return None
    kind, *params = [p.strip().lower() for p in content_type.split(";")]
    values = dict(p.partition("=")[::2] for p in params)
    encoding = _RAW_TYPES.get(kind) or ("pcm16" if kind == "audio/l16" else None)
    if encoding is None:
        return None
    default = 8000 if encoding != "pcm16" else SAMPLE_RATE
    try:
        rate = int(values.get("rate", default))
    except ValueError:
        raise BadAudio(f"content type {content_type!r}: rate must be a whole number of Hz") from None
    return encoding, rate


def load_voice(settings: Settings, api: ApiSettings) -> VoiceAdapter | None:
    """The adapter with models loaded, or None (logged) when the voice path is off or cannot load."""
    if not api.voice:
        return None
    nested = getattr(settings, "voice", None)
    voice = nested if isinstance(nested, VoiceSettings) else VoiceSettings()
    try:
        engine = VoiceEngine.shared(voice)
        with engine.stream_parts():  # load one stream's VAD and partial recognizer now, not mid-request
            pass
    except Exception as exc:  # a missing extra or model: serve text only, and say why
        log.warning("voice path unavailable", extra={"fields": {"reason": f"{type(exc).__name__}: {exc}"}})
        return None
    return VoiceAdapter(engine, api)


class _SessionRunner:
    """What the listener calls `runner`: turns go through the session runner under one session id."""

    def __init__(self, service: TurnService, session_id: str | None) -> None:
        self._service = service
        self.session_id = session_id
        self.bank = service.runner.bank  # the listener biases recognition towards these names

    def run(self, request: TurnRequest) -> TurnResult:
        request = request.model_copy(update={"session_id": self.session_id})
        result, session_id = self._service.run_in_session(request)
        self.session_id = session_id or self.session_id
        return result

    def preview(self, request: TurnRequest) -> TurnResult:
        """The turn understood outside the session, without side effects (the endpointer reads it)."""
        return self._service.runner.run(request, act=False)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        self._service.runner.prefetch(customer_id, text, now)


class VoiceAdapter:
    def __init__(self, engine: VoiceEngine, api: ApiSettings) -> None:
        self.engine = engine
        self.api = api
        self.audio_in_flight_s = 0.0  # reserved by uploads being decoded or transcribed (event loop only)

    async def turn(self, service: TurnService, customer_id: str, form: Any) -> TurnOut:
        """One uploaded utterance → one turn (fragments in one file are joined and act once, as `ask`)."""
        upload = form.get("audio")
        if not isinstance(upload, UploadFile):
            raise InputError("multipart field `audio` (a file) is required", code="bad_request")
        session_id = form.get("session_id")
        if session_id is not None and (
            not isinstance(session_id, str) or not SESSION_PATTERN.fullmatch(session_id)
        ):
            raise InputError("session_id: must be 1-64 letters, digits, _ or -", code="bad_request")
        reserve = self.api.max_audio_s
        if self.audio_in_flight_s + reserve > self.api.max_audio_in_flight_s:
            service.metrics.lane_rejected.labels(lane="audio").inc()
            raise Overloaded("too much audio is being processed right now; retry in a moment")
        self.audio_in_flight_s += reserve
        try:
            data = await upload.read()
            raw = raw_format(upload.content_type)
            work = service.voice_call(self._run_upload, service, customer_id, data, session_id, raw)
            return await service.observed(work, voice=True)
        finally:
            self.audio_in_flight_s -= reserve

    def _run_upload(
        self,
        service: TurnService,
        customer_id: str,
        data: bytes,
        session_id: str | None,
        raw: tuple[str, int] | None = None,
    ) -> tuple[TurnRequest, TurnResult, str | None]:
        limit = self.api.max_audio_s
        if raw is None and data[:4] in (b"RIFF", b"fLaC", b"OggS"):
            samples = load_audio(data, max_seconds=limit)  # G.711 WAVs included (soundfile reads them)
        else:
            encoding, rate = raw or ("pcm16", SAMPLE_RATE)
            samples = decode_pcm(data, encoding=encoding, rate=rate, max_seconds=limit)
        runner = _SessionRunner(service, session_id)
        now = service.runner.clock.now()
        rid = uuid.uuid4().hex[:16]
        # The upload is one request: its fragments are understood without side effects (outside the
        # session, so a fragment's "yes" confirms nothing); only the joined request acts, in the session.
        turns = listen_samples(
            fragments(service.runner), samples, customer_id=customer_id, now=now, engine=self.engine,
            request_id=rid,
        )  # fmt: skip
        if not turns:
            raise BadAudio("no speech found in the audio")
        result = act_on_fragments(runner, turns, customer_id=customer_id, now=now, request_id=rid)
        request = TurnRequest(id=rid, customer_id=customer_id, text=result.transcript or "", now=now)
        return request, result, runner.session_id

    def stream(self, service: TurnService, customer_id: str, session_id: str) -> AudioStream:
        return AudioStream(self, service, customer_id, session_id)


class AudioStream:
    """One WebSocket's live listener. Not thread-safe: the route awaits each call before the next."""

    def __init__(
        self, adapter: VoiceAdapter, service: TurnService, customer_id: str, session_id: str
    ) -> None:
        self._service = service
        self._stack = ExitStack()
        parts = self._stack.enter_context(adapter.engine.stream_parts())
        self._events: list[dict[str, Any]] = []
        self._runner = _SessionRunner(service, session_id)
        self._listener = Listener(
            adapter.engine,
            self._runner,
            parts,
            customer_id=customer_id,
            request_id=f"ws-{uuid.uuid4().hex[:8]}",
            live=True,
            on_event=self._on_event,
        )
        self._pending: list[Any] = []  # 16 kHz samples short of a whole frame
        self._decoder = StreamDecoder()
        self._max_audio_s = adapter.api.max_audio_s
        self._budget = int(self._max_audio_s * self._decoder.bytes_per_second())  # bytes per utterance
        self._since_result = 0
        self._fed = False

    def start(self, encoding: object, sample_rate: object) -> None:
        """The stream's format, from its `start` message; only before this utterance's first audio."""
        if self._fed:
            raise BadAudio("send `start` before the utterance's audio (or after an `end`)")
        if encoding not in ENCODINGS:
            raise BadAudio(f"start.encoding must be one of {', '.join(ENCODINGS)}")
        if not isinstance(sample_rate, int) or isinstance(sample_rate, bool):
            raise BadAudio("start.sample_rate must be a whole number of Hz (8000 or 16000, say)")
        self._decoder = StreamDecoder(str(encoding), sample_rate)
        self._budget = int(self._max_audio_s * self._decoder.bytes_per_second())

    def _on_event(self, event: VoiceEvent) -> None:
        if event.kind in ("partial", "final"):
            self._events.append({"type": event.kind, "text": event.text, "at_ms": round(event.at_ms, 1)})

    async def feed(self, pcm: bytes) -> list[dict[str, Any]]:
        """Feed raw bytes in the stream's format (any length); the events they caused, in order."""
        self._fed = True
        self._since_result += len(pcm)
        if self._since_result > self._budget:
            self._since_result = 0
            raise BadAudio(f"an utterance may be at most {self.api_seconds:g} s of audio")
        return await self._service.voice_call(self._feed, pcm, wait=True)

    @property
    def api_seconds(self) -> float:
        return self._budget / self._decoder.bytes_per_second()

    def _feed(self, pcm: bytes) -> list[dict[str, Any]]:
        import numpy as np

        samples = np.concatenate([*self._pending, self._decoder.decode(pcm)])
        whole = samples.size - samples.size % FRAME_SAMPLES
        self._pending = [samples[whole:]]
        results: list[TurnResult] = []
        for start in range(0, whole, FRAME_SAMPLES):
            results.extend(self._listener.feed(samples[start : start + FRAME_SAMPLES]))
        return self._drain(results)

    async def end(self) -> list[dict[str, Any]]:
        """The client says the utterance is over: finish any open turn."""
        return await self._service.voice_call(lambda: self._drain(self._listener.close()), wait=True)

    def _drain(self, results: list[TurnResult]) -> list[dict[str, Any]]:
        events, self._events = self._events, []
        for result in results:
            self._since_result = 0
            out = self._service.finish(result, self._runner.session_id, voice=True)
            events.append({"type": "result", **out.model_dump(mode="json")})
        return events

    def close(self) -> None:
        self._stack.close()
