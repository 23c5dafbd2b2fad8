"""Sessions: a follow-up turn acts on the action the session is waiting on.

    "yes" / "はい"                  → confirm the pending action (exactly once, through the store)
    "no" / "いいえ"                 → cancel it
    "no, to Saito Ken" / "make it 6000" / "6000円にして"
                                    → a correction: cancel it, re-run the *previous* utterance with the
                                      changed slot spliced in, which yields a new, fully re-validated
                                      pending action (policy runs again; nothing is patched in place)
    "the PNC one" / "ending in 1357" / 三井住友銀行の方, after a question between payees that sound the
    same ("… Steven Phillips (PNC ···2468), Stephen Philips (US Bank ···1357)?", `payee_choice`)
                                    → the previous utterance runs again with that payee's name
    anything else                   → a fresh turn; the old pending action simply expires

`classify` and `splice` are pure. `SessionRunner` wraps the turn runner; it is thread-safe: a
session's state (its follow-up handling, its last turn) changes one turn at a time, under the
session's lock, but the lock is not held while a turn waits for the model (`steps` yields then), so
a slow model never holds a worker that waits for the lock. Two turns racing in one session both
run; the last to finish is what the session remembers. The API keeps sessions in the database
(`teller.store.sessions.DatabaseSessions`), so any worker continues any session; `SessionStore` is
the in-memory one, bounded in number and age. Both have the shape of `SessionPort`: `get` a session,
change it, `save` it.

Whether an action is still waiting, and the confirmation itself, go by the server's clock, never by
the turn's `now` (a replayed reference time must not revive an expired action).
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Generator
from dataclasses import asdict, dataclass, field, is_dataclass
from datetime import date, datetime
from typing import Any, Protocol

from teller.clock import Clock, SystemClock
from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason
from teller.domain.trace import Extraction
from teller.domain.turn import TurnRequest, TurnResult
from teller.errors import ConfirmationError
from teller.llm.extract import ExtractionInput, ExtractionOutcome
from teller.normalize.text import fold, is_japanese

# ---------------------------------------------------------------------------------------------- classify

_AFFIRM = re.compile(
    r"(?:yes|yeah|yep|yup|sure|ok|okay|confirm(?:ed)?|correct|right|do it|go ahead|that'?s (?:right|correct)"
    r"|please do|yes please|sounds good|はい|ええ|うん|お願いします|おねがいします|お願い|確定|実行(?:して)?"
    r"|それで(?:お願いします)?|そうです|オーケー|いいです(?:よ)?)"
)
_DENY = re.compile(
    r"(?:no|nope|nah|cancel(?: it)?|stop|don'?t|never ?mind|forget it|no thanks|いいえ|いや|いえ"
    r"|キャンセル(?:して)?|取り消し(?:て)?|やめて|やめます|結構です)"
)
_LEAD_DENY = re.compile(
    r"^(?:no|nope|nah|not|いいえ|いや|いえ|違う|ちがう)(?:\s*[,、.。!！]\s*|\s+)(?P<rest>.+)$"
)
_LEAD_CORRECT = re.compile(
    r"^(?:make it|change it to|change (?:the )?(?:amount|date|recipient) to|actually|instead|i meant?|rather"
    r"|sorry,?)\s*,?\s*(?P<rest>.+?)(?:\s+instead)?$"
)
_TAIL_CORRECT = re.compile(
    r"^(?P<rest>.+?)(?:\s+instead|にして(?:ください)?|に変更(?:して)?(?:ください)?|でお願いします)$"
)
_TRIM = " ,.!?、。！？"
_PUNCT = re.compile(r"[,.!?、。！？]+")


@dataclass(frozen=True, slots=True)
class Affirm:
    pass


@dataclass(frozen=True, slots=True)
class Deny:
    pass


@dataclass(frozen=True, slots=True)
class Correction:
    fragment: str  # folded text naming the new value ("to saito ken", "6000")


FollowUp = Affirm | Deny | Correction


def classify(text: str) -> FollowUp | None:
    """What a turn means as a follow-up to a pending action; None when it is a new request."""
    # Punctuation is only a pause here: "yes, please" and "no, to X" read like "yes please", "no to X".
    folded = " ".join(_PUNCT.sub(" ", fold(text)).split())
    if _AFFIRM.fullmatch(folded):
        return Affirm()
    if _DENY.fullmatch(folded):
        return Deny()
    for pattern in (_LEAD_DENY, _LEAD_CORRECT, _TAIL_CORRECT):
        match = pattern.match(folded)
        if match:
            rest = match.group("rest").strip(_TRIM)
            return Correction(rest) if rest and not _DENY.fullmatch(rest) else Deny()
    return None


# ------------------------------------------------------------------------------------------------ splice

_RECIPIENT_LEAD = re.compile(r"^(?:to|pay|send (?:it )?to|for)\s+|(?:に|へ|宛て?)$")


def splice(previous: str, fragment: str, *, today: Any) -> str | None:
    """The previous utterance with the slot that `fragment` names replaced; None if nothing fits.

    Amounts and dates replace the previous amount/date span (or are appended when it had none); any
    other words are taken as the recipient and replace the previous recipient phrase.
    """
    from teller.normalize.turn import normalize_turn  # the normalizer is the only judge of spans

    old = normalize_turn(previous, today=today)
    new = normalize_turn(fragment, today=today)
    text = old.folded
    for old_spans, new_spans in ((old.amounts, new.amounts), (old.dates, new.dates)):
        if new_spans:
            surface = new_spans[0].surface
            if old_spans:
                span = old_spans[0]
                text = text.replace(old.folded[span.start : span.end], surface, 1)
            else:
                text = f"{text} {surface}"
    spans: list[Extraction[Any]] = [*new.amounts, *new.dates]
    rest = _RECIPIENT_LEAD.sub("", new.without(*spans)).strip(_TRIM)
    if not rest:
        return text if text != old.folded else None
    return _replace_recipient(text, old.folded, rest)


# What may stand around an amount that answers "how much?": "make it sixty, please", "3000円でお願いします"
_ANSWER_WORDS = re.compile(
    r"(?:\s|[,.!?、。！？]|make it|it'?s|i meant?|just|the|please|thanks|thank you|でお願いします"
    r"|お願いします|にしてください|にして|です|ください|で)*"
)


def fill_amount(previous: str, answer: str, *, today: Any) -> str | None:
    """The previous utterance with the amount it was asked about filled by `answer` ("sixty",
    "3000円で"); None unless `answer` is one amount and nothing else.

    The alternatives the question listed ("$16 (or $60)", "5000円か6000円") are replaced as a whole; a
    reading said without its currency ("sixty") is written as the alternative it names ("$60").
    """
    from teller.normalize.turn import normalize_turn
    from teller.understand.choices import alternatives, stretch

    new = normalize_turn(answer, today=today)
    if len(new.amounts) != 1 or not _ANSWER_WORDS.fullmatch(new.without(new.amounts[0])):
        return None
    said = new.amounts[0]
    old = normalize_turn(previous, today=today)
    text, surface = old.folded, said.surface
    run = alternatives(text, old.amounts)
    if run:
        named = [a for a in run if a.value.major == said.value.major and a.value.currency]
        if said.value.currency is None and named:
            surface = named[0].surface
        start, end = stretch(text, run)
    elif old.amounts:
        start, end = old.amounts[0].start, old.amounts[0].end
    else:
        start = end = len(text)
        surface = f" {surface}"
    return text[:start] + surface + text[end:]


def _replace_recipient(text: str, folded_previous: str, name: str) -> str | None:
    # English: "... to <name> [on <date>|tomorrow|...]"; Japanese: "<name>に/へ ...".
    en = re.search(r"\bto\s+(.+?)(?=\s+(?:on|tomorrow|today|next|from|at|by)\b|$)", text)
    if en:
        return text[: en.start(1)] + name + text[en.end(1) :]
    ja = re.search(r"^(.*?)(さん|様)?(に|へ)", text)
    if ja and ja.group(1):
        return name + text[ja.end(1) :]
    return None


# ---------------------------------------------------------------------------------------------- sessions


@dataclass
class Session:
    id: str
    customer_id: str
    last_request: TurnRequest | None = None
    last_result: TurnResult | None = None
    touched: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def waiting(self, now: datetime) -> TurnResult | None:
        """The last result if it still holds an unexpired pending action."""
        result = self.last_result
        if result is None or result.pending is None or result.pending.expires_at <= now:
            return None
        return result


class SessionPort(Protocol):
    """Where sessions live: `get` returns the live session (or a new empty one), `save` stores it."""

    def get(self, customer_id: str, session_id: str) -> Session: ...

    def save(self, session: Session) -> None: ...

    def __len__(self) -> int: ...


class SessionStore:
    """Sessions by (customer, id) in memory: a customer can never reach another customer's session."""

    def __init__(
        self, *, ttl_s: float, max_sessions: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._ttl = ttl_s
        self._max = max_sessions
        self._clock = clock
        self._lock = threading.Lock()
        self._sessions: OrderedDict[tuple[str, str], Session] = OrderedDict()

    def get(self, customer_id: str, session_id: str) -> Session:
        """The live session, or a new empty one under that id."""
        now = self._clock()
        key = (customer_id, session_id)
        with self._lock:
            session = self._sessions.get(key)
            if session is None or now - session.touched > self._ttl:
                session = Session(session_id, customer_id)
            session.touched = now
            self._sessions[key] = session
            self._sessions.move_to_end(key)
            while len(self._sessions) > self._max:
                self._sessions.popitem(last=False)
            return session

    def save(self, session: Session) -> None:
        """Nothing to do: `get` hands out the stored object itself."""

    def __len__(self) -> int:
        return len(self._sessions)


TurnSteps = Generator[ExtractionInput, ExtractionOutcome, TurnResult]


class Runner(Protocol):
    def steps(self, request: TurnRequest) -> TurnSteps: ...

    def extract(self, inp: ExtractionInput, *, deadline_s: float | None = None) -> ExtractionOutcome: ...


class PendingPort(Protocol):
    """What sessions need from the store's pending actions (`teller.store.pending.PendingActions`)."""

    def confirm(self, customer_id: str, token: str, *, now: datetime) -> Any: ...

    def cancel(self, customer_id: str, token: str, *, now: datetime) -> Any: ...


class SessionRunner:
    def __init__(
        self, runner: Runner, pending: PendingPort, store: SessionPort, *, clock: Clock | None = None
    ) -> None:
        self.runner = runner
        self.pending = pending
        self.store = store
        self.clock: Clock = clock or SystemClock()

    def run(self, request: TurnRequest) -> TurnResult:
        """Run one turn in its session (no session id: a plain turn), the model in this thread."""
        steps = self.steps(request)
        try:
            needed = next(steps)
            while True:
                needed = steps.send(self.runner.extract(needed))
        except StopIteration as stop:
            result: TurnResult = stop.value
            return result

    def steps(self, request: TurnRequest) -> TurnSteps:
        """`run` as a generator that yields when the turn needs the model (`TurnRunner.steps`)."""
        if request.session_id is None:
            return (yield from self.runner.steps(request))
        session = self.store.get(request.customer_id, request.session_id)
        with session.lock:
            outcome = self._follow_up(session, request)
        remember: TurnRequest | None = request
        if outcome is None:
            result = yield from self.runner.steps(request)
        elif isinstance(outcome, TurnRequest):  # a correction: the corrected utterance runs anew
            remember = outcome
            result = yield from self.runner.steps(outcome)
        else:
            result, remember = outcome
        with session.lock:
            if remember is not None:
                session.last_request, session.last_result = remember, result
            elif result.reason is not Reason.NOTHING_PENDING:
                session.last_result = None  # the pending action was resolved one way or another
            else:
                return result  # nothing changed
            self.store.save(session)
        return result

    def _follow_up(
        self, session: Session, request: TurnRequest
    ) -> tuple[TurnResult, TurnRequest | None] | TurnRequest | None:
        """What the follow-up did: its result and the request to remember (None: the session's
        action is done), or a corrected request still to run, or None for a new request."""
        now = self.clock.now()
        waiting = session.waiting(now)
        filled = _answered(session, request) if waiting is None else None
        if filled is not None:  # "sixty" after "Which amount did you mean: $16 or $60?"
            return filled
        picked = _picked(session, request) if waiting is None else None
        if picked is not None:  # "the PNC one" after "… Steven Phillips (PNC ···2468), Stephen Philips …?"
            return picked
        follow = classify(request.text)
        if follow is None:
            return None
        ja = is_japanese(request.text)
        previous = session.last_request
        if waiting is None or waiting.pending is None or previous is None:
            if isinstance(follow, Correction):
                return None
            return _result(
                request, follow, Action.UNSUPPORTED, _NOTHING[ja], reason=Reason.NOTHING_PENDING
            ), None
        pending = waiting.pending
        op = self.pending.confirm if isinstance(follow, Affirm) else self.pending.cancel
        try:
            outcome = op(request.customer_id, pending.token, now=now)
        except ConfirmationError as exc:
            return _result(request, follow, Action.REJECT, _FAILED[ja], reason=Reason.of(exc.code)), None
        if isinstance(follow, Affirm):
            reply = f"{_DONE[ja]} {getattr(outcome, 'summary', '')}".strip()
            return _result(
                request, follow, Action.EXECUTE, reply, data=_data(outcome, pending.action_id)
            ), None
        if isinstance(follow, Deny):
            data: dict[str, object] = {"action_id": pending.action_id, "status": "cancelled"}
            return _result(request, follow, Action.EXECUTE, _CANCELLED[ja], data=data), None
        text = splice(previous.text, follow.fragment, today=request.now.date())
        if text is None:
            return _result(
                request, follow, Action.ASK_SLOT, _WHAT[ja], reason=Reason.CORRECTION_NOT_UNDERSTOOD
            ), None
        return request.model_copy(update={"text": text})


def _answered(session: Session, request: TurnRequest) -> TurnRequest | None:
    """The previous request with its amount filled, when it asked for one and this turn says one."""
    asked, previous = session.last_result, session.last_request
    if asked is None or previous is None or "amount_minor" not in asked.missing:
        return None
    if asked.action not in (Action.ASK_SLOT, Action.CLARIFY):
        return None
    text = fill_amount(previous.text, request.text, today=request.now.date())
    return request.model_copy(update={"text": text}) if text is not None else None


def _picked(session: Session, request: TurnRequest) -> TurnRequest | None:
    """The previous request with the payee named, when it asked which of payees that sound the same
    (`payee_choice`) and this turn names one by its bank, last digits or name."""
    from teller.pipeline.payee_choice import pick, with_payee

    asked, previous = session.last_result, session.last_request
    if asked is None or previous is None or asked.action is not Action.CLARIFY:
        return None
    choices = (asked.data or {}).get("payee_choices")
    if not isinstance(choices, list) or not choices:
        return None
    chosen = pick(request.text, choices)
    if chosen is None:
        return None
    text = with_payee(previous.text, choices, chosen)
    if text is None:  # the name asked about is no registered form ("to ken", "Sato Ken"): the one after "to"
        text = _replace_recipient(previous.text, "", str(chosen["display_name"]))
    return request.model_copy(update={"text": text}) if text is not None else None


_DONE = {False: "Done.", True: "完了しました。"}
_CANCELLED = {False: "Cancelled; nothing was sent.", True: "取り消しました。"}
_FAILED = {False: "That can no longer be confirmed.", True: "この操作はもう確定できません。"}
_NOTHING = {False: "There is nothing waiting for confirmation.", True: "確認待ちの操作はありません。"}
_WHAT = {False: "Cancelled. What should I change it to?", True: "取り消しました。何に変更しますか？"}


def _result(
    request: TurnRequest,
    follow: FollowUp,
    action: Action,
    reply: str,
    *,
    reason: Reason | None = None,
    data: dict[str, object] | None = None,
) -> TurnResult:
    intent = Intent.AFFIRM if isinstance(follow, Affirm) else Intent.DENY
    return TurnResult(id=request.id, intent=intent, action=action, reply=reply, reason=reason, data=data)


def _data(outcome: Any, action_id: str) -> dict[str, object]:
    """The executed action as plain JSON values (the store returns a dataclass)."""
    data: dict[str, object] = {"action_id": action_id, "status": "executed"}
    if is_dataclass(outcome) and not isinstance(outcome, type):
        data.update({k: v.isoformat() if isinstance(v, date) else v for k, v in asdict(outcome).items()})
    return data
