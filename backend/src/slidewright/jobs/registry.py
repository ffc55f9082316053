"""Job handlers by kind. A handler does the work and reports progress through the context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from slidewright.jobs.runner import JobContext


@dataclass(frozen=True)
class JobSpec:
    kind: str
    handler: Callable[[JobContext, dict[str, Any]], dict[str, Any] | None]


_HANDLERS: dict[str, JobSpec] = {}


def job_handler(kind: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Registers `func(ctx, payload) -> result dict | None` as the handler of `kind`."""

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        _HANDLERS[kind] = JobSpec(kind, func)
        return func

    return register


def handler_for(kind: str) -> JobSpec | None:
    return _HANDLERS.get(kind)
