"""The final recognizer for Japanese-locale customers, who also speak English commands.

Routing by locale alone sent c_001's English golden commands ("send five thousand yen to sato ken")
through the Japanese decoder, which wrote them in katakana. Routing on the whole utterance (encode it
with multilingual base, detect, then decode) made every English utterance of such a customer pay a
full base encode before tiny.en: ~1.1 s end of speech → action instead of ~0.55 s.

So the language is decided early where that is safe: `early` runs the base encoder over the first
`lid_seconds` of speech only (padded to whole seconds), which the listener calls while the customer
is still talking. The decision is kept only when Whisper is sure of it:

- **English** (top language "en" with probability ≥ `EN_SURE`): at the pause the audio goes straight to
  the English recognizer (tiny.en), the same cost as for any English customer. This is the saving.
- **Japanese** (any other top language with probability ≥ `JA_SURE`; a short "zh" guess for kanji names
  counts as Japanese): base decodes with `language="ja"`.
- **Unsure** (`UNSURE`): decided at the pause on the whole utterance as before, one base encode serving
  both the detection and the Japanese decode. English with Japanese names and numbers ("…twelve
  thousand four hundred yen to suzuki ichiro") can look like "zh" on its first second and a half.

The bars are asymmetric because the gains are: an early "en" saves a whole base encode, an early "ja"
only one decoder step (the detection on the encoder output), so Japanese must be near certain to skip
the whole-utterance check.

Bias names arrive mixed: Japanese-script names ("佐藤健さん", "東京ガス") go to the Japanese prompt,
Latin ones ("Sato Ken") to the English one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol, runtime_checkable

from teller.voice.asr import FinalRecognizer, Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples

UNSURE = "unsure"  # the start of speech did not settle the language: decide on the whole utterance
EN_SURE = 0.5  # Whisper's probability for "en" that sends the utterance to tiny.en without a full check
JA_SURE = 0.8  # ... and for any other language, to decode Japanese without one


@runtime_checkable
class EncodingFinals(Protocol):
    """A multilingual Whisper whose encoder output serves language detection and decoding alike
    (`whisper_asr.WhisperFinals`, `torch_whisper.TorchWhisperFinals`)."""

    def encode(self, samples: Samples, *, pad_s: float | None = None) -> Any: ...

    def language(self, encoded: Any) -> tuple[str, float]: ...

    def detect(self, samples: Samples, seconds: float) -> tuple[str, float]: ...

    def transcribe(
        self, samples: Samples, *, bias: Sequence[str] = (), encoded: Any = None
    ) -> Hypothesis: ...


class BilingualFinals:
    """Japanese by the multilingual model, English by the main recognizer, chosen per utterance."""

    def __init__(
        self, japanese: EncodingFinals, english: FinalRecognizer, *, lid_seconds: float = 1.5
    ) -> None:
        self.japanese, self.english = japanese, english
        self.lid_seconds = lid_seconds

    def detect(self, samples: Samples) -> str:
        """ "en" or "ja", the likelier at the start of `samples` (all of them if `lid_seconds` is 0)."""
        return self._detect(samples)[0]

    def early(self, samples: Samples) -> str:
        """ "en", "ja" or `UNSURE` from the start of `samples` (see the module docstring)."""
        language, prob = self._detect(samples)
        return language if prob >= (EN_SURE if language == "en" else JA_SURE) else UNSURE

    def _detect(self, samples: Samples) -> tuple[str, float]:
        seconds = self.lid_seconds if self.lid_seconds > 0 else samples.size / SAMPLE_RATE
        language, prob = self.japanese.detect(samples, seconds)
        return ("en" if language == "en" else "ja"), prob

    def transcribe(
        self, samples: Samples, *, bias: Sequence[str] = (), language: str | None = None
    ) -> Hypothesis:
        """`language` is the listener's early decision ("en", "ja" or `UNSURE`); None: decide here."""
        if language is None:
            language = self.early(samples) if self.lid_seconds > 0 else UNSURE
        if language == "en":
            return self._english(samples, bias)
        if language == "ja":
            return self.japanese.transcribe(samples, bias=_ja(bias))
        encoded = self.japanese.encode(samples)  # one encode serves the detection and the decode
        detected, _ = self.japanese.language(encoded)
        if detected == "en":
            return self._english(samples, bias)
        return self.japanese.transcribe(samples, bias=_ja(bias), encoded=encoded)

    def _english(self, samples: Samples, bias: Sequence[str]) -> Hypothesis:
        hyp = self.english.transcribe(samples, bias=[n for n in bias if n.isascii()])
        return replace(hyp, language="en")


def _ja(bias: Sequence[str]) -> list[str]:
    return [n for n in bias if not n.isascii()]
