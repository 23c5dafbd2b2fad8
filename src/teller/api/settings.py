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
    workers: int = Field(default=4, ge=1)  # threads that run turns (CPU-bound) off the event loop

    # Per-request deadline for work routes; the turn's own LLM deadline is set in `llm.*.deadline_s`.
    deadline_s: float = Field(default=10.0, gt=0)

    # Size limits: JSON bodies, audio uploads (bytes), and audio duration at 16 kHz mono PCM16.
    max_body_bytes: int = Field(default=16 * 1024, ge=256)
    max_audio_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    max_audio_s: float = Field(default=30.0, gt=0)

    # Keys: demo keys are HMAC(demo_key_secret, customer id), printed by `teller serve`; a keys file
    # holds {"sha256 hex of key": "customer id"} for anything real. Only hashes are kept in memory.
    demo_keys: bool = True
    demo_key_secret: str = "teller-demo"
    demo_customers: tuple[str, ...] = ("c_001", "c_002", "c_003")
    keys_file: Path | None = None

    session_ttl_s: int = Field(default=900, ge=1)
    max_sessions: int = Field(default=10_000, ge=1)
    idempotency_ttl_s: int = Field(default=24 * 3600, ge=1)

    # Evaluation only: accept `now` on text turns as the turn's reference time (what "tomorrow" means,
    # which day policy previews). Never used for confirmations, expiry, the ledger or the audit log.
    # Off by default; logged as a warning at start-up when on.
    replay_mode: bool = False

    voice: bool = True  # load the voice path (audio uploads, streamed PCM) when `teller.voice` can

    log_level: str = "INFO"
    log_turns: bool = True  # one redacted JSON line per turn
    otel: Literal["off", "console", "otlp"] = "off"
