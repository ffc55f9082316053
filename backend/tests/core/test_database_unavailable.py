"""A database out of reach gives a typed 503 `database_unavailable` with Retry-After, in the
caller's language; a broken query stays a server error. The restart of a real PostgreSQL under
load is in tests/distributed/test_database_restart.py."""

from __future__ import annotations

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import DBAPIError, OperationalError, ProgrammingError

from slidewright.core.config import Settings
from slidewright.core.db import database_unreachable
from slidewright.main import create_app
from tests.spawn import free_port


def test_a_database_nobody_listens_for_answers_503_with_retry_after(settings: Settings) -> None:
    gone = settings.model_copy(
        update={"database_url": f"postgresql://postgres@127.0.0.1:{free_port()}/nowhere"}
    )
    with TestClient(create_app(gone)) as client:
        login = {"email": "someone@example.com", "password": "secret-123"}
        english = client.post("/api/auth/login", json=login)
        chinese = client.post("/api/auth/login", json=login, headers={"Accept-Language": "zh-CN"})
    assert english.status_code == chinese.status_code == 503
    assert english.headers["Retry-After"] == "5"
    assert english.json()["errorCode"] == "database_unavailable"
    assert english.json()["message"].startswith("The database is unavailable")
    assert chinese.json()["message"] == "数据库暂时不可用，请稍后再试。"


def _wrapped(error: Exception, invalidated: bool = False) -> DBAPIError:
    wrapper = ProgrammingError if isinstance(error, psycopg.ProgrammingError) else OperationalError
    return wrapper("SELECT 1", {}, error, connection_invalidated=invalidated)


@pytest.mark.parametrize(
    ("error", "invalidated", "unreachable"),
    [
        (psycopg.OperationalError("connection refused"), False, True),  # no SQLSTATE
        (psycopg.errors.AdminShutdown("terminating connection"), False, True),  # 57P01
        (psycopg.errors.CannotConnectNow("the database system is starting up"), False, True),
        (psycopg.errors.ConnectionFailure("connection failure"), False, True),  # 08006
        (psycopg.OperationalError("server closed the connection"), True, True),
        (psycopg.errors.QueryCanceled("statement timeout"), False, False),  # 57014
        (psycopg.errors.DeadlockDetected("deadlock detected"), False, False),
        (psycopg.errors.UndefinedTable("no such table"), False, False),
    ],
)
def test_which_database_errors_mean_out_of_reach(
    error: Exception, invalidated: bool, unreachable: bool
) -> None:
    assert database_unreachable(_wrapped(error, invalidated)) is unreachable


def test_a_sqlite_error_is_never_out_of_reach() -> None:
    import sqlite3

    error = OperationalError("SELECT 1", {}, sqlite3.OperationalError("no such table: x"))
    assert database_unreachable(error) is False
