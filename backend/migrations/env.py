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


# Objects created by hand in migrations, outside the models (full-text search: FTS5 tables and
# their shadow tables, tsvector columns, GIN indexes). Tables list them in `info["unmanaged"]`
# ("table.column" for columns); a name also covers everything prefixed by it and "_".
UNMANAGED = {
    name for table in Base.metadata.tables.values() for name in table.info.get("unmanaged", ())
}


def include_name(name: str | None, type_: str, parent_names: dict[str, str | None]) -> bool:
    """Whether Alembic compares a database object (reflected, before comparison)."""
    if name is None:
        return True
    if type_ == "column":
        name = f"{parent_names.get('table_name')}.{name}"
    return not any(name == unmanaged or name.startswith(f"{unmanaged}_") for unmanaged in UNMANAGED)


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        include_name=include_name,
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
