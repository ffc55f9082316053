"""One process at a time for start-up work on the database (migrations, the built-in templates).

Replicas and workers started at the same moment (a deploy, a host reboot) would all run the
same migration and the same inserts; all but one would fail on a duplicate key. Each takes
this lock first, so the others wait, then find the work done and do nothing.

On PostgreSQL it is a transaction-level advisory lock, held by a transaction kept open on a
connection of its own for the duration: it ends with that transaction, also when the process is
killed (the connection closes) and behind PgBouncer in transaction pooling, where a session-level
lock and its unlock could land on different server connections and the lock would stay taken.
On SQLite it is an exclusive `flock` on a file next to the database, which the kernel releases
the same way.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from slidewright.core.db import normalize_url

log = logging.getLogger("slidewright.db")

# Advisory locks share one key space per database with whatever else uses it: a fixed key
# unlikely to collide ("slidewrt" in ASCII). Every version of the app must keep it.
STARTUP_LOCK_KEY = 0x736C696465777274


@contextmanager
def startup_lock(database_url: str, what: str = "start-up") -> Iterator[None]:
    """Held while the block runs; waits (logging once) while another process holds it."""
    url = normalize_url(database_url)
    if url.startswith("postgresql"):
        with _advisory_lock(url, what):
            yield
    elif url.startswith("sqlite"):
        with _file_lock(url, what):
            yield
    else:
        yield


@contextmanager
def _advisory_lock(url: str, what: str) -> Iterator[None]:
    # NullPool: the lock's connection is closed on the way out, never lent to anyone else.
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            transaction = connection.begin()  # writes nothing: it only holds the lock
            try:
                key = {"key": STARTUP_LOCK_KEY}
                if not connection.scalar(text("SELECT pg_try_advisory_xact_lock(:key)"), key):
                    log.info("waiting for another process to finish the database %s", what)
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), key)
                yield
            finally:
                # Ending the transaction releases the lock; a connection lost meanwhile (a
                # database restart) took the lock with it.
                with contextlib.suppress(DBAPIError):
                    transaction.rollback()
    finally:
        engine.dispose()


@contextmanager
def _file_lock(url: str, what: str) -> Iterator[None]:
    database = make_url(url).database
    if not database or database == ":memory:":  # a private database: nobody to race
        yield
        return
    path = Path(f"{database}.startup-lock")
    if not path.parent.is_dir():  # the database cannot be opened either; let that error speak
        yield
        return
    # Read-only: flock needs no write access, so a lock file created by root (a `restore` or
    # `migrate` run as root) still locks for the service's own user.
    descriptor = os.open(path, os.O_RDONLY | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.info("waiting for another process to finish the database %s", what)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)
