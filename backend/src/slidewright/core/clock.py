"""The one place that reads the wall clock, so tests can reason about time."""

from datetime import UTC, datetime


def utcnow() -> datetime:
    return datetime.now(UTC)
