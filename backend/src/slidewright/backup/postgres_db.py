"""PostgreSQL: dumped with `pg_dump --format=custom`, restored with `pg_restore --no-owner`.

The dump, the row counts and the schema revision come from one snapshot: this process opens a
REPEATABLE READ transaction, exports its snapshot and hands it to pg_dump (`--snapshot`), so
the manifest describes exactly what the dump holds while the app keeps writing.

The password never reaches a command line (`ps` shows those): libpq gets it in PGPASSWORD.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from slidewright.backup.database import DumpInfo, count_rows, describe_rows
from slidewright.backup.errors import BackupError
from slidewright.backup.manifest import DatabaseKind, Manifest
from slidewright.backup.progress import Say
from slidewright.core.db import normalize_url

CLIENT_PACKAGE = "postgresql-client-{major}"


class PostgresDatabase:
    kind: DatabaseKind = "postgresql"
    member = "database.pgdump"

    def __init__(self, url: str) -> None:
        parsed = make_url(normalize_url(url))
        self._engine_url = parsed
        self._password = parsed.password
        # The same URL for libpq, without the driver and without the password (`URL.set` cannot
        # remove one: None there means "unchanged").
        self._libpq_url = URL.create(
            "postgresql",
            username=parsed.username,
            host=parsed.host,
            port=parsed.port,
            database=parsed.database,
            query=parsed.query,
        ).render_as_string(hide_password=False)

    def _engine(self) -> Engine:
        return create_engine(self._engine_url, poolclass=NullPool)

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self._password:
            env["PGPASSWORD"] = str(self._password)
        return env

    def dump(self, dest: Path) -> DumpInfo:
        pg_dump = _tool("pg_dump")
        dump_major = _major(pg_dump)
        engine = self._engine()
        try:
            with engine.connect().execution_options(isolation_level="REPEATABLE READ") as db:
                server_major = (
                    int(db.execute(text("SHOW server_version_num")).scalar_one()) // 10000
                )
                if dump_major < server_major:
                    raise BackupError(
                        "tool_missing",
                        f"pg_dump {dump_major} cannot dump a PostgreSQL {server_major} server: "
                        f"install {CLIENT_PACKAGE.format(major=server_major)}",
                    )
                snapshot = str(db.execute(text("SELECT pg_export_snapshot()")).scalar_one())
                info = DumpInfo(_revision(db), _counts(db), pg_dump_major=dump_major)
                # The transaction stays open until pg_dump is done: the snapshot lives as long.
                _run(
                    "pg_dump",
                    [
                        pg_dump,
                        "--format=custom",
                        f"--snapshot={snapshot}",
                        f"--file={dest}",
                        f"--dbname={self._libpq_url}",
                    ],
                    env=self._env(),
                )
                db.rollback()
        except SQLAlchemyError as exc:
            raise _database_error(exc) from exc
        finally:
            engine.dispose()
        return info

    def contents(self) -> str | None:
        engine = self._engine()
        try:
            with engine.connect() as db:
                return describe_rows(_counts(db))
        except SQLAlchemyError as exc:
            raise _database_error(exc) from exc
        finally:
            engine.dispose()

    def restore(self, dump: Path, manifest: Manifest, say: Say) -> None:
        pg_restore = _tool("pg_restore")
        restore_major = _major(pg_restore)
        if manifest.pg_dump_major and restore_major < manifest.pg_dump_major:
            raise BackupError(
                "tool_missing",
                f"pg_restore {restore_major} cannot read a dump made by pg_dump "
                f"{manifest.pg_dump_major}: install "
                f"{CLIENT_PACKAGE.format(major=manifest.pg_dump_major)}",
            )
        dropped = self._drop_tables()
        if dropped:
            say(f"removed the {dropped} tables the target database had")
        # One transaction: the dump goes in whole or not at all. --no-owner: the tables belong
        # to whoever restores (the app's user), not to the user names of the backed-up server.
        _run(
            "pg_restore",
            [
                pg_restore,
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={self._libpq_url}",
                str(dump),
            ],
            env=self._env(),
        )

    def _drop_tables(self) -> int:
        """Drops every table of the target's schema (it is empty, or --force said replace it).
        Done before the restore rather than with pg_restore --clean, which would leave tables
        the dump does not know (made by a newer release), and the migrations after the restore
        would then fail to create them."""
        engine = self._engine()
        try:
            with engine.begin() as db:
                names = inspect(db).get_table_names()
                if names:
                    quote = db.dialect.identifier_preparer.quote
                    listed = ", ".join(quote(name) for name in names)
                    db.execute(text(f"DROP TABLE IF EXISTS {listed} CASCADE"))
                return len(names)
        except SQLAlchemyError as exc:
            raise _database_error(exc) from exc
        finally:
            engine.dispose()


def _revision(db: Connection) -> str | None:
    if not inspect(db).has_table("alembic_version"):
        return None
    value = db.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return str(value) if value else None


def _counts(db: Connection) -> dict[str, int]:
    existing = inspect(db).get_table_names()
    quote = db.dialect.identifier_preparer.quote

    def count(name: str) -> int:
        return int(db.execute(text(f"SELECT count(*) FROM {quote(name)}")).scalar_one())

    return count_rows(existing, count)


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise BackupError(
            "tool_missing",
            f"{name} is not installed (apt-get install postgresql-client; its major version "
            "must be at least the server's)",
        )
    return path


def _major(tool: str) -> int:
    """The major version `tool --version` reports ("pg_dump (PostgreSQL) 15.8 (Debian ...)")."""
    try:
        output = subprocess.run(
            [tool, "--version"], capture_output=True, text=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise BackupError("tool_missing", f"{tool} --version failed: {exc}") from exc
    match = re.search(r"\)\s*(\d+)", output) or re.search(r"(\d+)", output)
    if not match:
        raise BackupError("tool_missing", f"cannot tell the version of {tool}: {output.strip()}")
    return int(match.group(1))


def _run(name: str, command: list[str], *, env: dict[str, str]) -> None:
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
        raise BackupError(
            "tool_failed", f"{name} failed: {lines[0] if lines else result.returncode}"
        )


def _database_error(exc: SQLAlchemyError) -> BackupError:
    # The driver's own message (connection refused, no such database): SQLAlchemy's wrapping
    # adds the statement and a link, never the URL.
    origin = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(origin).splitlines() if line.strip()]
    return BackupError("tool_failed", f"PostgreSQL: {lines[0] if lines else type(exc).__name__}")
