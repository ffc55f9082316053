"""Recognising "no room to write" wherever it comes from, so it is answered as
`insufficient_storage` (507) and never as a server bug (500).

Sources: the blob store (`BlobStoreFull`), any file write (`OSError` ENOSPC or EDQUOT, e.g. the
temporary files an upload is spooled to), and the database: SQLite's "database or disk is full"
(SQLITE_FULL) and PostgreSQL's `disk_full` (SQLSTATE 53100). Wrapped errors count too: the
cause chain is followed.
"""

from __future__ import annotations

import errno
import sqlite3

from slidewright.storage.blobstore import BlobStoreFull

_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
_PG_DISK_FULL = "53100"


def _is_full_itself(exc: BaseException) -> bool:
    if isinstance(exc, BlobStoreFull):
        return True
    if isinstance(exc, OSError) and exc.errno in _FULL_ERRNOS:
        return True
    if isinstance(exc, sqlite3.OperationalError):
        code = getattr(exc, "sqlite_errorcode", None)
        return code == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc)
    return bool(getattr(exc, "sqlstate", None) == _PG_DISK_FULL)  # psycopg's errors carry it


def is_disk_full(exc: BaseException) -> bool:
    """Whether `exc`, or an error it was raised from, means the storage has no room left."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if _is_full_itself(current):
            return True
        # SQLAlchemy keeps the driver's error in `.orig`; `raise ... from` in `__cause__`.
        orig = getattr(current, "orig", None)
        if isinstance(orig, BaseException) and _is_full_itself(orig):
            return True
        current = current.__cause__ or current.__context__
    return False
