"""SQLite: dumped with the online backup API, restored by putting the file back."""

from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

from slidewright.backup.database import DumpInfo, count_rows, describe_rows
from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import DatabaseKind, Manifest
from slidewright.backup.ownership import give_to_owner_of, running_as_root
from slidewright.backup.progress import Say


class SqliteDatabase:
    kind: DatabaseKind = "sqlite"
    member = "database.sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path.expanduser().resolve()

    def _sidecars(self) -> list[Path]:
        return [self.path.with_name(self.path.name + suffix) for suffix in ("-wal", "-shm")]

    def dump(self, dest: Path) -> DumpInfo:
        if not self.path.is_file():
            raise BackupError(
                "database_missing",
                f"no SQLite database at {self.path} "
                "(check SLIDEWRIGHT_DATA_DIR and SLIDEWRIGHT_DATABASE_URL)",
            )
        had_sidecars = {path for path in self._sidecars() if path.exists()}
        try:
            with (
                closing(sqlite3.connect(self.path, timeout=60)) as source,
                closing(sqlite3.connect(dest)) as copy,
            ):
                # One step (pages=-1) inside one read transaction: a consistent copy of the
                # live database, including what is still only in its -wal file. Writers go
                # on meanwhile (WAL mode); a plain file copy could be torn.
                source.backup(copy)
                # A rollback journal: the copy is one self-contained file.
                copy.execute("PRAGMA journal_mode=DELETE")
                (check,) = copy.execute("PRAGMA integrity_check").fetchone()
                if check != "ok":
                    raise BackupError(
                        "tool_failed", f"the copy of the SQLite database is corrupt: {check}"
                    )
                info = DumpInfo(_revision(copy), _counts(copy))
        except sqlite3.Error as exc:
            raise BackupError("tool_failed", f"SQLite backup of {self.path} failed: {exc}") from exc
        if running_as_root():
            # Opening a WAL database creates -wal/-shm when absent; left root's, the app (another
            # user) could no longer open its own database.
            created = [path for path in self._sidecars() if path not in had_sidecars]
            give_to_owner_of(self.path, *created)
        return info

    def contents(self) -> str | None:
        if not self.path.exists():
            return None
        try:
            with closing(sqlite3.connect(self.path, timeout=60)) as db:
                return describe_rows(_counts(db))
        except sqlite3.Error:
            return f"{self.path} is not an empty SQLite database"

    def restore(self, dump: Path, manifest: Manifest, say: Say) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        staging = self.path.with_name(self.path.name + ".restoring")
        shutil.copyfile(dump, staging)
        with open(staging, "rb") as written:
            os.fsync(written.fileno())
        # The old database's -wal would be replayed into the restored file: it goes first.
        for stale in [*self._sidecars(), self.path.with_name(self.path.name + "-journal")]:
            stale.unlink(missing_ok=True)
        os.replace(staging, self.path)
        give_to_owner_of(self.path.parent, self.path)


def _revision(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:  # not migrated
        return None
    return str(row[0]) if row else None


def _counts(db: sqlite3.Connection) -> dict[str, int]:
    existing = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]

    def count(name: str) -> int:
        # `name` comes from the models' metadata, never from input.
        return int(db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0])

    return count_rows(existing, count)
