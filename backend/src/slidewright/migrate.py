"""Running Alembic migrations from code (the CLI, `serve` and `worker` at start-up, and tests).

Every upgrade holds the start-up lock (`core.db_lock`): processes started together take
turns, and the later ones find the schema current and do nothing.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from slidewright.core.db import normalize_url
from slidewright.core.db_lock import startup_lock

BACKEND_DIR = Path(__file__).resolve().parents[2]


def alembic_config(database_url: str) -> Config:
    config = Config(str(BACKEND_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    # ConfigParser interpolation treats % specially (URL-encoded passwords contain it).
    config.set_main_option("sqlalchemy.url", normalize_url(database_url).replace("%", "%%"))
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    with startup_lock(database_url, "migration"):
        command.upgrade(alembic_config(database_url), revision)


def check(database_url: str) -> None:
    """Raises when the models have changes that no migration covers."""
    command.check(alembic_config(database_url))


def is_current(database_url: str) -> bool:
    """Whether the database's schema is at this release's head revision."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from sqlalchemy import create_engine

    heads = set(ScriptDirectory.from_config(alembic_config(database_url)).get_heads())
    engine = create_engine(normalize_url(database_url))
    try:
        with engine.connect() as connection:
            return set(MigrationContext.configure(connection).get_current_heads()) == heads
    finally:
        engine.dispose()
