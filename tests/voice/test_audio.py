"""Audio input: files and buffers become 16 kHz mono, or a clear BadAudio."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from teller.errors import BadAudio
from teller.voice.audio import FRAME_SAMPLES, frames, load_audio, pcm16_to_float, prepare

soundfile = pytest.importorskip("soundfile")


def _tone(rate: int, seconds: float, channels: int = 1) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    mono = (0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    return np.stack([mono] * channels, axis=1) if channels > 1 else mono


def test_wav_at_44k_stereo_is_resampled_to_16k_mono(tmp_path: Path) -> None:
    """A 44.1 kHz stereo WAV comes back as 16 kHz mono of the same duration."""
    path = tmp_path / "tone.wav"
    soundfile.write(path, _tone(44_100, 1.0, channels=2), 44_100)
    samples = load_audio(path)
    assert samples.dtype == np.float32 and samples.ndim == 1
    assert abs(samples.size - 16_000) <= 2


def test_flac_and_bytes_are_read(tmp_path: Path) -> None:
    """FLAC files and in-memory bytes load like WAV."""
    path = tmp_path / "tone.flac"
    soundfile.write(path, _tone(16_000, 0.5), 16_000)
    assert load_audio(path).size == 8_000
    assert load_audio(path.read_bytes()).size == 8_000


def test_text_file_is_not_audio(tmp_path: Path) -> None:
    """A text file gets BadAudio saying it is not a readable audio file."""
    path = tmp_path / "note.wav"
    path.write_text("send five thousand yen to sato ken")
    with pytest.raises(BadAudio, match="not a readable audio file"):
        load_audio(path)


def test_empty_wav_is_refused(tmp_path: Path) -> None:
    """A WAV with no samples gets BadAudio saying it is empty."""
    path = tmp_path / "empty.wav"
    soundfile.write(path, np.zeros(0, dtype=np.float32), 16_000)
    with pytest.raises(BadAudio, match="empty"):
        load_audio(path)


def test_over_long_audio_is_refused(tmp_path: Path) -> None:
    """Audio over the 30 s cap gets BadAudio naming the limit."""
    path = tmp_path / "long.wav"
    soundfile.write(path, np.zeros(16_000 * 31, dtype=np.float32), 16_000)
    with pytest.raises(BadAudio, match="over the 30 s limit"):
        load_audio(path)


def test_missing_file_and_unresamplable_rate() -> None:
    """A missing path and a 4 kHz rate both get BadAudio with the reason."""
    with pytest.raises(BadAudio, match="no such file"):
        load_audio("/nonexistent/utterance.wav")
    with pytest.raises(BadAudio, match="cannot be resampled"):
        prepare(np.zeros(4_000, dtype=np.float32), 4_000)


def test_pcm16_and_framing() -> None:
    """PCM16 bytes decode to [-1, 1); frames are 512 samples with the tail zero-padded."""
    assert pcm16_to_float(b"\x00\x80\xff\x7f").tolist() == pytest.approx([-1.0, 32767 / 32768])
    with pytest.raises(BadAudio, match="odd number of bytes"):
        pcm16_to_float(b"\x00")
    chunks = list(frames(np.ones(FRAME_SAMPLES + 10, dtype=np.float32)))
    assert [c.size for c in chunks] == [FRAME_SAMPLES, FRAME_SAMPLES]
    assert chunks[1][10:].sum() == 0
