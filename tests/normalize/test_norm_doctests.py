"""The examples in the normalize modules' docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from teller.normalize import amounts, dates, digits, numbers_en, numbers_ja


@pytest.mark.parametrize("module", [amounts, dates, digits, numbers_en, numbers_ja], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    """Every docstring example in the module gives the output it shows."""
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
