"""The voice path behind the API: uploaded utterances and live PCM streams, over `teller.voice`.

Uploads (multipart `audio`: WAV/FLAC/OGG, or raw 16 kHz mono PCM16) are replayed through the same
streaming listener the microphone path uses, so endpointing and timings match; the transcript then
runs as a session turn. Streams feed 16 kHz PCM16 frames to a live `Listener`; each binary message is
processed on the voice lane (VAD, partial recognizer and the final decode are CPU-bound; see
`teller.api.lanes`) and its events come back in order: `partial`, `final`, `result`. Models load
once, in the app's lifespan.

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
from teller.voice.audio import FRAME_SAMPLES, SAMPLE_RATE, load_audio, pcm16_to_float, prepare
from teller.voice.engine import VoiceEngine
from teller.voice.files import act_on_fragments, fragments, listen_samples
from teller.voice.session import Listener, VoiceEvent
from teller.voice.settings import VoiceSettings

if TYPE_CHECKING:
    from teller.api.service import TurnService

log = logging.getLogger("teller.api.voice")
_FRAME_BYTES = FRAME_SAMPLES * 2


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
            work = service.voice_call(self._run_upload, service, customer_id, data, session_id)
            return await service.observed(work, voice=True)
        finally:
            self.audio_in_flight_s -= reserve

    def _run_upload(
        self, service: TurnService, customer_id: str, data: bytes, session_id: str | None
    ) -> tuple[TurnRequest, TurnResult, str | None]:
        if data[:4] in (b"RIFF", b"fLaC", b"OggS"):
            samples = load_audio(data, max_seconds=self.api.max_audio_s)
        else:
            samples = prepare(pcm16_to_float(data), SAMPLE_RATE, max_seconds=self.api.max_audio_s, name="pcm")
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
        self._pending = b""
        self._budget = int(adapter.api.max_audio_s * SAMPLE_RATE * 2)  # bytes of audio per utterance
        self._since_result = 0

    def _on_event(self, event: VoiceEvent) -> None:
        if event.kind in ("partial", "final"):
            self._events.append({"type": event.kind, "text": event.text, "at_ms": round(event.at_ms, 1)})

    async def feed(self, pcm: bytes) -> list[dict[str, Any]]:
        """Feed PCM16 bytes (any length); the events they caused, in order."""
        self._since_result += len(pcm)
        if self._since_result > self._budget:
            self._since_result = 0
            raise BadAudio(f"an utterance may be at most {self.api_seconds:g} s of audio")
        return await self._service.voice_call(self._feed, pcm, wait=True)

    @property
    def api_seconds(self) -> float:
        return self._budget / (SAMPLE_RATE * 2)

    def _feed(self, pcm: bytes) -> list[dict[str, Any]]:
        data = self._pending + pcm
        whole = len(data) - len(data) % _FRAME_BYTES
        self._pending = data[whole:]
        results: list[TurnResult] = []
        samples = pcm16_to_float(data[:whole]) if whole else None
        for start in range(0, whole // 2, FRAME_SAMPLES):
            assert samples is not None
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
