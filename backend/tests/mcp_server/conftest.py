"""The real app served by uvicorn on a free port (the MCP SDK's client talks real HTTP), with
the built-in templates installed, and users with API tokens made through the REST API."""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import httpx2
import pytest
import uvicorn
from fastapi import FastAPI
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from slidewright.core.config import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"install_builtins": True})


@pytest.fixture
def base_url(app: FastAPI) -> Iterator[str]:
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, lifespan="on", log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # the lifespan installs the built-in templates
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


@dataclass
class Person:
    sign_in: str  # the sign-in token (JWT)
    write_token: str
    read_token: str


def make_person(base_url: str, email: str) -> Person:
    with httpx.Client(base_url=base_url) as http:
        signed = http.post(
            "/api/auth/signup",
            json={"name": email.split("@")[0], "email": email, "password": "secret1"},
        )
        assert signed.status_code == 201, signed.text
        sign_in = signed.json()["token"]
        tokens = {}
        for scope in ("write", "read"):
            made = http.post(
                "/api/users/me/tokens",
                json={"name": f"assistant ({scope})", "scope": scope},
                headers={"Authorization": f"Bearer {sign_in}"},
            )
            assert made.status_code == 201, made.text
            tokens[scope] = made.json()["token"]
    return Person(sign_in, tokens["write"], tokens["read"])


@pytest.fixture
def alice(base_url: str) -> Person:
    return make_person(base_url, "alice@example.com")


@pytest.fixture
def bob(base_url: str) -> Person:
    return make_person(base_url, "bob@example.com")


@asynccontextmanager
async def mcp_session(
    base_url: str, token: str | None, headers: dict[str, str] | None = None
) -> AsyncIterator[ClientSession]:
    """The SDK's own client over streamable HTTP, with the initialize handshake that today's
    assistants (Claude Desktop, Cursor) do."""
    sent = dict(headers or {})
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    async with (
        httpx2.AsyncClient(headers=sent, timeout=120) as http,
        streamable_http_client(f"{base_url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's structured answer; fails the test on an error result."""
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def call_error(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's typed error body (`errorCode`, `message`, `details`)."""
    result = await session.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    assert result.structured_content is not None, result.content
    return result.structured_content
