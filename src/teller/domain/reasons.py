"""Why a turn was refused, questioned or degraded: the closed set of `reason` codes.

One enum for every stage that explains itself: policy (`reject`/`clarify`), the LLM step, sessions,
and the store when it refuses a confirmation or a scheduled payment on its day (its error `code`s
are these values too). Members are strings, so they go over the wire and into the audit log as is.
"""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    # -- policy: the money, the objects, the rules -----------------------------------------------
    INVALID_AMOUNT = "invalid_amount"  # negative, zero, absurd, or more decimals than the currency has
    OVER_LIMIT = "over_limit"  # over the per-transfer limit
    OVER_DAILY_LIMIT = "over_daily_limit"  # over the daily limit of the day the money leaves
    INSUFFICIENT_FUNDS = "insufficient_funds"  # more than the available balance on that day
    CURRENCY_MISMATCH = "currency_mismatch"
    CURRENCY_NOT_SUPPORTED = "currency_not_supported"  # no limit configured for that currency
    DATE_IN_PAST = "date_in_past"
    DATE_TOO_FAR = "date_too_far"  # further ahead than payments may be scheduled
    RECIPIENT_NOT_REGISTERED = "recipient_not_registered"
    NO_SOURCE_ACCOUNT = "no_source_account"
    NO_CARD = "no_card"
    CARD_NOT_LOCKED = "card_not_locked"
    NOTHING_DUE = "nothing_due"
    UNKNOWN_ID = "unknown_id"  # the text named an id that is none of the caller's objects
    NO_SESSION = "no_session"  # affirm/deny with no pending action to act on
    # -- clarify: several objects fit -------------------------------------------------------------
    SEVERAL_RECIPIENTS_MATCH = "several_recipients_match"
    SEVERAL_BILLERS_MATCH = "several_billers_match"
    SEVERAL_CARDS_MATCH = "several_cards_match"
    SEVERAL_PAYMENTS_MATCH = "several_payments_match"  # "cancel my payment" with several scheduled
    NO_SCHEDULED_PAYMENT = "no_scheduled_payment"  # nothing scheduled fits what was said
    # -- the fast path asks instead of acting on what it did not understand (issue 9) ------------
    UNPARSED_DATE = "unparsed_date"  # a date-like phrase that resolves to no date
    AMBIGUOUS_AMOUNT = "ambiguous_amount"  # "two fifty": 2.50 or 250
    VAGUE_AMOUNT = "vague_amount"  # "two hundred or so", 一万円ちょっと: a guess, not an amount to pay
    MORE_THAN_DUE = (
        "more_than_due"  # a bill paid more than is due on it ("pay con ed 500", ¥20,000 of ¥6,380)
    )
    UNKNOWN_CARD = "unknown_card"  # a brand or type of card the customer does not hold
    UNEXPLAINED_WORDS = "unexplained_words"  # a number, name, negation… nobody accounted for
    UNCLEAR_CORRECTION = "unclear_correction"  # "no wait" with nothing after it
    OTHERS_DATA = "others_data"  # a read or card action about another person's account, card or money
    UNKNOWN_BILLER = (
        "unknown_biller"  # a company named that is none of the customer's billers ("my t-mobile bill")
    )
    UNKNOWN_ACCOUNT = "unknown_account"  # an account none of the customer's (another bank's, a wallet's)
    SEVERAL_ACCOUNTS_MATCH = "several_accounts_match"  # "my savings", "my other account": which is asked
    PAST_BALANCE = "past_balance"  # a balance asked of a past time: only today's can be read
    POSSIBLE_SCAM = "possible_scam"  # a payment a known scam asks for: a person looks first (handoff)
    LATER_UNLOCK = "later_unlock"  # an unlock asked for a later day: a card is unlocked now, never on a day
    UNKNOWN_PERIOD = "unknown_period"  # a read of a period it cannot show ("my trip", あの時, next month)
    # -- why the fast path asked the LLM, and how the LLM call ended ------------------------------
    LOW_CONFIDENCE = "low_confidence"
    NAMES_WITHOUT_COMMAND = "names_without_command"
    CONFLICTING_AMOUNTS = "conflicting_amounts"
    PAYEE_OR_BILLER = "payee_or_biller"
    LLM_DEADLINE_EXCEEDED = "llm_deadline_exceeded"
    LLM_UNAVAILABLE = "llm_unavailable"
    LLM_INVALID_REPLY = "llm_invalid_reply"
    LLM_DISABLED = "llm_disabled"
    LLM_BUSY = "llm_busy"  # the model's queue was full: the turn did not wait for it
    # -- sessions ---------------------------------------------------------------------------------
    NOTHING_PENDING = "nothing_pending"
    CORRECTION_NOT_UNDERSTOOD = "correction_not_understood"
    # -- the store refusing a confirmation (ConfirmationError codes) ------------------------------
    TOKEN_UNKNOWN = "token_unknown"
    TOKEN_USED = "token_used"
    TOKEN_EXPIRED = "token_expired"
    CONFLICT = "conflict"
    NOT_FOUND = "not_found"
    BAD_PAYLOAD = "bad_payload"
    ACCOUNT_NOT_FOUND = "account_not_found"
    CARD_NOT_FOUND = "card_not_found"
    BILLER_NOT_FOUND = "biller_not_found"
    IDEMPOTENCY_CONFLICT = "idempotency_conflict"
    NOT_SCHEDULED = "not_scheduled"  # cancelling a payment that already ran, failed or was cancelled
    CONFIRMATION_FAILED = "confirmation_error"  # a refusal without a more specific code

    @classmethod
    def of(cls, code: str) -> Reason:
        """The member for an error code (CONFIRMATION_FAILED for a code that is not one)."""
        try:
            return cls(code)
        except ValueError:
            return cls.CONFIRMATION_FAILED
