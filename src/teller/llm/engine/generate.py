"""Decoding loops over an `Engine`: greedy, schema-constrained (llguidance), speculative (prompt lookup).

All three are greedy (argmax on the device). Each yields or returns token ids plus what it cost;
text is the caller's business. `Stop` carries the deadline and a cancel flag, checked between model
calls (one call is at most a few milliseconds on the GPU, so a deadline is overshot by at most that).

Constrained decoding: after each sampled token the bytes the grammar forces (keys, punctuation, enum
tails) are tokenized and fed with it in one forward (jump-forward). While the GPU runs that forward,
the CPU computes the next token mask; the mask (a 32 KB bitmask for 262k tokens) is copied to the
device and applied there before the argmax, so logits never leave the GPU.

Speculative decoding: a `Drafter` proposes up to k tokens; one forward verifies them all and keeps
the longest prefix the model agrees with, plus the model's own next token. `PromptLookup` drafts by
finding the current n-gram earlier in the context (grounded answers copy the retrieved articles); an
MTP assistant would be another `Drafter`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import torch

from teller.errors import BackendError, DeadlineExceeded
from teller.llm.engine.runner import Engine


@dataclass
class Stop:
    """A deadline (seconds from creation) and a cancel flag; `check()` raises when either is hit."""

    deadline_s: float
    cancel: threading.Event | None = None
    start: float = field(default_factory=time.perf_counter)

    def ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000.0

    def check(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise DeadlineExceeded("cancelled", code="cancelled")
        if time.perf_counter() - self.start > self.deadline_s:
            raise DeadlineExceeded(f"GPU engine: no reply within {self.deadline_s:.2f} s")


@dataclass
class Result:
    tokens: list[int]
    ttft_ms: float | None
    total_ms: float
    model_calls: int
    prompt_tokens: int
    reused_tokens: int
    token_ms: list[float] = field(default_factory=list)  # time at which each output token was known
    accepted_per_step: list[int] = field(default_factory=list)  # speculative: tokens gained per forward


def _prefill(engine: Engine, prompt: Sequence[int]) -> tuple[torch.Tensor, int]:
    before = engine.counters.prefix_hits
    logits = engine.prefill(prompt)
    reused = len(engine.prefix) if engine.counters.prefix_hits > before else 0
    return logits, reused


def greedy(
    engine: Engine, prompt: Sequence[int], *, max_new: int, stop_ids: frozenset[int], stop: Stop
) -> Result:
    """Plain greedy decoding, one token per forward."""
    logits, reused = _prefill(engine, prompt)
    out: list[int] = []
    times: list[float] = []
    calls = 1
    while True:
        token = int(logits.argmax().item())
        times.append(stop.ms())
        if token in stop_ids:
            break
        out.append(token)
        if len(out) >= max_new:
            break
        stop.check()
        logits = engine.step([token])
        calls += 1
    return Result(out, times[0], stop.ms(), calls, len(prompt), reused, times)


# -- constrained ----------------------------------------------------------------------------------------


class DeviceMask:
    """llguidance's bitmask → the device → masked argmax, without the logits leaving the GPU."""

    def __init__(self, vocab: int, device: torch.device) -> None:
        self.vocab = vocab
        words = (vocab + 31) // 32
        self.host = torch.zeros(words, dtype=torch.int32, pin_memory=device.type == "cuda")
        self.dev = torch.zeros(words, dtype=torch.int32, device=device)
        self.shifts = torch.arange(32, dtype=torch.int32, device=device)

    def argmax(self, logits: torch.Tensor, bitmask: bytes) -> torch.Tensor:
        words = np.frombuffer(bitmask, dtype=np.int32)
        n = min(len(words), self.host.numel())
        self.host.numpy()[:n] = words[:n]
        self.host.numpy()[n:] = 0
        self.dev.copy_(self.host, non_blocking=True)
        allowed = ((self.dev[:, None] >> self.shifts) & 1).bool().view(-1)[: logits.shape[-1]]
        return torch.where(allowed, logits, float("-inf")).argmax()


def _ll() -> Any:
    try:
        import llguidance
    except ImportError as exc:
        from teller.errors import MissingExtra

        raise MissingExtra("llguidance", "gpu") from exc
    return llguidance


def matcher_for(ll_tokenizer: Any, schema: Mapping[str, Any]) -> Any:
    llguidance = _ll()
    grammar = llguidance.LLMatcher.grammar_from_json_schema(
        json.dumps(schema), overrides={"whitespace_flexible": False}
    )
    matcher = llguidance.LLMatcher(ll_tokenizer, grammar, log_level=0)
    if matcher.is_error():
        raise BackendError(f"schema rejected by llguidance: {matcher.get_error()}")
    return matcher


def forced_tokens(matcher: Any, ll_tokenizer: Any) -> list[int]:
    """Tokens for the bytes the grammar forces next, consumed by `matcher` (the last one held back
    when a longer allowed token starts with it, so the model keeps its own tokenization)."""
    data: bytes = matcher.compute_ff_bytes()
    if not data:
        return []
    tokens: list[int] = ll_tokenizer.tokenize_bytes(data)
    tokens = tokens[: matcher.validate_tokens(tokens)]
    if not tokens:
        return []
    head, last = tokens[:-1], tokens[-1]
    if head and not matcher.consume_tokens(head):
        raise BackendError(f"llguidance refused forced tokens: {matcher.get_error()}")
    if _extendable(matcher, ll_tokenizer, last):
        return head
    if not matcher.consume_token(last):
        raise BackendError(f"llguidance refused a forced token: {matcher.get_error()}")
    return tokens


def _extendable(matcher: Any, ll_tokenizer: Any, token: int) -> bool:
    bits = np.unpackbits(np.frombuffer(matcher.compute_bitmask(), dtype=np.uint8), bitorder="little")
    allowed = np.flatnonzero(bits)
    if len(allowed) > 4096:
        return True
    piece: bytes = ll_tokenizer.decode_bytes([token])
    for other in allowed.tolist():
        if other != token:
            text: bytes = ll_tokenizer.decode_bytes([other])
            if len(text) > len(piece) and text.startswith(piece):
                return True
    return False


def constrained(
    engine: Engine,
    prompt: Sequence[int],
    *,
    matcher: Any,
    ll_tokenizer: Any,
    mask: DeviceMask,
    max_tokens: int,
    stop: Stop,
    jump_forward: bool = True,
) -> Result:
    """Greedy decoding under `matcher`'s grammar until it accepts; ids of the whole reply."""
    out = forced_tokens(matcher, ll_tokenizer) if jump_forward else []
    logits, reused = _prefill(engine, [*prompt, *out])
    calls = 1
    ttft: float | None = None
    while True:
        stop.check()
        if len(out) >= max_tokens:
            raise BackendError(f"reply exceeded max_tokens={max_tokens}", code="llm_max_tokens")
        bitmask = matcher.compute_bitmask()  # the GPU is still running the forward
        token = int(mask.argmax(logits, bitmask).item())
        if not matcher.consume_token(token):
            raise BackendError(f"llguidance refused its own token: {matcher.get_error()}")
        ttft = stop.ms() if ttft is None else ttft
        batch = [token, *(forced_tokens(matcher, ll_tokenizer) if jump_forward else [])]
        out.extend(batch)
        if matcher.is_stopped():
            break
        logits = engine.step(batch)
        calls += 1
    if matcher.is_error():
        raise BackendError(f"constrained decoding failed: {matcher.get_error()}")
    return Result(out, ttft, stop.ms(), calls, len(prompt), reused)


# -- speculative ----------------------------------------------------------------------------------------


class Drafter(Protocol):
    """Proposes up to `k` tokens to follow `context` (prompt + output so far)."""

    def propose(self, context: Sequence[int], k: int) -> list[int]: ...


@dataclass
class PromptLookup:
    """n-gram prompt lookup: the tokens that followed the latest earlier occurrence of the last n tokens."""

    max_ngram: int = 3
    min_ngram: int = 1

    def propose(self, context: Sequence[int], k: int) -> list[int]:
        ctx = list(context)
        for n in range(self.max_ngram, self.min_ngram - 1, -1):
            if len(ctx) <= n:
                continue
            tail = ctx[-n:]
            for start in range(len(ctx) - n - 1, -1, -1):
                if ctx[start : start + n] == tail:
                    follow = ctx[start + n : start + n + k]
                    if follow:
                        return follow
        return []


def speculative(
    engine: Engine,
    prompt: Sequence[int],
    *,
    max_new: int,
    stop_ids: frozenset[int],
    stop: Stop,
    drafter: Drafter,
    k: int = 8,
) -> Iterator[list[int]]:
    """Greedy decoding that verifies drafted tokens in one forward; yields the tokens each step gains.

    The output equals `greedy`'s token for token. Stats land in `speculative.last` (a `Result`)."""
    logits, reused = _prefill(engine, prompt)
    result = Result([], None, 0.0, 1, len(prompt), reused)
    speculative.last = result  # type: ignore[attr-defined]
    token = int(logits.argmax().item())
    context = list(prompt)
    while True:
        if token in stop_ids or len(result.tokens) >= max_new:
            break
        result.tokens.append(token)
        context.append(token)
        result.ttft_ms = stop.ms() if result.ttft_ms is None else result.ttft_ms
        gained = [token]
        room = max_new - len(result.tokens)
        draft = drafter.propose(context, min(k, room)) if room > 0 else []
        stop.check()
        verified = engine.verify([token, *draft])
        result.model_calls += 1
        picks = verified.argmax(dim=-1).tolist()
        accepted = 0
        while accepted < len(draft) and picks[accepted] == draft[accepted]:
            if draft[accepted] in stop_ids:
                break
            accepted += 1
        engine.rollback(len(draft) - accepted)
        for tok in draft[:accepted]:
            result.tokens.append(tok)
            context.append(tok)
            gained.append(tok)
        result.accepted_per_step.append(accepted + 1)
        token = picks[accepted]
        result.total_ms = stop.ms()
        yield gained
        if len(result.tokens) >= max_new:
            break
    result.total_ms = stop.ms()
