"""The calendar's words, once: English month and weekday names (Monday first, as `date.weekday()`
counts), and the Japanese weekday characters."""

from __future__ import annotations

__all__ = ["JA_WEEKDAYS", "MONTH_NAMES", "WEEKDAY_NAMES"]

MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
JA_WEEKDAYS = "月火水木金土日"
