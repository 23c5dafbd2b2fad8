"""The API's slice of Settings, nested as `api` (TELLER_API__MAX_IN_FLIGHT=64, TELLER_API__PORT=8400)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field


class ApiSettings(BaseModel):
    host: str = "127.0.0.1"
    port: int = Field(default=8400, ge=0, le=65535)

    # Admission: at most `max_in_flight` requests under /v1 are served at once; the next one is refused
    # with 429 and Retry-After instead of queueing, so latency stays bounded under overload.
    max_in_flight: int = Field(default=48, ge=1)
    max_streams: int = Field(default=16, ge=1)  # concurrent WebSocket turn streams
    retry_after_s: int = Field(default=1, ge=1)

    # Fairness (teller.api.admission): per customer key, requests in flight and a token bucket
    # (`burst_per_key` tokens refilled at `rate_per_key_s`); per client address, failed
    # authentications (a bucket of `auth_failures_burst` refilled at `auth_failures_per_s`; when it
    # is empty the address gets 429 before its key is looked at). Over any of them: 429 + Retry-After.
    max_in_flight_per_key: int = Field(default=8, ge=1)
    rate_per_key_s: float = Field(default=20.0, gt=0)
    burst_per_key: float = Field(default=40.0, ge=1)
    auth_failures_per_s: float = Field(default=1.0, gt=0)
    auth_failures_burst: float = Field(default=20.0, ge=1)
    # A request refused for its own key's or address's excess is answered after this delay, so a
    # client that ignores Retry-After cannot make the server refuse it faster (costs a timer, no worker).
    refusal_delay_s: float = Field(default=1.0, ge=0)
    # WebSocket streams: at most `max_streams_per_key` per customer; a stream with no message for
    # `ws_idle_timeout_s` is closed. Over a cap the stream is accepted and closed with 1013.
    max_streams_per_key: int = Field(default=2, ge=1)
    ws_idle_timeout_s: float = Field(default=60.0, gt=0)
    # Connections (teller.api.connections): read deadlines for a request's headers (from its first
    # byte) and body (from the end of its headers), 408 past them; caps on open connections.
    header_timeout_s: float = Field(default=10.0, gt=0)
    body_timeout_s: float = Field(default=10.0, gt=0)
    body_min_rate: float = Field(default=64 * 1024, gt=0)  # bytes/s a declared body may add to its deadline
    max_header_bytes: int = Field(default=64 * 1024, ge=1024)
    max_connections: int = Field(default=1024, ge=1)
    max_connections_per_address: int = Field(default=128, ge=1)
    workers: int = Field(default=4, ge=1)  # threads that run turns (CPU-bound) off the event loop

    # Model lanes (teller.api.lanes): the LLM runs one call at a time with at most `llm_queue` turns
    # waiting (the next one degrades at once: clarify, reason llm_busy); voice work (decoding, VAD,
    # ASR) has its own threads and queue (a full one answers uploads 429). The LLM's threads run at
    # `model_nice` (0: the same CPU priority as request work).
    llm_queue: int = Field(default=2, ge=0)
    voice_workers: int = Field(default=2, ge=1)
    voice_queue: int = Field(default=2, ge=0)
    qna_workers: int = Field(default=2, ge=1)  # QnA answers (retrieval, and the QnA model if configured)
    qna_queue: int = Field(default=4, ge=0)
    model_nice: int = Field(default=10, ge=0, le=19)

    # Per-request deadline for work routes; the turn's own LLM deadline is set in `llm.*.deadline_s`.
    deadline_s: float = Field(default=10.0, gt=0)

    # Size limits: JSON bodies, audio uploads (bytes), and audio duration at 16 kHz mono PCM16.
    max_body_bytes: int = Field(default=16 * 1024, ge=256)
    max_audio_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    max_audio_s: float = Field(default=30.0, gt=0)
    # Server-wide: seconds of uploaded audio being decoded or transcribed at once (each upload
    # reserves `max_audio_s`); an upload that does not fit is answered 429 at once.
    max_audio_in_flight_s: float = Field(default=120.0, gt=0)

    # Keys: a keys file holds {"sha256 hex of key": "customer id"}. Demo keys exist only when asked
    # for (`teller serve --demo`): HMAC(demo_key_secret, customer id), where --demo draws a random
    # secret per start unless one is configured. Only hashes are kept in memory.
    demo_keys: bool = False
    demo_key_secret: str | None = None
    demo_customers: tuple[str, ...] = ("c_001", "c_002", "c_003")
    keys_file: Path | None = None

    # Exposure: the OpenAPI schema at /openapi.json only with `docs` (--demo turns it on). Metrics
    # need `Authorization: Bearer <metrics_key>` on the API port, or are served without a key on
    # their own address (`metrics_host`:`metrics_port`, started by `teller serve`); else 404.
    docs: bool = False
    metrics_key: str | None = Field(default=None, min_length=16)
    metrics_host: str = "127.0.0.1"
    metrics_port: int | None = Field(default=None, ge=0, le=65535)

    session_ttl_s: int = Field(default=900, ge=1)  # sessions live in the database (store/sessions.py)
    idempotency_ttl_s: int = Field(default=24 * 3600, ge=1)

    # Evaluation only: accept `now` on text turns as the turn's reference time (what "tomorrow" means,
    # which day policy previews). Never used for confirmations, expiry, the ledger or the audit log.
    # Off by default; logged as a warning at start-up when on.
    replay_mode: bool = False

    voice: bool = True  # load the voice path (audio uploads, streamed PCM) when `teller.voice` can

    log_level: str = "INFO"
    log_turns: bool = True  # one redacted JSON line per turn
    otel: Literal["off", "console", "otlp"] = "off"
