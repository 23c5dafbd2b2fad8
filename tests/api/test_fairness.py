"""Token buckets and per-key counters (pure; the clock is passed in)."""

from __future__ import annotations

from teller.api.fairness import Concurrency, TokenBuckets, retry_after


def test_a_bucket_allows_its_burst_then_says_when_to_retry() -> None:
    """`burst` requests pass at once; the next waits 1/rate seconds; time refills it."""
    buckets = TokenBuckets(rate=2.0, burst=3)
    assert [buckets.take("k", 0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("k", 0.0) == 0.5
    assert buckets.take("other", 0.0) == 0.0  # keys do not share
    assert buckets.take("k", 0.5) == 0.0


def test_buckets_forget_the_least_recent_key_past_their_bound() -> None:
    """At most `max_keys` keys are kept; a forgotten one starts full again."""
    buckets = TokenBuckets(rate=0.001, burst=1, max_keys=2)
    buckets.take("a", 0.0)
    buckets.take("b", 0.0)
    buckets.take("c", 0.0)
    assert buckets.empty("a", 0.0) == 0.0 and buckets.empty("c", 0.0) > 0


def test_concurrency_refuses_past_the_limit_and_frees_on_leave() -> None:
    """A key at its limit is refused until one of its requests leaves."""
    c = Concurrency(2)
    assert c.enter("k") and c.enter("k") and not c.enter("k") and c.enter("j")
    c.leave("k")
    assert c.enter("k") and c["k"] == 2


def test_retry_after_is_whole_seconds_of_at_least_one() -> None:
    """Retry-After rounds up and is never 0."""
    assert (retry_after(0.01), retry_after(1.0), retry_after(1.2)) == (1, 1, 2)
