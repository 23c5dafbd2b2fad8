"""The bank's own products and services against another company's: `teller.understand.topics`."""

from __future__ import annotations

import pytest

from teller.understand import topics


@pytest.mark.parametrize(
    "text",
    [
        "tell me about your mortgages",
        "i have a question about the overdraft on my current account",
        "the mobile banking app won't let me log in",
        "create 6 new standing orders",
        "order more checks",
        "住宅ローンについて知りたい",
        "口座の手数料について教えて",
        "atmで引き出したい",
    ],
)
def test_the_banks_own_service_is_named(text: str) -> None:
    """A product or service of the bank's own is the topic."""
    assert topics.names_bank_service(text)
    assert not topics.names_another_service(text)


@pytest.mark.parametrize(
    "text",
    [
        "my netflix account won't let me log in",
        "i forgot my email password",
        "i lost my library card",
        "アマゾンのアカウントにログインできない",
        "ギフトカードの残高",
    ],
)
def test_another_companys_account_is_not_the_banks(text: str) -> None:
    """Another company's account, app, password or card is not the bank's."""
    assert topics.names_another_service(text)
    assert not topics.names_bank_service(text)


@pytest.mark.parametrize(
    "text",
    [
        "the statement is true",
        "what are the atmospheric conditions in sparks",
        "whats the calorie content of oatmeal",
        "what are the carry-on fees with delta for international flights",
    ],
)
def test_words_in_passing_are_no_bank_service(text: str) -> None:
    """A true statement, an atmosphere, oatmeal, airline fees: no service of the bank's."""
    assert not topics.names_bank_service(text)


def test_a_bank_account_beside_another_companys_keeps_the_turn_banking() -> None:
    """Another company's account named beside the customer's checking account is not only another's."""
    assert not topics.names_another_service("my netflix account and my checking account")
