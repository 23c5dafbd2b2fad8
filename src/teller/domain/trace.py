"""Audit trail entries: every decision a customer could dispute carries one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Extraction(Generic[T]):
    """A value found in text: where (`start`, `end` index the normalized text), what, and by which rule."""

    start: int
    end: int
    surface: str
    value: T
    rule: str


@dataclass(frozen=True, slots=True)
class TraceItem:
    """One explained decision: the stage, the rule or scorer, the surface text and the resulting value."""

    stage: str
    rule: str
    surface: str
    value: str
    score: float | None = None
