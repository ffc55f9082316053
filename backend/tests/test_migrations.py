"""The migrations build the schema the models describe, from an empty database."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text

from slidewright import migrate
from slidewright.core.db import make_engine
from slidewright.db_models import Base


def test_upgrade_empty_database_to_head_matches_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    migrate.upgrade(url)
    migrate.check(url)  # raises when models changed without a migration
    engine = make_engine(url)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert set(Base.metadata.tables) <= tables


def test_upgrade_twice_is_harmless(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    migrate.upgrade(url)
    migrate.upgrade(url)


def test_tag_names_that_differ_only_in_case_survive_the_upgrade(tmp_path: Path) -> None:
    """Before tag names were compared case-insensitively, "Product" and "product" could both
    exist: the upgrade keeps both rows (images stay tagged) and renames the later one."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    migrate.upgrade(url, "8c6d6409fda4")
    engine = make_engine(url)
    now = "2026-11-01 00:00:00.000000"
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO users (id, name, email, role, auth_type, token_version, created_at,"
                " updated_at) VALUES ('u1', 'A', 'a@example.com', 'User', 'local', 0, :t, :t)"
            ),
            {"t": now},
        )
        for tag_id, name in (("t1", "Product"), ("t2", "product"), ("t3", "Other")):
            connection.execute(
                text(
                    "INSERT INTO tags (id, owner_id, name, public, created_at)"
                    " VALUES (:id, 'u1', :name, 0, :t)"
                ),
                {"id": tag_id, "name": name, "t": now},
            )
    engine.dispose()
    migrate.upgrade(url)
    engine = make_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT id, name, name_key FROM tags ORDER BY id")).all()
    engine.dispose()
    assert [tuple(row) for row in rows] == [
        ("t1", "Product", "product"),
        ("t2", "product (2)", "product (2)"),
        ("t3", "Other", "other"),
    ]
