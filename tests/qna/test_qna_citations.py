"""The streaming citation filter: only retrieved ids reach the customer."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from teller.qna.citations import CitationFilter, strip_citations

ALLOWED = {"kb-atm-fees", "kb-atm-limits"}


def _run(pieces: list[str], allowed: set[str] = ALLOWED) -> tuple[str, CitationFilter]:
    filt = CitationFilter(allowed)
    text = "".join(filt.feed(p) for p in pieces) + filt.flush()
    return text, filt


def test_allowed_citation_split_across_pieces() -> None:
    """A citation cut into several stream pieces comes out whole and is recorded."""
    text, filt = _run(["It is free ", "[kb-", "atm-f", "ees]", "."])
    assert text == "It is free [kb-atm-fees]."
    assert filt.cited == ["kb-atm-fees"]


def test_unknown_citation_dropped() -> None:
    """An id that was not retrieved is removed from the text and kept in `dropped`."""
    text, filt = _run(["Fees apply [kb-made-up]."])
    assert text == "Fees apply ."
    assert filt.cited == [] and filt.dropped == ["kb-made-up"]


def test_mixed_citation_keeps_allowed_only() -> None:
    """A multi-id citation is rewritten to the ids that were retrieved."""
    text, filt = _run(["Yes [kb-other, kb-atm-limits、kb-atm-fees]"])
    assert text == "Yes [kb-atm-limits, kb-atm-fees]"
    assert filt.dropped == ["kb-other"]


def test_full_width_brackets_normalised() -> None:
    """Japanese-style brackets around an id are accepted and rewritten to [id]."""
    text, filt = _run(["無料です【kb-atm-fees】。"])
    assert text == "無料です[kb-atm-fees]。"
    assert filt.cited == ["kb-atm-fees"]


def test_ordinary_brackets_pass_through_immediately() -> None:
    """Bracketed text that cannot be a citation is released without waiting for the close."""
    filt = CitationFilter(ALLOWED)
    assert filt.feed("see [Note") == "see [Note"


def test_unclosed_bracket_released_at_end() -> None:
    """A bracket never closed is plain text at the end of the stream."""
    text, _ = _run(["cut off [kb-atm"])
    assert text == "cut off [kb-atm"


@given(st.lists(st.integers(min_value=0, max_value=60), max_size=6))
def test_output_independent_of_piece_boundaries(cuts: list[int]) -> None:
    """However the stream is cut into pieces, the filtered text is the same."""
    source = "Free at our ATMs [kb-atm-fees] but not [kb-nope] [x] 【kb-atm-limits】 end"
    bounds = sorted({min(c, len(source)) for c in cuts} | {0, len(source)})
    pieces = [source[a:b] for a, b in itertools.pairwise(bounds)]
    assert _run(pieces)[0] == _run([source])[0]


def test_strip_citations_for_speech() -> None:
    """Text-to-speech gets the answer without the bracketed ids."""
    assert strip_citations("It is free [kb-atm-fees]. 無料です【kb-atm-fees】。") == "It is free. 無料です。"
