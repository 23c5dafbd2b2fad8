"""Money as integer ISO 4217 minor units plus a currency code. Never a float."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from teller.errors import BadAmount

# ISO 4217 exponents of the currencies Teller speaks about.
EXPONENTS: dict[str, int] = {
    "JPY": 0,
    "KRW": 0,
    "USD": 2,
    "EUR": 2,
    "GBP": 2,
    "AUD": 2,
    "CAD": 2,
    "CHF": 2,
    "CNY": 2,
    "INR": 2,
    "MXN": 2,
    "HKD": 2,
    "SGD": 2,
}

SYMBOLS: dict[str, str] = {"JPY": "¥", "USD": "$", "EUR": "€", "GBP": "£"}


def exponent(currency: str) -> int:
    """The ISO 4217 minor-unit exponent of `currency` (BadAmount when unknown)."""
    try:
        return EXPONENTS[currency]
    except KeyError:
        raise BadAmount(f"unknown currency {currency!r}") from None


def to_minor(major: Decimal, currency: str) -> int:
    """Convert a major-unit Decimal to integer minor units, refusing sub-minor fractions."""
    scaled = major.scaleb(exponent(currency))
    if scaled != scaled.to_integral_value():
        raise BadAmount(f"{major} {currency} has more decimals than {currency} allows")
    if scaled < 0:
        raise BadAmount("amounts must not be negative")
    return int(scaled)


@dataclass(frozen=True, slots=True)
class Money:
    """An amount in minor units of `currency`."""

    amount_minor: int
    currency: str

    def format(self) -> str:
        """Human form: ¥5,000, $12.99, 12.50 CHF."""
        exp = exponent(self.currency)
        major = Decimal(self.amount_minor).scaleb(-exp)
        text = f"{major:,.{exp}f}"
        symbol = SYMBOLS.get(self.currency)
        return f"{symbol}{text}" if symbol else f"{text} {self.currency}"
