"""The embedded backend in process, with the bundled model: constraints, enums, prefix reuse, jump-forward."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.llm.adversarial import adversarial_inputs, shown_ids

from teller.llm.backends.embedded import EmbeddedBackend
from teller.llm.doctor import PROSE_PROMPT, PROSE_SCHEMA, valid_prose_reply
from teller.llm.extract import CandidateView, ExtractionInput, Extractor
from teller.llm.prompt import CandidateLine, build_messages
from teller.llm.schema import build_schema, check_reply

pytestmark = pytest.mark.slow
# Generous: these tests check behaviour, not speed, and CI machines are shared (bench/ measures speed).
DEADLINE = 300.0

AMBIGUOUS = ExtractionInput(
    "send five thousand yen to sato",
    (
        CandidateView("p_001", "payee", "佐藤 健", "さとう けん", 0.93),
        CandidateView("p_003", "payee", "佐藤 健太", "さとう けんた", 0.90),
        CandidateView("a_001", "account", "普通預金 (ordinary savings) JPY"),
    ),
    {"intent_guess": "transfer_money", "amount": "5000", "currency": "JPY"},
)


def _messages(inp: ExtractionInput) -> list[Any]:
    lines = [CandidateLine(c.id, c.kind, c.display_name, c.reading, c.score) for c in inp.candidates]
    return build_messages(inp.text, lines, inp.hints, inp.language)


def test_prose_begging_prompt_still_yields_schema_valid_json(embedded: EmbeddedBackend) -> None:
    """Asked for paragraphs, the constrained model still returns exactly the schema's JSON."""
    reply = embedded.complete_json(
        [{"role": "user", "content": PROSE_PROMPT}], PROSE_SCHEMA, max_tokens=32, deadline_s=DEADLINE
    )
    assert valid_prose_reply(reply.text), reply.text


def test_extraction_reply_is_compact_schema_json(embedded: EmbeddedBackend) -> None:
    """The extraction reply parses, passes the code-side check, and is compact (no whitespace)."""
    ids = {"payee": ["p_001", "p_003"], "account": ["a_001"]}
    reply = embedded.complete_json(
        _messages(AMBIGUOUS), build_schema(ids), max_tokens=96, deadline_s=DEADLINE
    )
    check_reply(reply.text, ids)
    assert ", " not in reply.text and ": " not in reply.text
    assert reply.output_tokens <= 96


def test_real_model_never_returns_ids_outside_the_candidates(embedded: EmbeddedBackend) -> None:
    """Adversarial transcripts through the real model: every reply is accepted and names only shown ids."""
    extractor = Extractor(embedded, deadline_s=DEADLINE)
    for inp in adversarial_inputs(6, seed=11):
        out = extractor.extract(inp)
        assert out.ok, (inp.text, out.reason)
        ids = shown_ids(inp)
        assert out.recipient_id is None or out.recipient_id in ids["payee"]
        assert out.biller_id is None or out.biller_id in ids["biller"]
        assert out.card_id is None or out.card_id in ids["card"]
        assert out.account_id is None or out.account_id in ids["account"]


def test_fixed_prefix_is_decoded_once_and_reused(embedded: EmbeddedBackend) -> None:
    """Across turns with different customers' candidates, the prefix is never decoded again."""
    before = embedded.prefix_evaluations
    ids = {"payee": ["p_001", "p_003"], "account": ["a_001"]}
    other = ExtractionInput("pay con ed", (CandidateView("b_101", "biller", "Con Edison"),), {})
    for inp, kind_ids in ((AMBIGUOUS, ids), (other, {"biller": ["b_101"]})):
        reply = embedded.complete_json(
            _messages(inp), build_schema(kind_ids), max_tokens=96, deadline_s=DEADLINE
        )
        assert reply.extra["reused_tokens"] >= reply.extra["prefix_tokens"] > 300
    assert embedded.prefix_evaluations == before


def test_jump_forward_gives_the_same_answer_in_fewer_calls(embedded: EmbeddedBackend) -> None:
    """With and without jump-forward the JSON is identical; forced tokens cost no model calls."""
    ids = {"payee": ["p_001", "p_003"], "account": ["a_001"]}
    messages, schema = _messages(AMBIGUOUS), build_schema(ids)
    fast = embedded.complete_json(messages, schema, max_tokens=96, deadline_s=DEADLINE)
    embedded.jump_forward = False
    try:
        slow = embedded.complete_json(messages, schema, max_tokens=96, deadline_s=DEADLINE)
    finally:
        embedded.jump_forward = True
    assert json.loads(fast.text) == json.loads(slow.text)
    assert fast.model_calls * 2 < slow.model_calls
    assert slow.model_calls == slow.output_tokens  # one decode per token (the first rides on the prompt)


def test_deadline_exceeded_degrades(embedded: EmbeddedBackend) -> None:
    """A deadline shorter than one decode yields llm_deadline_exceeded, not an exception."""
    out = Extractor(embedded, deadline_s=0.001).extract(AMBIGUOUS)
    assert (out.ok, out.reason) == (False, "llm_deadline_exceeded")


def test_stream_text_streams_plain_text(embedded: EmbeddedBackend) -> None:
    """stream_text samples unconstrained text in several pieces (for QnA answers)."""
    pieces = list(
        embedded.stream_text(
            [{"role": "user", "content": "In one sentence: why do bank transfers need a recipient name?"}],
            max_tokens=24,
            temperature=0.0,
            deadline_s=DEADLINE,
        )
    )
    assert len(pieces) > 3 and "".join(pieces).strip()


def test_a_new_process_restores_the_prefix_from_disk(embedded: EmbeddedBackend) -> None:
    """A fresh backend (as in a new process) restores the saved prefix state instead of decoding it."""
    fresh = EmbeddedBackend(embedded.model_path())
    Extractor(fresh).warm()
    assert (fresh.prefix_loads, fresh.prefix_evaluations) == (1, 0)
    ids = {"payee": ["p_001", "p_003"], "account": ["a_001"]}
    messages, schema = _messages(AMBIGUOUS), build_schema(ids)
    restored = fresh.complete_json(messages, schema, max_tokens=96, deadline_s=DEADLINE)
    decoded = embedded.complete_json(messages, schema, max_tokens=96, deadline_s=DEADLINE)
    assert restored.text == decoded.text
    assert restored.extra["reused_tokens"] >= restored.extra["prefix_tokens"]


def test_a_corrupt_prefix_file_is_ignored(embedded: EmbeddedBackend, tmp_path: Path) -> None:
    """A state file that does not match is refused and leaves the cache empty, never half-loaded."""
    from teller.llm.backends import prefix_store

    fresh = EmbeddedBackend(embedded.model_path())
    fresh.load()
    bogus = tmp_path / "bogus.kv"
    bogus.write_bytes(b"\x00" * 4096)
    llm = fresh._json_model()
    assert not prefix_store.load(llm, bogus, [1, 2, 3])
    assert llm.n_tokens == 0
