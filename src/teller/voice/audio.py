"""Audio in: files and PCM buffers become 16 kHz mono float32, or a clear `BadAudio`.

Compressed audio is bounded before it is decoded: the container's header gives its length, and a
file declaring more than `max_seconds` is refused (`AudioTooLong`) without decoding a sample; the
rest is decoded one second at a time, mixed to mono as it goes, and refused as soon as it passes the
cap, so a header that lies costs at most `max_seconds` of audio. A 1 MB OGG of hours of silence
therefore costs kilobytes, not gigabytes.

Streaming input is cut into frames of `FRAME_SAMPLES` (32 ms, the size Silero VAD takes).

Telephony: raw G.711 (mu-law `mulaw`, A-law `alaw`) and PCM16 at 8 kHz or any rate in range decode
with `decode_pcm`; a live stream resamples chunk by chunk with `StreamDecoder` (soxr's streaming
resampler, so chunk edges leave no clicks). G.711 is expanded by the standard's tables (ITU-T G.711).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from teller.errors import AudioTooLong, BadAudio, MissingExtra

SAMPLE_RATE = 16_000
FRAME_SAMPLES = 512
FRAME_MS = FRAME_SAMPLES * 1000 / SAMPLE_RATE
MIN_RATE, MAX_RATE = 8_000, 192_000
MAX_CHANNELS = 8

Samples = npt.NDArray[np.float32]


def load_audio(source: str | Path | bytes, *, max_seconds: float = 30.0) -> Samples:
    """Read WAV/FLAC/OGG from a path or bytes, mix to mono and resample to 16 kHz."""
    try:
        import soundfile
    except ImportError as exc:
        raise MissingExtra("soundfile", "voice") from exc
    name = "<bytes>" if isinstance(source, bytes) else str(source)
    if not isinstance(source, bytes) and not Path(source).is_file():
        raise BadAudio(f"{name}: no such file")
    handle: Any = io.BytesIO(source) if isinstance(source, bytes) else str(source)
    try:
        with soundfile.SoundFile(handle) as f:
            rate = int(f.samplerate)
            _check_header(f, name, max_seconds)
            mono = _decode_capped(f, name, cap=int(max_seconds * rate), max_seconds=max_seconds)
    except (soundfile.LibsndfileError, RuntimeError, TypeError) as exc:
        raise BadAudio(f"{name}: not a readable audio file (WAV, FLAC or OGG): {exc}") from exc
    return prepare(mono, rate, max_seconds=max_seconds, name=name)


def _check_header(f: Any, name: str, max_seconds: float) -> None:
    """Refuse what the header alone shows is unusable or too long, before decoding anything."""
    rate, channels, frames = int(f.samplerate), int(f.channels), int(f.frames)
    if rate < MIN_RATE or rate > MAX_RATE:
        raise BadAudio(f"{name}: sample rate {rate} Hz cannot be resampled to 16 kHz (need 8-192 kHz)")
    if channels < 1 or channels > MAX_CHANNELS:
        raise BadAudio(f"{name}: {channels} channels (at most {MAX_CHANNELS})")
    if frames > max_seconds * rate:
        raise AudioTooLong(_too_long(name, frames / rate, max_seconds))


def _decode_capped(f: Any, name: str, *, cap: int, max_seconds: float) -> Samples:
    """Decode at most `cap` frames, one second per block, mixed to mono as they come."""
    parts: list[Samples] = []
    total = 0
    for block in f.blocks(blocksize=int(f.samplerate), dtype="float32", always_2d=True):
        total += len(block)
        if total > cap:  # the header understated the length
            raise AudioTooLong(_too_long(name, None, max_seconds))
        parts.append(block.mean(axis=1, dtype=np.float32))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)


def _too_long(name: str, seconds: float | None, max_seconds: float) -> str:
    length = f"{seconds:.1f} s of audio" if seconds is not None else "the audio"
    return f"{name}: {length} is over the {max_seconds:g} s limit"


def pcm16_to_float(pcm: bytes) -> Samples:
    """Little-endian signed 16-bit PCM to float32 in [-1, 1)."""
    if len(pcm) % 2:
        raise BadAudio("PCM16 input has an odd number of bytes")
    return (np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0).astype(np.float32)


Encoding = Literal["pcm16", "mulaw", "alaw"]
ENCODINGS: tuple[str, ...] = ("pcm16", "mulaw", "alaw")


def _g711_tables() -> tuple[Samples, Samples]:
    """Float values of every mu-law and A-law byte (ITU-T G.711 expansion, 16-bit scale / 32768)."""
    code = np.arange(256, dtype=np.int32)
    u = ~code & 0xFF
    mag = ((((u & 0x0F) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
    mulaw = np.where(u & 0x80, -mag, mag)
    a = code ^ 0x55
    seg = (a & 0x70) >> 4
    base = ((a & 0x0F) << 4) + 8
    amag = np.where(seg == 0, base, (base + 0x100) << np.maximum(seg - 1, 0))
    alaw = np.where(a & 0x80, amag, -amag)
    return (mulaw / 32768.0).astype(np.float32), (alaw / 32768.0).astype(np.float32)


MULAW, ALAW = _g711_tables()


def to_float(data: bytes, encoding: str = "pcm16") -> Samples:
    """Raw mono bytes (little-endian PCM16, mu-law or A-law) to float32 in [-1, 1)."""
    if encoding == "pcm16":
        return pcm16_to_float(data)
    table = {"mulaw": MULAW, "alaw": ALAW}.get(encoding)
    if table is None:
        raise BadAudio(f"unknown audio encoding {encoding!r} (one of {', '.join(ENCODINGS)})")
    out: Samples = table[np.frombuffer(data, dtype=np.uint8)]
    return out


def decode_pcm(
    data: bytes, *, encoding: str = "pcm16", rate: int = SAMPLE_RATE, max_seconds: float = 30.0
) -> Samples:
    """A whole raw buffer (e.g. an 8 kHz mu-law upload) as 16 kHz mono float32."""
    return prepare(to_float(data, encoding), rate, max_seconds=max_seconds, name=encoding)


class StreamDecoder:
    """Raw chunks of any length in one encoding and rate → 16 kHz samples, resampled as a stream."""

    def __init__(self, encoding: str = "pcm16", rate: int = SAMPLE_RATE) -> None:
        if encoding not in ENCODINGS:
            raise BadAudio(f"unknown audio encoding {encoding!r} (one of {', '.join(ENCODINGS)})")
        if rate < MIN_RATE or rate > MAX_RATE:
            raise BadAudio(f"sample rate {rate} Hz cannot be resampled to 16 kHz (need 8-192 kHz)")
        self.encoding, self.rate = encoding, rate
        self.width = 2 if encoding == "pcm16" else 1
        self._carry = b""
        self._resampler: Any = None
        if rate != SAMPLE_RATE:
            try:
                import soxr  # type: ignore[import-untyped,unused-ignore]
            except ImportError as exc:
                raise MissingExtra("soxr", "voice") from exc
            self._resampler = soxr.ResampleStream(rate, SAMPLE_RATE, 1, dtype="float32")

    def bytes_per_second(self) -> int:
        return self.rate * self.width

    def decode(self, chunk: bytes, *, last: bool = False) -> Samples:
        """16 kHz samples for `chunk` (a trailing odd PCM16 byte waits for the next chunk)."""
        data = self._carry + chunk
        whole = len(data) - len(data) % self.width
        self._carry = data[whole:]
        samples = to_float(data[:whole], self.encoding)
        if self._resampler is None:
            return samples
        out: Samples = np.asarray(self._resampler.resample_chunk(samples, last=last), dtype=np.float32)
        return out


def prepare(samples: Samples, rate: int, *, max_seconds: float = 30.0, name: str = "audio") -> Samples:
    """Validate mono samples at `rate` and return them at 16 kHz."""
    if samples.ndim != 1:
        raise BadAudio(f"{name}: expected mono samples, got shape {samples.shape}")
    if samples.size == 0:
        raise BadAudio(f"{name}: empty audio (no samples)")
    if rate < MIN_RATE or rate > MAX_RATE:
        raise BadAudio(f"{name}: sample rate {rate} Hz cannot be resampled to 16 kHz (need 8-192 kHz)")
    seconds = samples.size / rate
    if seconds > max_seconds:
        raise AudioTooLong(_too_long(name, seconds, max_seconds))
    if not np.isfinite(samples).all():
        raise BadAudio(f"{name}: audio contains NaN or infinite samples")
    if rate != SAMPLE_RATE:
        samples = resample(samples, rate, SAMPLE_RATE)
    return np.ascontiguousarray(samples, dtype=np.float32)


def resample(samples: Samples, src: int, dst: int) -> Samples:
    """Band-limited resampling (soxr when present, else polyphase from scipy)."""
    try:
        import soxr  # type: ignore[import-untyped,unused-ignore]

        out: Samples = soxr.resample(samples, src, dst).astype(np.float32)
        return out
    except ImportError:
        pass
    try:
        from math import gcd

        from scipy.signal import resample_poly
    except ImportError as exc:
        raise MissingExtra("soxr", "voice") from exc
    g = gcd(src, dst)
    return np.asarray(resample_poly(samples, dst // g, src // g), dtype=np.float32)


def frames(samples: Samples) -> Iterator[Samples]:
    """Cut 16 kHz samples into full frames, zero-padding the last one."""
    for start in range(0, samples.size, FRAME_SAMPLES):
        frame = samples[start : start + FRAME_SAMPLES]
        if frame.size < FRAME_SAMPLES:
            frame = np.pad(frame, (0, FRAME_SAMPLES - frame.size))
        yield frame
