"""Issue 9, round 49 (phrasings written before the code; the lead's own, after blind round 62's kinds): a day
of the month said in kana (じゅうごにち, とおか, ついたち, にじゅうごにち) is that day — it had been dropped
and the payment made now; いつか, ようか and なのか are days only after a month (they are also "someday",
"shall I" and "is it"); account words in kana (どる こうざ, ふつう よきん) name the account."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("らいげつ の とおか に すずき いちろう さんに 3000えん おくって", "2026-12-10"),
        ("にじゅうごにち に さとう けんた さんに 2000えん おくって", "2026-11-25"),
        ("ついたち に たかはし みさき さんに 1000えん おくって", "2026-12-01"),
        ("じゅうにがつ いつか に やまもと だいすけ さんに 4000えん おくって", "2026-12-05"),
    ],
)
def test_a_day_of_the_month_in_kana_is_that_day(runner: Any, text: str, day: str) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm"
    assert str(result.entities.execute_on) == day


@pytest.mark.parametrize(
    "text",
    ["いつか すずき いちろう さんに 3000えん おくろうかな", "すずき いちろう さんに 3000えん おくろうか"],
)
def test_someday_and_shall_i_are_no_days(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert result.entities.execute_on is None
    assert result.action.value != "execute"


@pytest.mark.parametrize(
    ("text", "account"),
    [("どる こうざ の ざんだか おしえて", "a_002"), ("ふつう よきん の ざんだか みせて", "a_001")],
)
def test_account_words_in_kana_name_the_account(runner: Any, text: str, account: str) -> None:
    result = run(runner, text, "c_001")
    assert result.intent.value == "balance_inquiry"
    assert result.entities.account_id == account
