"""The line a customer calls on: clean, a telephone (8 kHz, 300-3400 Hz, G.711 mu-law) or a noisy room.

    telephone(samples)  16 kHz float32 → the 8 kHz mu-law bytes a phone line carries
    noisy(samples)      16 kHz float32 with pink noise mixed in at 10 dB SNR (fixed seed)

The telephone channel stops at the bytes: the benchmark hands them to Teller's own decoder (the path
an 8 kHz mu-law stream takes), so the round trip tested is the one production runs. The mu-law
encoder here is written from G.711 independently of Teller's decoder.
"""

from __future__ import annotations

import numpy as np

RATE = 16_000
PHONE_RATE = 8_000


def band_pass(samples: np.ndarray, rate: int, low: float = 300.0, high: float = 3400.0) -> np.ndarray:
    """The telephone band: 4th-order Butterworth, zero phase."""
    from scipy.signal import butter, sosfiltfilt

    sos = butter(4, [low, high], btype="bandpass", fs=rate, output="sos")
    return np.asarray(sosfiltfilt(sos, samples), dtype=np.float32)


def mulaw_encode(samples: np.ndarray) -> bytes:
    """G.711 mu-law bytes of float samples in [-1, 1] (the reference 14-bit segment encoder)."""
    pcm = np.clip(np.round(samples * 32768.0), -32768, 32767).astype(np.int32) >> 2
    mask = np.where(pcm < 0, 0x7F, 0xFF)
    mag = np.minimum(np.abs(pcm), 8159) + 0x21
    segment = np.maximum(np.floor(np.log2(mag)).astype(np.int32) - 5, 0)
    code = np.where(segment > 7, 0x7F, (np.minimum(segment, 7) << 4) | ((mag >> (segment + 1)) & 0x0F)) ^ mask
    return code.astype(np.uint8).tobytes()


def telephone(samples: np.ndarray) -> bytes:
    """16 kHz speech as a phone line carries it: 8 kHz, band-limited, mu-law bytes."""
    import soxr

    narrow = np.asarray(soxr.resample(samples, RATE, PHONE_RATE), dtype=np.float32)
    return mulaw_encode(band_pass(narrow, PHONE_RATE))


def pink_noise(n: int, seed: int = 7) -> np.ndarray:
    """Unit-RMS 1/f noise (shaped white noise), reproducible from `seed`."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n)
    freqs[0] = freqs[1]
    pink = np.fft.irfft(spectrum / np.sqrt(freqs), n)
    return (pink / np.sqrt(np.mean(pink**2))).astype(np.float32)


def noisy(samples: np.ndarray, snr_db: float = 10.0, seed: int = 7) -> np.ndarray:
    """Speech plus pink noise at `snr_db`, the speech power taken over its voiced part."""
    frame = RATE // 50
    usable = samples[: samples.size // frame * frame].reshape(-1, frame)
    power = np.mean(usable.astype(np.float64) ** 2, axis=1)
    voiced = power[power > 0.01 * power.max()] if power.max() > 0 else power
    speech_power = float(np.mean(voiced)) if voiced.size else 0.0
    noise = pink_noise(samples.size, seed) * np.sqrt(speech_power / 10 ** (snr_db / 10))
    mixed = samples + noise
    peak = float(np.abs(mixed).max())
    return (mixed / peak * 0.95 if peak > 0.99 else mixed).astype(np.float32)


CHANNELS = ("clean", "telephone", "noisy")
