"""The database half of backup and restore: which database the settings name, and what the
SQLite and PostgreSQL modules share (row counts, the schema revision)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import DatabaseKind, Manifest
from slidewright.core.db import normalize_url

if TYPE_CHECKING:
    from slidewright.backup.progress import Say


@dataclass(frozen=True)
class DumpInfo:
    """What a dump holds, read in the same snapshot as the dump itself."""

    alembic_revision: str | None
    table_counts: dict[str, int]
    pg_dump_major: int | None = None


class Database(Protocol):
    kind: DatabaseKind
    member: str  # the dump's name inside the archive

    def dump(self, dest: Path) -> DumpInfo:
        """Writes a consistent copy of the live database to `dest`."""
        ...

    def contents(self) -> str | None:
        """What the database holds (for the "not empty" error), or None when it is empty."""
        ...

    def restore(self, dump: Path, manifest: Manifest, say: Say) -> None:
        """Replaces the database with the dump."""
        ...


def open_database(url: str) -> Database:
    """The database a SQLAlchemy URL names. Errors never repeat the URL (it may hold a
    password)."""
    try:
        parsed = make_url(normalize_url(url))
    except ArgumentError as exc:
        raise BackupError("unsupported_target", "SLIDEWRIGHT_DATABASE_URL is not a URL") from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        from slidewright.backup.sqlite_db import SqliteDatabase

        if (
            not parsed.database
            or parsed.database == ":memory:"
            or "memory" in parsed.query.values()
        ):
            raise BackupError(
                "unsupported_target",
                "SLIDEWRIGHT_DATABASE_URL names an in-memory SQLite database: nothing to back up",
            )
        return SqliteDatabase(Path(parsed.database))
    if backend == "postgresql":
        from slidewright.backup.postgres_db import PostgresDatabase

        return PostgresDatabase(url)
    raise BackupError(
        "unsupported_target",
        f"unsupported SLIDEWRIGHT_DATABASE_URL (scheme '{parsed.drivername}'): "
        "use sqlite:///path or postgresql://user@host/db",
    )


def app_tables() -> list[str]:
    """The application's tables (the models'), not the database's own (FTS shadow tables,
    alembic_version)."""
    from slidewright.db_models import Base

    return sorted(Base.metadata.tables)


def count_rows(existing: Iterable[str], count: Callable[[str], int]) -> dict[str, int]:
    """Rows per application table that exists (an older schema may lack newer tables)."""
    present = set(existing)
    return {name: count(name) for name in app_tables() if name in present}


def describe_rows(counts: dict[str, int]) -> str | None:
    rows = sum(counts.values())
    if not rows:
        return None
    busiest = sorted(counts.items(), key=lambda item: -item[1])[:3]
    shown = ", ".join(f"{name} {number}" for name, number in busiest if number)
    return f"the database has {rows} rows ({shown}...)"
