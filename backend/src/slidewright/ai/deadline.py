"""One deadline per user action, across every model request and retry it makes.

A per-request timeout alone multiplies: three attempts of a 60 s timeout made a user watch a
spinner for minutes. The first model call of an action opens the deadline (`action`); the
calls and retries inside it share what is left (`remaining`), and waiting for a free model
slot counts too. The deadline lives in a context variable, so it follows the request into the
thread pool and never leaks into another request.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from slidewright.ai.errors import AiTimeoutError

_ends_at: ContextVar[float | None] = ContextVar("slidewright_ai_deadline", default=None)
_seconds: ContextVar[float] = ContextVar("slidewright_ai_deadline_seconds", default=0.0)


@contextmanager
def action(seconds: float) -> Iterator[None]:
    """The deadline of one user action; inside an action already running, the outer one holds."""
    if _ends_at.get() is not None:
        yield
        return
    ends = _ends_at.set(time.monotonic() + seconds)
    total = _seconds.set(seconds)
    try:
        yield
    finally:
        _ends_at.reset(ends)
        _seconds.reset(total)


def remaining() -> float:
    """Seconds left in the current action (infinite outside one)."""
    ends = _ends_at.get()
    return float("inf") if ends is None else ends - time.monotonic()


def check(needed: float = 0.0) -> None:
    """Raises `ai_timeout` once fewer than `needed` seconds are left."""
    if remaining() <= needed:
        raise AiTimeoutError(seconds=round(_seconds.get()))
