"""The scheduler inside `teller serve`: a background task that executes due scheduled payments.

Every `scheduler.interval_s` seconds it runs `ScheduledPayments.run_due` at the runner's clock, off
the event loop. Several servers (or `teller scheduler run` alongside) may do the same at once: each
payment is claimed by a conditional update, so it still executes at most once. A failing pass is
logged and the next one tries again; the task ends with the app.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from teller.config import SchedulerSettings

if TYPE_CHECKING:
    from teller.pipeline.turn import TurnRunner

log = logging.getLogger("teller.scheduler")


async def run_forever(runner: TurnRunner, settings: SchedulerSettings) -> None:
    """Run a pass, sleep `interval_s`, repeat until cancelled."""
    while True:
        await run_once(runner)
        await asyncio.sleep(settings.interval_s)


async def run_once(runner: TurnRunner) -> None:
    """One pass at the runner's clock; what it did goes to the log."""
    try:
        report = await asyncio.to_thread(runner.scheduled.run_due, now=runner.clock.now())
    except Exception:  # the next pass retries; a payment is only ever claimed inside its transaction
        log.exception("scheduler pass failed")
        return
    for outcome in report.executed:
        fields = {"payment": outcome.payment_id, "customer": outcome.customer_id, "status": "executed"}
        log.info("scheduled payment", extra={"fields": fields})
    for outcome in report.failed:
        fields = {
            "payment": outcome.payment_id,
            "customer": outcome.customer_id,
            "reason": str(outcome.reason),
        }
        log.warning("scheduled payment failed", extra={"fields": {**fields, "status": "failed"}})
