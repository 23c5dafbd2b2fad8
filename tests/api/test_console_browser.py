"""The console in a real browser (Debian's Chromium through Playwright) against a real `teller serve`.

Chromium's fake microphone plays the committed recording of "send five thousand yen to sato ken"
(converted to a 16-bit WAV with quiet after it); everything is checked on the page's DOM, waiting on
DOM conditions only. Screenshots go to `test-artifacts/console/` (git-ignored; TELLER_TEST_ARTIFACTS
moves them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect, sync_playwright
from tests.api.conftest import Served, serve
from tests.speech import fixture_path

from teller.config import Settings

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("TELLER_TEST_ARTIFACTS", ROOT / "test-artifacts")) / "console"
LONG = 120_000  # ms: a generous bound for anything the server computes (ASR on a busy 2-core machine)

pytestmark = pytest.mark.slow


def _wav_with_quiet(tmp: Path) -> Path:
    """The committed FLAC as 16-bit PCM WAV, with 0.5 s of quiet before and 25 s after.

    The fake microphone loops its file; the quiet after the utterance keeps the second playing far
    away from the turn under test.
    """
    import soundfile as sf

    samples, rate = sf.read(fixture_path("send five thousand yen to sato ken"), dtype="float32")
    quiet = np.zeros(int(rate * 0.5), dtype=np.float32)
    padded = np.concatenate([quiet, samples, np.zeros(int(rate * 25), dtype=np.float32)])
    path = tmp / "send-5000-to-sato-ken.wav"
    sf.write(path, padded, rate, subtype="PCM_16")
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A real server on a fresh demo bank. c_001 (the customer with 佐藤 健) is Japanese-locale, and live
    partials come only from the English partial recognizer, so its voice goes to the English
    recognizer here (`voice.asr.ja=False`): the English command then has partials to show."""
    path = tmp_path_factory.mktemp("console") / "console.sqlite3"
    settings = Settings()
    settings.voice.asr.ja = False
    with serve(f"sqlite:///{path}", settings=settings) as s:
        yield s


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    assert CHROMIUM.exists(), "Debian's chromium is not installed (scripts/setup.sh installs it)"
    tmp = tmp_path_factory.mktemp("chromium")
    wav = _wav_with_quiet(tmp)
    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--autoplay-policy=no-user-gesture-required",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={wav}",
    ]
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp / "profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=args,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser: BrowserContext, server: Served) -> Iterator[Page]:
    page = browser.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    page.goto(server.url + "/")
    expect(page.locator("main")).to_have_attribute("data-ready", "true", timeout=30_000)
    yield page
    for customer in ("c_001", "c_002", "c_003"):  # keys travel in headers, never in a URL
        assert not any(server.key(customer) in url for url in urls), "an API key appeared in a URL"
    page.close()


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


def _balance(server: Served, customer: str, account: str) -> int:
    rows: list[dict[str, Any]] = httpx.get(
        f"{server.url}/v1/accounts", headers=server.auth(customer), timeout=10
    ).json()
    return int(next(r["balance_minor"] for r in rows if r["id"] == account))


def _type_turn(page: Page, text: str) -> None:
    box = page.get_by_role("textbox", name=re.compile("Type", re.I))
    box.fill(text)
    box.press("Enter")


def test_spoken_transfer_then_confirm(page: Page, server: Served) -> None:
    """Hold to talk: partials, then a ¥5,000 → 佐藤 健 confirmation card; Confirm moves the money once."""
    before = _balance(server, "c_001", "a_001")
    rows_before = server.counts()
    talk = page.get_by_role("button", name=re.compile("Hold to talk", re.I))
    talk.focus()
    page.keyboard.down("Space")
    card = page.locator("article.card[data-source='voice']").first
    expect(card).to_have_attribute("data-action", "confirm", timeout=LONG)
    page.keyboard.up("Space")
    expect(card).to_have_attribute("data-intent", "transfer_money")
    expect(card.locator("[data-entity='amount']")).to_contain_text("¥5,000")
    expect(card.locator("[data-entity='recipient']")).to_contain_text("佐藤 健")
    expect(card.locator("[data-entity='recipient']")).to_contain_text("···3321")
    assert card.locator(".partials li").count() >= 1, "no partial transcript was shown"
    expect(card.locator(".transcript")).to_contain_text(re.compile("sato", re.I))
    for stage in ("end_of_speech", "asr_final", "normalize", "names", "understand", "policy", "act"):
        row = card.locator(f".waterfall [data-stage='{stage}']")
        expect(row).to_have_count(1)
        assert float(row.get_attribute("data-ms") or "0") > 0, stage
    assert float(card.locator(".waterfall [data-stage='browser']").get_attribute("data-ms") or "0") > 0
    expect(page.locator("#stats [data-stat='voice'] .count")).to_have_text("1")
    _shot(page, "01-spoken-confirmation")

    card.get_by_role("button", name="Confirm").click()
    outcome = card.locator(".outcome")
    expect(outcome).to_have_attribute("data-status", "executed", timeout=30_000)
    expect(outcome.locator("[data-field='new-balance']")).to_have_text(_yen(before - 5000))
    expect(card.get_by_role("button", name="Confirm")).to_have_count(0)
    expect(page.locator("#accounts")).to_contain_text(_yen(before - 5000))
    assert _balance(server, "c_001", "a_001") == before - 5000
    rows_after = server.counts()
    assert rows_after["transactions"] == rows_before["transactions"] + 1
    _shot(page, "02-spoken-confirmed")


def test_hands_free_turn(page: Page) -> None:
    """Hands-free: the server's endpointer ends the turn by itself; switching off releases the microphone."""
    switch = page.get_by_role("switch", name=re.compile("Hands-free", re.I))
    switch.check()
    expect(page.locator("body")).to_have_attribute("data-listening", "handsfree")
    card = page.locator("article.card[data-source='voice']").first
    expect(card).to_have_attribute("data-action", "confirm", timeout=LONG)
    switch.uncheck()
    expect(page.locator("body")).to_have_attribute("data-listening", "")
    expect(card.locator("[data-entity='amount']")).to_contain_text("¥5,000")
    expect(card.locator("[data-entity='recipient']")).to_contain_text("佐藤 健")
    expect(card.get_by_role("button", name="Confirm")).to_be_visible()


def test_typed_japanese_transfer_confirmed_by_hai(page: Page, server: Served) -> None:
    """A typed Japanese transfer gives its confirmation card; typing はい executes it and marks the card."""
    before = _balance(server, "c_001", "a_001")
    _type_turn(page, "佐藤健さんに5000円振り込んで")
    last = page.locator("article.card[data-source='text']").last
    expect(last).to_have_attribute("data-action", "confirm", timeout=30_000)
    card = page.locator(f"article.card[data-turn-id='{last.get_attribute('data-turn-id')}']")
    expect(card.locator("[data-entity='amount']")).to_contain_text("¥5,000")
    expect(card.locator("[data-entity='recipient']")).to_contain_text("佐藤 健")
    expect(card.locator(".reply")).to_contain_text("振り込みますか")
    assert float(card.locator(".waterfall [data-stage='browser']").get_attribute("data-ms") or "0") > 0

    _type_turn(page, "はい")
    done = page.locator("article.card[data-intent='affirm']").last
    expect(done).to_have_attribute("data-action", "execute", timeout=30_000)
    expect(card.locator(".outcome")).to_have_attribute("data-status", "executed")
    expect(card.get_by_role("button", name="Confirm")).to_have_count(0)
    expect(page.locator("#accounts")).to_contain_text(_yen(before - 5000))
    _shot(page, "03-typed-japanese")


def test_enter_while_an_ime_composes_does_not_send(page: Page) -> None:
    """Enter that an IME takes to commit its composition does not send; Enter after the commit does."""
    box = page.get_by_role("textbox", name=re.compile("Type", re.I))
    box.focus()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.imeSetComposition", {"text": "さとうけん", "selectionStart": 5, "selectionEnd": 5})
    page.keyboard.press("Enter")
    expect(box).to_have_value("さとうけん")  # a send would have emptied the box
    cdp.send("Input.insertText", {"text": "佐藤健さんに5000円振り込んで"})
    expect(box).to_have_value("佐藤健さんに5000円振り込んで")
    expect(page.locator("article.card")).to_have_count(0)
    box.press("Enter")
    card = page.locator("article.card[data-source='text']")
    expect(card).to_have_count(1, timeout=30_000)
    expect(card).to_have_attribute("data-action", "confirm")
    expect(box).to_have_value("")


def test_scheduled_payment_shown_and_cancelled(page: Page, server: Served) -> None:
    """A transfer for tomorrow, confirmed, is listed as a scheduled payment; its Cancel button cancels it."""
    _type_turn(page, "send 2000 yen to Sato Ken tomorrow")
    card = page.locator("article.card[data-source='text']").last
    expect(card).to_have_attribute("data-action", "confirm", timeout=30_000)
    card.get_by_role("button", name="Confirm").click()
    expect(card.locator(".outcome")).to_have_attribute("data-status", "executed", timeout=30_000)
    expect(card.locator(".outcome")).to_contain_text("Scheduled")
    row = page.locator("#scheduled table.scheduled tbody tr").filter(has_text="¥2,000")
    expect(row).to_have_count(1, timeout=30_000)
    expect(row).to_contain_text("佐藤 健")
    _shot(page, "07-scheduled")
    row.get_by_role("button", name=re.compile("Cancel", re.I)).click()
    expect(row).to_have_count(0, timeout=30_000)
    payments = httpx.get(
        f"{server.url}/v1/scheduled", params={"status": "all"}, headers=server.auth(), timeout=10
    ).json()
    mine = [p for p in payments if p["amount_minor"] == 2000]
    assert [p["status"] for p in mine] == ["cancelled"], mine


def test_clarify_candidates_and_balance_table(page: Page, server: Served) -> None:
    """An ambiguous name offers candidate buttons; choosing one gives a confirmation; balances are a table."""
    _type_turn(page, "send 3000 yen to sato")
    card = page.locator("article.card[data-source='text']").last
    expect(card).to_have_attribute("data-action", "clarify", timeout=30_000)
    expect(card.locator(".reason")).to_contain_text(re.compile("several", re.I))
    choice = card.get_by_role("button", name=re.compile("佐藤 健太"))
    choice.click()
    chosen = page.locator("article.card[data-source='text']").last
    expect(chosen).to_have_attribute("data-action", "confirm", timeout=30_000)
    expect(chosen.locator("[data-entity='recipient']")).to_contain_text("佐藤 健太")
    chosen.get_by_role("button", name="Cancel").click()
    expect(chosen.locator(".outcome")).to_have_attribute("data-status", "cancelled", timeout=30_000)

    _type_turn(page, "what's my balance")
    balance = page.locator("article.card[data-intent='balance_inquiry']").last
    expect(balance.locator("table.accounts tbody tr")).to_have_count(2, timeout=30_000)
    _type_turn(page, "show my recent transactions")
    history = page.locator("article.card[data-intent='recent_transactions']").last
    expect(history.locator("table.transactions tbody tr").first).to_be_visible(timeout=30_000)
    _shot(page, "04-clarify-and-tables")


def test_streamed_answer_with_a_citation(page: Page) -> None:
    """An open question streams a cited answer; the cited article opens in the page."""
    _type_turn(page, "What are the ATM fees at convenience stores?")
    card = page.locator("article.card[data-intent='qna']").last
    answer = card.locator(".answer")
    expect(answer).to_have_attribute("data-state", "done", timeout=30_000)
    expect(answer).to_contain_text("¥110")
    assert int(answer.get_attribute("data-tokens") or "0") >= 1
    citation = card.locator("a.citation[data-article='kb-atm-fees']").first
    expect(citation).to_be_visible()
    citation.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_contain_text("ATM fees")
    expect(dialog).to_contain_text("¥110")
    _shot(page, "05-qna-article")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_customer_picker_and_api_key(page: Page, server: Served) -> None:
    """Picking another demo customer, or pasting a key, changes whose accounts the page shows."""
    page.get_by_role("combobox", name=re.compile("Customer", re.I)).select_option("c_002")
    expect(page.locator("#accounts")).to_contain_text("Everyday checking", timeout=30_000)
    key_box = page.get_by_label(re.compile("API key", re.I))
    key_box.fill(server.key("c_001"))
    key_box.press("Enter")
    expect(page.locator("#accounts")).to_contain_text("¥", timeout=30_000)
    expect(page.locator("#accounts")).not_to_contain_text("Everyday checking", timeout=30_000)


def test_a_late_answer_for_the_previous_customer_does_not_paint_over_the_current_one(
    page: Page, server: Served
) -> None:
    """Pick c_002, then at once paste c_001's key; c_002's accounts answer last and are dropped."""
    expect(page.locator("main")).to_have_attribute("data-ready", "true", timeout=30_000)
    held: list[Route] = []

    def hold_c002(route: Route) -> None:
        if route.request.headers.get("authorization", "").endswith(server.key("c_002")):
            held.append(route)  # answered only after c_001's accounts are on the page
        else:
            route.continue_()

    page.route("**/v1/accounts", hold_c002)
    page.get_by_role("combobox", name=re.compile("Customer", re.I)).select_option("c_002")
    key_box = page.get_by_label(re.compile("API key", re.I))
    key_box.fill(server.key("c_001"))
    key_box.press("Enter")
    expect(page.locator("#accounts")).to_contain_text("¥", timeout=30_000)
    assert len(held) == 1
    with page.expect_response(
        lambda r: r.request.headers.get("authorization", "").endswith(server.key("c_002"))
    ):
        held[0].continue_()
    page.wait_for_timeout(500)  # let the page handle the late answer (if it wrongly used it, it shows)
    expect(page.locator("#accounts")).to_contain_text("¥")
    expect(page.locator("#accounts")).not_to_contain_text("Everyday checking")


def test_a_wrong_key_is_refused_and_the_page_keeps_its_customer(page: Page) -> None:
    """A key the server does not know is reported, not stored, and the current customer stays."""
    expect(page.locator("#accounts")).to_contain_text("¥", timeout=30_000)
    key_box = page.get_by_label(re.compile("API key", re.I))
    key_box.fill("tk_demo_00000000000000000000000000000000")
    key_box.press("Enter")
    expect(page.get_by_role("status").first).to_contain_text("not accepted", timeout=30_000)
    assert "tk_demo_0000" not in page.evaluate("() => JSON.stringify(Object.assign({}, sessionStorage))")
    _type_turn(page, "what's my balance")
    card = page.locator("article.card[data-intent='balance_inquiry']")
    expect(card.locator("table.accounts")).to_contain_text("¥", timeout=30_000)


def test_keyboard_only_and_labels(page: Page) -> None:
    """Every control has an accessible name; a transfer can be typed and confirmed with the keyboard alone."""
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, textarea, a[href]')]
            .filter(el => el.offsetParent !== null)
            .filter(el => !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
                            || (el.labels && el.labels.length) || el.textContent.trim()))
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    page.locator("body").focus()
    for _ in range(30):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == "text":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "text", "the text box is not reachable by Tab"
    page.keyboard.type("send 1000 yen to Suzuki Ichiro")
    page.keyboard.press("Enter")
    card = page.locator("article.card[data-source='text']").last
    expect(card).to_have_attribute("data-action", "confirm", timeout=30_000)
    for _ in range(30):
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Confirm":
            break
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(card.locator(".outcome")).to_have_attribute("data-status", "executed", timeout=30_000)


def test_phone_width_layout(page: Page) -> None:
    """At 375 px wide nothing scrolls sideways and the talk button and text box stay on screen."""
    page.set_viewport_size({"width": 375, "height": 740})
    _type_turn(page, "show my recent transactions")
    expect(page.locator("article.card table.transactions").last).to_be_visible(timeout=30_000)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    for name in ("Hold to talk", "Type"):
        box = page.get_by_label(re.compile(name, re.I)).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375, name
    _shot(page, "06-phone-width")


def test_resampler_keeps_speech_band_and_removes_aliases(page: Page) -> None:
    """The worklet's resampler turns 48 kHz and 44.1 kHz into 16 kHz: 440 Hz kept, 12 kHz filtered out."""
    result = page.evaluate(
        """async () => {
            const { Resampler } = await import('/console/resample.js');
            const out = {};
            for (const rate of [48000, 44100]) {
                for (const freq of [440, 12000]) {
                    const r = new Resampler(rate, 16000);
                    const chunks = [], blocks = Math.ceil(rate / 128);
                    for (let block = 0; block < blocks; block++) {  // one second, 128 at a time
                        const x = new Float32Array(128);
                        for (let i = 0; i < 128; i++) {
                            x[i] = 0.5 * Math.sin(2 * Math.PI * freq * (block * 128 + i) / rate);
                        }
                        chunks.push(...r.process(x));
                    }
                    const y = chunks.slice(800);  // skip the filter's start
                    let crossings = 0, energy = 0;
                    for (let i = 1; i < y.length; i++) if ((y[i - 1] < 0) !== (y[i] < 0)) crossings++;
                    for (const v of y) energy += v * v;
                    out[`${rate}/${freq}`] = {
                        n: chunks.length, expected: blocks * 128 * 16000 / rate,
                        hz: crossings / 2 / (y.length / 16000), rms: Math.sqrt(energy / y.length),
                    };
                }
            }
            return out;
        }"""
    )
    for rate in (48000, 44100):
        kept, removed = result[f"{rate}/440"], result[f"{rate}/12000"]
        assert abs(kept["n"] - kept["expected"]) <= 2, kept
        assert abs(kept["hz"] - 440) < 5, kept
        assert 0.33 < kept["rms"] < 0.38, kept  # 0.5 / sqrt(2) = 0.354: the passband is flat
        assert removed["rms"] < 0.01, removed
