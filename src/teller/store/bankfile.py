"""The bank JSON file format (see src/teller/data/demo_bank.json) and its validation.

`parse_bank_file` turns an already-decoded JSON value into a `BankFile` or raises `BadBankFile`
naming the first bad field as a path such as ``customers[0].accounts[1].balance_minor``.
Amounts must be JSON integers: 12.5, 12.0 and true are all refused, because a bank file that
carries a float amount was produced by something that has already lost precision.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
)

from teller.domain.money import EXPONENTS
from teller.errors import BadBankFile

_INT64 = 2**63 - 1


def _known_currency(code: str) -> str:
    if code not in EXPONENTS:
        raise ValueError(f"unknown currency {code!r} (known: {', '.join(sorted(EXPONENTS))})")
    return code


def _iana_timezone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not an IANA time zone name such as 'Asia/Tokyo'") from None
    return name


def _no_nul(text: str) -> str:
    # PostgreSQL text cannot hold NUL; refusing it here keeps one file valid on every database.
    if "\x00" in text:
        raise ValueError("text may not contain a NUL character")
    return text


def _iso_text(value: object) -> object:
    # Pydantic would also accept Unix timestamps for dates and times; the file format says ISO 8601.
    if not isinstance(value, str):
        raise ValueError("expected an ISO 8601 string")
    return value


Id = Annotated[StrictStr, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Currency = Annotated[StrictStr, AfterValidator(_known_currency)]
TimeZone = Annotated[StrictStr, AfterValidator(_iana_timezone)]
Last4 = Annotated[StrictStr, Field(pattern=r"^[0-9]{4}$")]
# Lengths are the columns' (store/schema.py): PostgreSQL enforces them, so the file format does too.
Text = Annotated[StrictStr, Field(min_length=1, max_length=255), AfterValidator(_no_nul)]
Short = Annotated[StrictStr, Field(min_length=1, max_length=32), AfterValidator(_no_nul)]
Minor = Annotated[StrictInt, Field(ge=-_INT64, le=_INT64)]
NonNegativeMinor = Annotated[StrictInt, Field(ge=0, le=_INT64)]
IsoDate = Annotated[date, BeforeValidator(_iso_text)]
IsoInstant = Annotated[AwareDatetime, BeforeValidator(_iso_text)]


class _Model(BaseModel):
    # Unknown keys are refused so a typo ("balance_mnor") fails loudly instead of loading a default.
    model_config = ConfigDict(extra="forbid", frozen=True)


class BankLimits(_Model):
    transfer_per_txn_minor: dict[Currency, NonNegativeMinor] = Field(default_factory=dict)
    transfer_daily_minor: dict[Currency, NonNegativeMinor] = Field(default_factory=dict)


class BankAccount(_Model):
    id: Id
    type: Short
    label: Text
    currency: Currency
    number_last4: Last4
    balance_minor: Minor


class BankCard(_Model):
    id: Id
    type: Short
    label: Text
    last4: Last4
    status: Literal["active", "locked"]


class BankPayee(_Model):
    id: Id
    display_name: Text
    reading_kana: Text | None = None
    latin: Text | None = None
    relationship: Short | None = None
    bank: Text | None = None
    account_last4: Last4 | None = None


class BankBiller(_Model):
    id: Id
    display_name: Text
    reading_kana: Text | None = None
    latin: Text | None = None
    aliases: list[Text] = Field(default_factory=list)
    outstanding_minor: NonNegativeMinor
    currency: Currency
    due: IsoDate | None = None


class BankTransaction(_Model):
    id: Id
    account_id: Id
    posted_at: IsoInstant
    description: Text
    amount_minor: Minor
    currency: Currency


class BankCustomer(_Model):
    id: Id
    name: Text
    name_latin: Text
    locale: Annotated[StrictStr, Field(min_length=2, max_length=35)]
    timezone: TimeZone
    limits: BankLimits = Field(default_factory=BankLimits)
    accounts: list[BankAccount] = Field(default_factory=list)
    cards: list[BankCard] = Field(default_factory=list)
    payees: list[BankPayee] = Field(default_factory=list)
    billers: list[BankBiller] = Field(default_factory=list)
    transactions: list[BankTransaction] = Field(default_factory=list)


class BankFile(_Model):
    about: StrictStr | None = None
    customers: list[BankCustomer]


def field_path(loc: Sequence[int | str]) -> str:
    """Render a pydantic error location as ``customers[0].accounts[1].balance_minor``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part == "[key]":
            continue  # pydantic's marker for "the key itself was bad"; the key is already in the path
        elif part.isidentifier():
            out += f".{part}" if out else part
        else:
            out += f"[{part!r}]"
    return out or "$"


def parse_bank_file(data: object) -> BankFile:
    """Validate a decoded bank JSON value; raise BadBankFile naming the first bad field."""
    if not isinstance(data, Mapping):
        raise BadBankFile(f"expected a JSON object, got {type(data).__name__}", field="$")
    try:
        bank = BankFile.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        message = first["msg"].removeprefix("Value error, ")
        raise BadBankFile(f"{message}{more}", field=field_path(first["loc"])) from None
    _check_unique_ids(bank)
    _check_transactions(bank)
    return bank


def _ids_with_paths(bank: BankFile) -> Iterator[tuple[str, str]]:
    for i, customer in enumerate(bank.customers):
        base = f"customers[{i}]"
        yield customer.id, f"{base}.id"
        groups: dict[str, Sequence[BankAccount | BankCard | BankPayee | BankBiller | BankTransaction]] = {
            "accounts": customer.accounts,
            "cards": customer.cards,
            "payees": customer.payees,
            "billers": customer.billers,
            "transactions": customer.transactions,
        }
        for name, items in groups.items():
            for j, item in enumerate(items):
                yield item.id, f"{base}.{name}[{j}].id"


def _check_unique_ids(bank: BankFile) -> None:
    # Ids are unique across the whole file, not per kind: the turn contract carries bare ids.
    seen: dict[str, str] = {}
    for object_id, path in _ids_with_paths(bank):
        first = seen.setdefault(object_id, path)
        if first != path:
            raise BadBankFile(f"duplicate id {object_id!r} (first used at {first})", field=path)


def _check_transactions(bank: BankFile) -> None:
    for i, customer in enumerate(bank.customers):
        currencies = {a.id: a.currency for a in customer.accounts}
        for j, txn in enumerate(customer.transactions):
            path = f"customers[{i}].transactions[{j}]"
            if txn.account_id not in currencies:
                raise BadBankFile(
                    f"account {txn.account_id!r} is not an account of customer {customer.id!r}",
                    field=f"{path}.account_id",
                )
            if txn.currency != currencies[txn.account_id]:
                raise BadBankFile(
                    f"currency {txn.currency} differs from account {txn.account_id}'s "
                    f"{currencies[txn.account_id]}",
                    field=f"{path}.currency",
                )


def all_ids(bank: BankFile) -> dict[str, str]:
    """Every id in the file mapped to its field path (used to report clashes with stored data)."""
    return {object_id: path for object_id, path in _ids_with_paths(bank)}


__all__ = [
    "BankAccount",
    "BankBiller",
    "BankCard",
    "BankCustomer",
    "BankFile",
    "BankLimits",
    "BankPayee",
    "BankTransaction",
    "all_ids",
    "field_path",
    "parse_bank_file",
]
