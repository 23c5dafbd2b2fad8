"""`teller batch`: one JSON object in, one turn contract out, per line, in order; bad lines don't stop it.

Every line is a replay (its `now` is the case's): it reads the bank but writes nothing to it, so each
line is judged against the bank as loaded, whatever ran before it (`TurnRequest.replay`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

import orjson
from pydantic import ValidationError

from teller.domain.turn import TurnRequest
from teller.errors import TellerError

if TYPE_CHECKING:
    from teller.pipeline.turn import TurnRunner


def _error(line_id: object, code: str, message: str) -> bytes:
    return orjson.dumps({"id": line_id, "error": {"code": code, "message": message}})


def run_one(runner: TurnRunner, line: str, number: int) -> bytes:
    """The output line for one input line (an error object when the line is unusable)."""
    try:
        raw = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        return _error(f"line{number}", "bad_json", f"line {number}: not JSON ({exc})")
    if not isinstance(raw, dict):
        return _error(f"line{number}", "bad_line", f"line {number}: expected a JSON object")
    line_id = raw.get("id", f"line{number}")
    if "audio" in raw and "text" not in raw:
        return _audio_line(runner, raw, line_id)
    try:
        given = {k: raw.get(k) for k in ("id", "customer_id", "text", "now")}
        request = TurnRequest.model_validate(given | {"replay": True})
    except ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in err["loc"]) + f": {err['msg']}" for err in exc.errors())
        return _error(line_id, "bad_line", fields)
    try:
        result = runner.run(request)
    except TellerError as exc:
        return _error(line_id, exc.code, exc.message)
    return result.model_dump_json(exclude={"trace"}).encode()


def _audio_line(runner: TurnRunner, raw: dict[str, object], line_id: object) -> bytes:
    """A line with `audio` (a file path) instead of `text`: transcribe, then run the same turn."""
    from datetime import datetime

    from teller.cli.voice import ask_audio

    audio, customer, now = raw.get("audio"), raw.get("customer_id"), raw.get("now")
    if not isinstance(audio, str) or not isinstance(customer, str):
        return _error(line_id, "bad_line", "audio and customer_id must be strings")
    try:
        when = datetime.fromisoformat(now) if isinstance(now, str) else None
        if when is not None and when.tzinfo is None:
            return _error(line_id, "bad_line", "now must carry a UTC offset")
        result = ask_audio(runner, audio, customer, when, replay=True)
    except ValueError as exc:
        return _error(line_id, "bad_line", str(exc))
    except TellerError as exc:
        return _error(line_id, exc.code, exc.message)
    return result.model_copy(update={"id": str(line_id)}).model_dump_json(exclude={"trace"}).encode()


def run_batch(runner: TurnRunner, lines: TextIO, out: TextIO) -> None:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        out.write(run_one(runner, line, number).decode() + "\n")
        out.flush()
