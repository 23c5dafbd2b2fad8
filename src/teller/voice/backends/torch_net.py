"""Whisper's network in plain PyTorch, built from CTranslate2 weights (`ct2_weights.read_model`).

Only what Teller's recognizer needs: the log-mel front end, the encoder over a window shorter than
30 s (the utterance plus padding, as `whisper_asr` does), and a decoder with a key/value cache that
beams can be reordered in. Pre-norm transformer blocks, exact GELU, learned decoder positions, the
output projection tied to the token embedding, as in OpenAI's release.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

N_FFT = 400
HOP = 160
SAMPLE_RATE = 16_000


def mel_filters(n_mels: int = 80, rate: int = SAMPLE_RATE, n_fft: int = N_FFT) -> np.ndarray:
    """Slaney-style mel filterbank (librosa's default, Whisper's): shape (n_mels, 1 + n_fft / 2)."""

    def hz_to_mel(f: np.ndarray) -> np.ndarray:
        f = np.asarray(f, dtype=np.float64)
        linear = f / (200.0 / 3)
        log = 15.0 + np.log(np.maximum(f, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
        return np.where(f >= 1000.0, log, linear)

    def mel_to_hz(m: np.ndarray) -> np.ndarray:
        linear = m * (200.0 / 3)
        log = 1000.0 * np.exp((np.log(6.4) / 27.0) * (m - 15.0))
        return np.where(m >= 15.0, log, linear)

    freqs = np.fft.rfftfreq(n_fft, 1.0 / rate)
    mels = np.linspace(hz_to_mel(np.array(0.0)), hz_to_mel(np.array(rate / 2)), n_mels + 2)
    edges = mel_to_hz(mels)
    widths = np.diff(edges)
    ramps = edges[:, None] - freqs[None, :]
    lower = -ramps[:-2] / widths[:-1, None]
    upper = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(lower, upper))
    weights *= (2.0 / (edges[2 : n_mels + 2] - edges[:n_mels]))[:, None]
    result: np.ndarray = weights.astype(np.float32)
    return result


class _Attention:
    """One attention block's weights. Self-attention: linear_0 is q|k|v fused, linear_1 the output;
    cross-attention: linear_0 is q, linear_1 k|v fused, linear_2 the output."""

    def __init__(self, w: dict[str, torch.Tensor], prefix: str, heads: int) -> None:
        self.heads = heads
        self.w = {k[len(prefix) :]: v for k, v in w.items() if k.startswith(prefix)}

    def project(self, x: torch.Tensor, name: str) -> torch.Tensor:
        return F.linear(x, self.w[f"{name}/weight"], self.w[f"{name}/bias"])

    def split(self, x: torch.Tensor) -> torch.Tensor:
        batch, length, width = x.shape
        return x.view(batch, length, self.heads, width // self.heads).transpose(1, 2)

    def norm(self, x: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, x.shape[-1:], self.w["layer_norm/gamma"], self.w["layer_norm/beta"], 1e-5)

    def merge(self, x: torch.Tensor) -> torch.Tensor:
        batch, _, length, _ = x.shape
        return x.transpose(1, 2).reshape(batch, length, -1)


def _ffn(w: dict[str, torch.Tensor], prefix: str, x: torch.Tensor) -> torch.Tensor:
    h = F.layer_norm(x, x.shape[-1:], w[f"{prefix}layer_norm/gamma"], w[f"{prefix}layer_norm/beta"], 1e-5)
    h = F.gelu(F.linear(h, w[f"{prefix}linear_0/weight"], w[f"{prefix}linear_0/bias"]))
    return x + F.linear(h, w[f"{prefix}linear_1/weight"], w[f"{prefix}linear_1/bias"])


class DecoderState:
    """Key/value caches of one decode: self-attention grows per step, cross-attention is fixed."""

    def __init__(self, cross: list[tuple[torch.Tensor, torch.Tensor]]) -> None:
        self.cross = cross
        self.self_kv: list[tuple[torch.Tensor, torch.Tensor] | None] = [None] * len(cross)
        self.length = 0

    def reorder(self, index: torch.Tensor) -> None:
        """Keep the beams `index` names (in that order) in every layer's self-attention cache."""
        self.self_kv = [None if kv is None else (kv[0][index], kv[1][index]) for kv in self.self_kv]


class WhisperNet:
    """Whisper's weights on one device, in one dtype; stateless between calls."""

    def __init__(self, variables: dict[str, np.ndarray], *, device: str, dtype: torch.dtype) -> None:
        self.device, self.dtype = torch.device(device), dtype
        self.w: dict[str, torch.Tensor] = {
            name: torch.from_numpy(np.array(value, dtype=np.float32)).to(self.device, dtype)
            for name, value in variables.items()
            if value.dtype.kind == "f"
        }
        self.enc_heads = int(variables["encoder/num_heads"].reshape(-1)[0])
        self.dec_heads = int(variables["decoder/num_heads"].reshape(-1)[0])
        self.enc_layers = _count(variables, "encoder/layer_")
        self.dec_layers = _count(variables, "decoder/layer_")
        self.n_mels = int(variables["encoder/conv1/weight"].shape[1])
        self.filters = torch.from_numpy(mel_filters(self.n_mels)).to(self.device)
        self.window = torch.hann_window(N_FFT, device=self.device)
        self.max_positions = int(variables["decoder/position_encodings/encodings"].shape[0])
        w = self.w
        self.enc_att = [
            _Attention(w, f"encoder/layer_{i}/self_attention/", self.enc_heads)
            for i in range(self.enc_layers)
        ]
        self.dec_self = [
            _Attention(w, f"decoder/layer_{i}/self_attention/", self.dec_heads)
            for i in range(self.dec_layers)
        ]
        self.dec_cross = [
            _Attention(w, f"decoder/layer_{i}/attention/", self.dec_heads) for i in range(self.dec_layers)
        ]

    def features(self, audio: np.ndarray, frames: int) -> torch.Tensor:
        """Log-mel features (1, n_mels, frames) of 16 kHz `audio` zero-padded to `frames` hops."""
        padded = np.zeros(frames * HOP, dtype=np.float32)
        padded[: min(audio.size, padded.size)] = audio[: padded.size]
        wave = torch.from_numpy(padded).to(self.device)
        spec = torch.stft(wave, N_FFT, HOP, window=self.window, return_complex=True)
        power = spec[..., :-1].abs() ** 2
        logmel = torch.clamp(self.filters @ power, min=1e-10).log10()
        logmel = torch.maximum(logmel, logmel.max() - 8.0)
        return ((logmel + 4.0) / 4.0)[None, :, :frames]

    def encode(self, features: torch.Tensor) -> torch.Tensor:
        """Encoder output (1, frames/2, width) for log-mel `features` of up to 30 s."""
        w = self.w
        x = F.gelu(
            F.conv1d(features.to(self.dtype), w["encoder/conv1/weight"], w["encoder/conv1/bias"], padding=1)
        )
        x = F.gelu(F.conv1d(x, w["encoder/conv2/weight"], w["encoder/conv2/bias"], stride=2, padding=1))
        x = x.transpose(1, 2)
        x = x + w["encoder/position_encodings/encodings"][: x.shape[1]]
        for i in range(self.enc_layers):
            prefix = f"encoder/layer_{i}/"
            att = self.enc_att[i]
            q, k, v = att.project(att.norm(x), "linear_0").chunk(3, dim=-1)
            out = F.scaled_dot_product_attention(att.split(q), att.split(k), att.split(v))
            x = x + att.project(att.merge(out), "linear_1")
            x = _ffn(w, prefix + "ffn/", x)
        return F.layer_norm(
            x, x.shape[-1:], w["encoder/layer_norm/gamma"], w["encoder/layer_norm/beta"], 1e-5
        )

    def start(self, encoded: torch.Tensor) -> DecoderState:
        """A fresh decode over `encoded`: the cross-attention keys and values, computed once."""
        cross = []
        for att in self.dec_cross:
            k, v = att.project(encoded, "linear_1").chunk(2, dim=-1)
            cross.append((att.split(k), att.split(v)))
        return DecoderState(cross)

    def decode(self, tokens: torch.Tensor, state: DecoderState) -> torch.Tensor:
        """Log-probabilities (batch, vocab) of the next token after `tokens` (batch, n), updating `state`."""
        w = self.w
        start = state.length
        x = (
            w["decoder/embeddings/weight"][tokens]
            + w["decoder/position_encodings/encodings"][start : start + tokens.shape[1]]
        )
        for i in range(self.dec_layers):
            prefix = f"decoder/layer_{i}/"
            att = self.dec_self[i]
            q, k, v = att.project(att.norm(x), "linear_0").chunk(3, dim=-1)
            k, v = att.split(k), att.split(v)
            cached = state.self_kv[i]
            if cached is not None:
                k, v = torch.cat([cached[0], k], dim=2), torch.cat([cached[1], v], dim=2)
            state.self_kv[i] = (k, v)
            out = F.scaled_dot_product_attention(
                att.split(q), k, v, is_causal=cached is None and tokens.shape[1] > 1
            )
            x = x + att.project(att.merge(out), "linear_1")
            cross = self.dec_cross[i]
            ck, cv = state.cross[i]
            q = cross.split(cross.project(cross.norm(x), "linear_0"))
            if ck.shape[0] != q.shape[0]:
                ck, cv = ck.expand(q.shape[0], -1, -1, -1), cv.expand(q.shape[0], -1, -1, -1)
            out = F.scaled_dot_product_attention(q, ck, cv)
            x = x + cross.project(cross.merge(out), "linear_2")
            x = _ffn(w, prefix + "ffn/", x)
        state.length = start + tokens.shape[1]
        x = F.layer_norm(
            x[:, -1], x.shape[-1:], w["decoder/layer_norm/gamma"], w["decoder/layer_norm/beta"], 1e-5
        )
        logits = F.linear(x, w["decoder/embeddings/weight"])
        return torch.log_softmax(logits.float(), dim=-1)


def _count(variables: dict[str, Any], prefix: str) -> int:
    """Layers named `prefix`N/… ("encoder/layer_norm" is not one)."""
    heads = {name[len(prefix) :].split("/")[0] for name in variables if name.startswith(prefix)}
    return sum(head.isdigit() for head in heads)
