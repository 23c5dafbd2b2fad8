"""The engine's decoder against transformers' Gemma 4 on a tiny fp32 config (CPU)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="the gpu extra is installed by scripts/setup.sh")

from teller.errors import BackendError, DeadlineExceeded  # noqa: E402
from teller.llm.engine import config as cfgs  # noqa: E402
from teller.llm.engine import generate as gen  # noqa: E402
from teller.llm.engine import weights as wts  # noqa: E402
from teller.llm.engine.reference import hf_model  # noqa: E402
from teller.llm.engine.runner import Engine, EngineOptions  # noqa: E402

TOL = 1e-4


@pytest.fixture(scope="module")
def weights() -> wts.ModelWeights:
    return wts.dummy(cfgs.TINY, dtype=torch.float32, device="cpu", seed=0, std=0.1)


@pytest.fixture(scope="module")
def reference(weights: wts.ModelWeights) -> object:
    return hf_model(weights, "eager")


@pytest.fixture(scope="module")
def tokens() -> list[int]:
    gen_ = torch.Generator().manual_seed(3)
    return torch.randint(0, cfgs.TINY.vocab_size, (100,), generator=gen_).tolist()


@pytest.fixture(scope="module")
def full_logits(reference: object, tokens: list[int]) -> torch.Tensor:
    with torch.no_grad():
        return reference(input_ids=torch.tensor([tokens])).logits[0]  # type: ignore[operator]


def _engine(weights: wts.ModelWeights, **options: object) -> Engine:
    return Engine(weights, EngineOptions(max_len=160, **options))  # type: ignore[arg-type]


def test_published_shapes() -> None:
    """E4B/E2B carry the published layer counts, head sizes, KV sharing and double-wide MLPs."""
    e4b, e2b = cfgs.E4B, cfgs.E2B
    assert (e4b.num_layers, e4b.hidden_size, e4b.num_kv_heads, e4b.num_kv_shared_layers) == (42, 2560, 2, 18)
    assert (
        e4b.layer_types.count(cfgs.FULL) == 7
        and e4b.layer_head_dim(5) == 512
        and e4b.layer_head_dim(4) == 256
    )
    assert e4b.kv_source(24) == 22 and e4b.kv_source(29) == 23 and e4b.kv_source(23) == 23
    assert (
        e2b.num_layers == 35
        and e2b.kv_source(19) == 14
        and e2b.layer_mlp_size(20) == 2 * e2b.layer_mlp_size(3)
    )


def test_prefill_matches_reference(
    weights: wts.ModelWeights, tokens: list[int], full_logits: torch.Tensor
) -> None:
    """Last-token logits after a prompt longer than the window equal transformers' (fp32)."""
    engine = _engine(weights)
    out = engine.prefill(tokens[:90])
    assert float((out - full_logits[89]).abs().max()) < TOL


@pytest.mark.parametrize(
    "options", [{}, {"yoco": False}, {"bucket_prefill": False}, {"attention": "sdpa-math"}]
)
def test_cached_prefix_decode_forced_and_verify(
    weights: wts.ModelWeights, tokens: list[int], full_logits: torch.Tensor, options: dict[str, object]
) -> None:
    """Kept prefix, chunked prefill, decode steps, forced-token batches, verify and rollback all match."""
    engine = _engine(weights, **options)
    engine.set_prefix(tokens[:40])
    errs = [float((engine.prefill(tokens[:70]) - full_logits[69]).abs().max())]
    for j in range(70, 80):
        errs.append(float((engine.step([tokens[j]]) - full_logits[j]).abs().max()))
    errs.append(float((engine.step(tokens[80:85]) - full_logits[84]).abs().max()))
    errs.append(float((engine.verify(tokens[85:90]) - full_logits[85:90]).abs().max()))
    engine.rollback(2)
    errs.append(float((engine.step(tokens[88:90]) - full_logits[89]).abs().max()))
    errs.append(
        float((engine.prefill(tokens[:75]) - full_logits[74]).abs().max())
    )  # second request, same prefix
    assert engine.counters.prefix_hits == 2
    assert max(errs) < TOL


def test_rejected_draft_leaves_no_trace(
    weights: wts.ModelWeights, tokens: list[int], full_logits: torch.Tensor
) -> None:
    """Verifying wrong tokens, then rolling them back, gives the same logits as never feeding them."""
    engine = _engine(weights)
    engine.prefill(tokens[:60])
    engine.verify([tokens[60], 7, 8, 9, 10, 11, 12, 13])
    engine.rollback(7)
    out = engine.step(tokens[61:63])
    assert float((out - full_logits[62]).abs().max()) < TOL


def test_greedy_matches_reference_generate(
    weights: wts.ModelWeights, reference: object, tokens: list[int]
) -> None:
    """64 greedy steps give transformers' greedy tokens."""
    prompt = tokens[:30]
    with torch.no_grad():
        ref = reference.generate(  # type: ignore[attr-defined]
            torch.tensor([prompt]), max_new_tokens=64, min_new_tokens=64, do_sample=False
        )[0, len(prompt) :].tolist()
    res = gen.greedy(_engine(weights), prompt, max_new=64, stop_ids=frozenset(), stop=gen.Stop(120))
    assert res.tokens == ref


def test_speculative_equals_greedy(weights: wts.ModelWeights, tokens: list[int]) -> None:
    """Prompt-lookup speculation yields exactly the greedy tokens, gaining >= 1 token per forward."""
    prompt = tokens[:20] + tokens[:20]  # a repeated span gives the drafter something to copy
    plain = gen.greedy(_engine(weights), prompt, max_new=40, stop_ids=frozenset(), stop=gen.Stop(120))
    steps = list(
        gen.speculative(
            _engine(weights), prompt, max_new=40, stop_ids=frozenset(), stop=gen.Stop(120),
            drafter=gen.PromptLookup(), k=6,
        )
    )  # fmt: skip
    assert [t for step in steps for t in step] == plain.tokens
    assert all(len(step) >= 1 for step in steps)


def test_prompt_lookup_drafts_what_followed() -> None:
    """The drafter proposes the tokens that followed the last n-gram's earlier occurrence."""
    assert gen.PromptLookup().propose([1, 2, 3, 4, 5, 9, 2, 3], 2) == [4, 5]
    assert gen.PromptLookup().propose([1, 2, 3], 4) == []


def test_deadline_and_cancel(weights: wts.ModelWeights, tokens: list[int]) -> None:
    """A spent deadline or a set cancel flag stops decoding with DeadlineExceeded."""
    import threading

    engine = _engine(weights)
    with pytest.raises(DeadlineExceeded):
        gen.greedy(engine, tokens[:10], max_new=50, stop_ids=frozenset(), stop=gen.Stop(0.0))
    flag = threading.Event()
    flag.set()
    with pytest.raises(DeadlineExceeded) as info:
        gen.greedy(engine, tokens[:10], max_new=50, stop_ids=frozenset(), stop=gen.Stop(60, flag))
    assert info.value.code == "cancelled"


def test_too_long_is_a_clear_error(weights: wts.ModelWeights) -> None:
    """A prompt past max_len raises BackendError instead of writing out of bounds."""
    with pytest.raises(BackendError):
        _engine(weights).prefill(list(range(1, 200)))


def test_sparse_pick_equals_masked_full_head(weights: wts.ModelWeights, tokens: list[int]) -> None:
    """A masked argmax over only the allowed head rows picks what the full head, masked, picks."""
    import numpy as np

    engine = _engine(weights)
    vocab = cfgs.TINY.vocab_size
    rng = np.random.default_rng(5)
    for trial in range(6):
        engine.reset()
        engine.run(tokens[: 50 + trial], rows=range(45, 50 + trial))
        logits = engine.logits().clone()
        masks = []
        for _ in range(logits.shape[0]):
            allowed = rng.choice(vocab, size=int(rng.integers(1, 40)), replace=False)
            bits = np.zeros(vocab, dtype=np.uint8)
            bits[allowed] = 1
            masks.append(np.packbits(bits, bitorder="little").view(np.uint32))
        expect = []
        for row, mask in zip(logits, masks, strict=True):
            allowed_t = torch.from_numpy(np.unpackbits(mask.view(np.uint8), bitorder="little")[:vocab]).bool()
            expect.append(int(torch.where(allowed_t, row, float("-inf")).argmax()))
        assert engine.pick(masks) == expect
        assert engine.counters.heads_sparse == trial + 1


def test_sparse_pick_falls_back_to_the_full_head(weights: wts.ModelWeights, tokens: list[int]) -> None:
    """A mask allowing more tokens than the sparse head holds is applied to the full head instead."""
    import numpy as np

    engine = _engine(weights)
    engine.start(tokens[:30])
    row = engine.logits()[0].clone()
    bits = np.ones(cfgs.TINY.vocab_size, dtype=np.uint8)
    bits[int(row.argmax())] = 0  # everything but the favourite
    mask = np.packbits(bits, bitorder="little").view(np.uint32)
    pick = engine.pick([mask])
    assert pick == [int(row.topk(2).indices[1])]
    assert engine.counters.heads_sparse == 0


def test_sampling_is_seeded_and_cold_sampling_is_greedy(weights: wts.ModelWeights, tokens: list[int]) -> None:
    """Speculative sampling repeats itself for one seed, differs across seeds, and near T=0 is greedy."""
    prompt = tokens[:20] + tokens[:20]

    def spec(temperature: float, seed: int) -> list[int]:
        steps = gen.speculative(
            _engine(weights), prompt, max_new=30, stop_ids=frozenset(), stop=gen.Stop(120),
            drafter=gen.PromptLookup(), k=4, sampler=gen.Sampler(temperature, seed=seed),
        )  # fmt: skip
        return [t for step in steps for t in step]

    plain = gen.greedy(_engine(weights), prompt, max_new=30, stop_ids=frozenset(), stop=gen.Stop(120))
    assert spec(1e-4, 0) == plain.tokens
    hot = [spec(1.5, seed) for seed in (1, 1, 2, 3)]
    assert hot[0] == hot[1]
    assert len({tuple(h) for h in hot}) > 1


def test_speculative_sampling_acceptance_rule() -> None:
    """A drafted token the model is sure of is kept; one it rules out is replaced by another token."""
    vocab = 6
    sure = torch.full((3, vocab), -30.0)
    sure[0, 2] = sure[1, 4] = sure[2, 1] = 30.0
    for seed in range(5):
        assert gen._accept_sampled(sure, [2, 4], gen.Sampler(1.0, seed=seed), frozenset()) == (2, 1)
        kept, token = gen._accept_sampled(sure, [3, 4], gen.Sampler(1.0, seed=seed), frozenset())
        assert kept == 0 and token != 3
    assert gen._accept_sampled(sure, [2, 4], gen.Sampler(1.0), frozenset({4})) == (1, 4)


def test_prompt_lookup_prefers_the_longest_and_latest_ngram() -> None:
    """The longest matching n-gram wins over a later shorter one; among equals the latest wins."""
    drafter = gen.PromptLookup(max_ngram=3, min_ngram=1)
    assert drafter.propose([7, 8, 9, 1, 5, 9, 2, 8, 9], 1) == [1]
    assert drafter.propose([9, 1, 9, 2, 9, 3, 9], 2) == [3, 9]
