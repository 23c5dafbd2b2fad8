"""Decoding loops over an `Engine`: plain, schema-constrained (llguidance), speculative (prompt lookup).

Plain and speculative decoding are greedy (argmax on the device) or, with a `Sampler` temperature,
sampled; constrained decoding is greedy. Each yields or returns token ids plus what it cost; text is
the caller's business. `Stop` carries the deadline and a cancel flag, checked between model calls
(one call is a few milliseconds on the GPU, so a deadline is overshot by at most that).

Constrained decoding: after each sampled token the tokens the grammar forces (keys, punctuation,
enum tails: llguidance's fast-forward tokens) are fed with it in one forward (jump-forward). The
forward's body is enqueued first; while the GPU runs it the CPU computes the grammar masks of its
output rows; then the head: when the masks allow few tokens (every choice of Teller's extraction
schema allows at most a few dozen), only those rows of the tied 262k×2560 head are read and
compared, otherwise the full head is masked on the device. Logits never leave the GPU; one small
list of token ids comes back per forward. With a `ReplyDrafter` (`SchemaDrafter`: prompt lookup, then
`null`, then the forced tokens, walking the grammar) the forward also carries a drafted
continuation, verified row by row under each row's mask.

Speculative decoding: a `Drafter` proposes up to k tokens; one forward verifies them all and keeps
the longest prefix the model agrees with, plus the model's own next token. `PromptLookup` drafts by
finding the current n-gram earlier in the context (grounded answers copy the retrieved articles); an
MTP assistant would be another `Drafter`.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import torch

from teller.errors import BackendError, DeadlineExceeded
from teller.llm.engine.model import RING_SLACK
from teller.llm.engine.runner import ROW_BUCKETS, Engine


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
    drafted: int = 0  # draft tokens fed (speculation)
    draft_accepted: int = 0  # ... of which the model agreed with


def _start(engine: Engine, prompt: Sequence[int]) -> int:
    """Enqueue the prompt; how many of its tokens came from the kept prefix."""
    before = engine.counters.prefix_hits
    engine.start(prompt)
    return len(engine.prefix) if engine.counters.prefix_hits > before else 0


@dataclass
class Sampler:
    """Greedy (temperature 0) or sampling from softmax(logits / temperature), seeded."""

    temperature: float = 0.0
    seed: int = 0
    _gen: torch.Generator | None = None

    @property
    def greedy(self) -> bool:
        return self.temperature <= 0.0

    def generator(self, device: torch.device) -> torch.Generator:
        if self._gen is None or self._gen.device != device:
            self._gen = torch.Generator(device=device).manual_seed(self.seed)
        return self._gen

    def probs(self, logits: torch.Tensor) -> torch.Tensor:
        return torch.softmax(logits.float() / self.temperature, dim=-1)

    def sample(self, engine: Engine) -> list[int]:
        """A token for each output row of the engine's last forward."""
        if self.greedy:
            return engine.argmax()
        probs = self.probs(engine.logits())
        picks: list[int] = torch.multinomial(probs, 1, generator=self.generator(probs.device))[:, 0].tolist()
        return picks


def greedy(
    engine: Engine,
    prompt: Sequence[int],
    *,
    max_new: int,
    stop_ids: frozenset[int],
    stop: Stop,
    sampler: Sampler | None = None,
) -> Result:
    """Plain decoding, one token per forward (greedy unless `sampler` has a temperature)."""
    sampler = sampler or Sampler()
    reused = _start(engine, prompt)
    out: list[int] = []
    times: list[float] = []
    calls = 1
    while True:
        token = sampler.sample(engine)[-1]
        times.append(stop.ms())
        if token in stop_ids:
            break
        out.append(token)
        if len(out) >= max_new:
            break
        stop.check()
        engine.run([token])
        calls += 1
    return Result(out, times[0], stop.ms(), calls, len(prompt), reused, times)


# -- constrained ----------------------------------------------------------------------------------------


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


def forced_tokens(matcher: Any) -> list[int]:
    """The tokens the grammar forces next (llguidance's fast-forward tokens, in the model's own
    tokenization: a last token that a longer allowed token could extend is held back), consumed."""
    tokens: list[int] = matcher.compute_ff_tokens()
    if tokens and not matcher.consume_tokens(tokens):
        raise BackendError(f"llguidance refused forced tokens: {matcher.get_error()}")
    return tokens


def bitmask(matcher: Any) -> np.ndarray:
    """The next-token mask as uint32 words (bit i of word w: token 32w + i allowed)."""
    return np.frombuffer(matcher.compute_bitmask(), dtype=np.uint32)


def draft_masks(matcher: Any, draft: list[int]) -> list[np.ndarray]:
    """Masks for the current position and after each drafted token (a `valid_draft`); the matcher is
    left where it was."""
    masks = [bitmask(matcher)]
    for token in draft:
        matcher.consume_token(token)
        masks.append(bitmask(matcher))
    if draft:
        matcher.rollback(len(draft))
    return masks


def valid_draft(matcher: Any, proposal: Sequence[int]) -> list[int]:
    """The longest prefix of `proposal` the grammar accepts without finishing (the reply's last token
    is always the model's own); the matcher is left where it was."""
    kept: list[int] = []
    for token in proposal[: matcher.validate_tokens(list(proposal))]:
        if not matcher.consume_token(token):  # pragma: no cover - validated above
            break
        kept.append(token)
        if matcher.is_stopped():
            kept.pop()
            matcher.rollback(1)
            break
    if kept:
        matcher.rollback(len(kept))
    return kept


class ReplyDrafter(Protocol):
    """Proposes up to `k` tokens to follow `context` under `matcher`'s grammar (left unchanged)."""

    def propose(self, context: Sequence[int], matcher: Any, k: int) -> list[int]: ...


@dataclass
class SchemaDrafter:
    """Drafts a constrained reply by walking the grammar: at each choice, the tokens that followed the
    same n-gram in the prompt (prompt lookup: amounts and ids the request spelled out) if the grammar
    allows them, else `null` where a field may be null (most id fields of a reply are), then the
    tokens the grammar forces after the choice; until k tokens or no guess.

    `null` is tokenized together with the bytes the grammar already forces but has not tokenized yet
    (`":` may become `":` or `":"`), so the guess is the model's own tokenization."""

    ll_tokenizer: Any = None  # needed for the null guess
    lookup: PromptLookup | None = field(default_factory=lambda: PromptLookup(max_ngram=4, min_ngram=2))

    @classmethod
    def for_tokenizer(cls, ll_tokenizer: Any, *, null: bool = True, lookup: bool = True) -> SchemaDrafter:
        return cls(
            ll_tokenizer=ll_tokenizer if null else None,
            lookup=PromptLookup(max_ngram=4, min_ngram=2) if lookup else None,
        )

    def _null(self, matcher: Any) -> list[int]:
        if self.ll_tokenizer is None:
            return []
        tokens: list[int] = self.ll_tokenizer.tokenize_bytes(matcher.compute_ff_bytes() + b"null")
        return tokens if matcher.validate_tokens(tokens) == len(tokens) else []

    def propose(self, context: Sequence[int], matcher: Any, k: int) -> list[int]:
        ctx = list(context)
        draft: list[int] = []
        try:
            while len(draft) < k and not matcher.is_stopped():
                guess = self.lookup.propose(ctx, k - len(draft)) if self.lookup else []
                guess = guess[: matcher.validate_tokens(guess)] if guess else []
                if not guess:
                    guess = self._null(matcher)[: k - len(draft)]
                if not guess or not matcher.consume_tokens(guess):
                    break
                draft += guess
                ctx += guess
                if matcher.is_stopped():
                    break
                forced: list[int] = matcher.compute_ff_tokens()[: k - len(draft)]
                if forced and not matcher.consume_tokens(forced):
                    break
                draft += forced
                ctx += forced
        finally:
            if draft:
                matcher.rollback(len(draft))
        return draft


@dataclass
class Constrained:
    """Switches of the constrained loop (each measured by the bench)."""

    jump_forward: bool = True
    drafter: ReplyDrafter | None = None  # drafts of the reply, verified in the same forward
    k: int = 8  # draft tokens per forward


def constrained(
    engine: Engine,
    prompt: Sequence[int],
    *,
    matcher: Any,
    max_tokens: int,
    stop: Stop,
    options: Constrained | None = None,
    on_tokens: Callable[[list[int]], None] | None = None,
) -> Result:
    """Greedy decoding under `matcher`'s grammar until it stops; ids of the whole reply.

    Each forward feeds the sampled token, the tokens the grammar forces after it (jump-forward) and,
    with a drafter, up to k drafted tokens that the grammar allows; while the GPU runs it the CPU
    computes the masks of its output rows; the masked argmax (over only the allowed head rows when
    they are few) keeps the drafted tokens the model agrees with plus its own next token.
    `on_tokens` receives the reply's tokens as they are decided (for streaming)."""
    opts = options or Constrained()
    out = forced_tokens(matcher) if opts.jump_forward else []
    reused = _start(engine, [*prompt, *out])
    unsent = list(out)  # streamed with the first sampled token, not before the first forward
    context = [*prompt, *out]
    calls = 1
    ttft: float | None = None
    draft: list[int] = []
    masks = [bitmask(matcher)]  # the GPU is still running the prompt
    result = Result([], None, 0.0, 0, len(prompt), reused)
    while True:
        picks = engine.pick(masks)
        accepted = 0
        while accepted < len(draft) and picks[accepted] == draft[accepted]:
            accepted += 1
        engine.rollback(len(draft) - accepted)
        result.draft_accepted += accepted
        gained = [*draft[:accepted], picks[accepted]]
        if not matcher.consume_tokens(gained):
            raise BackendError(f"llguidance refused its own tokens: {matcher.get_error()}")
        result.accepted_per_step.append(len(gained))
        ttft = stop.ms() if ttft is None else ttft
        forced = forced_tokens(matcher) if opts.jump_forward and not matcher.is_stopped() else []
        batch = [picks[accepted], *forced]
        out.extend([*gained, *forced])
        context.extend([*gained, *forced])
        if on_tokens is not None:
            on_tokens([*unsent, *gained, *forced])
            unsent = []
        if matcher.is_stopped():
            break
        if len(out) >= max_tokens:
            raise BackendError(f"reply exceeded max_tokens={max_tokens}", code="llm_max_tokens")
        stop.check()
        draft = []
        if opts.drafter is not None and opts.k > 0:
            room = min(opts.k, RING_SLACK - len(batch), ROW_BUCKETS[-1] - 1)
            if room > 0:
                draft = valid_draft(matcher, opts.drafter.propose(context, matcher, room))
                result.drafted += len(draft)
        engine.run([*batch, *draft], range(len(batch) - 1, len(batch) + len(draft)))
        calls += 1
        masks = draft_masks(matcher, draft)  # the GPU is running the forward
    if matcher.is_error():
        raise BackendError(f"constrained decoding failed: {matcher.get_error()}")
    result.tokens, result.ttft_ms, result.total_ms, result.model_calls = out, ttft, stop.ms(), calls
    return result


# -- speculative ----------------------------------------------------------------------------------------


class Drafter(Protocol):
    """Proposes up to `k` tokens to follow `context` (prompt + output so far)."""

    def propose(self, context: Sequence[int], k: int) -> list[int]: ...


@dataclass
class PromptLookup:
    """n-gram prompt lookup: the tokens that followed the latest earlier occurrence of the last n tokens
    (longest n first). Vectorised: one pass of numpy comparisons per n, ~10 µs for 1,000 tokens."""

    max_ngram: int = 3
    min_ngram: int = 1

    def propose(self, context: Sequence[int], k: int) -> list[int]:
        arr = np.asarray(context, dtype=np.int64)
        size = len(arr)
        for n in range(self.max_ngram, self.min_ngram - 1, -1):
            if size <= n or k <= 0:
                continue
            starts = size - n  # candidate occurrences begin at 0 .. size-n-1 (not the tail itself)
            hit = arr[:starts] == arr[size - n]
            for j in range(1, n):
                hit &= arr[j : starts + j] == arr[size - n + j]
            found = np.flatnonzero(hit)
            if len(found):
                start = int(found[-1]) + n
                return [int(t) for t in arr[start : start + k]]
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
    sampler: Sampler | None = None,
) -> Iterator[list[int]]:
    """Decoding that verifies drafted tokens in one forward; yields the tokens each step gains.

    Greedy: the output equals `greedy`'s token for token. With a temperature: speculative sampling
    (a drafted token d is kept with probability p(d), a rejected one replaced by a sample of p
    without d), so the output follows the model's distribution exactly. Stats land in
    `speculative.last` (a `Result`)."""
    sampler = sampler or Sampler()
    reused = _start(engine, prompt)
    result = Result([], None, 0.0, 1, len(prompt), reused)
    speculative.last = result  # type: ignore[attr-defined]
    token = sampler.sample(engine)[-1]
    context = list(prompt)
    while True:
        if token in stop_ids or len(result.tokens) >= max_new:
            break
        result.tokens.append(token)
        context.append(token)
        result.ttft_ms = stop.ms() if result.ttft_ms is None else result.ttft_ms
        gained = [token]
        room = max_new - len(result.tokens)
        draft = drafter.propose(context, min(k, room, RING_SLACK - 1)) if room > 0 else []
        stop.check()
        engine.run([token, *draft], range(1 + len(draft)))
        result.model_calls += 1
        result.drafted += len(draft)
        if sampler.greedy:
            picks = engine.argmax()
            accepted = 0
            while accepted < len(draft) and picks[accepted] == draft[accepted]:
                if draft[accepted] in stop_ids:
                    break
                accepted += 1
            token = picks[accepted]
        else:
            accepted, token = _accept_sampled(engine.logits(), draft, sampler, stop_ids)
        engine.rollback(len(draft) - accepted)
        for tok in draft[:accepted]:
            result.tokens.append(tok)
            context.append(tok)
            gained.append(tok)
        result.draft_accepted += accepted
        result.accepted_per_step.append(accepted + 1)
        result.total_ms = stop.ms()
        yield gained
        if len(result.tokens) >= max_new:
            break
    result.total_ms = stop.ms()


def _accept_sampled(
    logits: torch.Tensor, draft: list[int], sampler: Sampler, stop_ids: frozenset[int]
) -> tuple[int, int]:
    """Speculative sampling against a deterministic drafter: (draft tokens kept, the next token)."""
    probs = sampler.probs(logits)
    gen = sampler.generator(probs.device)
    n = len(draft)
    if n:
        idx = torch.arange(n, device=probs.device)
        p_draft = probs[idx, torch.tensor(draft, device=probs.device)]
        u = torch.rand(n, generator=gen, device=probs.device)
        keep = (u < p_draft).tolist()
    else:
        keep = []
    for i, ok in enumerate(keep):
        if not ok:
            residual = probs[i].clone()
            residual[draft[i]] = 0.0
            token = int(torch.multinomial(residual, 1, generator=gen).item())
            return i, token
        if draft[i] in stop_ids:
            return i, draft[i]
    return n, int(torch.multinomial(probs[n], 1, generator=gen).item())
