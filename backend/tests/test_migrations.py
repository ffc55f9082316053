"""The migrations build the schema the models describe, from an empty database."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect

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
