"""Database engine, declarative base and the request-scoped session (the unit of work).

SQLite (the embedded default) gets WAL, a busy timeout and enforced foreign keys on every
connection; PostgreSQL is reached through psycopg 3 (`postgresql+psycopg://...`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import anyio
import psycopg
from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import DateTime, Engine, MetaData, create_engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.types import TypeDecorator

# Stable constraint names so Alembic autogenerate produces the same migration on both backends.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both backends (SQLite stores naive values)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime; use core.clock.utcnow()")
        return value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            from datetime import UTC

            value = value.replace(tzinfo=UTC)
        return value


def normalize_url(url: str) -> str:
    """Accept plain `postgresql://` URLs and route them to psycopg 3."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(
    url: str, *, pool_size: int = 10, max_overflow: int = 20, pool_timeout: float = 30
) -> Engine:
    url = normalize_url(url)
    pool = {"pool_size": pool_size, "max_overflow": max_overflow, "pool_timeout": pool_timeout}
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 15}, **pool
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cursor = dbapi_conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=15000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, **pool)


# SQLSTATEs that mean "the server is not there for you now", not "your statement is wrong":
# connection exceptions (class 08), and the server shutting down, crashed or still starting
# (admin_shutdown, crash_shutdown, cannot_connect_now).
_UNREACHABLE_STATES = ("08", "57P01", "57P02", "57P03")


def database_unreachable(error: DBAPIError) -> bool:
    """Whether a database error means the server is out of reach (restarting, failing over,
    network down), so the same request succeeds once it is back; not a bug or a bad query."""
    if error.connection_invalidated:  # SQLAlchemy saw the connection die; the pool reconnects
        return True
    if not isinstance(error.orig, psycopg.OperationalError):  # SQLite: a lock or a bug
        return False
    state = error.orig.sqlstate
    # No SQLSTATE: the connection could not be made at all (refused, timed out, DNS).
    return state is None or state.startswith(_UNREACHABLE_STATES)


def pool_capacity(engine: Engine) -> int | None:
    """How many connections the engine's pool can lend at once (None: no fixed limit)."""
    pool: Any = engine.pool
    size, overflow = getattr(pool, "size", None), getattr(pool, "_max_overflow", None)
    if not callable(size) or not isinstance(overflow, int) or overflow < 0:
        return None
    return int(size()) + overflow


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    # expire_on_commit=False: response models are built after the unit of work commits.
    return sessionmaker(engine, expire_on_commit=False, autoflush=True)


@contextmanager
def unit_of_work(factory: sessionmaker[Session]) -> Iterator[Session]:
    """A session committed once at the end (rolled back on error); then the after-commit
    callbacks run (e.g. sending jobs to the queue), or the on-rollback ones on failure."""
    session = factory()
    try:
        yield session
    except BaseException:
        _fail(session)
        raise
    _complete(session)


def _complete(session: Session) -> None:
    """Commits and closes the unit of work, then runs its after-commit callbacks."""
    try:
        session.commit()
    except BaseException:
        _fail(session)
        raise
    after_commit = session.info.pop("after_commit", [])
    session.close()
    for callback in after_commit:
        callback()


def _fail(session: Session) -> None:
    """Rolls the unit of work back, runs its on-rollback callbacks and closes it."""
    try:
        session.rollback()
        for cleanup in session.info.pop("on_rollback", []):
            cleanup()
    finally:
        session.close()


async def get_session(request: Request) -> AsyncIterator[Session]:
    """One unit of work per request.

    Declared with `scope="function"` (see `SessionDep`) so the commit happens before the
    response is sent: a client never sees success for a write that did not land.

    `async`, so that opening the session (no I/O: a connection is taken on its first query)
    costs the request no trip to a worker thread; the commit or rollback at the end, which
    talk to the database, run in one. Shielded: a request cancelled meanwhile still gives
    its connection back.
    """
    session = request.app.state.session_factory()
    try:
        yield session
    except BaseException:
        with anyio.CancelScope(shield=True):
            await run_in_threadpool(_fail, session)
        raise
    with anyio.CancelScope(shield=True):
        await run_in_threadpool(_complete, session)


def on_commit(session: Session, callback: Any) -> None:
    """Run `callback` once the request's transaction has committed (e.g. enqueue a job)."""
    session.info.setdefault("after_commit", []).append(callback)


def on_rollback(session: Session, callback: Any) -> None:
    """Run `callback` if the request fails (e.g. delete a blob written for a row never saved)."""
    session.info.setdefault("on_rollback", []).append(callback)
