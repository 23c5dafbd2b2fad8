"""The `teller` command: ask, batch (including the error path), confirm, db load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

TELLER = Path(sys.executable).with_name("teller")
NOW = "2026-11-21T09:00:00+09:00"


def run(args: list[str], db: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TELLER_STORE__URL": f"sqlite:///{db}", "TELLER_LLM__ENABLED": "false"}
    return subprocess.run(
        [str(TELLER), *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_batch_keeps_order_and_reports_bad_lines(tmp_path: Path) -> None:
    """A bad line yields an error object for its id; the other lines still run, in order."""
    lines = [
        {"id": "a", "customer_id": "c_001", "text": "what's my balance", "now": NOW},
        "not json at all",
        {"id": "b", "customer_id": "c_001", "text": "hi"},
        {"id": "c", "customer_id": "c_nope", "text": "what's my balance", "now": NOW},
        {"id": "d", "customer_id": "c_002", "text": "agent please", "now": NOW},
    ]
    stdin = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    out = run(["batch", "-"], tmp_path / "t.sqlite3", stdin)
    rows = [json.loads(x) for x in out.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["a", "line2", "b", "c", "d"]
    assert rows[0]["intent"] == "balance_inquiry" and rows[4]["action"] == "handoff"
    assert rows[1]["error"]["code"] == "bad_json"
    assert "now" in rows[2]["error"]["message"]
    assert rows[3]["error"]["code"] == "not_found"


def test_ask_then_confirm_twice(tmp_path: Path) -> None:
    """`teller ask --json` gives a token; `teller confirm` executes once and refuses the second time."""
    db = tmp_path / "t.sqlite3"
    asked = run(["ask", "send 3000 yen to ito sho", "--json", "--customer", "c_001"], db)
    token = json.loads(asked.stdout)["pending"]["token"]
    first = run(["confirm", token, "--customer", "c_001"], db)
    second = run(["confirm", token, "--customer", "c_001"], db)
    assert first.returncode == 0 and "done" in first.stdout
    assert second.returncode == 1 and "already" in second.stderr.lower()


def test_db_load_rejects_a_bad_file_and_changes_nothing(tmp_path: Path) -> None:
    """A bank file with a float amount is rejected naming the field; the demo data stays as it was."""
    db = tmp_path / "t.sqlite3"
    assert run(["db", "init", "--demo"], db).returncode == 0
    bank = json.loads((Path(__file__).resolve().parents[2] / "src/teller/data/demo_bank.json").read_text())
    bank["customers"][0]["accounts"][0]["balance_minor"] = 12.5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bank))
    loaded = run(["db", "load", str(bad)], db)
    assert loaded.returncode == 2 and "customers[0].accounts[0].balance_minor" in loaded.stderr
    asked = run(["ask", "what's my balance", "--json", "--customer", "c_001"], db)
    assert json.loads(asked.stdout)["data"]["accounts"][0]["balance_minor"] == 1234567


def test_ask_answers_a_bank_question_with_a_citation(tmp_path: Path) -> None:
    """A qna turn is answered from the knowledge base, citing an article id that exists."""
    asked = run(
        ["ask", "what does an international transfer cost", "--json", "--customer", "c_002"],
        tmp_path / "t.sqlite3",
    )
    result = json.loads(asked.stdout)
    kb = Path(__file__).resolve().parents[2] / "src/teller/data/kb"
    cited = result["data"]["citations"]
    assert result["intent"] == "qna" and result["data"]["grounded"] and cited
    assert all(list(kb.rglob(f"{c}.md")) for c in cited)


def test_batch_runs_an_audio_line_through_the_voice_path(tmp_path: Path) -> None:
    """A batch line with `audio` instead of `text` is transcribed and gives the typed request's outcome."""
    wav = Path(__file__).resolve().parents[2] / "bench/speech/fixtures/balance.wav"
    line = {"id": "v", "customer_id": "c_002", "audio": str(wav), "now": "2026-11-21T09:00:00-05:00"}
    out = run(["batch", "-"], tmp_path / "t.sqlite3", json.dumps(line) + "\n")
    result = json.loads(out.stdout)
    assert "balance" in result["transcript"].lower()
    assert (result["id"], result["intent"], result["entities"]["account_id"]) == (
        "v",
        "balance_inquiry",
        "a_101",
    )
    assert "eos_to_action" in result["timings_ms"]


def test_ask_refuses_a_now_out_of_range(tmp_path: Path) -> None:
    """`--now` in year 9999 is a usage error (exit 2) naming the range, not a traceback."""
    out = run(["ask", "what's my balance", "--now", "9999-12-31T23:59:59+00:00"], tmp_path / "t.sqlite3")
    assert out.returncode == 2 and "out of range" in out.stderr


def _turns(db: Path, *texts: str) -> list[dict[str, object]]:
    lines = [{"id": f"t{i}", "customer_id": "c_002", "text": t, "now": NOW} for i, t in enumerate(texts)]
    out = run(["batch", "-"], db, "".join(json.dumps(x) + "\n" for x in lines))
    return [json.loads(x) for x in out.stdout.splitlines()]


def test_batch_lines_are_replays_that_change_nothing_in_the_bank(tmp_path: Path) -> None:
    """A lock in one batch line does not change the next line's answer, nor a later run's; a live
    `teller ask` (no --now) does lock, and the batch then sees it."""
    db = tmp_path / "t.sqlite3"
    alone = _turns(db, "unlock my debit card")[0]
    locked, after = _turns(db, "lock my debit card", "unlock my debit card")
    again = _turns(db, "unlock my debit card")[0]
    assert locked["intent"] == "card_lock" and locked["action"] == "execute"
    assert locked["entities"]["card_id"] == "k_101"
    for seen in (after, again):
        assert (seen["intent"], seen["action"], seen["reason"]) == (
            alone["intent"],
            alone["action"],
            alone["reason"],
        )
    live = run(["ask", "lock my debit card", "--json", "--customer", "c_002"], db)
    assert json.loads(live.stdout)["action"] == "execute"
    unlocked = _turns(db, "unlock my debit card")[0]
    assert (unlocked["action"], unlocked["entities"]["card_id"]) == ("confirm", "k_101")
    assert alone["action"] != "confirm"
