"""The service behind the routes: turns, confirmations and reads, run off the event loop with a deadline.

Every call into the runner or the store is synchronous and CPU- or SQLite-bound, so it runs in a
bounded thread pool (`api.workers`). Admission bounds how much can wait for that pool, and
`api.deadline_s` bounds how long a request waits for its answer: past it the caller gets
DeadlineExceeded (504) and the thread finishes on its own; a turn either wrote its pending action
completely or not at all (the store writes in one transaction).

Model work never runs in that pool. A text turn is driven step by step (`TurnRunner.steps`): its
logic runs in the pool, and when it needs the LLM the worker is released while the model works on
its own lane (`teller.api.lanes.ModelLane`); a full lane degrades the turn at once (`llm_busy`).
Audio uploads and streams run on the voice lane.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Generator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from datetime import date
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from sqlalchemy import text

from teller.api.edge import note
from teller.api.lanes import Lane, ModelLane
from teller.api.limits import UnsupportedMedia
from teller.api.logs import Redactor
from teller.api.metrics import Metrics, path_label
from teller.api.settings import ApiSettings
from teller.api.tracing import TurnTracer
from teller.api.wire import ActionOut, PendingActionOut, ScheduledPaymentOut, TurnIn, TurnOut
from teller.domain.bank import CustomerSnapshot, ScheduledPayment, Transaction
from teller.domain.turn import TurnRequest, TurnResult
from teller.errors import DeadlineExceeded, InputError, Overloaded, TellerError
from teller.llm.extract import ExtractionInput, ExtractionOutcome
from teller.pipeline.effects import scheduled_row
from teller.pipeline.session import Session, SessionRunner
from teller.store.idempotency import IdempotencyRecords
from teller.store.sessions import DatabaseSessions

if TYPE_CHECKING:
    from teller.pipeline.turn import TurnRunner

T = TypeVar("T")
R = TypeVar("R")
log = logging.getLogger("teller.api.turns")
SessionSteps = Generator[ExtractionInput, ExtractionOutcome, tuple[TurnResult, str | None]]


_WARM_CUSTOMERS = 1000  # customers whose snapshots are loaded before serving (`warm`)


class TurnService:
    def __init__(
        self,
        runner: TurnRunner,
        settings: ApiSettings,
        metrics: Metrics,
        redactor: Redactor,
        tracer: TurnTracer,
    ) -> None:
        self.runner = runner
        self.settings = settings
        self.metrics = metrics
        self.redactor = redactor
        self.tracer = tracer
        store = DatabaseSessions(runner.db, ttl_s=settings.session_ttl_s, clock=runner.clock)
        self.sessions = SessionRunner(runner, runner.pending, store, clock=runner.clock)
        self.idempotency = IdempotencyRecords(
            runner.db, ttl_s=settings.idempotency_ttl_s, claim_s=settings.deadline_s + 5, clock=runner.clock
        )
        self.pool = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="teller-work")
        llm = runner.settings.llm
        self.models: ModelLane | None = None
        if llm.enabled:
            self.models = ModelLane(
                runner.extract,
                deadline_s=llm.extract.deadline_s,
                queue=settings.llm_queue,
                nice=settings.model_nice,
            )
        # Not niced: the voice recognizers and the QnA path hold the GIL in places, and a starved
        # thread holding the GIL would stall the event loop (priority inversion).
        self.voice_lane = Lane("voice", workers=settings.voice_workers, queue=settings.voice_queue)
        self.qna_lane = Lane("qna", workers=settings.qna_workers, queue=settings.qna_queue)
        self.open_streams = 0
        self.streams_by_customer: Counter[str] = Counter()
        self.voice: Any = None  # set when the voice path is available (see teller.api.voice)
        self.answerer: Any = None  # set when the QnA path is available (teller.qna.answer.Answerer)
        self.llm_warm: bool | None = None  # None: LLM disabled; False: warm-up failed (turns degrade)
        self._named: dict[str, int] = {}  # customer → snapshot version whose names the redactor knows

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run `fn` in the worker pool, bounded by the request deadline."""
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(self.settings.deadline_s):
                return await loop.run_in_executor(self.pool, lambda: fn(*args, **kwargs))
        except TimeoutError:
            raise DeadlineExceeded(f"no answer within {self.settings.deadline_s:g} s") from None

    async def voice_call(self, fn: Callable[..., T], *args: Any, wait: bool = False) -> T:
        """Run `fn` on the voice lane under the request deadline; a full lane is 429 unless `wait`.

        Streams `wait` (each has at most one call in flight, and `max_streams` bounds them); uploads
        are refused at once when the lane is full.
        """
        future = self.voice_lane.submit(fn, *args) if wait else self.voice_lane.try_submit(fn, *args)
        if future is None:
            self.metrics.lane_rejected.labels(lane="voice").inc()
            raise Overloaded("the voice path is at capacity; retry in a moment")
        try:
            async with asyncio.timeout(self.settings.deadline_s):
                return await asyncio.wrap_future(future)
        except TimeoutError:
            raise DeadlineExceeded(f"no answer within {self.settings.deadline_s:g} s") from None

    async def qna_call(self, fn: Callable[..., T], *args: Any) -> T:
        """One step of a QnA answer on the QnA lane (a model may be behind it); full: Overloaded."""
        future = self.qna_lane.try_submit(fn, *args)
        if future is None:
            self.metrics.lane_rejected.labels(lane="qna").inc()
            raise Overloaded("the question-answering path is at capacity; retry in a moment")
        try:
            async with asyncio.timeout(self.settings.deadline_s):
                return await asyncio.wrap_future(future)
        except TimeoutError:
            raise DeadlineExceeded(f"no answer within {self.settings.deadline_s:g} s") from None

    async def turn(self, customer_id: str, body: TurnIn) -> TurnOut:
        """One text turn, in its session when `body.session_id` is set (or when it leaves one pending)."""
        if body.now is not None and not self.settings.replay_mode:
            raise InputError(
                "`now` is accepted only when the server runs in replay mode; the server's clock decides",
                code="now_not_allowed",
            )
        request = TurnRequest(
            id=body.id or uuid.uuid4().hex[:16],
            customer_id=customer_id,
            text=body.text,
            now=body.now or self.runner.clock.now(),
            session_id=body.session_id,
            replay=body.now is not None,
        )

        async def work() -> tuple[TurnRequest, TurnResult, str | None]:
            return (request, *await self._drive(self.session_steps(request)))

        return await self.observed(work(), voice=False)

    async def _drive(self, steps: Generator[ExtractionInput, ExtractionOutcome, R]) -> R:
        """Run `steps`: its logic in the worker pool, each model call on the model lane in between."""
        async with asyncio.timeout(self.settings.deadline_s):
            done, value = await self.call(_advance, steps, None)
            while not done:
                outcome = await self._extract(value)
                done, value = await self.call(_advance, steps, outcome)
            result: R = value
            return result

    async def _extract(self, needed: Any) -> ExtractionOutcome:
        if self.models is None:
            return ExtractionOutcome(ok=False, reason="llm_disabled")
        outcome = await self.models.extract(needed)
        if outcome.reason == "llm_busy":
            self.metrics.lane_rejected.labels(lane="llm").inc()
        return outcome

    def extract_blocking(self, needed: ExtractionInput) -> ExtractionOutcome:
        """The model for a turn run in a voice thread (never a request worker)."""
        if self.models is None:
            return ExtractionOutcome(ok=False, reason="llm_disabled")
        return self.models.extract_blocking(needed)

    async def observed(
        self, work: Awaitable[tuple[TurnRequest, TurnResult, str | None]], *, voice: bool
    ) -> TurnOut:
        """Await a turn's `work`, then count, trace and log it (the turn clock spans both)."""
        start_ns, t0 = time.time_ns(), time.perf_counter()
        try:
            request, result, session_id = await work
        except TimeoutError:
            raise DeadlineExceeded(f"no answer within {self.settings.deadline_s:g} s") from None
        return self.finish(result, session_id, voice=voice, request=request, t0=t0, start_ns=start_ns)

    def finish(
        self,
        result: TurnResult,
        session_id: str | None,
        *,
        voice: bool,
        request: TurnRequest | None = None,
        t0: float | None = None,
        start_ns: int | None = None,
    ) -> TurnOut:
        """Metrics, span and log line for a finished turn; its wire form.

        Streamed voice turns have no request clock of their own: their turn time is the listener's
        `eos_to_action` (end of speech to result), which is what a caller waits for.
        """
        if t0 is not None:
            seconds = time.perf_counter() - t0
        else:
            seconds = result.timings_ms.get("eos_to_action", result.timings_ms.get("total", 0.0)) / 1000
        path = path_label(result, voice=voice)
        self.metrics.observe_turn(result, path=path, seconds=seconds)
        self.metrics.sessions.set(len(self.sessions.store))
        end_ns = time.time_ns()
        self.tracer.record(result, path=path, start_ns=start_ns or end_ns - int(seconds * 1e9), end_ns=end_ns)
        if self.settings.log_turns:
            fields = self._log_fields(request, result, path, seconds)
            if not note(**fields):  # a turn inside a WebSocket stream: a line of its own
                log.info("turn", extra={"fields": fields})
        return TurnOut.model_construct(**dict(result), session_id=session_id)

    def run_in_session(self, request: TurnRequest) -> tuple[TurnResult, str | None]:
        """`session_steps` run to the end in this (voice) thread, the model on its lane."""
        steps = self.session_steps(request)
        try:
            needed = next(steps)
            while True:
                needed = steps.send(self.extract_blocking(needed))
        except StopIteration as stop:
            out: tuple[TurnResult, str | None] = stop.value
            return out

    def session_steps(self, request: TurnRequest) -> SessionSteps:
        """Run `request` in its session; a turn that leaves an action waiting opens a session."""
        self._learn_names(request.customer_id)
        if request.session_id is not None:
            return (yield from self.sessions.steps(request)), request.session_id
        result = yield from self.sessions.steps(request)
        if result.pending is None:
            return result, None
        session_id = uuid.uuid4().hex
        session = Session(session_id, request.customer_id)
        session.last_request = request.model_copy(update={"session_id": session_id})
        session.last_result = result
        self.sessions.store.save(session)
        return result, session_id

    def _log_fields(
        self, request: TurnRequest | None, result: TurnResult, path: str, seconds: float
    ) -> dict[str, Any]:
        """Ids, enums and numbers only: never what the customer said or was told (names, PINs,
        addresses, amounts), and the client's turn id only as a hash (it may hold anything)."""
        text = request.text if request else result.transcript
        return {
            "turn": turn_ref(result.id),
            "customer": request.customer_id if request else None,
            "chars": len(text or ""),
            "intent": result.intent.value,
            "action": result.action.value,
            "reason": result.reason,
            "path": path,
            "turn_ms": round(seconds * 1000, 3),
        }

    def _learn_names(self, customer_id: str) -> None:
        """Teach the log redactor this customer's and their payees' names (once per snapshot version)."""
        snapshot = self.runner.bank.snapshot(customer_id)
        if self._named.get(customer_id) == snapshot.version:
            return
        c = snapshot.customer
        names = [c.name, c.name_latin]
        for p in snapshot.payees:
            names += [p.display_name, p.latin or "", p.reading_kana or ""]
        for b in snapshot.billers:
            names += [b.display_name, b.latin or ""]
        self.redactor.add_names(names)
        self._named[customer_id] = snapshot.version

    async def audio_turn(self, customer_id: str, form: Any) -> TurnOut:
        """A turn from an uploaded utterance: transcribe it, then run the text."""
        if self.voice is None:
            # 415, not 501: this server does not accept audio, and its schema does not offer it.
            raise UnsupportedMedia(
                "this server takes no audio (the voice path is not installed): send JSON text"
            )
        out: TurnOut = await self.voice.turn(self, customer_id, form)
        return out

    def warm(self) -> None:
        """Load the first `_WARM_CUSTOMERS` customers' snapshots (and teach the redactor their names)
        and the runner's models and tables before serving: the first customer does not pay for them.
        Bounded, so a bank of 100,000 customers starts in seconds; the others warm on first use."""
        self.runner.warm()
        for customer_id in self.runner.bank.customer_ids()[:_WARM_CUSTOMERS]:
            self._learn_names(customer_id)

    async def snapshot(self, customer_id: str) -> CustomerSnapshot:
        return await self.call(self.runner.bank.snapshot, customer_id)

    async def transactions(
        self, customer_id: str, *, account_id: str | None, count: int
    ) -> list[Transaction]:
        return await self.call(
            self.runner.bank.recent_transactions, customer_id, account_id=account_id, count=count
        )

    async def list_pending(self, customer_id: str) -> list[PendingActionOut]:
        rows = await self.call(self.runner.pending.list_pending, customer_id, now=self.runner.clock.now())
        return [
            PendingActionOut(
                action_id=r.id,
                kind=r.kind,
                payload=dict(r.payload),
                created_at=r.created_at,
                expires_at=r.expires_at,
            )
            for r in rows
        ]

    async def list_scheduled(self, customer_id: str, statuses: tuple[str, ...]) -> list[ScheduledPaymentOut]:
        def work() -> list[ScheduledPaymentOut]:
            rows = self.runner.scheduled.list_scheduled(customer_id, statuses=statuses)
            return [scheduled_out(p, self.runner.bank.snapshot(customer_id)) for p in rows]

        return await self.call(work)

    async def cancel_scheduled(self, customer_id: str, payment_id: str) -> ScheduledPaymentOut:
        def work() -> ScheduledPaymentOut:
            cancelled = self.runner.scheduled.cancel(customer_id, payment_id, now=self.runner.clock.now())
            return scheduled_out(cancelled, self.runner.bank.snapshot(customer_id))

        return await self.call(work)

    def resolve_now(
        self, customer_id: str, action_id: str, token: str, op: Literal["confirm", "cancel"]
    ) -> ActionOut:
        """Confirm or cancel the customer's action `action_id` with its one-time token, in this thread
        (a pool thread: routes/actions.py keeps an Idempotency-Key's answer right after, in it)."""
        pending = self.runner.pending
        try:
            pending.get(customer_id, action_id)  # NotFound for an id that is not this customer's
            if op == "confirm":
                done = pending.confirm(customer_id, token, now=self.runner.clock.now(), action_id=action_id)
                detail = {k: v.isoformat() if isinstance(v, date) else v for k, v in asdict(done).items()}
                out = ActionOut(action_id=done.action_id, status="executed", detail=detail)
            else:
                cancelled = pending.cancel(
                    customer_id, token, now=self.runner.clock.now(), action_id=action_id
                )
                out = ActionOut(action_id=cancelled.id, status="cancelled", detail={"kind": cancelled.kind})
        except TellerError as exc:
            self.metrics.confirmations.labels(op=op, outcome=exc.code).inc()
            raise
        self.metrics.confirmations.labels(op=op, outcome="ok").inc()
        return out

    async def readiness(self) -> dict[str, str]:
        """Each dependency: "ok" or why not."""
        checks = {"runner": "ok"}
        try:
            await self.call(self._ping_database)
            checks["database"] = "ok"
        except Exception as exc:  # readiness reports failures, it never raises them
            checks["database"] = type(exc).__name__
        # Optional paths are reported, not required: "off" means the route answers 415/503 instead.
        checks["voice"] = "ok" if self.voice is not None else "off"
        checks["qna"] = "ok" if self.answerer is not None else "off"
        checks["llm"] = {None: "off", True: "ok", False: "not warmed"}[self.llm_warm]
        return checks

    def _ping_database(self) -> None:
        with self.runner.db.read() as session:
            session.execute(text("SELECT 1"))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.voice_lane.shutdown()
        self.qna_lane.shutdown()
        if self.models is not None:
            self.models.shutdown()


def turn_ref(turn_id: str) -> str:
    """How logs name a turn: the first 16 hex digits of the SHA-256 of its id."""
    return hashlib.sha256(turn_id.encode()).hexdigest()[:16]


def _advance(steps: Generator[Any, Any, Any], value: Any) -> tuple[bool, Any]:
    """One step of a generator: (False, what it yielded) or (True, what it returned).

    StopIteration cannot cross a Future, so it is turned into a value here, in the worker."""
    try:
        return False, (next(steps) if value is None else steps.send(value))
    except StopIteration as stop:
        return True, stop.value


def scheduled_out(payment: ScheduledPayment, snapshot: CustomerSnapshot) -> ScheduledPaymentOut:
    """The wire form of a scheduled payment (the same shape a turn's `data.scheduled` rows have)."""
    return ScheduledPaymentOut.model_validate(scheduled_row(payment, snapshot))
