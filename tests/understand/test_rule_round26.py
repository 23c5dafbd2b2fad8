"""Issue 9, round 26 (phrasings written before the code): what a transfer is for is no part of the payee's
name; a formal given name said is the payee who bears it, not one registered under its nickname; "I
didn't say X, I said Y" corrects X; a word of manner before 残高 is no account; the customer's own
purchases asked for beside a worry are shown; a utility bill asks which of the utility billers."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.understand.conftest import acts, run

C003_NOW = datetime.fromisoformat("2026-11-21T09:00:00+00:00")


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("send $5 to Only Payee for the rent", "c_003", "p_201"),
        ("transfer 7 dollars to only payee for lunch", "c_003", "p_201"),
        ("send $5 to Only Payee for the concert tickets", "c_003", "p_201"),
        ("send $20 to david lee for the pizza", "c_002", "p_104"),
        ("pay maria garcia 15 dollars for the cab", "c_002", "p_101"),
    ],
)
def test_what_a_transfer_is_for_is_no_part_of_the_name(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    result = run(runner, text, customer, C003_NOW if customer == "c_003" else None)
    assert (result.action.value, result.entities.recipient_id) == ("confirm", payee), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "send $60 to Kristen O'Neil",
        "send 40 dollars to kristen oneil",
        "please transfer $25 to Kristen O Neil",
    ],
)
def test_a_formal_given_name_said_is_the_payee_who_bears_it(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", "p_106"), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "send $60 to sara johnson",  # a silent letter each way: still asked
        "send $60 to sarah jonson",
        "send $60 to steven philips",
        "send $60 to chris o'neill",  # Chris may be what the customer calls Kristen: asked
        "send sarah 20",  # (found by the development sets: Sara sounds as Sarah does; still asked)
        "send Sara 40 for the pizza",
    ],
)
def test_names_a_letter_apart_each_way_still_ask(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value == "clarify", (result.action.value, result.entities.recipient_id)


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("I didn't say send it to Saito, I said Sato Kenta. 20000 yen.", "c_001", "p_003", 20000),
        ("i didn't say maria, i said david. send him 30 dollars", "c_002", "p_104", 3000),
        ("I did not say forty, I said fifty. send fifty to david lee", "c_002", "p_104", 5000),
        ("I didn't mean Sarah Johnson, I meant David Lee — $15 please", "c_002", "p_104", 1500),
    ],
)
def test_i_didnt_say_x_i_said_y_corrects_x(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    got = (result.action.value, result.entities.recipient_id, result.entities.amount_minor)
    assert got == ("confirm", payee, amount), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "I didn't say send it to maria",  # taken back, nothing said instead
        "i didn't say david, i said",
    ],
)
def test_a_denial_with_nothing_instead_does_not_act(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    "text",
    [
        "注文番号4417の荷物がまだ届かないんだけど、とりあえず残高だけ教えて",
        "一応残高を教えてください",
        "ちょっと残高見せて",
        "ひとまず残高だけ確認したい",
    ],
)
def test_a_word_of_manner_before_the_balance_is_no_account(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute"), result.reason


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Show me the last 7 things I bought, I think someone used my card at 3am", 7),
        ("something looks off, list the last 5 things I paid for", 5),
        ("I'm worried about a charge, show me the last 10 purchases I made", 10),
    ],
)
def test_own_purchases_asked_beside_a_worry_are_shown(runner: Any, text: str, count: int) -> None:
    result = run(runner, text, "c_002")
    got = (result.intent.value, result.action.value, result.entities.count)
    assert got == ("recent_transactions", "execute", count), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "billers"),
    [
        ("pay the utility bill", "c_002", {"b_101", "b_104"}),
        ("can you pay my utilities", "c_002", {"b_101", "b_104"}),
        ("光熱費を払っておいて", "c_001", {"b_001", "b_002"}),
        ("公共料金を払いたい", "c_001", {"b_001", "b_002", "b_004"}),
    ],
)
def test_a_utility_bill_asks_which_utility(runner: Any, text: str, customer: str, billers: set[str]) -> None:
    result = run(runner, text, customer)
    ids = {c.id for c in result.candidates}
    assert (result.action.value, billers <= ids) == ("clarify", True), (result.action.value, ids)


# Found by blind rounds 38 and 39's development parts (written after the groups above landed).


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("末尾1234のカード、ちょっと止めといてくれへん?", "k_001"),
        ("デビットカード止めてくれない?", "k_001"),
        ("クレジットカードをロックしてもらえない？", "k_002"),
    ],
)
def test_a_request_asked_as_wont_you_is_no_negation(runner: Any, text: str, card: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.card_id) == ("execute", card), result.reason


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("ガス代はいいわ、水道代だけ払っといて", "b_004"),
        ("電気代はいいよ、携帯代だけ払っておいて", "b_003"),
    ],
)
def test_a_bill_set_aside_with_a_sentence_ending_particle_is_not_paid(
    runner: Any, text: str, biller: str
) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        (
            "お世話になっております。鈴木一郎様宛に金参万円をお振込みいただきたく、よろしくお願い申し上げます。",
            "p_004",
            30000,
        ),
        ("いつもお世話になっております。高橋美咲様宛に5000円の送金をお願いいたします。", "p_005", 5000),
    ],
)
def test_business_mail_courtesies_are_explained(runner: Any, text: str, payee: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    got = (result.action.value, result.entities.recipient_id, result.entities.amount_minor)
    assert got == ("confirm", payee, amount), result.reason


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("さくらちゃんに3千円送れる？", "p_010", 3000),
        ("伊藤さんに5000円振り込める?", "p_006", 5000),
    ],
)
def test_can_it_be_sent_with_payee_and_amount_is_a_request(
    runner: Any, text: str, payee: str, amount: int
) -> None:
    result = run(runner, text, "c_001")
    got = (result.action.value, result.entities.recipient_id, result.entities.amount_minor)
    assert got == ("confirm", payee, amount), result.reason


@pytest.mark.parametrize("text", ["海外に送れる？", "土日でも振り込める?"])
def test_can_it_be_sent_without_payee_is_a_question(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("my wallet was just stolen on the subway", "c_002"),
        ("I think I lost my purse at the mall", "c_002"),
        ("someone snatched my bag with everything in it", "c_002"),
        ("財布をどこかでなくしたかもしれない", "c_001"),
        ("電車でカバンを盗まれました", "c_001"),
    ],
)
def test_a_lost_wallet_asks_which_card_to_lock(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("card_lock", "clarify"), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "help me balance my diet",
        "how do I balance work and life",
        "i need to balance my hormones",
        "can you balance my checkbook",
    ],
)
def test_balance_as_a_verb_reads_no_balance(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    "text", ["balance", "balance please", "tell me balance of my checking", "check balance now"]
)
def test_the_balance_asked_tersely_is_still_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute"), result.reason


@pytest.mark.parametrize(
    "text",
    ["送金はやめた。代わりに残高だけ確認させて", "振込はやめとく、かわりに明細見せて"],
)
def test_an_order_given_up_then_a_read_instead_is_the_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert result.intent.value in ("balance_inquiry", "recent_transactions"), result.reason
    assert result.action.value == "execute", result.reason


# Written after the fix: round 24's "on the phone" pattern had backspace characters for \b (a Python string
# that was not raw), so the English phone call never matched and named the phone bill.
@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("I was on the phone for an hour, just pay the water bill", "b_104"),
        ("after a long phone call with my sister, please pay con ed", "b_101"),
    ],
)
def test_a_phone_call_names_no_phone_bill(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "Send it to him",
        "send her the money",
        "transfer it to them please",
        "can you send that to her",
        "give him the money",
    ],
)
def test_money_sent_to_a_pronoun_alone_asks_who(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("transfer_money", "ask_slot"), result.reason
    assert "recipient_id" in (result.missing or []), result.missing


# Found probing our own regional phrasings for blind round 38's theme: a lock taken off was a lock.
@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("クレジットカードのロックを外して", "c_001"),
        ("デビットのロックはずしといて", "c_001"),
        ("カードの利用停止を取り消して", "c_001"),
        ("クレカの凍結をといてほしい", "c_001"),
        ("take the lock off my credit card", "c_002"),
        ("please lift the freeze on my debit card", "c_002"),
        ("remove the block on my rewards card", "c_002"),
    ],
)
def test_a_lock_taken_off_is_an_unlock(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "card_unlock", (result.intent.value, result.action.value, result.reason)
    assert result.action.value != "execute", result.action.value


@pytest.mark.parametrize(
    "text",
    ["lock my credit card and take it off autopay", "remove my debit card from apple pay and lock it"],
)
def test_other_things_taken_off_are_no_unlock(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value != "card_unlock", (result.intent.value, result.action.value)
