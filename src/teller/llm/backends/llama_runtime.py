"""Loading llama-cpp-python models and rendering their chat templates (split at the fixed prefix)."""

from __future__ import annotations

import atexit
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from teller.cpu import passive_threads
from teller.errors import BackendUnavailable, ConfigError, MissingExtra
from teller.llm.protocol import Message

_SENTINEL: Final = "\x00teller-variable-part\x00"


def _llama_cpp() -> Any:
    passive_threads()  # before the library loads (see teller.cpu)
    try:
        import llama_cpp
    except ImportError as exc:
        raise MissingExtra("llama-cpp-python", "llm") from exc
    return llama_cpp


def load_llama(model_path: str, *, n_ctx: int, n_threads: int | None) -> Any:
    """A `llama_cpp.Llama` with the settings the embedded backend relies on."""
    llama_cpp = _llama_cpp()
    if not os.path.isfile(model_path):
        raise ConfigError(f"model file not found: {model_path}")
    try:
        llm = llama_cpp.Llama(
            model_path=model_path,
            n_ctx=n_ctx,
            n_batch=512,
            n_threads=n_threads or max(1, min(4, os.cpu_count() or 1)),
            logits_all=False,
            verbose=False,
        )
    except (ValueError, RuntimeError) as exc:
        raise BackendUnavailable(f"cannot load {model_path}: {exc}") from exc
    # Free the model while the interpreter is still whole: left to __del__ at shutdown, llama.cpp's
    # free functions may already be gone and it prints a traceback.
    atexit.register(llm.close)
    return llm


@dataclass(frozen=True, slots=True)
class ChatRenderer:
    """Renders messages with the GGUF's own chat template (thinking off where the template has it)."""

    formatter: Any

    @classmethod
    def from_llama(cls, llm: Any) -> ChatRenderer:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        template = llm.metadata.get("tokenizer.chat_template")
        if not template:
            raise ConfigError("the GGUF has no chat template; an instruct model is required")
        vocab = llm._model.vocab
        llama_cpp = _llama_cpp()

        def piece(token: int) -> str:
            if token < 0:
                return ""
            return str(llm._model.token_get_text(token))

        return cls(
            Jinja2ChatFormatter(
                template=template,
                eos_token=piece(llama_cpp.llama_vocab_eos(vocab)),
                bos_token=piece(llama_cpp.llama_vocab_bos(vocab)),
                add_generation_prompt=True,
            )
        )

    def render(self, messages: Sequence[Message]) -> str:
        response = self.formatter(messages=[dict(m) for m in messages], enable_thinking=False)
        return str(response.prompt)

    def split(self, messages: Sequence[Message]) -> tuple[str, str]:
        """(fixed prefix text, variable suffix text): the prefix ends where the last message's text starts."""
        *fixed, last = messages
        probe = self.render([*fixed, {**last, "content": _SENTINEL}])
        full = self.render(messages)
        cut = probe.find(_SENTINEL)
        if cut < 0 or not full.startswith(probe[:cut]):
            return "", full
        return full[:cut], full[cut:]
