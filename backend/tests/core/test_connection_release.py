"""A signed-in request holds no database connection while it waits for a thread: with 200
users, connections held across that wait exhausted the pool and stalled the process."""

from __future__ import annotations

import asyncio

import anyio.to_thread
import httpx
from fastapi.testclient import TestClient
from sqlalchemy import event

from slidewright.core.config import Settings
from slidewright.main import create_app
from tests.helpers import signup


def test_a_signed_in_request_gives_its_connection_back_before_its_endpoint_runs(
    client: TestClient,
) -> None:
    owner = signup(client, "pool@example.com")
    engine = client.app.state.engine  # type: ignore[attr-defined]
    events: list[str] = []

    def on_checkout(*_: object) -> None:
        events.append("out")

    def on_checkin(*_: object) -> None:
        events.append("in")

    event.listen(engine, "checkout", on_checkout)
    event.listen(engine, "checkin", on_checkin)
    try:
        assert client.get("/api/projects", headers=owner.headers).status_code == 200
    finally:
        event.remove(engine, "checkout", on_checkout)
        event.remove(engine, "checkin", on_checkin)
    # Authentication's connection goes back before the endpoint takes one.
    assert events[:3] == ["out", "in", "out"], events


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


def test_more_requests_than_connections_all_succeed(settings: Settings) -> None:
    """Two pooled connections, thirty requests at once: they queue for a slot instead of
    stalling on the pool (which would answer 503 after the pool timeout)."""
    tight = settings.model_copy(
        update={
            "db_pool_size": 2,
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
            answers = await asyncio.gather(
                *(client.get("/api/projects", headers=headers) for _ in range(30))
            )
            return [answer.status_code for answer in answers]

    try:
        assert asyncio.run(burst()) == [200] * 30
    finally:
        app.state.engine.dispose()
