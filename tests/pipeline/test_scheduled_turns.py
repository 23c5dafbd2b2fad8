"""Scheduled payments by text (and so by voice): listing them and cancelling one, in English and Japanese.

Written before the feature. DEV phrasings guide the rules; HELD_OUT phrasings were written at the
same time and are only run for the report (never looked at while fixing).
"""

from __future__ import annotations

from typing import Any

import pytest

from teller.domain.turn import TurnRequest, TurnResult

NOW_ISO = "2026-11-21T09:00:00+09:00"  # the runner fixture's clock; c_001 lives in Tokyo


def turn(runner: Any, text: str, customer: str = "c_001") -> TurnResult:
    from datetime import datetime

    result: TurnResult = runner.run(
        TurnRequest(id="s", customer_id=customer, text=text, now=datetime.fromisoformat(NOW_ISO))
    )
    return result


def schedule(runner: Any, text: str, customer: str = "c_001") -> str:
    """Propose `text` (a dated transfer) and confirm it; the scheduled payment's id."""
    proposed = turn(runner, text, customer)
    assert proposed.action == "confirm" and proposed.pending is not None, proposed
    done = runner.pending.confirm(customer, proposed.pending.token, now=runner.clock.now())
    assert done.scheduled_payment_id, done
    return str(done.scheduled_payment_id)


def upcoming(runner: Any, customer: str = "c_001") -> list[str]:
    return [p.id for p in runner.scheduled.list_scheduled(customer)]


LIST_DEV = [
    "what payments do I have coming up",
    "show me my scheduled payments",
    "any upcoming transfers?",
    "list my scheduled transfers",
    "予約した振込を見せて",
    "振込予約の一覧",
]
LIST_HELD_OUT = [
    "what's scheduled to go out",
    "do I have any payments scheduled",
    "which transfers are pending for later",
    "予定している振込はありますか",
    "予約中の振込を教えて",
]


@pytest.mark.parametrize("text", LIST_DEV)
def test_listing_scheduled_payments(runner: Any, text: str) -> None:
    """A request for upcoming payments lists them (execute, data.scheduled), changing nothing."""
    payment = schedule(runner, "send 5000 yen to sato ken tomorrow")
    r = turn(runner, text)
    assert (r.intent, r.action) == ("scheduled_payments", "execute"), (r.intent, r.action, r.reason)
    assert r.data is not None and [p["id"] for p in r.data["scheduled"]] == [payment]  # type: ignore[union-attr]
    assert "5,000" in r.reply and upcoming(runner) == [payment]


def test_listing_with_nothing_scheduled_says_so(runner: Any) -> None:
    """With nothing scheduled the list is empty and the reply says so."""
    r = turn(runner, "what payments do I have coming up")
    assert (r.intent, r.action) == ("scheduled_payments", "execute")
    assert r.data == {"scheduled": []} and r.reply


@pytest.mark.parametrize(
    "text",
    [
        "cancel tomorrow's payment to Sato Ken",
        "cancel the scheduled transfer to sato ken",
        "stop tomorrow's payment to sato",  # Sato Ken and Sato Kenta: only one has a payment scheduled
        "予約した振込を取り消して",
        "明日の佐藤健さんへの振込をキャンセルして",
    ],
)
def test_cancelling_the_one_scheduled_payment_that_fits(runner: Any, text: str) -> None:
    """When exactly one scheduled payment fits what was said, it is cancelled and never runs."""
    payment = schedule(runner, "send 5000 yen to sato ken tomorrow")
    r = turn(runner, text)
    assert (r.intent, r.action) == ("cancel_scheduled", "execute"), (r.intent, r.action, r.reason)
    assert upcoming(runner) == [] and runner.scheduled.get("c_001", payment).status == "cancelled"
    assert r.data is not None and r.data["scheduled"][0]["id"] == payment  # type: ignore[index]


def test_cancelling_picks_by_payee_and_day(runner: Any) -> None:
    """Two scheduled payments: naming the payee (or the day) cancels only that one."""
    sato = schedule(runner, "send 5000 yen to sato ken tomorrow")
    ito = schedule(runner, "send 3000 yen to ito sho the day after tomorrow")
    r = turn(runner, "cancel the payment to ito sho")
    assert (r.intent, r.action) == ("cancel_scheduled", "execute"), (r.intent, r.action, r.reason)
    assert upcoming(runner) == [sato]
    assert runner.scheduled.get("c_001", ito).status == "cancelled"


def test_an_ambiguous_cancel_asks_which_one(runner: Any) -> None:
    """ "cancel my scheduled payment" with two scheduled: a clarify listing both, nothing cancelled."""
    both = [
        schedule(runner, "send 5000 yen to sato ken tomorrow"),
        schedule(runner, "send 3000 yen to ito sho the day after tomorrow"),
    ]
    r = turn(runner, "cancel my scheduled payment")
    assert (r.intent, r.action, r.reason) == ("cancel_scheduled", "clarify", "several_payments_match")
    assert sorted(upcoming(runner)) == sorted(both)
    assert r.data is not None and len(r.data["scheduled"]) == 2  # type: ignore[arg-type]


def test_cancelling_what_is_not_scheduled_is_refused(runner: Any) -> None:
    """No scheduled payment to Suzuki Ichiro: a reject with a reason, and the other payment stays."""
    sato = schedule(runner, "send 5000 yen to sato ken tomorrow")
    r = turn(runner, "cancel the scheduled payment to suzuki ichiro")
    assert (r.intent, r.action, r.reason) == ("cancel_scheduled", "reject", "no_scheduled_payment")
    assert upcoming(runner) == [sato]


def test_another_customers_payments_are_invisible(runner: Any) -> None:
    """c_002 asking to list or cancel sees none of c_001's scheduled payments."""
    sato = schedule(runner, "send 5000 yen to sato ken tomorrow")
    listed = turn(runner, "what payments do I have coming up", "c_002")
    assert listed.data == {"scheduled": []}
    cancel = turn(runner, "cancel my scheduled payment", "c_002")
    assert cancel.action == "reject" and upcoming(runner) == [sato]


@pytest.mark.parametrize(
    "text",
    ["how do I cancel a scheduled payment?", "予約した振込はどうやって取り消せますか"],
)
def test_how_to_questions_do_not_cancel(runner: Any, text: str) -> None:
    """Asking how to cancel is a question: nothing is cancelled."""
    sato = schedule(runner, "send 5000 yen to sato ken tomorrow")
    r = turn(runner, text)
    assert r.intent != "cancel_scheduled" and upcoming(runner) == [sato]


CANCEL_HELD_OUT = [
    "please cancel the transfer I scheduled for sato ken",
    "call off tomorrow's transfer to sato ken",
    "don't send the money to sato ken tomorrow after all",
    "佐藤健さんへの予約振込を取り消してください",
    "明日の振込をやめて",
]


HELD_OUT_FLOOR = 9  # measured: 0/10 before the feature, 9/10 after (never tuned on these)


def held_out_score(runner: Any) -> tuple[int, list[str]]:
    """How many held-out phrasings do the right thing; the ones that do not."""
    misses: list[str] = []
    for text in LIST_HELD_OUT:
        schedule(runner, "send 5000 yen to sato ken tomorrow")
        r = turn(runner, text)
        if (r.intent, r.action) != ("scheduled_payments", "execute"):
            misses.append(f"{text} → {r.intent}/{r.action}/{r.reason}")
    for text in CANCEL_HELD_OUT:
        before = upcoming(runner)
        schedule(runner, "send 5000 yen to sato ken tomorrow")
        r = turn(runner, text)
        right = r.intent == "cancel_scheduled" and r.action in ("execute", "clarify")
        if not right or len(upcoming(runner)) < len(before):  # never cancels one it should not
            misses.append(f"{text} → {r.intent}/{r.action}/{r.reason}")
    return len(LIST_HELD_OUT) + len(CANCEL_HELD_OUT) - len(misses), misses


def test_held_out_phrasings(runner: Any) -> None:
    """Held out: other list and cancel phrasings do the right thing (count reported; floor asserted)."""
    passed, misses = held_out_score(runner)
    print(f"held-out scheduled phrasings: {passed}/{passed + len(misses)}", *misses, sep="\n  ")
    assert passed >= HELD_OUT_FLOOR


def test_cancelling_for_a_name_that_is_no_payee_cancels_nothing(runner: Any) -> None:
    """A name that is no payee of the customer matches no scheduled payment, even the only one."""
    sato = schedule(runner, "send 5000 yen to sato ken tomorrow")
    r = turn(runner, "cancel the scheduled payment to bob")
    assert (r.action, r.reason) == ("reject", "no_scheduled_payment") and upcoming(runner) == [sato]
