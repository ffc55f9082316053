"""Readiness: whether this process can do its work now. `/api/health` says the process is alive
(and its database answers); `/api/health/ready` also asks the job queue, the blob storage and,
where this process renders (embedded workers), LibreOffice. A load balancer sends traffic only
to ready replicas; an orchestrator restarts only dead ones."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Any

from sqlalchemy import text

from slidewright.services import Services

log = logging.getLogger("slidewright.health")

OK, UNREACHABLE, NOT_USED, STARTING = "ok", "unreachable", "not_used", "starting"
PROBE_KEY = "health/readiness-probe"


def _database(engine: Any) -> None:
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))


def _queue(services: Services) -> None:
    huey = services.jobs.huey
    if huey is None:  # jobs run inline (tests): nothing to reach
        return
    conn = getattr(huey.storage, "conn", None)
    if conn is not None and hasattr(conn, "ping"):  # Redis
        conn.ping()
    else:  # SQLite or PostgreSQL queue: a query on its table
        huey.storage.queue_size()


def _storage(services: Services) -> None:
    services.blobs.exists(PROBE_KEY)  # a read is enough to know the store answers


class _Starting(Exception):
    """The dependency answers but is still starting (LibreOffice warming up)."""


def _renderer(services: Services) -> None:
    # Building it finds LibreOffice and poppler, or raises. While the LibreOffice started at
    # boot is still warming up, an upload's thumbnails would wait for it (3x a warm render when
    # the first upload came as the process began to answer): not ready yet.
    if getattr(services.renderer, "warming", False):
        raise _Starting()


# One deadline for all the checks, run side by side: a dependency that accepts connections and
# never answers (S3 retries for minutes by default, a black-holed database host) must not hold
# the probe, or the load balancer's probes pile up in the server.
DEADLINE_S = 3.0
_pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="readiness")


def readiness(engine: Any, services: Services) -> dict[str, str]:
    """Each dependency: 'ok', 'unreachable', 'starting' (LibreOffice warming up) or 'not_used'
    (a replica that does not render)."""
    checks: dict[str, Callable[[], None] | None] = {
        "database": lambda: _database(engine),
        "queue": lambda: _queue(services),
        "storage": lambda: _storage(services),
        "renderer": (lambda: _renderer(services)) if services.settings.embedded_workers else None,
    }
    running = {name: _pool.submit(check) for name, check in checks.items() if check is not None}
    done, _late = wait(running.values(), timeout=DEADLINE_S)
    results: dict[str, str] = {}
    for name in checks:
        future = running.get(name)
        if future is None:
            results[name] = NOT_USED
        elif future not in done:
            log.warning("readiness: %s did not answer within %.0f s", name, DEADLINE_S)
            results[name] = UNREACHABLE
        elif isinstance(future.exception(), _Starting):
            results[name] = STARTING
        elif (error := future.exception()) is not None:
            log.warning("readiness: %s unreachable: %s", name, error)
            results[name] = UNREACHABLE
        else:
            results[name] = OK
    return results
