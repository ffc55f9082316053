"""Shared fixtures: an app on a real database (SQLite, or PostgreSQL when configured).

Set SLIDEWRIGHT_TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test) to run the
same suite on PostgreSQL; `make test` does it when a server answers there (each xdist worker in a
database of its own, created beside the configured one). The schema is built by the real
migrations once per run, and every table is emptied after each test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, make_url, text
from sqlalchemy.exc import ProgrammingError

from slidewright import migrate
from slidewright.core.config import Settings
from slidewright.core.db import make_engine, normalize_url
from slidewright.db_models import Base
from slidewright.main import create_app
from tests.speedups import speedups

TEST_DATABASE_URL = os.environ.get("SLIDEWRIGHT_TEST_DATABASE_URL")


def _reset_postgres_schema(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def _worker_database(url: str) -> str:
    """The database of this pytest-xdist worker (`test_gw0`, ...), created when missing: the
    workers of a parallel run each empty their own tables after every test. Without xdist, the
    configured database itself."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    server = make_url(url)
    name = f"{server.database}_{worker}"
    admin = make_engine(server.set(database="postgres").render_as_string(hide_password=False))
    with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        exists = connection.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
        ).first()
        if not exists:
            try:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
            except ProgrammingError as exc:  # another run, started together, made it first
                if "already exists" not in str(exc):
                    raise
    admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(autouse=True, scope="session")
def _speedups() -> Iterator[None]:
    """Costs a test paid again each time that have nothing to do with what it checks
    (tests/speedups.py)."""
    with speedups():
        yield


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    if TEST_DATABASE_URL:
        url = _worker_database(normalize_url(TEST_DATABASE_URL))
        _reset_postgres_schema(url)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
    migrate.upgrade(url)
    return url


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    return Settings(
        data_dir=tmp_path / "data",
        database_url=database_url,
        secret_key="test-secret-key-that-is-long-enough-for-hs256",
        frontend_dist=tmp_path / "no-frontend",
        storage_url="memory://",
        jobs_url="immediate",
        renderer="fake",
        ai_provider="offline",  # a developer's SLIDEWRIGHT_AI_* must not reach tests
        install_builtins=False,  # tests that need them install them
        # A save's background build would race what a test counts (test_export_prebuild.py
        # turns it on).
        export_prebuild=False,
        auto_migrate=False,  # the session fixture already migrated the database
    )


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    application = create_app(settings)
    yield application
    # Routes analysed for one app serve the next (tests/speedups.py): overrides would not.
    assert not application.dependency_overrides, "the suite shares route analysis between apps"
    # Jobs a test started (slide previews after a save) still running would write into the
    # tables being emptied: on PostgreSQL the two deadlock and the next test finds old rows.
    application.state.services.jobs.wait_idle()
    _empty_tables(application.state.engine)
    application.state.engine.dispose()


def _empty_tables(engine: Engine) -> None:
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
