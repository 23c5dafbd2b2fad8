"""Final transcripts from any OpenAI-compatible `/v1/audio/transcriptions` server.

Works with faster-whisper-server / speaches, vLLM's Whisper serving, whisper.cpp's server and the
hosted API. The customer's names go into `prompt`, which Whisper-family servers use as context.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np

from teller.errors import BackendUnavailable, ConfigError, DeadlineExceeded, MissingExtra
from teller.voice.asr import Hypothesis, bias_prompt
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.settings import ASRSettings


def wav_bytes(samples: Samples) -> bytes:
    """16-bit PCM WAV of 16 kHz mono samples."""
    import wave

    buf = io.BytesIO()
    with wave.open(buf, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes((np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes())
    return buf.getvalue()


class OpenAIFinals:
    """POSTs each utterance as a WAV file; one pooled HTTP client per process."""

    def __init__(self, settings: ASRSettings) -> None:
        try:
            import httpx
        except ImportError as exc:
            raise MissingExtra("httpx", "voice") from exc
        if not settings.base_url:
            raise ConfigError("voice.asr.base_url is required for the openai ASR backend")
        self._settings = settings
        self._httpx = httpx
        headers = {"Authorization": f"Bearer {settings.api_key}"} if settings.api_key else {}
        self._client = httpx.Client(
            base_url=settings.base_url.rstrip("/"), headers=headers, timeout=settings.timeout_s
        )

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        s = self._settings
        data = {"model": s.model, "language": s.language, "response_format": "json", "temperature": "0"}
        if s.bias and bias:
            data["prompt"] = bias_prompt(bias)
        files = {"file": ("utterance.wav", wav_bytes(samples), "audio/wav")}
        try:
            response = self._client.post("/audio/transcriptions", data=data, files=files)
            response.raise_for_status()
        except self._httpx.TimeoutException as exc:
            raise DeadlineExceeded(f"ASR server did not answer in {s.timeout_s} s") from exc
        except self._httpx.HTTPError as exc:
            raise BackendUnavailable(f"ASR server {s.base_url}: {exc}") from exc
        payload = response.json()
        text = str(payload.get("text", "")).strip() if isinstance(payload, dict) else ""
        return Hypothesis(text, final=True, audio_ms=samples.size * 1000 / SAMPLE_RATE)
