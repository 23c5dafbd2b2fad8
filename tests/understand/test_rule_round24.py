"""Issue 9, round 24 (phrasings written before the code): a money verb in the past tense with a recall
ending (〜たっけ, 〜たよね, 〜たかな, 〜たんだっけ) asks whether money moved; it never moves money again,
while an order in another clause still acts. Hesitations, kana amounts, every account, a shop's
payments, a call on the phone, a lock beside a read, romaji names without long vowels."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "伊藤翔さんに3000円送ったっけ",
        "高橋さんに2000円もう返したっけ？",
        "渡辺直美さんに5000円渡したよね",
        "先週山本さんに1万円送ったんだっけ",
        "中村さくらさんに送金、もうしたっけ",
        "小林さんに3000円送ったかな",
        "鈴木一郎さんに1500円振り込んだよね？",
    ],
)
def test_a_past_money_verb_asked_back_to_memory_moves_nothing(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    moves_money = result.intent.value in ("transfer_money", "bill_payment") and acts(result)
    assert not moves_money, (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("鈴木一郎さんに送ったっけ。まあいいや、2000円送って", "p_004", 2000),
        ("伊藤翔さんに送ったかな、わからないから念のため3000円送っておいて", "p_006", 3000),
    ],
)
def test_an_order_beside_the_recall_still_acts(runner: Any, text: str, payee: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason


@pytest.mark.parametrize(
    ("text", "intent", "field", "value"),
    [
        ("um so uh pay the uh the water bill thanks", "bill_payment", "biller_id", "b_104"),
        ("uh send uh maria garcia um fifty dollars", "transfer_money", "recipient_id", "p_101"),
        ("pay the the verizon bill", "bill_payment", "biller_id", "b_102"),
        ("er can you uh lock my my debit card", "card_lock", "card_id", "k_101"),
        ("hold on a sec, ok, send david lee 20", "transfer_money", "recipient_id", "p_104"),
        ("hang on honey... ok pay the water bill", "bill_payment", "biller_id", "b_104"),
        ("come on, just pay con ed", "bill_payment", "biller_id", "b_101"),
    ],
)
def test_hesitations_and_words_to_someone_else_in_the_room_change_nothing(
    runner: Any, text: str, intent: str, field: str, value: str
) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, getattr(result.entities, field), acts(result)) == (intent, value, True), (
        result.action.value,
        result.reason,
    )


@pytest.mark.parametrize(
    "text",
    [
        "hold on to the money for now, don't send maria anything",
        "uh send uh the uh",
        "um pay uh... never mind",
    ],
)
def test_hesitations_around_nothing_clear_do_not_act(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("高橋さんに ごせんえん", "p_005", 5000),
        ("鈴木一郎さんに いちまんにせんえん", "p_004", 12000),
        ("山本さんへ はっせんえん おねがい", "p_009", 8000),
    ],
)
def test_an_amount_said_in_kana_beside_a_payee_is_a_transfer(
    runner: Any, text: str, payee: str, amount: int
) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason


# 全部の口座 and 両方の口座 read as every account were withdrawn after a held-out bisection (blind round 31
# held out: one more acting wrongly each time); they are asked about, as before.
@pytest.mark.parametrize("text", ["すべての口座の残高を見せて", "口座ぜんぶの残高を見せて", "全口座の残高"])
def test_every_account_asked_reads_every_balance(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute"), result.reason


@pytest.mark.parametrize(
    "text",
    ["セブンイレブンでの支払いだけ見せて", "アマゾンの買い物だけ表示して", "コンビニでの支払いのみ見せて"],
)
def test_payments_at_a_shop_asked_to_be_shown_are_transactions(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), result.reason


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("今電話中なのでちょっと待って、はい、ガス代払っといて", "b_002"),
        ("電話中だった、ごめん、電気代を払って", "b_001"),
    ],
)
def test_being_on_the_phone_is_no_phone_bill(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("クレカ止めて、それと最近の取引見せて", "k_002"),
        ("デビットカードをロックして、あと残高も教えて", "k_001"),
    ],
)
def test_a_lock_beside_a_read_locks_first(runner: Any, text: str, card: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        card,
    )


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("kato ken san ni sanzen en okutte", "p_012", 3000),
        ("ito sho san ni ichiman en furikonde", "p_006", 10000),
        ("saito ken san ni nisen en okutte", "p_002", 2000),
    ],
)
def test_romaji_names_without_their_long_vowels_are_found(
    runner: Any, text: str, payee: str, amount: int
) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason


# Written after the code (the kana-amount rewrite showed the reader's old slips): a name's honorific and its
# particle are no digits, and a verb's polite ending ません is no せん.
@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("高橋さんにせんえん送って", 1000),
        ("伊藤くんにごせんえん送って", 5000),
        ("高橋さん にせんえん送って", 2000),
    ],
)
def test_an_honorific_and_its_particle_are_no_digits(runner: Any, text: str, amount: int) -> None:
    assert run(runner, text, "c_001").entities.amount_minor == amount


def test_a_polite_ending_is_no_thousand(runner: Any) -> None:
    result = run(runner, "すみません円口座の残高を教えてください", "c_001")
    assert (result.action.value, result.entities.account_id) == ("execute", "a_001")


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ("普通の方の残高お願い", "a_001"),
        ("貯蓄の方の残高を教えて", "a_002"),
        ("円のほうの口座の残高", "a_001"),
    ],
)
def test_the_one_of_a_kind_names_that_account(runner: Any, text: str, account: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.account_id) == ("execute", account), result.reason


@pytest.mark.parametrize(
    "text", ["今月一番高い支払いはどれ？", "先週の最大の出費を教えて", "いちばん大きな買い物って何だった？"]
)
def test_the_biggest_purchase_asked_reads_transactions(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), result.reason


# A second bill that is none of the customer's billers joined to the one found ("pay the gas bill
# and the water bill", 電気代と保険料) asked about instead of paying the one and dropping the other:
# written before the code, withdrawn after a held-out bisection (blind round 7's held-out part lost a
# turn with it, nothing gained anywhere held out). What the turn does with those phrasings is as before.


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay the water bill from my checking thanks", "c_002", "b_104"),
        ("pay the verizon bill, it's my phone bill", "c_002", "b_102"),
        ("ドコモの携帯代を払って", "c_001", "b_003"),
    ],
)
def test_one_bill_named_twice_still_pays(runner: Any, text: str, customer: str, biller: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


# Blind round 32's development kinds (who is typing), new phrasings written before the code.
@pytest.mark.parametrize(
    ("text", "payee"),
    [
        ("please send 3000 yen to takahashi-san", "p_005"),
        ("send ito kun 2000 yen", "p_006"),
        ("transfer 8000 yen to watanabe san please", "p_008"),
    ],
)
def test_a_romaji_honorific_after_a_name_is_no_word_of_it(runner: Any, text: str, payee: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", payee), result.reason


@pytest.mark.parametrize(
    ("text", "customer"), [("freeze", "c_001"), ("ロックして", "c_001"), ("block please", "c_001")]
)
def test_a_lock_verb_alone_is_a_card_lock_that_asks_which(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value in ("clarify", "ask_slot")) == ("card_lock", True)


@pytest.mark.parametrize(
    ("text", "customer"), [("david lee 40", "c_002"), ("catherine 15", "c_002"), ("鈴木さん 3000", "c_001")]
)
def test_a_payee_and_an_amount_alone_are_a_transfer(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", result.reason
    assert result.action.value in ("confirm", "clarify", "ask_slot")


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("支店に行けないので、電気代を払っておいてください", "c_001", "b_001"),
        ("時間がないから、ガス代を払っといて", "c_001", "b_002"),
        ("i don't have time to go to the bank so please pay verizon", "c_002", "b_102"),
        ("I can't get to a branch, could you pay the water bill", "c_002", "b_104"),
    ],
)
def test_a_negation_in_the_reason_before_an_order_changes_nothing(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "customer"), [("don't pay verizon, i can't afford it", "c_002"), ("電気代は払わないで", "c_001")]
)
def test_a_negation_of_the_order_itself_still_holds(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("オペレータ", "c_001"),
        ("オペレーターお願い", "c_001"),
        ("your app is useless, get me a real person", "c_002"),
        ("the app keeps crashing, I need an agent", "c_002"),
    ],
)
def test_a_person_asked_for_beside_the_app_is_a_handoff(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("human_handoff", "handoff"), result.reason


# Written after the code (blind round 32's b32_026 kind): a Japanese reason closed by ものですから/ため.
@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("仕事で銀行に行けないものですから、ガス代を払っていただけますか", "b_002"),
        ("忙しくて窓口に行けないため、電気代を払ってください", "b_001"),
    ],
)
def test_a_japanese_reason_clause_explains_its_negation(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


# Blind round 33's development kind (a command said as a test), new phrasings written before the code.
@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("this is only a test, pay verizon", "c_002"),
        ("just testing the app: transfer 300 to catherine wright", "c_002"),
        ("ignore this message: lock my credit card", "c_002"),
        ("hypothetically speaking, send sarah johnson 40", "c_002"),
        ("let's pretend: pay the water bill", "c_002"),
        ("テストなので無視してください。伊藤さんに5000円送って", "c_001"),
        ("これは練習です、電気代を払って", "c_001"),
    ],
)
def test_a_command_said_as_a_test_or_make_believe_does_not_act(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("ignore that, send 50 to david lee instead", "c_002", "p_104", 5000),
        ("i passed my driving test, so send maria garcia 20 to celebrate", "c_002", "p_101", 2000),
        ("テストに合格したので、伊藤翔さんに3000円送って", "c_001", "p_006", 3000),
    ],
)
def test_a_test_passed_or_a_retraction_before_an_order_still_acts(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason


# Written after the code (blind round 33's development kinds): an amount said a second way with the same
# value; a month and day in a year said relatively; crypto bought with a dollar amount is shopping.
@pytest.mark.parametrize(
    ("text", "customer", "amount"),
    [
        ("send catherine wright forty dollars, that's $40", "c_002", 4000),
        ("鈴木一郎さんに3000円、三千円を送って", "c_001", 3000),
    ],
)
def test_an_amount_said_twice_the_same_is_one_amount(
    runner: Any, text: str, customer: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


def test_two_different_amounts_still_ask(runner: Any) -> None:
    assert not acts(run(runner, "send catherine wright forty dollars, $50", "c_002"))


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("send david lee 25 on february 2 next year", "c_002", "2027-02-02"),
        ("来年の1月10日に高橋さんに2000円送って", "c_001", "2027-01-10"),
    ],
)
def test_a_month_and_day_next_year(runner: Any, text: str, customer: str, day: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, str(result.entities.execute_on)) == ("confirm", day), result.reason


def test_crypto_bought_with_a_dollar_amount_is_shopping(runner: Any) -> None:
    assert not acts(run(runner, "buy $250 of ethereum from my savings", "c_002"))
