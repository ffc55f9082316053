"""Who is calling the MCP endpoint: the Bearer credential of each HTTP request, checked like the
REST API's (`auth.dependencies.bearer_user`) before the MCP SDK sees the request.

The endpoint is stateless (every request carries its own token), so the caller found here is
the caller of the tool call in that request: it is kept in a context variable, which the SDK
carries into the task and the worker thread that run the tool.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import anyio.to_thread
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from slidewright.auth.dependencies import bearer_user
from slidewright.auth.errors import ApiTokenReadOnlyError
from slidewright.core.config import Settings
from slidewright.core.db import unit_of_work
from slidewright.core.errors import AppError, NotAuthenticatedError, error_response, request_lang
from slidewright.users import service as users_service
from slidewright.users.models import User


@dataclass(frozen=True)
class Caller:
    user_id: str
    may_write: bool
    lang: str  # "en" or "zh-CN", from Accept-Language (default "en"): messages, editions
    asked_lang: str | None  # the same, None when the client sent no Accept-Language
    base_url: str  # where this server is reached, for download links (ends with "/")


_caller: ContextVar[Caller | None] = ContextVar("slidewright_mcp_caller", default=None)


def current_caller() -> Caller:
    caller = _caller.get()
    if caller is None:  # only reachable if the endpoint were mounted without `BearerGate`
        raise NotAuthenticatedError()
    return caller


def load_user(session: Session, caller: Caller, *, write: bool) -> User:
    """The caller as a row of this unit of work; a read-only token may not `write`."""
    if write and not caller.may_write:
        raise ApiTokenReadOnlyError()
    user = users_service.find(session, caller.user_id)
    if user is None:  # deleted since the request was let in
        raise NotAuthenticatedError()
    return user


class BearerGate:
    """ASGI middleware: 401 with the API's typed error body unless the request carries a valid
    `Authorization: Bearer` token; otherwise the caller is set for the tools."""

    def __init__(
        self, app: ASGIApp, settings: Settings, session_factory: sessionmaker[Session]
    ) -> None:
        self.app = app
        self.settings = settings
        self.session_factory = session_factory

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        lang = request_lang(request)
        try:
            caller = await anyio.to_thread.run_sync(self._authenticate, request, lang)
        except AppError as error:
            headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
            await error_response(error, lang, headers)(scope, receive, send)
            return
        with _calling_as(caller):
            await self.app(scope, receive, send)

    def _authenticate(self, request: Request, lang: str) -> Caller:
        scheme, _, raw = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not raw.strip():
            raise NotAuthenticatedError()
        with unit_of_work(self.session_factory) as session:
            user, may_write = bearer_user(session, self.session_factory, self.settings, raw.strip())
            asked = lang if request.headers.get("accept-language") else None
            return Caller(user.id, may_write, lang, asked, self._base_url(request))

    def _base_url(self, request: Request) -> str:
        """The address users open when it is configured: behind a TLS proxy the request's own
        may say http, and the assistant would send its token in clear to download."""
        configured = self.settings.public_url
        return configured.rstrip("/") + "/" if configured else str(request.base_url)


@contextmanager
def _calling_as(caller: Caller) -> Iterator[None]:
    token = _caller.set(caller)
    try:
        yield
    finally:
        _caller.reset(token)
