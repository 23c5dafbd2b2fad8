"""Human-readable replies in the customer's language, built from the decision (no model involved)."""

from __future__ import annotations

from collections.abc import Mapping

from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import Action, Intent
from teller.domain.money import Money
from teller.domain.reasons import Reason
from teller.policy.decide import Decision

_REASONS_EN: dict[Reason, str] = {
    Reason.OVER_LIMIT: "that is over your per-transfer limit",
    Reason.OVER_DAILY_LIMIT: "that would exceed your daily transfer limit",
    Reason.INSUFFICIENT_FUNDS: "there are not enough funds in that account",
    Reason.RECIPIENT_NOT_REGISTERED: "that recipient is not one of your saved payees",
    Reason.CURRENCY_MISMATCH: "the account's currency does not match the amount",
    Reason.CURRENCY_NOT_SUPPORTED: "transfers in that currency are not enabled for you",
    Reason.DATE_IN_PAST: "that date is in the past",
    Reason.DATE_TOO_FAR: "payments can be scheduled at most a year ahead",
    Reason.INVALID_AMOUNT: "that amount is not valid",
    Reason.NO_CARD: "I couldn't find that card",
    Reason.CARD_NOT_LOCKED: "that card is not locked",
    Reason.NOTHING_DUE: "nothing is due on that bill",
    Reason.NO_SCHEDULED_PAYMENT: "I couldn't find a scheduled payment like that",
    Reason.NOT_SCHEDULED: "that payment already ran or was cancelled",
    Reason.UNKNOWN_ID: "that id is not one of your accounts, cards, payees or billers",
    Reason.NO_SOURCE_ACCOUNT: "I couldn't find an account to pay from",
}
_REASONS_JA: dict[Reason, str] = {
    Reason.OVER_LIMIT: "1回あたりの振込上限を超えています",
    Reason.OVER_DAILY_LIMIT: "1日の振込上限を超えます",
    Reason.INSUFFICIENT_FUNDS: "口座の残高が不足しています",
    Reason.RECIPIENT_NOT_REGISTERED: "その振込先は登録されていません",
    Reason.CURRENCY_MISMATCH: "口座の通貨と金額の通貨が一致しません",
    Reason.CURRENCY_NOT_SUPPORTED: "その通貨での振込はご利用いただけません",
    Reason.DATE_IN_PAST: "過去の日付は指定できません",
    Reason.DATE_TOO_FAR: "予約できるのは1年先までです",
    Reason.INVALID_AMOUNT: "金額が正しくありません",
    Reason.NO_CARD: "該当するカードが見つかりません",
    Reason.CARD_NOT_LOCKED: "そのカードはロックされていません",
    Reason.NOTHING_DUE: "お支払いの請求はありません",
    Reason.NO_SCHEDULED_PAYMENT: "該当する予約中のお支払いはありません",
    Reason.NOT_SCHEDULED: "そのお支払いはすでに実行済みか取り消し済みです",
    Reason.UNKNOWN_ID: "そのIDはお客様の口座・カード・振込先・請求先にありません",
    Reason.NO_SOURCE_ACCOUNT: "お支払い元の口座が見つかりません",
}


# Questions the fast path asks instead of acting (issue 9): why it asks, in the customer's language.
_ASK_EN: dict[Reason, str] = {
    Reason.UNPARSED_DATE: "I couldn't work out the date you meant. Which day should it be?",
    Reason.AMBIGUOUS_AMOUNT: "I'm not sure of the amount (for example $2.50 or $250). How much exactly?",
    Reason.VAGUE_AMOUNT: "I need the exact amount to send. How much exactly?",
    Reason.MORE_THAN_DUE: "That is more than is due on this bill. How much would you like to pay?",
    Reason.UNKNOWN_CARD: "You don't have a card like that. Which card do you mean: {names}?",
    Reason.UNEXPLAINED_WORDS: "I didn't understand all of that ({words}). Could you say it more simply?",
    Reason.UNCLEAR_CORRECTION: "I'm not sure what you wanted to change. Could you say the request again?",
    Reason.NAMES_WITHOUT_COMMAND: "What would you like to do for {names}: send money, or something else?",
    Reason.OTHERS_DATA: "I can only show or change your own accounts and cards. Did you mean one of yours?",
    Reason.UNKNOWN_BILLER: "That company isn't one of your billers. Which bill do you mean: {names}?",
    Reason.UNKNOWN_ACCOUNT: "I can only use your accounts with us. Which one do you mean: {names}?",
    Reason.SEVERAL_ACCOUNTS_MATCH: "Which account do you mean: {names}?",
    Reason.PAST_BALANCE: "I can tell you your balance now, not on another day. Would you like today's "
    "balance, or your recent transactions?",
    Reason.UNKNOWN_PERIOD: "I can show your recent transactions, but not that period. Shall I show the "
    "latest ones?",
    Reason.LATER_UNLOCK: "I can unlock a card right away, not on a later day. To unlock it now, ask again "
    "without the day.",
}
_ASK_JA: dict[Reason, str] = {
    Reason.UNPARSED_DATE: "日付がわかりませんでした。何日にしますか？",
    Reason.AMBIGUOUS_AMOUNT: "金額がはっきりしません。いくらにしますか？",
    Reason.VAGUE_AMOUNT: "正確な金額をお知らせください。いくらにしますか？",
    Reason.MORE_THAN_DUE: "ご請求額より多い金額です。いくらお支払いしますか？",
    Reason.UNKNOWN_CARD: "そのカードはお持ちではないようです。どのカードですか: {names}",
    Reason.UNEXPLAINED_WORDS: "一部わからない言葉がありました（{words}）。もう一度お願いします。",
    Reason.UNCLEAR_CORRECTION: "どこを訂正したいのかわかりませんでした。もう一度全体をお願いします。",
    Reason.NAMES_WITHOUT_COMMAND: "{names}へのご用件は何ですか？振込ですか？",
    Reason.OTHERS_DATA: "ご本人の口座とカードのみご案内できます。お客様ご自身のものですか？",
    Reason.UNKNOWN_BILLER: "その会社はお支払い先に登録されていません。どのお支払いですか: {names}",
    Reason.UNKNOWN_ACCOUNT: "当行のお客様の口座のみご利用いただけます。どの口座ですか: {names}",
    Reason.SEVERAL_ACCOUNTS_MATCH: "どの口座ですか: {names}",
    Reason.PAST_BALANCE: "現在以外の時点の残高はご案内できません。"
    "現在の残高か、最近のお取引をご覧になりますか？",
    Reason.UNKNOWN_PERIOD: "その期間のお取引はお出しできません。最近のお取引をお見せしましょうか？",
    Reason.LATER_UNLOCK: "カードのロック解除は日付を指定して予約できません。"
    "今すぐ解除する場合は、日付なしでもう一度お申し付けください。",
}


def _which_amount(choices: list[Money], japanese: bool) -> str:
    """ "Which amount did you mean: $16 or $60?" / 「16ドルと60ドルのどちらですか？」"""
    said = [_said(m, japanese) for m in choices]
    if japanese:
        if len(said) == 2:
            return f"{said[0]}と{said[1]}のどちらですか？"
        return f"{'、'.join(said)}のどれですか？"
    listed = f"{', '.join(said[:-1])} or {said[-1]}"
    return f"Which amount did you mean: {listed}?"


def _said(money: Money, japanese: bool) -> str:
    """An amount as a customer says it: $16 (not $16.00), $12.50; 3,000円 and 16ドル in Japanese."""
    text = money.format()
    if money.amount_minor % 100 == 0 and text.endswith(".00"):
        text = text[:-3]
    if not japanese or money.currency not in ("JPY", "USD"):
        return text
    number = text.lstrip("¥$")
    return f"{number}円" if money.currency == "JPY" else f"{number}ドル"


def _money(amount: int | None, currency: str | None) -> str:
    return Money(amount, currency).format() if amount is not None and currency else "?"


def render(
    intent: Intent,
    decision: Decision,
    snapshot: CustomerSnapshot,
    *,
    japanese: bool,
    candidates: list[str],
    data: Mapping[str, object] | None,
    unexplained: list[str] | None = None,
    choices: list[Money] | None = None,
) -> str:
    """One sentence or two that a customer can act on."""
    if choices and decision.reason is Reason.AMBIGUOUS_AMOUNT:
        return _which_amount(choices, japanese)
    ask = (_ASK_JA if japanese else _ASK_EN).get(decision.reason) if decision.reason else None
    if ask is not None and decision.action in (Action.CLARIFY, Action.ASK_SLOT):
        sep = "、" if japanese else ", "
        return ask.format(names=sep.join(candidates), words=sep.join(unexplained or []))
    lines = (data or {}).get("lines")
    if decision.action is Action.CLARIFY and intent is Intent.CANCEL_SCHEDULED and isinstance(lines, list):
        listed = ("、" if japanese else "; ").join(str(x) for x in lines)
        return f"どのお支払いですか: {listed}" if japanese else f"Which payment do you mean: {listed}?"
    if decision.action is Action.CLARIFY and not candidates:  # nothing to pick from: ask again
        return (
            "すみません、うまく理解できませんでした。別の言い方でもう一度お願いします。"
            if japanese
            else "Sorry, I didn't quite get that. Could you say it another way?"
        )
    if decision.action is Action.CLARIFY:
        names = ", ".join(candidates)
        return f"どちらですか: {names}" if japanese else f"Which one do you mean: {names}?"
    if decision.action is Action.ASK_SLOT:
        what = {
            "amount_minor": ("いくら", "How much"),
            "recipient_id": ("どなた", "Who"),
            "biller_id": ("どの請求", "Which bill"),
        }
        ja, en = (
            what.get(decision.missing[0], ("詳細", "More detail"))
            if decision.missing
            else ("詳細", "More detail")
        )
        return f"{ja}にしますか？" if japanese else f"{en} should it be?"
    if decision.action is Action.REJECT:
        table = _REASONS_JA if japanese else _REASONS_EN
        why = table.get(decision.reason, decision.reason) if decision.reason else ""
        return f"お手続きできません: {why}。" if japanese else f"I can't do that: {why}."
    if decision.action is Action.HANDOFF and decision.reason is Reason.POSSIBLE_SCAM:
        return _SCAM_JA if japanese else _SCAM_EN
    if decision.action is Action.HANDOFF:
        return "担当者におつなぎします。" if japanese else "Connecting you with a person now."
    if decision.action is Action.ANSWER:
        return "ご質問にお答えします。" if japanese else "Let me answer that."
    if decision.action is Action.UNSUPPORTED:
        return (
            "申し訳ありません、その内容には対応していません。"
            if japanese
            else "Sorry, I can only help with banking."
        )
    if decision.action is Action.CONFIRM:
        return _confirm_text(intent, decision, snapshot, japanese)
    return _execute_text(intent, decision, snapshot, japanese, data)


_SCAM_EN = (
    "This sounds like a known scam: the bank, the police and tax offices never ask you to move money to"
    " someone over the phone. Nothing has been sent; I'm connecting you with a person who can check it"
    " with you."
)
_SCAM_JA = (
    "詐欺の可能性があります。銀行・警察・税務署などが電話でお金の振込や移動を求めることはありません。"
    "お手続きはしていません。担当者におつなぎして、一緒に確認いたします。"
)


def confirmation_stays(*, japanese: bool) -> str:
    """Said when the customer asked to skip the confirmation: every payment still waits for their yes."""
    if japanese:
        return " 安全のため、確認は省略できません。よろしければ「はい」とお答えください。"
    return " For your safety the confirmation can't be skipped: say yes to go ahead."


def next_request(said: str, *, japanese: bool) -> str:
    """What is said after the first of two orders: the second is not forgotten, it is asked for again."""
    if japanese:
        return f" 続けて「{said}」もご希望でしたら、このあともう一度お申し付けください。"
    return f' Then, for "{said}", please ask again once this one is done.'


def _confirm_text(intent: Intent, decision: Decision, snapshot: CustomerSnapshot, japanese: bool) -> str:
    e = decision.entities
    when = f" on {e.execute_on.isoformat()}" if e.execute_on else ""
    when_ja = f"{e.execute_on.isoformat()}に" if e.execute_on else ""
    if intent is Intent.TRANSFER_MONEY and e.recipient_id:
        payee = snapshot.payee(e.recipient_id)
        who = payee.display_name if payee else e.recipient_id
        where = f" ({payee.bank} ···{payee.account_last4})" if payee and payee.bank else ""
        if japanese:
            return f"確認: {when_ja}{who}さん{where}へ{_money(e.amount_minor, e.currency)}を振り込みますか？"
        return f"Confirm: send {_money(e.amount_minor, e.currency)} to {who}{where}{when}?"
    if intent is Intent.BILL_PAYMENT and e.biller_id:
        biller = snapshot.biller(e.biller_id)
        name = biller.display_name if biller else e.biller_id
        if japanese:
            return f"確認: {when_ja}{name}へ{_money(e.amount_minor, e.currency)}を支払いますか？"
        return f"Confirm: pay {_money(e.amount_minor, e.currency)} to {name}{when}?"
    card = snapshot.card(e.card_id) if e.card_id else None
    label = f"{card.label} ···{card.last4}" if card else "the card"
    return f"確認: {label}のロックを解除しますか？" if japanese else f"Confirm: unlock your {label}?"


def _execute_text(
    intent: Intent,
    decision: Decision,
    snapshot: CustomerSnapshot,
    japanese: bool,
    data: Mapping[str, object] | None,
) -> str:
    e = decision.entities
    lines = (data or {}).get("lines")
    if intent is Intent.SCHEDULED_PAYMENTS and not lines:
        return "予約中のお支払いはありません。" if japanese else "You have no scheduled payments."
    if intent is Intent.CANCEL_SCHEDULED and isinstance(lines, list) and lines:
        return f"取り消しました: {lines[0]}" if japanese else f"Cancelled: {lines[0]}. It will not be sent."
    if intent is Intent.CARD_LOCK and e.card_id:
        card = snapshot.card(e.card_id)
        label = f"{card.label} ···{card.last4}" if card else e.card_id
        return f"{label}をロックしました。" if japanese else f"Your {label} is locked."
    if isinstance(lines, list) and lines:
        return "\n".join(str(x) for x in lines)
    return "該当するものはありません。" if japanese else "Nothing to show."
