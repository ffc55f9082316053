"""Alembic environment: the URL comes from the config (set by slidewright.migrate) or settings."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from slidewright.core.config import load_settings
from slidewright.core.db import make_engine, normalize_url
from slidewright.db_models import Base

config = context.config
url = config.get_main_option("sqlalchemy.url") or normalize_url(
    load_settings().resolved_database_url
)


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite cannot ALTER most things in place; batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


engine = make_engine(url)
with engine.connect() as connection:
    run(connection)
engine.dispose()
