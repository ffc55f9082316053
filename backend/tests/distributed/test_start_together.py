"""Replicas and workers started at the same moment, as a deploy or a host reboot starts them:
each migrates and installs the built-in templates at start, under the start-up lock
(`core.db_lock`), so one does the work, the others wait and find it done, and all come up.

The PostgreSQL cases need PostgreSQL on 127.0.0.1:5432 (skipped otherwise) and each run on a
database of their own, created here and dropped at the end.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from slidewright import migrate
from slidewright.builtin.catalog import BUILTIN_TEMPLATES
from slidewright.builtin.editions import EDITIONS
from slidewright.core.db import make_engine
from tests.spawn import Fleet, answers, clean_env

pytestmark = pytest.mark.distributed

PG_ADMIN_URL = os.environ.get(
    "SLIDEWRIGHT_TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
SECRET = "start-together-test-secret-key-long-enough-for-hs256"
SERVERS, WORKERS = 3, 1
OLD_REVISION = "8c6d6409fda4"  # before tag name keys, slide previews, chat sign-on, heartbeats


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database of this test's own."""
    if not answers("127.0.0.1", 5432):
        pytest.skip("PostgreSQL must answer on 127.0.0.1:5432")
    import psycopg

    database = f"sw_start_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{database}"')
    try:
        yield f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{database}"
    finally:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def _start_together(tmp_path: Path, database_url: str | None, jobs_url: str | None) -> Fleet:
    """SERVERS web processes and WORKERS job workers, all launched at once, all migrating and
    installing at start (the defaults); waits until every one is up."""
    settings = {
        "SLIDEWRIGHT_SECRET_KEY": SECRET,
        "SLIDEWRIGHT_DATA_DIR": str(tmp_path / "data"),  # shared: SQLite lives there
        "SLIDEWRIGHT_RENDERER": "fake",
        "SLIDEWRIGHT_AI_PROVIDER": "offline",
        "SLIDEWRIGHT_EMBEDDED_WORKERS": "0",
        "SLIDEWRIGHT_LOG_LEVEL": "INFO",
    }
    if database_url:
        settings["SLIDEWRIGHT_DATABASE_URL"] = database_url
    if jobs_url:
        settings["SLIDEWRIGHT_JOBS_URL"] = jobs_url
    logs = tmp_path / "logs"
    logs.mkdir()
    fleet = Fleet(logs, clean_env(**settings))
    try:
        for number in range(1, SERVERS + 1):
            fleet.serve(f"web-{number}")
        for number in range(1, WORKERS + 1):
            fleet.start(f"worker-{number}", "worker", "--threads", "1")
        for number in range(1, SERVERS + 1):
            fleet.wait_healthy(f"web-{number}")
        for number in range(1, WORKERS + 1):
            name = f"worker-{number}"
            fleet.assert_running(name)
            assert "job worker with 1 threads" in fleet.log(name), fleet.log(name)
    except BaseException:
        fleet.stop()
        raise
    return fleet


def _assert_set_up_once(database_url: str, fleet: Fleet) -> None:
    """The schema at head, one version row, every built-in edition once, installed by one
    process."""
    head = ScriptDirectory.from_config(migrate.alembic_config(database_url)).get_current_head()
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            versions = connection.scalars(text("SELECT version_num FROM alembic_version")).all()
            builtins = connection.scalars(
                text("SELECT builtin_key FROM pptx_files WHERE builtin_key IS NOT NULL")
            ).all()
    finally:
        engine.dispose()
    assert versions == [head]
    assert len(builtins) == len(set(builtins)) == len(BUILTIN_TEMPLATES) * len(EDITIONS)
    installers = [name for name in fleet.procs if "installed built-in templates" in fleet.log(name)]
    assert len(installers) == 1, installers
    for name in fleet.procs:
        assert "Traceback" not in fleet.log(name), fleet.log(name)


def test_replicas_and_a_worker_start_together_on_an_empty_postgresql_database(
    tmp_path: Path, pg_url: str
) -> None:
    fleet = _start_together(tmp_path, pg_url, jobs_url=pg_url)  # the queue's tables too
    try:
        _assert_set_up_once(pg_url, fleet)
    finally:
        fleet.stop()


def test_replicas_and_a_worker_start_together_on_an_older_postgresql_schema(
    tmp_path: Path, pg_url: str
) -> None:
    migrate.upgrade(pg_url, OLD_REVISION)
    fleet = _start_together(tmp_path, pg_url, jobs_url=None)
    try:
        _assert_set_up_once(pg_url, fleet)
    finally:
        fleet.stop()


def test_replicas_and_a_worker_start_together_on_a_new_sqlite_database(tmp_path: Path) -> None:
    fleet = _start_together(tmp_path, database_url=None, jobs_url=None)  # data dir's SQLite
    try:
        _assert_set_up_once(f"sqlite:///{tmp_path / 'data' / 'slidewright.db'}", fleet)
    finally:
        fleet.stop()
