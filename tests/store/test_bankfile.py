"""The bank JSON format: the demo file parses, bad files name the bad field."""

from __future__ import annotations

import re
from datetime import date
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from teller.errors import BadBankFile
from teller.store.bankfile import field_path, parse_bank_file

SHARED_DEMO = Path(__file__).resolve().parents[3] / "shared" / "data" / "demo_bank.json"

DELETE = object()  # as a value in BAD_FILES: remove the key instead of setting it


def _mutate(data: dict[str, Any], path: str, value: object) -> None:
    """Set (or DELETE) the value at a field path such as customers[0].accounts[1].balance_minor."""
    parts: list[str | int] = [int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", path)]
    node: Any = data
    for part in parts[:-1]:
        node = node[part]
    if value is DELETE:
        del node[parts[-1]]
    else:
        node[parts[-1]] = value


# (case, field to change, new value, field the error must name when it is not the changed one)
BAD_FILES: list[tuple[str, str, object, str | None]] = [
    ("float amount", "customers[0].accounts[1].balance_minor", 12.5, None),
    ("integral float", "customers[0].accounts[0].balance_minor", 12.0, None),
    ("bool amount", "customers[1].transactions[2].amount_minor", True, None),
    ("string amount", "customers[0].billers[0].outstanding_minor", "12400", None),
    ("negative outstanding", "customers[0].billers[1].outstanding_minor", -1, None),
    ("missing id", "customers[0].payees[2].id", DELETE, None),
    ("duplicate id", "customers[1].accounts[0].id", "a_001", None),
    ("id reused across kinds", "customers[0].cards[0].id", "p_001", "customers[0].payees[0].id"),
    ("unknown currency", "customers[0].accounts[0].currency", "XYZ", None),
    ("lower-case currency", "customers[1].billers[0].currency", "usd", None),
    ("unknown limit currency", "customers[2].limits.transfer_daily_minor.ZZZ", 1, None),
    ("bad timezone", "customers[1].timezone", "Mars/Olympus_Mons", None),
    ("transaction on unknown account", "customers[0].transactions[0].account_id", "a_999", None),
    ("transaction on another customer's account", "customers[0].transactions[3].account_id", "a_101", None),
    ("transaction currency differs from account", "customers[0].transactions[0].currency", "USD", None),
    ("card status", "customers[1].cards[0].status", "frozen", None),
    ("naive posted_at", "customers[0].transactions[1].posted_at", "2026-11-20T08:05:00", None),
    ("timestamp posted_at", "customers[0].transactions[1].posted_at", 1763593500, None),
    ("bad due date", "customers[0].billers[2].due", "2026-02-30", None),
    ("misspelt key", "customers[0].accounts[0].balance_mnor", 1, None),
    ("last4 not digits", "customers[0].cards[1].last4", "99x0", None),
    ("customers not a list", "customers", {"c_001": {}}, None),
]


def test_demo_bank_parses_with_its_values(demo: dict[str, Any]) -> None:
    """The demo bank is valid, and typed values (dates, offsets) come through unchanged."""
    bank = parse_bank_file(demo)
    assert [c.id for c in bank.customers] == ["c_001", "c_002", "c_003"]
    assert bank.customers[0].accounts[1].balance_minor == 250000
    assert bank.customers[0].billers[0].due == date(2026, 11, 30)
    assert bank.customers[1].transactions[0].posted_at.utcoffset() is not None
    assert bank.customers[0].limits.transfer_daily_minor == {"JPY": 2000000, "USD": 1000000}


@pytest.mark.parametrize(("case", "path", "value", "named"), BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_bad_bank_file_names_the_bad_field(
    demo: dict[str, Any], case: str, path: str, value: object, named: str | None
) -> None:
    """Each kind of bad file is refused with BadBankFile whose `field` is the path of the culprit."""
    _mutate(demo, path, value)
    field = named or path
    with pytest.raises(BadBankFile) as caught:
        parse_bank_file(demo)
    assert caught.value.field == field, caught.value.message
    assert caught.value.message.startswith(field)


@pytest.mark.parametrize("data", [[], "{}", None, 42, b"{}"], ids=["list", "text", "null", "number", "bytes"])
def test_a_value_that_is_not_a_json_object_is_refused_at_the_root(data: object) -> None:
    """Anything but a JSON object is refused with field '$'."""
    with pytest.raises(BadBankFile) as caught:
        parse_bank_file(data)
    assert caught.value.field == "$"


def test_duplicate_id_message_points_at_the_first_use(demo: dict[str, Any]) -> None:
    """A duplicate id names both the offending field and where the id was first used."""
    demo["customers"][2]["payees"][0]["id"] = "p_101"
    with pytest.raises(BadBankFile) as caught:
        parse_bank_file(demo)
    assert caught.value.field == "customers[2].payees[0].id"
    assert "customers[1].payees[0].id" in caught.value.message


def test_field_path_renders_indexes_and_odd_keys() -> None:
    """Pydantic locations become dotted paths with [i] indexes; non-identifier keys are quoted."""
    assert (
        field_path(("customers", 0, "accounts", 1, "balance_minor"))
        == "customers[0].accounts[1].balance_minor"
    )
    assert (
        field_path(("limits", "transfer_daily_minor", "X-Y", "[key]")) == "limits.transfer_daily_minor['X-Y']"
    )
    assert field_path(()) == "$"


def test_packaged_demo_bank_is_byte_identical_to_the_shared_copy() -> None:
    """src/teller/data/demo_bank.json is exactly /work/shared/data/demo_bank.json."""
    if not SHARED_DEMO.exists():
        pytest.skip(f"{SHARED_DEMO} is not beside this checkout")
    packaged = (files("teller") / "data" / "demo_bank.json").read_bytes()
    assert packaged == SHARED_DEMO.read_bytes()
