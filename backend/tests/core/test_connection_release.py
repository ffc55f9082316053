"""A signed-in request holds no database connection while it waits for a thread: with 200
users, connections held across that wait exhausted the pool and stalled the process."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import event

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
