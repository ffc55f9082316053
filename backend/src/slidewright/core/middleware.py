"""ASGI middleware: a request id and one structured log line per request; body-size limits;
a bound on API requests in flight."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from slidewright.core.errors import RequestTooLargeError
from slidewright.core.ids import new_id

access_log = logging.getLogger("slidewright.access")


class RequestLogMiddleware:
    """Logs `{"requestId", "method", "path", "status", "ms"}` as JSON and echoes X-Request-ID."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        incoming = headers.get(b"x-request-id", b"").decode("latin-1")[:64]
        request_id = incoming if incoming.replace("-", "").isalnum() else new_id()
        scope.setdefault("state", {})["request_id"] = request_id
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", []).append((b"x-request-id", request_id.encode()))
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            line: dict[str, Any] = {
                "requestId": request_id,
                "method": scope["method"],
                "path": scope["path"],
                "status": status,
                "ms": round((time.perf_counter() - started) * 1000, 1),
            }
            access_log.info(json.dumps(line, ensure_ascii=False))


class BodySizeLimitMiddleware:
    """Rejects bodies over the limit with 413 before a handler reads them.

    Multipart uploads get `max_upload` (plus room for the form envelope); everything else gets
    `max_json`. Declared Content-Length is checked up front; chunked bodies are counted as they
    stream in.
    """

    def __init__(self, app: ASGIApp, *, max_upload: int, max_json: int) -> None:
        self.app = app
        self.max_upload = max_upload + 1024 * 1024
        self.max_json = max_json

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # NUL in a path or query is never meaningful and PostgreSQL cannot compare it: 422.
        if "\x00" in scope["path"] or b"%00" in scope.get("query_string", b""):
            await self._reject_nul(scope, send)
            return
        headers = dict(scope.get("headers") or [])
        content_type = headers.get(b"content-type", b"").decode("latin-1").lower()
        limit = self.max_upload if content_type.startswith("multipart/") else self.max_json
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await self._reject(scope, send, limit)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise RequestTooLargeError(limit=limit)
            return message

        await self.app(scope, counting_receive, send)

    async def _reject_nul(self, scope: Scope, send: Send) -> None:
        from starlette.requests import Request

        from slidewright.core.errors import ValidationFailedError, error_response, request_lang

        error = ValidationFailedError({"errors": [{"field": "url", "message": "NUL character"}]})
        response = error_response(error, request_lang(Request(scope)))
        await response(scope, _empty_receive, send)

    async def _reject(self, scope: Scope, send: Send, limit: int) -> None:
        from starlette.requests import Request

        from slidewright.core.errors import error_response, request_lang

        response = error_response(RequestTooLargeError(limit=limit), request_lang(Request(scope)))
        await response(scope, _empty_receive, send)


async def _empty_receive() -> Message:
    return {"type": "http.disconnect"}


class InFlightLimitMiddleware:
    """At most `limit` API requests run at once; the others wait here, holding nothing.

    A request takes a database connection in its dependencies (a worker thread), and gives it
    back only when it commits at its end, in another thread. With more requests in flight than
    pooled connections, threads waiting for a connection hold every thread while requests
    holding connections wait for a thread to commit: the process stalls until the pool's
    timeout (200 simulated users did this). Keeping requests in flight below the pool's
    capacity means a connection is always free for a request that runs.
    """

    def __init__(self, app: ASGIApp, limit: int, prefixes: tuple[str, ...] = ("/api", "/mcp")):
        self.app = app
        self.prefixes = prefixes
        self.exempt = ("/api/health",)  # probes must answer however busy the process is
        self.limit = limit
        self._slots: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if (
            scope["type"] != "http"
            or not path.startswith(self.prefixes)
            or path.startswith(self.exempt)
        ):
            await self.app(scope, receive, send)
            return
        if self._slots is None:  # created on the server's event loop
            self._slots = asyncio.Semaphore(self.limit)
        async with self._slots:
            await self.app(scope, receive, send)
