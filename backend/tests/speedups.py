"""What makes the suite fast without changing what it checks. Every test builds its own app and
signs its own people up, and three costs that have nothing to do with what a test checks were
paid again each time, about 3,000 times a run. The root conftest spares them for the session.

- Argon2id at production cost spends about 0.2 s of CPU per sign-up or sign-in: here a hash
  costs 2 ms (a hash records its parameters, so either kind verifies with either hasher).
  tests/auth/test_password_hashing.py checks what production uses.
- The six built-in template decks take about 3 s to build and are the same bytes every time
  (tests/builtin/test_builtin.py checks it): built once per process.
- FastAPI analyses every route's dependencies and response model again for each app it is
  included in, about 0.8 s per app for our 114 routes. The API's routes are module-level
  objects that every app includes the same way (api.py; main.py passes no include arguments),
  so the analysis of one app serves the next. It would differ per app only through
  `app.dependency_overrides`, which the suite never uses (the app fixture checks it) and
  which gets an app its own analysis.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import fastapi.routing
import pytest
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from slidewright.builtin import catalog
from slidewright.core import security
from slidewright.templates import builtins

# What the app uses, read before the session swaps it.
PASSWORD_HASHER_OF_THE_APP = security._hasher
# FastAPI's own analysis (a FastAPI upgrade that moves it fails this import: adapt or drop).
_ROUTE_CONTEXT = fastapi.routing._EffectiveRouteContext
_FASTAPIS_OWN = _ROUTE_CONTEXT.__dict__["from_api_route"]


def each_app_analyses_its_routes(patch: pytest.MonkeyPatch) -> None:
    """Puts FastAPI's own per-app route analysis back, for a test of when it happens."""
    patch.setattr(_ROUTE_CONTEXT, "from_api_route", _FASTAPIS_OWN)


def _shared_route_analysis() -> classmethod[Any, Any, Any]:
    analyse = _FASTAPIS_OWN.__func__
    analysed: dict[tuple[int, str], tuple[Any, Any]] = {}

    def from_api_route(cls: Any, *, original_route: Any, include_context: Any) -> Any:
        provider = include_context.dependency_overrides_provider
        if getattr(provider, "dependency_overrides", None):
            return analyse(cls, original_route=original_route, include_context=include_context)
        key = (id(original_route), include_context.path_for(original_route))
        found = analysed.get(key)
        # The route is kept in the entry, so its id cannot be reused by another route.
        if found is None or found[0] is not original_route:
            context = analyse(cls, original_route=original_route, include_context=include_context)
            found = analysed[key] = (original_route, context)
        return found[1]

    return classmethod(from_api_route)


@contextmanager
def speedups() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        cheap = Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1)
        patch.setattr(security, "_hasher", PasswordHash((cheap,)))
        patch.setattr(builtins, "build", functools.cache(catalog.build))
        patch.setattr(_ROUTE_CONTEXT, "from_api_route", _shared_route_analysis())
        yield
