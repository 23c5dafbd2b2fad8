"""The embedded backend: llama-cpp-python in process, constrained by llguidance.

Constrained decoding (`complete_json`): llguidance compiles the request's JSON Schema and computes,
at each step, the allowed-token mask (a bitmask over the vocabulary, microseconds, instead of
llama.cpp's grammar sampler checking every token: ~65 ms/token with a 262k vocabulary). Greedy
argmax over the masked logits (temperature 0). After each sampled token the tokens the schema
forces (keys, punctuation, enum tails) are fed in the same batch as the next decode (jump-forward),
so a ~40-token reply costs ~10 model calls instead of ~40.

Prefix reuse: the prompt is the chat-template rendering of fixed messages then one variable user
message. The fixed part is tokenized once, and the KV cache keeps it between calls: each call
drops only the positions after the longest common token prefix with the previous call and decodes
the rest. Extraction and QnA streaming use separate llama contexts on the same memory-mapped
weights, so QnA answers never evict the extraction prefix.

Timing: ``ttft_ms`` runs from entry to the first generated token (prompt decode + first mask +
argmax); ``total_ms`` to the last token. ``model_calls`` counts llama_decode calls, prompt included.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from teller.errors import BackendError, DeadlineExceeded, MissingExtra
from teller.llm.backends.llama_runtime import ChatRenderer, load_llama
from teller.llm.protocol import Completion, Message

log = logging.getLogger(__name__)
_CHUNK = 128  # prompt tokens per decode when the cache is cold (deadline checked in between)


def _llguidance() -> Any:
    try:
        import llguidance
        import llguidance.llamacpp
    except ImportError as exc:
        raise MissingExtra("llguidance", "llm") from exc
    return llguidance


class _Clock:
    def __init__(self, deadline_s: float) -> None:
        self.start = time.perf_counter()
        self.deadline_s = deadline_s

    def ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000.0

    def check(self) -> None:
        if time.perf_counter() - self.start > self.deadline_s:
            raise DeadlineExceeded(f"embedded model: no reply within {self.deadline_s:.2f} s")


class EmbeddedBackend:
    """JsonBackend + TextStreamBackend over one local GGUF; loads lazily, once, thread-safely."""

    def __init__(
        self,
        model_path: str | None = None,
        *,
        n_ctx: int = 2048,
        n_threads: int | None = None,
        jump_forward: bool = True,
        reuse_prefix: bool = True,
        persist_prefix: bool = True,
    ) -> None:
        self._model_path = model_path
        self._n_ctx = n_ctx
        self._n_threads = n_threads
        self.jump_forward = jump_forward
        self.reuse_prefix = reuse_prefix
        self.persist_prefix = persist_prefix
        self._load_lock = threading.Lock()
        self._json_lock = threading.Lock()
        self._text_lock = threading.Lock()
        self._json_llm: Any = None
        self._text_llm: Any = None
        self._renderer: ChatRenderer | None = None
        self._lltokenizer: Any = None
        self._prefix_tokens: dict[str, list[int]] = {}
        self.prefix_evaluations = 0  # how many calls decoded the fixed prefix (tests watch this)
        self.prefix_loads = 0  # how many times the prefix state was restored from disk

    # -- loading -----------------------------------------------------------------------------------

    def model_path(self) -> str:
        """The GGUF to load: as configured, or a bundled profile (default or named) joined on demand."""
        from teller.llm.models import DEFAULT_PROFILE, PROFILES, ensure_model

        if self._model_path is None or self._model_path in PROFILES:
            self._model_path = str(ensure_model(self._model_path or DEFAULT_PROFILE))
        return self._model_path

    def load(self) -> None:
        """Load the model, renderer and llguidance tokenizer now (otherwise on first call)."""
        self._json_model()

    def _json_model(self) -> Any:
        with self._load_lock:
            if self._json_llm is None:
                llguidance = _llguidance()
                llm = load_llama(self.model_path(), n_ctx=self._n_ctx, n_threads=self._n_threads)
                self._renderer = ChatRenderer.from_llama(llm)
                with warnings.catch_warnings():  # one deprecation warning per vocabulary entry otherwise
                    warnings.simplefilter("ignore", DeprecationWarning)
                    self._lltokenizer = llguidance.llamacpp.lltokenizer_from_vocab(llm._model.vocab)
                self._json_llm = llm
            return self._json_llm

    def _text_model(self) -> Any:
        with self._load_lock:
            if self._text_llm is None:
                self._text_llm = load_llama(self.model_path(), n_ctx=self._n_ctx, n_threads=self._n_threads)
            return self._text_llm

    def warm(self, messages: Sequence[Message]) -> None:
        """Load the model and make the fixed prefix of `messages` resident now (from disk or decoded)."""
        llm = self._json_model()
        with self._json_lock:
            prompt, prefix_len = self._prompt_tokens(llm, messages)
            prefix = prompt[:prefix_len]
            if prefix and not self._has_prefix(llm, prefix) and not self._restore_prefix(llm, prefix):
                llm.n_tokens = 0
                llm.eval(prefix)
                self.prefix_evaluations += 1
                self._save_prefix(llm, prefix)

    @staticmethod
    def _has_prefix(llm: Any, prefix: list[int]) -> bool:
        return llm.n_tokens >= len(prefix) and list(llm.input_ids[: len(prefix)]) == prefix

    def _restore_prefix(self, llm: Any, prefix: list[int]) -> bool:
        if not self.persist_prefix:
            return False
        from teller.llm.backends import prefix_store

        try:
            restored = prefix_store.load(
                llm, prefix_store.state_path(self.model_path(), self._n_ctx, prefix), prefix
            )
        except Exception as exc:  # a stale or foreign file: decode instead
            log.info("prefix state not restored: %s", exc)
            llm.n_tokens = 0
            return False
        self.prefix_loads += restored
        return restored

    def _save_prefix(self, llm: Any, prefix: list[int]) -> None:
        if not self.persist_prefix:
            return
        from teller.llm.backends import prefix_store

        llm._ctx.kv_cache_seq_rm(-1, len(prefix), -1)  # the file must hold exactly the prefix
        llm.n_tokens = len(prefix)
        try:
            prefix_store.save(llm, prefix_store.state_path(self.model_path(), self._n_ctx, prefix), prefix)
        except Exception as exc:  # persistence is an optimisation only
            log.info("prefix state not saved: %s", exc)

    # -- constrained JSON --------------------------------------------------------------------------

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any],
        *,
        max_tokens: int,
        deadline_s: float,
    ) -> Completion:
        clock = _Clock(deadline_s)
        llm = self._json_model()
        with self._json_lock:
            try:
                return self._generate_json(llm, messages, schema, max_tokens, clock)
            except (BackendError, DeadlineExceeded):
                raise
            except Exception as exc:  # llama.cpp / llguidance failures surface as our errors
                llm.n_tokens = 0  # the KV state may be inconsistent; start over next time
                raise BackendError(f"embedded model failed: {exc}") from exc

    def _prompt_tokens(self, llm: Any, messages: Sequence[Message]) -> tuple[list[int], int]:
        """Tokens of the rendered prompt and the length of its cached fixed prefix."""
        assert self._renderer is not None
        prefix_text, suffix_text = self._renderer.split(messages)
        prefix = self._prefix_tokens.get(prefix_text)
        if prefix is None:
            prefix = llm.tokenize(prefix_text.encode(), add_bos=False, special=True)
            self._prefix_tokens = {prefix_text: prefix}  # one prompt family; keep the newest
        suffix: list[int] = llm.tokenize(suffix_text.encode(), add_bos=False, special=True)
        return [*prefix, *suffix], len(prefix)

    def _start(
        self, llm: Any, prompt: list[int], prefix_len: int, forced: list[int], clock: _Clock
    ) -> tuple[int, int]:
        """Decode what the KV cache lacks of `prompt` (+ the initially forced tokens).

        Returns (tokens reused from the cache, decode calls made).

        Long prompts are decoded in chunks with a deadline check between them, so a cold prefix
        overshoots the deadline by at most one chunk; what was decoded stays cached for the next call.
        """
        reused = 0
        if self.reuse_prefix:
            if prefix_len and not self._has_prefix(llm, prompt[:prefix_len]):
                self._restore_prefix(llm, prompt[:prefix_len])
            cached = llm.input_ids[: llm.n_tokens]
            limit = min(len(cached), len(prompt) - 1)
            while reused < limit and cached[reused] == prompt[reused]:
                reused += 1
        cold = reused < prefix_len
        self.prefix_evaluations += cold
        llm.n_tokens = reused
        pending = [*prompt[reused:], *forced]
        calls = 1
        while len(pending) > _CHUNK or (cold and llm.n_tokens < prefix_len):
            # Chunks stop at the end of the prefix once, so a cold prefix can be saved on its own.
            size = min(_CHUNK, prefix_len - llm.n_tokens) if llm.n_tokens < prefix_len else _CHUNK
            llm.eval(pending[:size])
            pending = pending[size:]
            calls += 1
            if cold and self.reuse_prefix and llm.n_tokens == prefix_len:
                self._save_prefix(llm, prompt[:prefix_len])  # the prefix alone is resident right now
            clock.check()
        llm.eval(pending)
        return reused, calls

    def _generate_json(
        self,
        llm: Any,
        messages: Sequence[Message],
        schema: Mapping[str, Any],
        max_tokens: int,
        clock: _Clock,
    ) -> Completion:
        llguidance = _llguidance()
        # Compact JSON: with flexible whitespace every separator is a choice, and a model call.
        grammar = llguidance.LLMatcher.grammar_from_json_schema(
            json.dumps(schema), overrides={"whitespace_flexible": False}
        )
        matcher = llguidance.LLMatcher(self._lltokenizer, grammar, log_level=0)
        if matcher.is_error():
            raise BackendError(f"schema rejected by llguidance: {matcher.get_error()}")
        prompt, prefix_len = self._prompt_tokens(llm, messages)
        out: list[int] = []
        forced = self._forced(matcher)
        out.extend(forced)
        reused, calls = self._start(llm, prompt, prefix_len, forced, clock)
        ttft: float | None = None
        n_vocab = llm.n_vocab()
        while not matcher.is_stopped():
            clock.check()
            if len(out) >= max_tokens:
                raise BackendError(f"reply exceeded max_tokens={max_tokens}", code="llm_max_tokens")
            token = self._argmax(llm, matcher, n_vocab)
            if not matcher.consume_token(token):
                raise BackendError(f"llguidance refused its own token: {matcher.get_error()}")
            ttft = clock.ms() if ttft is None else ttft
            batch = [token, *self._forced(matcher)]
            out.extend(batch)
            if matcher.is_stopped():
                break
            llm.eval(batch)
            calls += 1
        if matcher.is_error():
            raise BackendError(f"constrained decoding failed: {matcher.get_error()}")
        text = llm.detokenize(out).decode("utf-8", errors="replace")
        return Completion(
            text=text,
            ttft_ms=ttft,
            total_ms=clock.ms(),
            output_tokens=len(out),
            model_calls=calls,
            extra={"prompt_tokens": len(prompt), "reused_tokens": reused, "prefix_tokens": prefix_len},
        )

    def _forced(self, matcher: Any) -> list[int]:
        """Tokens for the bytes the grammar forces next, consumed by `matcher`; [] without jump-forward.

        llguidance's `compute_ff_tokens` stops before any token that could merge with what follows,
        which leaves ~30 calls for a 60-token reply. The forced *bytes* are certain, so they are
        tokenized whole; only the last token is held back, and only when the grammar allows a longer
        token that starts with it (``":`` before ``":"``): the model then samples that token and makes
        the next choice in the same call, as it would without jump-forward.
        """
        if not self.jump_forward:
            return []
        data: bytes = matcher.compute_ff_bytes()
        if not data:
            return []
        tokens: list[int] = self._lltokenizer.tokenize_bytes(data)
        tokens = tokens[: matcher.validate_tokens(tokens)]
        if not tokens:
            return []
        head, last = tokens[:-1], tokens[-1]
        if head and not matcher.consume_tokens(head):
            raise BackendError(f"llguidance refused forced tokens: {matcher.get_error()}")
        if self._extendable(matcher, last):
            return head
        if not matcher.consume_token(last):
            raise BackendError(f"llguidance refused a forced token: {matcher.get_error()}")
        return tokens

    def _extendable(self, matcher: Any, token: int) -> bool:
        """Whether the grammar allows, here, a token longer than `token` that starts with its bytes."""
        bits = np.unpackbits(np.frombuffer(matcher.compute_bitmask(), dtype=np.uint8), bitorder="little")
        allowed = np.flatnonzero(bits)
        if len(allowed) > 4096:
            return True
        piece: bytes = self._lltokenizer.decode_bytes([token])
        for other in allowed.tolist():
            if other != token:
                text: bytes = self._lltokenizer.decode_bytes([other])
                if len(text) > len(piece) and text.startswith(piece):
                    return True
        return False

    @staticmethod
    def _argmax(llm: Any, matcher: Any, n_vocab: int) -> int:
        import llama_cpp

        ptr = llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1)
        logits = np.ctypeslib.as_array(ptr, shape=(n_vocab,))
        bits = np.unpackbits(np.frombuffer(matcher.compute_bitmask(), dtype=np.uint8), bitorder="little")
        allowed = bits[:n_vocab].astype(bool)
        if not allowed.any():
            raise BackendError("the schema allows no token here")
        return int(np.where(allowed, logits, -np.inf).argmax())

    # -- plain streamed text -----------------------------------------------------------------------

    def stream_text(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float,
        deadline_s: float,
    ) -> Iterator[str]:
        clock = _Clock(deadline_s)
        llm = self._text_model()
        with self._text_lock:
            try:
                chunks = llm.create_chat_completion(
                    messages=[dict(m) for m in messages],
                    max_tokens=max_tokens,
                    temperature=temperature,
                    stream=True,
                )
                for chunk in chunks:
                    clock.check()
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        yield piece
            except (BackendError, DeadlineExceeded):
                raise
            except Exception as exc:
                raise BackendError(f"embedded model failed while streaming: {exc}") from exc
