"""find_amounts: every number in folded text, with the currency when the text names one."""

from __future__ import annotations

from decimal import Decimal

import pytest

from teller.normalize import AmountValue, find_amounts, fold

WHOLE_PHRASE = [
    ("twelve thousand four hundred", "12400", None),
    ("two hundred and fifty dollars and fifty cents", "250.50", "USD"),
    ("a hundred", "100", None),
    ("a hundred dollars", "100", "USD"),
    ("three grand", "3000", None),
    ("fifty bucks", "50", "USD"),
    ("5,000", "5000", None),
    ("1,250.50", "1250.50", None),
    ("$1,250.50", "1250.50", "USD"),
    ("¥8,000", "8000", "JPY"),
    ("$12.99", "12.99", "USD"),
    ("12.99 dollars", "12.99", "USD"),
    ("20000 jpy", "20000", "JPY"),
    ("20,000 yen", "20000", "JPY"),
    ("five thousand yen", "5000", "JPY"),
    ("1.5 million yen", "1500000", "JPY"),
    ("五千円", "5000", "JPY"),
    ("一万二千四百円", "12400", "JPY"),
    ("1万2千円", "12000", "JPY"),
    ("1万円", "10000", "JPY"),
    ("150万円", "1500000", "JPY"),
    ("１２０００円", "12000", "JPY"),
    ("三千二百円", "3200", "JPY"),
    ("2万円", "20000", "JPY"),
    ("5000円", "5000", "JPY"),
    ("75 dollars", "75", "USD"),
    ("$6,000", "6000", "USD"),
    ("4900 dollars", "4900", "USD"),
    ("one hundred twenty three dollars and 5 cents", "123.05", "USD"),
    ("ten euros", "10", "EUR"),
    ("€40", "40", "EUR"),
    ("twenty pounds", "20", "GBP"),
    ("£7.50", "7.50", "GBP"),
    ("5 us dollars", "5", "USD"),
    ("usd 300", "300", "USD"),
    ("5k", "5000", None),
    ("twenty five hundred", "2500", None),
    ("one point five million yen", "1500000", "JPY"),
    ("a grand", "1000", None),
    ("a thousand dollars", "1000", "USD"),
    ("nine hundred and ninety-nine", "999", None),
    ("one thousand, two hundred and thirty-four", "1234", None),
    ("fifty cents", "0.50", None),
    ("¥1万", "10000", "JPY"),
    ("3,000 円", "3000", "JPY"),
    ("1.5万円", "15000", "JPY"),
    ("十万円", "100000", "JPY"),
]


@pytest.mark.parametrize(("spoken", "major", "currency"), WHOLE_PHRASE)
def test_whole_phrase_is_one_amount(spoken: str, major: str, currency: str | None) -> None:
    """Each phrase is read as exactly one amount spanning all of it, with the named currency."""
    text = fold(spoken)
    found = find_amounts(text)
    assert [(e.start, e.end, e.surface) for e in found] == [(0, len(text), text)]
    assert found[0].value == AmountValue(Decimal(major), currency)


IN_SENTENCE = [
    ("send five thousand yen to sato ken tomorrow", "five thousand yen", "5000", "JPY"),
    ("pay 4900 dollars to the electric company", "4900 dollars", "4900", "USD"),
    ("transfer $6,000 to my savings", "$6,000", "6000", "USD"),
    ("佐藤健さんに一万二千四百円を送って", "一万二千四百円", "12400", "JPY"),
    ("鈴木一郎さんに五千円送金", "五千円", "5000", "JPY"),
    ("送金額は150万円です", "150万円", "1500000", "JPY"),
    ("give ken a hundred dollars please", "a hundred dollars", "100", "USD"),
    ("二千を送って", "二千", "2000", None),
]


@pytest.mark.parametrize(("sentence", "surface", "major", "currency"), IN_SENTENCE)
def test_amount_inside_sentence(sentence: str, surface: str, major: str, currency: str | None) -> None:
    """The only amount in a sentence is found with its exact surface and value, and nothing else is."""
    found = find_amounts(fold(sentence))
    assert [(e.surface, e.value) for e in found] == [(surface, AmountValue(Decimal(major), currency))]


BARE = [
    ("last 3 transactions", ["3"]),
    ("last five transactions", ["5"]),
    ("show me my last ten transactions", ["10"]),
    ("the one ending in 4321", ["4321"]),  # "the one" is a thing, not a number (as in "the water one")
    ("直近3件の取引", ["3"]),
    ("直近三件の取引", ["3"]),
    ("send 5 dollars 3 times", ["5", "3"]),
]


@pytest.mark.parametrize(("sentence", "values"), BARE)
def test_bare_numbers_have_no_currency(sentence: str, values: list[str]) -> None:
    """Numbers without a currency word come back in order with currency None."""
    found = find_amounts(fold(sentence))
    assert [e.value.major for e in found] == [Decimal(v) for v in values]
    assert all(e.value.currency is None for e in found if e.value.major == Decimal(values[-1]))


NOT_AMOUNTS = [
    "a cat",
    "send a payment",
    "鈴木一郎さん",
    "一番",
    "十分です",
    "八百屋",
    "二十分",
    "千葉に住んでいます",
    "数千円",
    "on the 28th",
    "meet at 5pm",
    "hundred dollars",
    "transfer to p_201",
]


@pytest.mark.parametrize("sentence", NOT_AMOUNTS)
def test_no_amount(sentence: str) -> None:
    """Words that merely contain numerals (names, ordinals, 'a' alone) are not amounts."""
    assert find_amounts(fold(sentence)) == []


def test_adjacent_unrelated_words_are_not_merged() -> None:
    """A number keeps only its own words: the neighbouring words stay out of the span."""
    text = fold("card ending 1234 please send twenty to ken")
    assert [e.surface for e in find_amounts(text)] == ["1234", "twenty"]


def test_separate_numbers_stay_separate() -> None:
    """Digits spoken one by one are separate numbers, not a sum."""
    assert [e.value.major for e in find_amounts("one two three")] == [1, 2, 3]


def test_two_amounts_in_one_sentence() -> None:
    """Two amounts with different currencies are both found, left to right."""
    found = find_amounts(fold("convert $20 to 3000 yen"))
    assert [(e.value.major, e.value.currency) for e in found] == [(20, "USD"), (3000, "JPY")]


def test_rules_name_the_reading() -> None:
    """The rule names which reading produced the amount, for the audit trail."""
    rules = [e.rule for e in find_amounts(fold("five dollars, 5,000, 1万円, 三千円, 12"))]
    assert rules == ["en_words", "digits_grouped", "ja_man_digits", "ja_kanji_numeral", "digits"]


def test_cents_alone_stay_with_their_number() -> None:
    """'and 5 cents' joins the dollars before it rather than standing as a second amount."""
    found = find_amounts(fold("$3 and 5 cents"))
    assert [(e.surface, e.value.major) for e in found] == [("$3 and 5 cents", Decimal("3.05"))]


def test_mismatched_currency_words_do_not_merge() -> None:
    """A symbol and a different currency word after the number keep the symbol's currency."""
    found = find_amounts(fold("$5 yen"))
    assert found[0].surface == "$5"
    assert found[0].value.currency == "USD"
