"""Running Alembic migrations from code (the CLI, `serve` at start-up, and tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from slidewright.core.db import normalize_url

BACKEND_DIR = Path(__file__).resolve().parents[2]


def alembic_config(database_url: str) -> Config:
    config = Config(str(BACKEND_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    # ConfigParser interpolation treats % specially (URL-encoded passwords contain it).
    config.set_main_option("sqlalchemy.url", normalize_url(database_url).replace("%", "%%"))
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)


def check(database_url: str) -> None:
    """Raises when the models have changes that no migration covers."""
    command.check(alembic_config(database_url))
