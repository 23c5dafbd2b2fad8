"""Scheduled payments by voice: the spoken list and cancel requests reach the same turns as typed ones."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tests.speech import fixture_path

from teller.domain.turn import TurnRequest
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")  # c_002 lives in New York


def test_spoken_list_and_cancel_of_a_scheduled_payment(engine: VoiceEngine, runner: Any) -> None:
    """ "what payments do I have coming up" lists it; "cancel tomorrow's payment to david lee" cancels it."""
    proposed = runner.run(
        TurnRequest(id="t", customer_id="c_002", text="send $40 to David Lee tomorrow", now=NOW)
    )
    done = runner.pending.confirm("c_002", proposed.pending.token, now=runner.clock.now())
    listed = ask_audio(runner, fixture_path("what payments do I have coming up"), "c_002", NOW)
    assert (listed.intent, listed.action) == ("scheduled_payments", "execute"), listed.transcript
    assert [p["id"] for p in listed.data["scheduled"]] == [done.scheduled_payment_id]
    cancelled = ask_audio(runner, fixture_path("cancel tomorrow's payment to david lee"), "c_002", NOW)
    assert (cancelled.intent, cancelled.action) == ("cancel_scheduled", "execute"), cancelled.transcript
    assert runner.scheduled.list_scheduled("c_002") == []
