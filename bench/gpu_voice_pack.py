"""Pack what the voice benchmark needs on the GPU machine into `.gpucarry/` (git-ignored, < 64 MiB).

    PYTHONPATH=src python bench/gpu_voice_pack.py [--out .gpucarry]
    # then, on the device: bash bench/gpu_voice.sh   (carry: .gpucarry)

The device has torch, numpy and onnxruntime but nothing of Teller's own dependencies, and nothing can
be fetched there; a call carries at most 64 MiB. So:

- `site.tar.xz`: Teller's pure dependencies installed for CPython 3.12 (the wheels in `--wheels`, plus
  soundfile, soxr, cffi) and Silero VAD's ONNX file (the `silero_vad` package's data folder only);
- `tiny-en-int8.tar.xz`: the bundled tiny.en with its 2-D weights in CTranslate2's own int8 layout (one
  scale per row, what `compute_type="int8"` makes of them on the CPU), 29 MB packed instead of 75; the torch
  backend dequantizes them to float16. `config.json` and `tokenizer.json` as shipped;
- `audio/`: the English benchmark voices' unseen, unseen2 and (once it exists) unseen3 lines, and piper's
  golden ones, as FLAC (`generate.build`);
- `commands.jsonl`: the golden commands (`../shared/golden`), which the benchmark reads;
- with `--ja`, for the Japanese sets (`JA=1 bash bench/gpu_endpoint.sh`): multilingual base (the
  `whisper-base` profile) packed the same way, 63 MB, which does not fit one call beside the rest, so
  split: `.gpuja_a/base-int8.tar.xz.a` (its first 57 MB, carried by a first call) and `.gpuja/`, a carry
  of its own for the second call: the rest of base, the Japanese voices' golden, unseen and unseen2 lines
  as FLAC in `.gpuja/audio/`, and the English carry's site, tiny.en and golden commands (hard links);
- `parity_cpu_ct2.json` (written by `bench/gpu_voice_parity.py --out .gpucarry/parity_cpu_ct2.json`,
  not by this script): CTranslate2 (CPU, int8) transcripts of the committed test speech, for the
  transcript-agreement check on the device.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench" / "speech"))

from generate import GOLDEN, SETS, VOICES, build  # noqa: E402

from teller.voice.backends.ct2_weights import quantize_int8, read_model, write_model  # noqa: E402

PLATFORMS = [
    "manylinux_2_31_x86_64",
    "manylinux_2_28_x86_64",
    "manylinux_2_27_x86_64",
    "manylinux_2_17_x86_64",
    "manylinux2014_x86_64",
]
EXTRA = ["soundfile==0.14.0", "soxr==1.1.0", "cffi==2.1.1", "pycparser==3.12"]


def pack_site(out: Path, wheels: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site, dl = Path(tmp) / "site", Path(tmp) / "dl"
        pip = [sys.executable, "-m", "pip"]
        plat = [a for p in PLATFORMS for a in ("--platform", p)]
        common = [
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            "3.12",
            "--implementation",
            "cp",
            *plat,
        ]
        subprocess.run([*pip, "download", "-q", *common, "-d", str(dl), *EXTRA], check=True)
        found = sorted(wheels.glob("*.whl")) + sorted(dl.glob("*.whl"))
        subprocess.run(
            [*pip, "install", "-q", "--no-compile", *common, "--target", str(site), *map(str, found)],
            check=True,
        )
        import importlib.util

        spec = importlib.util.find_spec("silero_vad")
        assert spec is not None and spec.submodule_search_locations
        silero = Path(next(iter(spec.submodule_search_locations)))
        (site / "silero_vad" / "data").mkdir(parents=True)
        (site / "silero_vad" / "__init__.py").write_text('"""Silero VAD data only (no torch import)."""\n')
        shutil.copy(silero / "data" / "silero_vad.onnx", site / "silero_vad" / "data")
        # what the voice benchmark never loads (the API server, the LLM's grammar engine, other
        # languages' spelling lists): the call carries 64 MiB in all
        junk = [
            *site.glob("*/tests"),
            *site.glob("llguidance*"),
            *site.glob("fastapi*"),
            *site.glob("starlette*"),
        ]
        junk += [*site.glob("uvicorn*")]
        for path in junk:
            shutil.rmtree(path)
        for path in (site / "spellchecker" / "resources").glob("*.json.gz"):
            if path.name != "en.json.gz":
                path.unlink()
        with tarfile.open(out / "site.tar.xz", "w:xz", preset=9) as tar:
            tar.add(site, arcname=".")


def pack_model(out: Path, src: Path | None = None, label: str = "tiny-en-int8") -> Path:
    """`src` (default: the bundled tiny.en) with int8 2-D weights, as `out/<label>.tar.xz`."""
    from teller.voice.backends.whisper_asr import bundled_model_path

    src = src or bundled_model_path()
    spec, variables = read_model(src)
    packed: dict[str, np.ndarray] = {}
    for name, value in variables.items():
        if name == "decoder/projection/weight":  # an alias of the token embedding
            continue
        if name.endswith("/weight") and value.ndim == 2 and value.dtype.kind == "f":
            packed[name], packed[name + "_scale"] = quantize_int8(value)
        else:
            packed[name] = value
    target = out / label
    target.mkdir(parents=True, exist_ok=True)
    write_model(target / "model.bin", spec, packed)
    for small in ("config.json", "tokenizer.json", "vocabulary.txt"):
        if (src / small).is_file():
            shutil.copy(src / small, target / small)
    packed_file = out / f"{label}.tar.xz"
    subprocess.run(["tar", "-cJf", str(packed_file), "-C", str(out), target.name], check=True)
    shutil.rmtree(target)
    return packed_file


def pack_japanese(english: Path, first: Path, second: Path, first_bytes: int = 57 * 10**6) -> int:
    """Multilingual base split over two calls' carries; the second also carries the Japanese voices'
    lines as FLAC and `english`'s site, tiny.en and golden commands."""
    from teller.voice.models import ensure_model

    for folder in (first, second):
        folder.mkdir(parents=True, exist_ok=True)
    for shared in ("site.tar.xz", "tiny-en-int8.tar.xz", "commands.jsonl"):
        if not (second / shared).exists():
            (second / shared).hardlink_to(english / shared)
    if not (second / "base-int8.tar.xz.b").exists():
        whole = pack_model(second, ensure_model("whisper-base"), "base-int8").read_bytes()
        (first / "base-int8.tar.xz.a").write_bytes(whole[:first_bytes])
        (second / "base-int8.tar.xz.b").write_bytes(whole[first_bytes:])
        (second / "base-int8.tar.xz").unlink()
    return _flac(second / "audio", [(v, w) for v in ("kokoro", "openjtalk-mei") for w in ("golden", *SETS)])


def _flac(folder: Path, lines: list[tuple[str, str]]) -> int:
    """Each (voice, set)'s synthesized lines (made here if missing) as FLAC under `folder/voice/`."""
    import soundfile

    count = 0
    for voice, which in lines:
        for row in build(voice, which):
            wav = Path(row["audio"])
            flac = folder / voice / (wav.stem + ".flac")
            if not flac.exists():
                flac.parent.mkdir(parents=True, exist_ok=True)
                audio, rate = soundfile.read(wav, dtype="int16")
                soundfile.write(flac, audio, rate, subtype="PCM_16")
                count += 1
    return count


def pack_audio(out: Path) -> int:
    english = [voice for voice, (lang, _) in VOICES.items() if lang == "en"]
    sets = [
        w
        for w in ("unseen", "unseen2", "unseen3")
        if w == "unseen" or (ROOT / "bench" / "data" / f"voice_{w}.jsonl").exists()
    ]
    lines = [("piper", "golden")] + [(voice, which) for voice in english for which in sets]
    count = _flac(out / "audio", lines)
    shutil.copy(GOLDEN, out / "commands.jsonl")
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".gpucarry")
    parser.add_argument("--wheels", type=Path, default=ROOT.parent.parent / "main" / ".devcarry" / "whl")
    parser.add_argument("--ja", action="store_true", help="also .gpuja_a/ and .gpuja/ (Japanese sets)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if not (args.out / "site.tar.xz").exists():
        pack_site(args.out, args.wheels)
    if not (args.out / "tiny-en-int8.tar.xz").exists():
        pack_model(args.out)
    print("audio files packed:", pack_audio(args.out))
    if args.ja:
        first, second = args.out.parent / ".gpuja_a", args.out.parent / ".gpuja"
        print("Japanese audio files packed:", pack_japanese(args.out, first, second))
        for folder in (first, second):
            size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
            print(json.dumps({folder.name: {"bytes": size, "MiB": round(size / 2**20, 1)}}))
    total = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(json.dumps({"bytes": total, "MiB": round(total / 2**20, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
