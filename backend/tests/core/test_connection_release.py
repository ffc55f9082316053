"""A signed-in request holds at most one database connection: with 200 users, requests holding
one while taking another exhausted the pool and stalled the process. It may hold its one while
it waits for a thread, as the requests in flight stay below the pool's capacity."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import anyio.to_thread
import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select, update

from slidewright.auth.models import SignInSession
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.main import create_app
from tests.conftest import _empty_tables
from tests.helpers import signup


def _checkouts(client: TestClient, headers: dict[str, str]) -> list[str]:
    """The pool's checkouts ("out") and checkins ("in") during one GET /api/projects."""
    engine = client.app.state.engine  # type: ignore[attr-defined]
    events: list[str] = []

    def on_checkout(*_: object) -> None:
        events.append("out")

    def on_checkin(*_: object) -> None:
        events.append("in")

    event.listen(engine, "checkout", on_checkout)
    event.listen(engine, "checkin", on_checkin)
    try:
        assert client.get("/api/projects", headers=headers).status_code == 200
    finally:
        event.remove(engine, "checkout", on_checkout)
        event.remove(engine, "checkin", on_checkin)
    return events


def _last_seen_long_ago(client: TestClient) -> None:
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as connection:
        connection.execute(update(SignInSession).values(last_seen_at=utcnow() - timedelta(hours=1)))


def test_a_signed_in_request_authenticates_and_runs_on_one_connection(
    client: TestClient,
) -> None:
    """Most requests: the session was seen minutes ago, nothing to note, and the connection
    that authenticated serves the endpoint (no second checkout, ping and transaction)."""
    owner = signup(client, "pool@example.com")
    assert _checkouts(client, owner.headers) == ["out", "in"]


def test_a_request_that_notes_its_session_gives_its_connection_back_first(
    client: TestClient,
) -> None:
    """Noting "last seen" takes a connection of its own: the request's goes back first, so a
    request never holds two (a burst of them would drain the pool)."""
    owner = signup(client, "seen@example.com")
    _last_seen_long_ago(client)
    # Authentication's connection goes back before the note takes one, then the endpoint's.
    assert _checkouts(client, owner.headers) == ["out", "in", "out", "in", "out", "in"]
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        seen = connection.execute(select(SignInSession.last_seen_at)).scalar_one()
    assert utcnow() - seen < timedelta(minutes=1)


def test_a_request_that_finds_no_free_connection_is_told_to_retry(
    client: TestClient, monkeypatch: object
) -> None:
    from sqlalchemy.exc import TimeoutError as PoolTimeoutError

    owner = signup(client, "busy@example.com")
    engine = client.app.state.engine  # type: ignore[attr-defined]

    def exhausted(*_: object) -> None:
        raise PoolTimeoutError("QueuePool limit of size 10 overflow 20 reached")

    event.listen(engine, "checkout", exhausted)
    try:
        response = client.get(
            "/api/projects", headers={**owner.headers, "Accept-Language": "zh-CN"}
        )
    finally:
        event.remove(engine, "checkout", exhausted)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert (response.json()["errorCode"], response.json()["message"]) == (
        "server_busy",
        "服务器繁忙，请稍后再试。",
    )


@pytest.mark.parametrize(("pool_size", "notes_activity"), [(2, False), (4, False), (4, True)])
def test_more_requests_than_connections_all_succeed(
    settings: Settings, pool_size: int, notes_activity: bool
) -> None:
    """A few pooled connections, thirty requests at once, fewer threads than requests: they
    queue for a slot instead of stalling on the pool (which would answer 503 after the pool
    timeout), also when each holds its connection while it waits for a thread, and when each
    notes its session's activity on a second one."""
    tight = settings.model_copy(
        update={
            "db_pool_size": pool_size,
            "db_max_overflow": 0,
            "db_pool_timeout": 3,
            "embedded_workers": 0,
        }
    )
    app = create_app(tight)

    async def burst() -> list[int]:
        # Fewer threads than requests, as under real load (40 threads, 200 users).
        anyio.to_thread.current_default_thread_limiter().total_tokens = 4
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://app") as client:
            signed = await client.post(
                "/api/auth/signup",
                json={"name": "Many", "email": "many@example.com", "password": "secret-123"},
            )
            headers = {"Authorization": f"Bearer {signed.json()['token']}"}
            if notes_activity:  # every request also notes "last seen" on a connection of its own
                with app.state.engine.begin() as connection:
                    connection.execute(
                        update(SignInSession).values(last_seen_at=utcnow() - timedelta(hours=1))
                    )
            answers = await asyncio.gather(
                *(client.get("/api/projects", headers=headers) for _ in range(30))
            )
            return [answer.status_code for answer in answers]

    try:
        assert asyncio.run(burst()) == [200] * 30
    finally:
        _empty_tables(app.state.engine)  # this app is not the `app` fixture, which does it
        app.state.engine.dispose()
