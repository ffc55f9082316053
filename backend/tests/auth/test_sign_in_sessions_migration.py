"""Upgrading keeps signed-out browsers signed out: revoked tokens become ended sessions."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from alembic import command
from sqlalchemy import Connection, text

from slidewright import migrate
from slidewright.core.clock import utcnow
from slidewright.core.db import make_engine

BEFORE = "3f7a9c2d1b80"
STAMP = "%Y-%m-%d %H:%M:%S.%f"  # how SQLite stores the timestamps


def _insert_user(connection: Connection, user_id: str, now: datetime) -> None:
    """A user row written with plain SQL: the models describe the head schema, not this one."""
    connection.execute(
        text(
            "INSERT INTO users (id, name, email, role, auth_type, token_version, created_at,"
            " updated_at) VALUES (:u, 'A', 'a@example.com', 'User', 'local', 0, :t, :t)"
        ),
        {"u": user_id, "t": now.strftime(STAMP)},
    )


def test_revoked_tokens_move_over_as_ended_sessions(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    migrate.upgrade(url, BEFORE)
    engine = make_engine(url)
    now = utcnow()
    with engine.begin() as connection:
        _insert_user(connection, "u1", now)
        for jti, expires in (("live", now + timedelta(days=1)), ("dead", now - timedelta(days=1))):
            connection.execute(
                text("INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES (:j, 'u1', :e)"),
                {"j": jti, "e": expires.strftime(STAMP)},
            )
    engine.dispose()

    migrate.upgrade(url)
    engine = make_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT id, user_id, method, browser, ended_at FROM sign_in_sessions")
        ).all()
        tables = set(
            connection.execute(text("SELECT name FROM sqlite_master WHERE type='table'")).scalars()
        )
    engine.dispose()
    assert [(row.id, row.user_id, row.method, row.browser) for row in rows] == [
        ("live", "u1", None, "other")
    ]
    assert rows[0].ended_at is not None
    assert "revoked_tokens" not in tables


def test_the_downgrade_brings_ended_sessions_back_as_revoked_tokens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    migrate.upgrade(url)
    engine = make_engine(url)
    now = utcnow()
    with engine.begin() as connection:
        _insert_user(connection, "u1", now)
        for session_id, ended in (("ended", now), ("active", None)):
            connection.execute(
                text(
                    "INSERT INTO sign_in_sessions (id, user_id, method, browser, os, created_at,"
                    " last_seen_at, expires_at, ended_at) VALUES (:i, 'u1', 'password', 'chrome',"
                    " 'linux', :t, :t, :e, :x)"
                ),
                {
                    "i": session_id,
                    "t": now.strftime(STAMP),
                    "e": (now + timedelta(days=1)).strftime(STAMP),
                    "x": ended.strftime(STAMP) if ended else None,
                },
            )
    engine.dispose()
    command.downgrade(migrate.alembic_config(url), BEFORE)
    engine = make_engine(url)
    with engine.connect() as connection:
        revoked = connection.execute(text("SELECT jti FROM revoked_tokens")).scalars().all()
    engine.dispose()
    assert revoked == ["ended"]
