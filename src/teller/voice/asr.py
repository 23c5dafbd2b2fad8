"""Speech recognition seams: live partials from a stream, finals from a whole utterance.

Both yield `Hypothesis` values. Partials are cheap and rough (they steer endpointing and prefetch);
the final is the transcript the turn runs on. Backends live in `voice.backends`:

    PartialRecognizer   pocketsphinx (embedded, real streaming)
    FinalRecognizer     faster-whisper (any CTranslate2 model, cpu/cuda), OpenAI-compatible server
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from teller.voice.audio import Samples


@dataclass(frozen=True, slots=True)
class Hypothesis:
    text: str
    final: bool
    audio_ms: float  # how much of the utterance's audio it covers
    confidence: float | None = None


class PartialRecognizer(Protocol):
    """Streams frames of one utterance at a time."""

    def start(self) -> None:
        """Begin an utterance (drops any previous one)."""
        ...

    def accept(self, frame: Samples) -> Hypothesis | None:
        """Feed one frame; return the partial when it changed."""
        ...


class FinalRecognizer(Protocol):
    """Transcribes a whole utterance; thread-safe for one call at a time."""

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        """Final transcript of 16 kHz mono `samples`; `bias` lists names likely to be said."""
        ...


_BACKCHANNEL = frozenset(
    re.findall(r"\w+", "uh huh um hm hmm mm mhm mmhm ah oh okay ok yeah yes right sure yep")
)


def is_backchannel(text: str) -> bool:
    """Only filler or acknowledgement words ("uh-huh", "mm", "okay"): not a turn of its own."""
    words = re.findall(r"[a-z]+", text.lower())
    return bool(words) and len(words) <= 3 and all(w in _BACKCHANNEL for w in words)


def bias_prompt(names: Sequence[str]) -> str:
    """A decoder prompt that makes the customer's payee and biller names likely spellings."""
    return f"Send money to {', '.join(names)}." if names else ""
