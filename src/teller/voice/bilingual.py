"""The final recognizer for Japanese-locale customers, who also speak English commands.

Routing by locale alone sent c_001's English golden commands ("send five thousand yen to sato ken")
through the Japanese decoder, which wrote them in katakana. So the multilingual model encodes the
utterance once, asks Whisper which language it is, and then either decodes Japanese from that same
encoder output (no extra cost) or hands the audio to the English recognizer (tiny.en: one base
encode, ~100-150 ms, on top of its usual decode).

Bias names arrive mixed: Japanese-script names ("佐藤健さん", "東京ガス") go to the Japanese prompt,
Latin ones ("Sato Ken") to the English one.
"""

from __future__ import annotations

from collections.abc import Sequence

from teller.voice.asr import FinalRecognizer, Hypothesis
from teller.voice.audio import Samples
from teller.voice.backends.whisper_asr import WhisperFinals


class BilingualFinals:
    """Japanese by the multilingual model, English by the main recognizer, chosen per utterance."""

    def __init__(self, japanese: WhisperFinals, english: FinalRecognizer) -> None:
        self.japanese, self.english = japanese, english

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        encoded = self.japanese.encode(samples)
        language, _ = self.japanese.language(encoded)
        if language == "en":  # anything else (a short "zh" guess for kanji names) stays Japanese
            return self.english.transcribe(samples, bias=[n for n in bias if n.isascii()])
        ja_bias = [n for n in bias if not n.isascii()]
        return self.japanese.transcribe(samples, bias=ja_bias, encoded=encoded)
