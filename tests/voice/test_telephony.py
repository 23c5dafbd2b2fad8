"""Telephone audio: G.711 mu-law/A-law and 8 kHz PCM16 become correct 16 kHz samples, whole or streamed."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from teller.api.voice import raw_format
from teller.errors import BadAudio
from teller.voice.audio import ALAW, MULAW, StreamDecoder, decode_pcm, to_float

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "speech"))


def test_g711_reference_values() -> None:
    """Known G.711 code points: mu-law 0xFF/0x7F are ±0, 0x00/0x80 the extremes; A-law 0xD5/0x55 ±8."""
    assert MULAW[0xFF] == 0.0 and MULAW[0x7F] == 0.0
    assert MULAW[0x00] * 32768 == -32124 and MULAW[0x80] * 32768 == 32124
    assert ALAW[0xD5] * 32768 == 8 and ALAW[0x55] * 32768 == -8
    assert ALAW[0xAA] * 32768 == 32256 and ALAW[0x2A] * 32768 == -32256


def test_every_mulaw_byte_round_trips_through_an_independent_encoder() -> None:
    """The bench's G.711 encoder (written from the standard) gives back each byte of Teller's decoder."""
    from channels import mulaw_encode

    codes = np.arange(256, dtype=np.uint8)
    codes = codes[codes != 0x7F]  # -0 is encoded as +0 (0xFF)
    again = np.frombuffer(mulaw_encode(MULAW[codes]), dtype=np.uint8)
    assert np.array_equal(again, codes)


def _tone(rate: int, hz: float, seconds: float = 1.0) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return (0.5 * np.sin(2 * np.pi * hz * t)).astype(np.float32)


def _peak_hz(samples: np.ndarray, rate: int = 16_000) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(samples.size)))
    return float(np.fft.rfftfreq(samples.size, 1 / rate)[int(np.argmax(spectrum))])


@pytest.mark.parametrize("encoding", ["mulaw", "pcm16"])
def test_an_8khz_tone_comes_back_at_16khz_with_its_pitch(encoding: str) -> None:
    """One second of 440 Hz at 8 kHz: 16000 samples out, the peak still at 440 Hz, the level kept."""
    from channels import mulaw_encode

    tone = _tone(8_000, 440.0)
    data = mulaw_encode(tone) if encoding == "mulaw" else (tone * 32767).astype("<i2").tobytes()
    out = decode_pcm(data, encoding=encoding, rate=8_000)
    assert abs(out.size - 16_000) <= 2
    assert abs(_peak_hz(out) - 440.0) <= 2.0
    assert 0.3 < float(np.sqrt(np.mean(out[1000:-1000] ** 2))) < 0.4  # 0.5 peak sine: RMS 0.354


def test_alaw_decodes_like_pcm_within_the_codec_step() -> None:
    """A-law of a tone decodes to within the codec's quantization of the original."""
    tone = _tone(8_000, 300.0, 0.5)
    pcm = np.clip(np.round(tone * 32768), -32768, 32767).astype(np.int32)
    # A-law encode via the decoder's table: the nearest code for each sample
    order = np.argsort(ALAW)
    idx = np.clip(np.searchsorted(ALAW[order], pcm / 32768.0), 0, 255)
    codes = order[idx].astype(np.uint8).tobytes()
    decoded = to_float(codes, "alaw")
    assert float(np.max(np.abs(decoded - tone))) < 0.04


def test_streamed_chunks_decode_like_the_whole_buffer() -> None:
    """Mu-law at 8 kHz fed in uneven chunks gives the same 16 kHz audio as one decode (no edge clicks)."""
    from channels import mulaw_encode

    data = mulaw_encode(_tone(8_000, 440.0, 2.0))
    whole = decode_pcm(data, encoding="mulaw", rate=8_000)
    stream = StreamDecoder("mulaw", 8_000)
    sizes = [1, 159, 160, 333, 1000, 7]
    parts, at, i = [], 0, 0
    while at < len(data):
        n = sizes[i % len(sizes)]
        parts.append(stream.decode(data[at : at + n], last=at + n >= len(data)))
        at, i = at + n, i + 1
    streamed = np.concatenate(parts)
    assert abs(streamed.size - whole.size) <= 4
    n = min(streamed.size, whole.size) - 200
    assert float(np.max(np.abs(streamed[200:n] - whole[200:n]))) < 0.02


def test_pcm16_stream_keeps_an_odd_byte_for_the_next_chunk() -> None:
    """An odd trailing byte of PCM16 waits for its partner instead of failing."""
    stream = StreamDecoder("pcm16", 16_000)
    pcm = (np.arange(10, dtype="<i2") * 100).tobytes()
    got = np.concatenate([stream.decode(pcm[:5]), stream.decode(pcm[5:])])
    assert np.allclose(got * 32768, np.arange(10) * 100)


def test_unknown_encoding_or_rate_is_bad_audio() -> None:
    """A made-up encoding or a 4 kHz rate is refused with a clear message."""
    with pytest.raises(BadAudio, match="encoding"):
        StreamDecoder("opus", 8_000)
    with pytest.raises(BadAudio, match="sample rate"):
        StreamDecoder("mulaw", 4_000)
    with pytest.raises(BadAudio, match="encoding"):
        decode_pcm(b"\x00\x01", encoding="g729", rate=8_000)


@pytest.mark.parametrize(
    ("content_type", "expected"),
    [
        ("audio/PCMU", ("mulaw", 8000)),
        ("audio/basic", ("mulaw", 8000)),
        ("audio/pcma;rate=16000", ("alaw", 16000)),
        ("audio/L16; rate=8000", ("pcm16", 8000)),
        ("audio/L16", ("pcm16", 16000)),
        ("audio/wav", None),
        ("application/octet-stream", None),
        (None, None),
    ],
)
def test_upload_content_types(content_type: str | None, expected: tuple[str, int] | None) -> None:
    """An upload's content type names G.711 or PCM16 and its rate; containers and plain bytes are sniffed."""
    assert raw_format(content_type) == expected


def test_a_phone_recording_is_understood(say: object, engine: object, tmp_path: Path) -> None:
    """A committed recording sent down a phone line (8 kHz, band-pass, mu-law) is still a balance request."""
    from channels import telephone
    from tests.voice.conftest import RecordingRunner

    from teller.voice.files import listen_samples

    samples = say("what's my balance")  # type: ignore[operator]
    heard = decode_pcm(telephone(samples), encoding="mulaw", rate=8_000)
    runner = RecordingRunner()
    listen_samples(runner, heard, customer_id="c_002", engine=engine)  # type: ignore[arg-type]
    assert len(runner.texts) == 1 and "balance" in runner.texts[0].lower()
