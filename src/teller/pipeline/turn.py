"""The turn runner: the whole pipeline of one text turn, in order, in one place.

load        the customer's snapshot (cached in the store)
normalize   fold the text; find amounts, dates, digit strings
names       the customer's name index; scan for payees and billers
understand  fast path: intent, slots, confidence
llm         only when the fast path is not confident (and the LLM is enabled)
policy      limits, funds, ownership → execute / confirm / clarify / ask_slot / reject
act         pending action with a one-time token, card lock, or the read-only answer

Two times: `request.now` is the turn's reference (what "tomorrow" means, which day policy previews);
`self.clock` stamps everything written (pending actions and their expiry, card locks, audit).

`TurnRunner.steps` is the pipeline as a generator that *yields* the model's input when the turn needs
the LLM and is *sent* the outcome: whoever drives it decides where the model runs. `run` calls the
extractor in the same thread (the CLI, batch, voice files); the API calls it on its own bounded model
lane, so a request worker is never held while a model works (`teller.api.lanes`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator
from dataclasses import replace
from datetime import date, datetime
from zoneinfo import ZoneInfo

from teller.clock import Clock, SystemClock
from teller.config import Settings, load_settings
from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem
from teller.domain.turn import CandidateOut, PendingOut, TraceOut, TurnRequest, TurnResult
from teller.errors import ConfirmationError, NotFound
from teller.llm.extract import ExtractionInput, ExtractionOutcome, Extractor, build_extractor
from teller.names import index_for
from teller.names.sound import reading
from teller.normalize import calendar, spelling
from teller.normalize.text import to_romaji
from teller.normalize.turn import country_of, normalize_turn
from teller.pipeline import effects, llm_step
from teller.pipeline.payee_choice import told_apart
from teller.pipeline.reply import confirmation_stays, next_request, render
from teller.pipeline.timing import StageClock
from teller.policy.decide import Decision, decide
from teller.policy.ownership import foreign_ids
from teller.policy.rules import Committed, date_rule, value_day
from teller.store.db import Database, open_database
from teller.store.pending import PendingActions
from teller.store.repo import BankRepository
from teller.store.scheduled import ScheduledPayments
from teller.understand.choices import from_trace
from teller.understand.classifier import default_classifier
from teller.understand.clauses import after_retraction, said_instead, split_orders
from teller.understand.coverage import RISKY
from teller.understand.evidence import gather
from teller.understand.fast_path import FastPath
from teller.understand.model import Understanding
from teller.understand.pressure import skip_confirmation

TurnSteps = Generator[ExtractionInput, ExtractionOutcome, TurnResult]


def drive(steps: TurnSteps, extract: Callable[[ExtractionInput], ExtractionOutcome]) -> TurnResult:
    """Run `steps` to its result, answering each model request with `extract` in this thread."""
    try:
        needed = next(steps)
        while True:
            needed = steps.send(extract(needed))
    except StopIteration as stop:
        result: TurnResult = stop.value
        return result


class TurnRunner:
    """Runs text turns for any customer of one database. Thread-safe; holds no per-turn state."""

    def __init__(self, settings: Settings, db: Database, *, clock: Clock | None = None) -> None:
        self.settings = settings
        self.db = db
        self.clock: Clock = clock or SystemClock()
        self.bank = BankRepository(db)
        self.pending = PendingActions(db, horizon_days=settings.policy.schedule_horizon_days)
        self.scheduled = ScheduledPayments(db)
        self.fast_path = FastPath(default_classifier())
        self._extractor: Extractor | None = None
        self._extractor_lock = threading.Lock()

    @property
    def extractor(self) -> Extractor:
        """The LLM extractor, built on first use (the model itself loads lazily inside the backend)."""
        with self._extractor_lock:
            if self._extractor is None:
                llm = self.settings.llm
                self._extractor = build_extractor(llm.extract, enabled=llm.enabled)
            return self._extractor

    @classmethod
    def from_settings(cls, settings: Settings | None = None, *, clock: Clock | None = None) -> TurnRunner:
        settings = settings or load_settings()
        return cls(settings, open_database(settings.store), clock=clock)

    def warm(self) -> None:
        """Load now what the first turn would otherwise pay for (seconds, once per process): the
        intent encoder, the English word list, the kana readings, each customer country's holidays."""
        self.fast_path.warm()
        spelling.warm()
        reading("中村")
        to_romaji("さとう")
        today = self.clock.now().date()
        for country in {country_of(locale) for locale in self.bank.locales()}:
            calendar.warm(country, today)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        """Warm the caches a later `run` of a similar text will hit (snapshot, name index, romaji)."""
        snapshot = self.bank.snapshot(customer_id)
        today = now.astimezone(ZoneInfo(snapshot.customer.timezone)).date()
        country = country_of(snapshot.customer.locale)
        gather(normalize_turn(text, today=today, country=country), index_for(snapshot, self.settings.names))

    def run(self, request: TurnRequest, *, act: bool = True) -> TurnResult:
        """One turn, start to end, in this thread (the model, if needed, is called here too).

        `act=False` understands and decides without side effects (no pending action, no card lock,
        no reads) and without the model: what the voice path does with a fragment it will join and
        run again, where only the joined turn's answer counts."""
        return drive(self.steps(request, act=act), self.extract)

    def preview(self, request: TurnRequest) -> TurnResult:
        """`run(request, act=False)`: what the voice path's endpointer reads before a turn ends."""
        return self.run(request, act=False)

    def extract(self, inp: ExtractionInput, *, deadline_s: float | None = None) -> ExtractionOutcome:
        """The LLM's outcome for `inp` (never raises); `deadline_s`: the time the caller has left."""
        return self.extractor.extract(inp, deadline_s=deadline_s)

    def steps(self, request: TurnRequest, *, act: bool = True) -> TurnSteps:
        """The turn, yielding the model's input when it needs the LLM (see the module docstring)."""
        clock = StageClock()
        with clock.stage("load"):
            snapshot = self.bank.snapshot(request.customer_id)
            local_now = request.now.astimezone(ZoneInfo(snapshot.customer.timezone))
            today = local_now.date()
        with clock.stage("normalize"):
            country = country_of(snapshot.customer.locale)
            turn = normalize_turn(request.text, today=today, country=country)
            readings = turn.readings  # romaji or dialect read as standard Japanese: said in the trace
            retracted = after_retraction(turn.folded)
            if retracted is not None:  # "what's my balance — never mind, send 200 to aoife": the order alone
                readings = (*readings, TraceItem("normalize", "taken_back", turn.folded, retracted))
                turn = normalize_turn(retracted, today=today, country=country)
            corrected = said_instead(turn.folded)
            if corrected is not None:  # "i didn't say saito, i said sato kenta": a correction of saito
                readings = (*readings, TraceItem("normalize", "said_instead", turn.folded, corrected))
                turn = normalize_turn(corrected, today=today, country=country)
            orders = split_orders(turn.folded)
            if orders is not None:  # two orders in a row: the first is this turn's, from its own words
                turn = normalize_turn(orders[0], today=today, country=country)
        with clock.stage("names"):
            evidence = gather(turn, index_for(snapshot, self.settings.names))
        with clock.stage("understand"):
            understood = self.fast_path.understand(turn, snapshot, evidence)
            if readings:
                understood = replace(understood, trace=(*readings, *understood.trace))
            if orders is not None:
                later = TraceItem("understand", "second_request", orders[1], "next")
                understood = replace(understood, trace=(*understood.trace, later))
            reason = llm_step.llm_reason(
                understood, turn, evidence, confident=self.settings.understand.confident
            )
        llm_ttft: float | None = None
        asked = reason is not None and self.settings.llm.enabled and act
        if asked:
            if self._extractor is None:
                # The first LLM turn of a process loads the model and its prompt prefix once; that
                # is timed on its own and kept out of the per-call deadline.
                with clock.stage("llm_load"):
                    self.extractor.warm()
            with clock.stage("llm"):
                outcome = yield llm_step.extraction_input(turn, understood, evidence, snapshot)
                understood = llm_step.merge(understood, outcome, snapshot)
                llm_ttft = outcome.ttft_ms
        with clock.stage("policy"):
            horizon = self.settings.policy.schedule_horizon_days
            decision = llm_step.degrade(
                decide(
                    understood,
                    snapshot,
                    today=today,
                    committed=self._committed(understood, snapshot, today, horizon),
                    horizon_days=horizon,
                    foreign_ids=foreign_ids(turn.folded, snapshot),
                    upcoming=self.scheduled.list_scheduled(snapshot.customer.id)
                    if understood.intent is Intent.CANCEL_SCHEDULED
                    else (),
                ),
                understood,
                unasked=None if asked else reason,
            )
        pending: PendingOut | None = None
        data: dict[str, object] | None = None
        if act:
            with clock.stage("act"):
                pending, data = self._act(
                    decision, understood, snapshot, self.clock.now(), replay=request.replay
                )
                kind = decision.effect.kind if decision.effect is not None else None
                if pending is None and kind == "card_lock":
                    snapshot = self.bank.snapshot(request.customer_id)
                if kind == "cancel_scheduled" and data is None:
                    decision = Decision(Action.REJECT, decision.entities, reason=Reason.NOT_SCHEDULED)
        candidates = [
            CandidateOut(
                id=c.id, display_name=c.display_name, score=round(c.score, 2), kind=c.kind, rule=c.rule
            )
            for c in understood.candidates
        ]
        offered = from_trace([t.value for t in understood.trace if t.rule == "amount_choice"])
        if offered and decision.reason is Reason.AMBIGUOUS_AMOUNT:  # the readings to choose from
            data = {
                "amount_choices": [{"amount_minor": m.amount_minor, "currency": m.currency} for m in offered]
            }
        names = [c.display_name for c in candidates]
        if decision.action is Action.CLARIFY:  # payees that sound the same, told apart by bank and digits
            names, told = told_apart([(c.id, c.display_name) for c in candidates], snapshot)
            if told:
                data = {**(data or {}), "payee_choices": told}
        reply = render(
            understood.intent,
            decision,
            snapshot,
            japanese=turn.japanese,
            candidates=names,
            data=data,
            unexplained=[t.surface for t in understood.trace if t.rule == "unexplained" and t.value in RISKY],
            choices=offered,
        )
        if orders is not None and decision.action in (Action.CONFIRM, Action.EXECUTE):
            reply += next_request(orders[1], japanese=turn.japanese)  # the second order is not forgotten
        if decision.action is Action.CONFIRM and skip_confirmation(turn.folded):
            reply += confirmation_stays(japanese=turn.japanese)  # "no need to confirm": it is still asked
        return TurnResult(
            id=request.id,
            intent=understood.intent,
            action=decision.action,
            entities=decision.entities,
            missing=list(decision.missing),
            candidates=candidates
            if decision.action is Action.CLARIFY or decision.entities.recipient_id
            else [],
            reason=decision.reason,
            path="llm" if understood.path == "llm" else "fast",
            confidence=round(understood.confidence, 3),
            reply=reply,
            pending=pending,
            data={k: v for k, v in data.items() if k != "lines"} if data else None,
            trace=[
                TraceOut(stage=t.stage, rule=t.rule, surface=t.surface, value=t.value, score=t.score)
                for t in understood.trace
            ],
            timings_ms=clock.finish() | ({"llm_ttft": round(llm_ttft, 3)} if llm_ttft is not None else {}),
        )

    def _committed(
        self, understood: Understanding, snapshot: CustomerSnapshot, today: date, horizon: int
    ) -> Committed | None:
        """What already weighs on the payment's account and day, for policy's preview (money turns only)."""
        if understood.intent not in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT):
            return None
        account_id, execute_on = understood.slots.account_id, understood.slots.execute_on
        if account_id is None or date_rule(execute_on, today, horizon_days=horizon) is not None:
            return None  # policy refuses without it
        return self.bank.committed(snapshot.customer.id, account_id, value_day(execute_on, today))

    def _act(
        self,
        decision: Decision,
        understood: Understanding,
        snapshot: CustomerSnapshot,
        now: datetime,
        *,
        replay: bool = False,
    ) -> tuple[PendingOut | None, dict[str, object] | None]:
        """Carry out the decision; a replayed turn (`TurnRequest.replay`) reads but writes nothing."""
        effect = decision.effect
        if effect is None:
            return None, None
        e = decision.entities
        if effect.kind == "pending":
            ttl = self.settings.policy.pending_ttl_s
            return effects.create_pending(
                self.pending, snapshot, decision, understood.intent.value, now=now, ttl_s=ttl
            ), None
        if effect.kind == "card_lock" and e.card_id:
            card = snapshot.card(e.card_id)
            if card is not None and card.status != "locked" and not replay:  # locked: nothing to write
                self.bank.set_card_status(snapshot.customer.id, e.card_id, "locked", now=now)
            return None, None
        if effect.kind == "read_balance":
            return None, effects.read_balance(snapshot, e.account_id)
        if effect.kind == "read_transactions":
            return None, effects.read_transactions(self.bank, snapshot, e.account_id, e.count, e.recipient_id)
        if effect.kind == "read_payees":
            return None, effects.read_payees(snapshot, e.recipient_id)
        if effect.kind == "read_scheduled":
            rows = self.scheduled.list_scheduled(snapshot.customer.id)
            wanted = effect.target_ids
            return None, effects.read_scheduled(snapshot, [r for r in rows if not wanted or r.id in wanted])
        if effect.kind == "cancel_scheduled":
            if replay:
                return None, self._cancel_preview(snapshot, effect.target_ids[0])
            try:
                cancelled = self.scheduled.cancel(snapshot.customer.id, effect.target_ids[0], now=now)
            except (ConfirmationError, NotFound):  # it ran or was cancelled since policy looked
                return None, None
            return None, effects.read_scheduled(snapshot, [cancelled])
        return None, None

    def _cancel_preview(self, snapshot: CustomerSnapshot, payment_id: str) -> dict[str, object] | None:
        """What cancelling would show, without cancelling (None where the cancel would be refused)."""
        try:
            row = self.scheduled.get(snapshot.customer.id, payment_id)
        except NotFound:
            return None
        if row.status != "scheduled":
            return None
        return effects.read_scheduled(snapshot, [replace(row, status="cancelled")])
