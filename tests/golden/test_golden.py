"""The golden command set and our own paraphrases, through `teller batch` and the shared scorer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SHARED = Path(__file__).resolve().parents[3] / "shared"
GOLDEN = SHARED / "golden" / "commands.jsonl"
SCORER = SHARED / "golden" / "score.py"
TELLER = Path(sys.executable).with_name("teller")


def _batch(cases: Path, tmp_path: Path) -> Path:
    out = tmp_path / "results.jsonl"
    env = {
        **os.environ,
        "TELLER_STORE__URL": f"sqlite:///{tmp_path / 'golden.sqlite3'}",
        "TELLER_LLM__ENABLED": "false",
    }
    with out.open("w") as fh:
        subprocess.run([str(TELLER), "batch", str(cases)], stdout=fh, env=env, check=True, timeout=300)
    return out


def _score(cases: Path, results: Path, min_pass: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCORER), str(cases), str(results), "--min-pass", str(min_pass), "--show", "50"],
        capture_output=True,
        text=True,
    )


needs_shared = pytest.mark.skipif(not SCORER.exists(), reason="../shared/golden is not beside this checkout")


@needs_shared
def test_golden_set_scores_at_least_95_percent_on_the_fast_path(tmp_path: Path) -> None:
    """`teller batch` on the golden set passes ≥ 95% with no invented recipient, all on the fast path."""
    results = _batch(GOLDEN, tmp_path)
    scored = _score(GOLDEN, results, 0.95)
    assert scored.returncode == 0, scored.stdout
    lines = [json.loads(x) for x in results.read_text().splitlines()]
    assert all(r["path"] == "fast" for r in lines)


@needs_shared
def test_paraphrases_of_the_golden_behaviours_score_at_least_90_percent(tmp_path: Path) -> None:
    """Other phrasings of the same behaviours (written by us, not in the golden set) also pass."""
    cases = HERE / "paraphrases.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 0.9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_2_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """120 EN/JA cases written before the run (tests/golden/blind_round2.jsonl) all pass.

    (b2_106, 窓口の方につないでもらえますか, is a handoff by rule: a person said politely, 〜の方, or
    "connect me to", 〜につないで; the learned model alone read it as a question.)
    """
    cases = HERE / "blind_round2.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_3_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """80 ASR-style, filler, mixed-language and c_003 cases (tests/golden/blind_round3.jsonl) all pass."""
    cases = HERE / "blind_round3.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_score_at_their_reached_floor(tmp_path: Path) -> None:
    """48 fresh EN/JA phrasings of issue 9's rules (issue9_rules.jsonl): 46/48 first run, all now."""
    cases = HERE / "issue9_rules.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_second_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """42 more fresh phrasings across every intent (issue9_rules2.jsonl): 40/42 first run, all now."""
    cases = HERE / "issue9_rules2.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_third_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """44 fresh phrasings of problem reports, questions and look-alikes (issue9_rules3.jsonl): 43/44
    on the first run of the finished rules (i9c_003, a charge not remembered, went to a person), all now."""
    cases = HERE / "issue9_rules3.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_someone_elses_data_is_never_read_or_changed_as_the_callers(tmp_path: Path) -> None:
    """50 EN/JA phrasings written before running them (others_data.jsonl): reads and card actions on
    another person's account, card or money ask instead of acting; own data still acts. 49/50 (od_043,
    "show me what I paid to maria garcia's account", is answered as a question: a gap of its own)."""
    cases = HERE / "others_data.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 0.98)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_fourth_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """112 fresh EN/JA phrasings of round 4's rules (issue9_rules4.jsonl), six batches written before
    their runs: reaching a person asked about, other companies' services, messages and reminders,
    cancels reported, several sentences, recurring, repeats, a card named before, names with ・,
    shopping on a card, 勝手に, payee membership, an account by its words, the usual for bob, とうでん,
    money moved with a card, a retirement plan or a payroll."""
    cases = HERE / "issue9_rules4.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_fifth_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """103 fresh EN/JA phrasings of round 5 (issue9_rules5.jsonl), five batches written before their runs
    (26/36, 16/23, 15/25, 5/8, 7/11 first): a new request after a payment told about, payments made that
    stay so, reads asked politely, money that moved asked about, spending on a holiday, frustration with
    the assistant, a command said not to be done, an event's date, 'the water one', a balance certificate.
    102/103 (i9e_094, a refund asked about, is answered as a problem report)."""
    cases = HERE / "issue9_rules5.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 0.99)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_8_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """70 EN/JA cases written blind by another engineer (blind_round8.jsonl): 64/70 at their first run
    (main before round 5 of issue 9), all now; its held-out part is never opened here."""
    cases = HERE / "blind_round8.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_sixth_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Fresh EN/JA phrasings of round 6 (issue9_rules6.jsonl), batches written before their runs (23/26,
    14/19, 18/22, 8/17, 9/9, 5/9 first): what is owed on a bill asked about is answered, what the customer
    earns is no read; a thousands comma or a name ending in -ed keeps the date; a period told in the past
    is its clause's; a condition on an event, or an event as the time, asks; dates and amounts in
    everyday forms; what the account allows is a question; a read that looks wrong is a problem report;
    of two reads, the one asked for; where money came from, the rules on payees; the bank's own services;
    the same amount again, resent. i9f_094-096 (*just freeze it*) expected a lock that asks which card:
    NLU++ dev labels the same words an account freeze (`qna`), so they now only must not act. 100/102:
    i9f_038 (…as soon as my refund lands) is answered as a problem report; i9f_075 (the balance on my
    netflix account) is read."""
    cases = HERE / "issue9_rules6.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 0.97)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_9_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """70 EN/JA cases written blind by another engineer (blind_round9.jsonl): 67/70 at their first run
    (main at e9d58fd), all now; its held-out part is never opened here."""
    cases = HERE / "blind_round9.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_seventh_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """186 fresh EN/JA phrasings of round 7 (issue9_rules7.jsonl), five batches written before their runs
    (25/51, 5/15, 53/55, 35/37, 25/28 first): an account none of the customer's (another bank, a wallet, a
    company) is neither read nor paid from; a balance at a past time asks; a refund said as a condition is
    no problem report; a price per transfer is no balance; payments told not to go out list nothing; the
    end of a named month (12月末, the end of december) and of last month (先月末); round 10's kinds of
    commands, exactly; a card by a word before の; can-I questions about a way of paying; payments made
    asked to be shown; a topic alone, an account with a/an, a transaction to be done. i9g_120 expected
    no action for 振り込んだっけ; round 5's rule reads the history, which it now expects. All pass."""
    cases = HERE / "issue9_rules7.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_8b_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """37 EN/JA phrasings from blind round 11's development misses (issue9_rules8b.jsonl; 35 written
    before their run, 23/35 first): the account money leaves by other words than "from" (out of, using,
    via, で, を使って); a banking action told as done is news, not an order (I sent…, I locked…,
    振り込みました, ロックしました); a correction begun and not finished asks (いや…, the last two cases
    written after the fix). 36/37: i9l_023 (今月の水道代はもう払った) reads the history, as round 5's rule
    reads a plain past that may be a question said without か."""
    cases = HERE / "issue9_rules8b.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 0.97)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_8c_days_around_a_named_day(tmp_path: Path) -> None:
    """7 phrasings written before their run (issue9_rules8c.jsonl, 2/7 first; "the first business day
    after christmas" had paid on the Saturday after it): a weekday, day or business day after or before
    a named day; a vague "someday after" asks. All pass."""
    cases = HERE / "issue9_rules8c.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_10_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """80 EN/JA cases written blind by another engineer (blind_round10.jsonl): 80/80 at their first run
    (main at 508293b, before round 7's first rule landed), 0 acting wrongly; its held-out part is never
    opened here."""
    cases = HERE / "blind_round10.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_eighth_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """89 fresh EN/JA phrasings of round 8 (issue9_rules8.jsonl), written before their run (50/89 first):
    fed up with the assistant asks for a person; money that moved, asked about or asked to be shown, is
    read (支払いを見せて is no payment); お金 and 金額 are money, a payment booked is the payment; a card
    gone or 見当たらない is lost; a virtual card or a code not found, a card kept by an ATM or not
    arrived is no card at risk; one transaction talked about is not the list; closing an account is no
    lock; a calendar is not the payments list; pay per period is earnings; how far back the history goes
    is a question; a battery is no balance. i9h_010 (アプリが全然動かない, out of scope, not answered) is
    left: 88/89."""
    cases = HERE / "issue9_rules8.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 88 / 89 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_ninth_round_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """64 fresh EN/JA phrasings of blind round 12's misses (issue9_rules9.jsonl), written before their run
    (32/64 first, 24 acting wrongly): a guessed amount asks (or so, -ish, a couple hundred, ぐらい, 二、三万,
    前後, ほど); casual told-as-done (払っといたよ, 済ませた, already took care of); "hold on" and
    ちょっと待って leave a request unfinished; a day of the customer's own life asks; soft can-I questions
    (できるんでしょうか); another company's card is not read; the last or n-th business day, the n-th
    weekday of a named month; an account by a kind held or not (HYSA, 外貨, euro); a corrected account;
    names in kana or a homophone kanji; a possessive name that a pronoun then means. 62/64: i9r9_021 (a
    second number, "about two hours", asks) and i9r9_064 (a birthday on friday asks which day)."""
    cases = HERE / "issue9_rules9.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 62 / 64 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_tenth_round_scores_all(tmp_path: Path) -> None:
    """46 fresh EN/JA phrasings of blind round 14's development misses (issue9_rules10.jsonl), written
    before their run (25/46 first, 4 acting wrongly: a day counted from a named day in Japanese had paid
    on the named day itself): 前日 / 次の日 / 翌営業日 / N日後 of a named day, MLK day; account activity is
    the transactions; a bill said not to be paid is not the one paid; money put towards a biller; an
    account by its last digits; what is in an account; two requests in one turn; ATM / check /
    キャッシュカード; another surname beside a registered name is not that payee."""
    cases = HERE / "issue9_rules10.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_14_development_part_scores_all(tmp_path: Path) -> None:
    """Blind round 14's development part (60, written by a helper that read no code): 51/60 at its first
    run (3 acting wrongly), 60/60 after round 10. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round14.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_eleventh_round_scores_all(tmp_path: Path) -> None:
    """27 fresh EN/JA phrasings of blind round 15's development misses (issue9_rules11.jsonl), written
    before their run (19/27 first, 1 acting wrongly: a count of transactions dropped): a complete request
    asked as ってできる？ / "can I get … sent to"; 今度の weekday; 取引３つ; spending totals by category
    (タクシー代の合計) and a merchant's last use (アマゾンで最後に買い物したのっていつ) read the history."""
    cases = HERE / "issue9_rules11.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_15_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 15's development part (60, written blind): 53/60 at its first run (1 acting wrongly),
    59/60 after round 11. b15_021 (a name spelled out letter by letter, "Stephen with a p h") still asks.
    Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round15.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_twelfth_round_scores_all(tmp_path: Path) -> None:
    """22 fresh phrasings of blind round 16's development misses (issue9_rules12.jsonl), written before
    their run (11/22 first, 1 acting wrongly): a spoken price read as the bill's amount due; dollars and
    cents after hundreds; an amount not understood is asked, not refused for funds; a bare "no" between
    amounts corrects; everything since a date is the history; what the bank offers is a question."""
    cases = HERE / "issue9_rules12.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_16_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 16's development part (50, written blind): 45/50 at its first run, 48/50 after round 12,
    49/50 since batch lines are replays that write nothing (b16_045, unlock the debit card, had been
    proposed because b16_001 locked that card earlier in the same batch). b16_009 (a hundred, no, one
    fifty: "one fifty" is $1.50 or $150) asks. Its 110 held-out cases are never opened here."""
    cases = HERE / "blind_round16.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 49 / 50 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_issue_9_rules_thirteenth_round_scores_all(tmp_path: Path) -> None:
    """85 fresh EN/JA phrasings of blind rounds 17 and 18's development misses (issue9_rules13.jsonl),
    written by a helper that read no code, before their run (53/85 first, 6 acting wrongly): a day pointed
    back to (that day, then, その日, 当日), an occasion or weekday said with its date, the last weekday of a
    month, a period that says what the money is for, haste and reasons that change nothing, schedule as a
    money verb, whether a payment went out, narration in the polite past, a reason's negation, a request
    after what it follows from."""
    cases = HERE / "issue9_rules13.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_17_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 17's development part (60, written blind): 53/60 at its first run (1 acting wrongly: 25日が
    給料日だから、その日に… had sent at once), 59/60 after round 13. b17_033 ("Kristin O'Neil": Kristen
    O'Neill's first name, Chris O'Neil's surname) asks which. Its 140 held-out cases are never opened."""
    cases = HERE / "blind_round17.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_18_development_part_scores_all(tmp_path: Path) -> None:
    """Blind round 18's development part (50, written blind in real customers' style): 40/50 at its first
    run, 50/50 after round 13. Its 120 held-out cases are never opened here."""
    cases = HERE / "blind_round18.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_19_development_part_scores_all(tmp_path: Path) -> None:
    """Blind round 19's development part (60, written blind: customers the team did not picture — typos,
    chat shorthand, learner's English, keigo, romaji): 56/60 at its first run, 60/60 after round 14. Its
    140 held-out cases are never opened here."""
    cases = HERE / "blind_round19.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_20_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 20's development part (60, written blind: what a streaming recognizer writes down —
    fillers, restarts, corrections without a pause, digits said one by one): 52/60 at its first run (3 acting
    wrongly), 59/60 after round 16. b20_047 (佐藤健に1万円いや佐藤健太だ健太のほう, no verb) asks. Its 140
    held-out cases are never opened here."""
    cases = HERE / "blind_round20.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_21_development_part_scores_all(tmp_path: Path) -> None:
    """Blind round 21's development part (60, written blind as minimal pairs: a request and its near-twin
    that must not act): 53/60 at its first run (4 acting wrongly), 60/60 after round 16. Its 140 held-out
    cases are never opened here."""
    cases = HERE / "blind_round21.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 1.0)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_22_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 22's development part (60, written blind: Japanese as spoken and typed — dialect, keigo,
    chat, kana, formal numerals): 50/60 at its first run (2 acting wrongly), 56/60 after round 19 (the four
    left ask or refuse: a grandchild named in a long keigo story, romaji Japanese, a Kansai balance
    question, a negation in a story about the speaker). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round22.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_23_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 23's development part (60, written blind: amounts and dates): 51/60 at its first run (5
    acting wrongly), 57/60 after round 18 ("shoot … one and a half k", "twelve ninety-nine" and a correction
    after a trailing pause, 5000円…いや6000円, ask). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round23.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 57 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_24_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 24's development part (60, written blind: commands and what sits near them — questions
    about the bank, requests outside banking in banking words): 52/60 at its first run (3 acting wrongly),
    58/60 after round 20 (a Japanese parcel question answered as a bank question; "500 gems" refused rather
    than called out of scope). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round24.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_25_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 25's development part (60, written blind: utterances of more than one part): 33/60 at its
    first run (8 acting wrongly), 40/60 after round 21, 42/60 after round 23 (1 acting wrongly left: last
    month's figure paid for this month's bill). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round25.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 42 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_26_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 26's development part (60, written blind: chat typing, romaji, dialects, UK/AU English):
    45/60 at its first run (2 acting wrongly), 59/60 after rounds 22-23 (0). Its 140 held-out cases are
    never opened here."""
    cases = HERE / "blind_round26.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_27_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 27's development part (60, written blind: conditions, plans, time, money slang): 46/60 at
    its first run (2 acting wrongly), 59/60 after rounds 22-23 (0). Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round27.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_28_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 28's development part (60, written blind mid-session: everyday language across all
    commands): 47/60 on the code before rounds 22-23 (6 acting wrongly), 53/60 at its first run (after
    round 22), 54/60 after round 23 (0), 56/60 after round 24. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round28.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_29_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 29's development part (60, written blind after rounds 22-23: a release check across every
    command and customer): 57/60 at its first run (3 counted acting wrongly: a balance read without the
    account the author expected, a payee lookup without its payee, "send 25 to chris" sent to the one Chris
    where the author asked for a question). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round29.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 57 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_30_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 30's development part (60, written blind: spoken-style transcripts, fillers, restarts,
    numbers as words, two requests in one turn): 53/60 at its first run, 58/60 after round 24 (left: a
    correction "ken no kenta" and "twelve ninety nine", both asked). Its 140 held-out cases are never
    opened here."""
    cases = HERE / "blind_round30.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_31_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 31's development part (60, written blind: accounts, cards and history in detail): 58/60
    at its first run, 60/60 after round 24. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round31.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_32_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 32's development part (60, written blind: learner English, 敬語, one-word customers,
    mixed languages, panic): 54/60 at its first run, 60/60 after round 24. Its 140 held-out cases are never
    opened here."""
    cases = HERE / "blind_round32.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_33_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 33's development part (60, written blind: money safety end to end): 51/60 (1 acting
    wrongly: a transfer said as a test) at its first run, 58/60 after round 24 (left, both asked: "sara
    without the h" and "Kristen O'Neil"). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round33.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_34_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 34's development part (60, written blind after round 24: a release check across every
    command and customer): 60/60 at its first run (as on the session's starting code). Its 140 held-out cases
    are never opened here."""
    cases = HERE / "blind_round34.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_35_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 35's development part (60, written blind: bills, billers and when): 51/60 (3 acting
    wrongly: a bill's due date and a day just passed dropped) at its first run, 56/60 after round 25, 58/60
    after round 26 (left, both asked: 東京の請求書 listing no billers, 来月の頭). Its 140 held-out cases are
    never opened here."""
    cases = HERE / "blind_round35.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_36_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 36's development part (60, written blind: customers who talk around the request): 41/60
    (1 acting wrongly: "Lock it" with no card said) at its first run, 51/60 after round 25, 56/60 after round
    26 (left, none acting: a double negative in English, "I didn't say to lock it … unlock it",
    同じのをもう一回, "…owe her 30 from the concert"). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round36.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_37_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 37's development part (60, written blind after most of round 25 had landed: a second
    release check): 59/60 at its first run, as on the session's starting code; 60/60 after round 26 ("Kristen
    O'Neil" is Kristen O'Neill, not asked between her and Chris O'Neil). Its 140 held-out cases are never
    opened here."""
    cases = HERE / "blind_round37.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_38_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 38's development part (60, written blind: Japanese as customers type and say it —
    colloquial, Kansai and other regional speech, business mail, mixed scripts): 55/60 at its first run, 59/60
    after round 26 (left, asked: "like 100-ish? actually just pay whatever's due"). Its 140 held-out cases
    are never opened here."""
    cases = HERE / "blind_round38.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_39_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 39's development part (60, written blind: asking about something vs asking for it —
    questions, complaints, fraud and loss, what the assistant does not offer, banking words outside
    banking): 56/60 (1 acting wrongly: "help me balance my diet" read the balance) at its first run, 60/60
    after round 26. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round39.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_40_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 40's development part (60, written blind: amounts in every form): 49/60 (5 acting
    wrongly: a quarter of a bill paid whole, overpaying a bill, a share of the balance read as the balance)
    at its first run, 56/60 after round 26 (left, all asked: the whole of an account, "twelve fifty for
    lunch", half the balance of c_003). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round40.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_41_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 41's development part (60, written blind: what the customer's own data cannot satisfy):
    57/60 (1 acting wrongly: 関西電力の電気代 paid 東京電力) at its first run, 58/60 after round 26 (left:
    a husband's card named as the customer's own while asked, "pay Verizon" for c_003 as a transfer), 59/60
    after round 27 (the husband's card names none). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round41.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_42_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 42's development part (60, written blind: cards and card controls in depth): 49/60 (4
    acting wrongly: a control narrower than the card locked or unlocked the whole card) at its first run,
    56/60 after round 27 (left: a card kept by an ATM is answered, "lok my debbit crd"). Its 140 held-out
    cases are never opened here."""
    cases = HERE / "blind_round42.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_43_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 43's development part (60, written blind: negation, hedges and uncertainty): 41/60 (2
    acting wrongly) at its first run, 48/60 (1) after round 27 (left: double negatives, a negated Japanese
    card beside the one meant, a date set aside by "not"). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round43.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 48 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_44_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 44's development part (60, written blind: when): 53/60 (2 acting wrongly: a clock time
    dropped and the money sent now; the day before a bill is due dropped) at its first run, 55/60 (0)
    after round 27 (令和 years read; a clock time with no day asks; a day counted back from the due date).
    Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round44.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 55 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_45_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 45's development part (60, written blind: reads in depth — balances, history, payee
    lookup and near-misses): 47/60 (5 acting wrongly: a count of transactions paid as the amount, a card the
    customer does not hold read as another) at its first run, 54/60 (0) after rounds 28 and 29 (left: every
    account's balance at once in Japanese, a balance after a bill, a merchant's charges asked about, a step
    count). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round45.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 54 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_46_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 46's development part (60, written blind: a release-check sample of a normal day's
    traffic): 60/60 at its first run and after rounds 28 and 29. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round46.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_47_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 47's development part (60, written blind: payees and billers by name — nicknames,
    honorifics, scripts, shared names, unregistered names): 55/60 (2 acting wrongly: a full name whose other
    half differs taken for the payee) at its first run, 59/60 (0) after rounds 28 and 29 (a title after a
    Japanese name is an honorific; a payee's bank tells namesakes apart; left: "Mom told me to send Maria
    $60…" asks). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round47.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_48_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 48's development part (60, written blind: money with a "when"): 56/60 (2 acting wrongly:
    a reminder with a day in it paid the bill; a payment dated today gave today's date where the contract says
    null) at its first run, 59/60 (0) after round 30 (left: 月初 asks). Its 140 held-out cases are never
    opened here."""
    cases = HERE / "blind_round48.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_49_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 49's development part (60, written blind: amounts in depth): 53/60 (1 acting wrongly:
    "2.5 hundred" sent $2.50) at its first run, 57/60 (0) after round 30 (left: "the same amount as last
    time" and "twelve ninety-nine" ask). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round49.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 57 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_50_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 50's development part (60, written blind: turns that sound like commands but must not
    act): 57/60 (2 acting wrongly: a lost card found again was locked; "after looking at this month's
    spending…" read the history) at its first run, 60/60 after round 31. Its 140 held-out cases are never
    opened here."""
    cases = HERE / "blind_round50.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_51_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 51's development part (60, written blind: several things in one turn): 50/60 (1 acting
    wrongly) at its first run, 53/60 after round 31 (left: two orders propose the first and tell the second
    back, where its author wanted a question; "only if it's under a hundred" and corrections of a biller
    ask). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round51.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 53 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_52_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 52's development part (60, written blind: Japanese in depth): 56/60 (0 acting wrongly)
    at its first run, 58/60 after round 31, 59/60 after round 32 (card digits in kana read; left:
    電機代 for 電気代). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round52.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_53_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 53's development part (60, written blind: learner English, speech transcripts,
    homophones, Japanese-English mixing): 50/60 (4 acting wrongly) at its first run, 59/60 (0) after round
    32 (left: "sato… saito ken" asks for the payee, its author wanted the two offered). Its 140 held-out cases
    are never opened here."""
    cases = HERE / "blind_round53.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_54_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 54's development part (60, written blind: scams, pressure, skipping the confirmation,
    other people's money): 40/60 (4 acting wrongly) at its first run, 58/60 after round 32. Its 140
    held-out cases are never opened here."""
    cases = HERE / "blind_round54.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_55_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 55's development part (60, written blind: cards in depth): 50/60 (1 acting wrongly) at
    its first run, 58/60 after round 32 (left: "pay $200 toward my credit card", an unlock for a later day
    asks). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round55.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_56_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 56's development part (60, written blind: reads in depth): 47/60 (4 acting wrongly) at its
    first run, 60/60 after round 33. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round56.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_57_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 57's development part (60, written blind: payees and billers by every name, history):
    57/60 at its first run, 60/60 after round 33. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round57.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_58_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 58's development part (60, written blind: asking or requesting): 55/60 (1 acting wrongly)
    at its first run, 58/60 after round 33, 60/60 after round 34 ("I plan to pay him next week" asks who;
    "…but forgot, can you do it now?" is proposed). Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round58.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_59_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 59's development part (60, written blind: reads that must not simply execute): 53/60 (7
    acting wrongly) at its first run, 60/60 after round 33. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round59.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_60_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 60's development part (60, written blind: amounts in depth): 56/60 (1 acting wrongly)
    at its first run, 60/60 after round 34. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round60.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_61_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 61's development part (60, written blind: the conversation around commands): 59/60 (0
    acting wrongly) at its first run, 60/60 after round 34. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round61.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_62_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 62's development part (60, written blind: speech-recognizer transcripts): 46/60 (6
    acting wrongly) at its first run, 56/60 after round 34. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round62.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 56 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_63_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 63's development part (60, written blind: bills in depth): 58/60 (1 acting wrongly) at
    its first run, 59/60 after round 34. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round63.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 59 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_64_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 64's development part (60, written blind: execution dates): 58/60 (2 acting wrongly) at
    its first run, 60/60 after round 34. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round64.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 60 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_65_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 65's development part (60, written blind: turns that carry more than one thing): 45/60
    (3 acting wrongly) at its first run, 52/60 after round 34. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round65.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 52 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_66_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 66's development part (60, written blind: an ordinary week): 56/60 (0 acting wrongly)
    at its first run, 57/60 after round 34. Its 140 held-out cases are never opened here."""
    cases = HERE / "blind_round66.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 57 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_67_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 67's development part (60, written blind: Japanese in depth, second round): 57/60 (1
    acting wrongly) at its first run, 58/60 after round 34. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round67.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 58 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_68_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 68's development part (60, written blind: when the money moves, among other words):
    51/60 (1 acting wrongly) at its first run, 52/60 after round 35. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round68.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 52 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_69_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 69's development part (60, written blind: amounts worked out or pointed to, numbers that
    are no amount): 32/60 (9 acting wrongly) at its first run, 49/60 after round 35. Its 140 held-out cases
    are never opened here."""
    cases = HERE / "blind_round69.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 49 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_70_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 70's development part (60, written blind: who and which — payees, accounts, cards): 54/60
    (3 acting wrongly) at its first run, 57/60 after round 35. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round70.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 57 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout


@needs_shared
def test_blind_round_71_development_part_scores_at_its_reached_floor(tmp_path: Path) -> None:
    """Blind round 71's development part (60, written blind: orders that are not the customer's own, now):
    48/60 (5 acting wrongly) at its first run, 53/60 after round 35. Its 140 held-out cases are never opened
    here."""
    cases = HERE / "blind_round71.jsonl"
    scored = _score(cases, _batch(cases, tmp_path), 53 / 60 - 1e-9)
    assert scored.returncode == 0, scored.stdout
