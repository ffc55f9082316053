"""Typed errors with stable codes, rendered as `{errorCode, message, details}`.

Every failure a client can cause is an `AppError` subclass with a stable `code` (the UI
translates it) and an English and a Chinese message template; the response carries the message
in the language the client asked for (`Accept-Language`), so API users get both languages too.
A request never produces a bare 500 unless the server itself is broken.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("slidewright.errors")


class _Blank(dict[str, Any]):
    """Leaves unknown `{placeholders}` visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class AppError(Exception):
    code: ClassVar[str] = "bad_request"
    status: ClassVar[int] = 400
    en: ClassVar[str] = "The request could not be processed."
    zh: ClassVar[str] = "无法处理该请求。"

    def __init__(self, details: Mapping[str, Any] | None = None, **extra: Any) -> None:
        self.details: dict[str, Any] = {**(details or {}), **extra}
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        template = self.zh if lang.lower().startswith("zh") else self.en
        return template.format_map(_Blank(self.details))


class NotAuthenticatedError(AppError):
    code, status = "not_authenticated", 401
    en = "Sign in to continue."
    zh = "请先登录。"


class InvalidTokenError(AppError):
    code, status = "invalid_token", 401
    en = "Your session has expired or was revoked. Please sign in again."
    zh = "登录已过期或已失效，请重新登录。"


class ForbiddenError(AppError):
    code, status = "forbidden", 403
    en = "You are not allowed to do this."
    zh = "您无权执行此操作。"


class NotFoundError(AppError):
    code, status = "not_found", 404
    en = "Not found."
    zh = "未找到。"


class ConflictError(AppError):
    code, status = "conflict", 409
    en = "The request conflicts with the current state."
    zh = "请求与当前状态冲突。"


class RequestTooLargeError(AppError):
    code, status = "request_too_large", 413
    en = "The request is too large (limit {limit} bytes)."
    zh = "请求过大（上限 {limit} 字节）。"


class ValidationFailedError(AppError):
    code, status = "validation_error", 422
    en = "Some fields are missing or invalid."
    zh = "部分字段缺失或无效。"


class ReadOnlyFieldError(AppError):
    """A read-only field sent with another value than the stored one (`core.read_only`).

    `details.field` is the first such field (its wire name), `details.fields` all of them.
    """

    code, status = "read_only_field", 422
    en = "“{field}” is read-only: send it back unchanged or leave it out."
    zh = "“{field}”是只读字段：请原样发回或不要发送。"


class RateLimitedError(AppError):
    code, status = "rate_limited", 429
    en = "Too many attempts. Please wait a minute and try again."
    zh = "尝试次数过多，请稍等一分钟后再试。"


class InternalError(AppError):
    code, status = "internal_error", 500
    en = "Something went wrong on the server. Please try again."
    zh = "服务器出错，请重试。"


class InsufficientStorageError(AppError):
    """The disk (or quota, or object store) holding the data is full: nothing was saved.
    Answered for every "no room" error (see `core.disk_full`), never as a 500."""

    code, status = "insufficient_storage", 507
    en = (
        "The server has run out of storage space, so nothing was saved. "
        "Please tell your administrator."
    )
    zh = "服务器存储空间已满，未保存任何内容。请联系管理员。"


class ServerBusyError(AppError):
    """Every database connection stayed in use for the pool's timeout: too many requests at
    once for this process. A retry shortly after usually succeeds."""

    code, status = "server_busy", 503
    en = "The server is busy. Please try again in a moment."
    zh = "服务器繁忙，请稍后再试。"


class DatabaseUnavailableError(AppError):
    """The database did not answer: it is restarting, failing over or out of reach. Nothing
    of the request was saved; the pool reconnects by itself once the database is back."""

    code, status = "database_unavailable", 503
    en = "The database is unavailable for a moment. Please try again shortly."
    zh = "数据库暂时不可用，请稍后再试。"


_STATUS_ERRORS: dict[int, type[AppError]] = {
    401: NotAuthenticatedError,
    403: ForbiddenError,
    404: NotFoundError,
    413: RequestTooLargeError,
    429: RateLimitedError,
}


def request_lang(request: Request) -> str:
    """The client's preferred language: 'zh-CN' for any Chinese, else 'en'."""
    header = request.headers.get("accept-language", "")
    first = header.split(",")[0].strip().lower()
    return "zh-CN" if first.startswith("zh") else "en"


def error_response(
    error: AppError, lang: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"errorCode": error.code, "message": error.message(lang), "details": error.details}
    return JSONResponse(body, status_code=error.status, headers=headers)


def validation_details(problems: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Pydantic's errors as the API reports them: where, what kind, and pydantic's words.
    The rejected input is left out: it is the caller's data, and may be large."""
    errors = []
    for item in problems:
        loc = [str(part) for part in item.get("loc", ()) if part != "body"]
        errors.append(
            {"field": ".".join(loc), "type": item.get("type"), "message": item.get("msg")}
        )
    return {"errors": errors}


def install_error_handlers(app: FastAPI) -> None:
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.exc import TimeoutError as PoolTimeoutError

    from slidewright.core.db import database_unreachable

    @app.exception_handler(PoolTimeoutError)
    async def _pool_timeout(request: Request, exc: PoolTimeoutError) -> JSONResponse:
        return error_response(ServerBusyError(), request_lang(request), {"Retry-After": "5"})

    @app.exception_handler(DBAPIError)
    async def _database_error(request: Request, exc: DBAPIError) -> JSONResponse:
        if not database_unreachable(exc):
            return await _unexpected(request, exc)
        # The driver's words only: the wrapped error's text carries the statement's parameters.
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc.orig)
        headers = {"Retry-After": "5"}
        return error_response(DatabaseUnavailableError(), request_lang(request), headers)

    @app.exception_handler(AppError)
    async def _app_error(request: Request, exc: AppError) -> JSONResponse:
        headers = {"Retry-After": "60"} if exc.status == 429 else None
        return error_response(exc, request_lang(request), headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(
            ValidationFailedError(validation_details(exc.errors())), request_lang(request)
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        error_cls = _STATUS_ERRORS.get(exc.status_code)
        if error_cls is None:
            body = {
                "errorCode": f"http_{exc.status_code}",
                "message": str(exc.detail),
                "details": {},
            }
            return JSONResponse(body, status_code=exc.status_code)
        return error_response(error_cls(), request_lang(request))

    from slidewright.core.upload_errors import upload_error
    from slidewright.core.uploads import UploadRejected

    @app.exception_handler(UploadRejected)
    async def _upload_rejected(request: Request, exc: UploadRejected) -> JSONResponse:
        return error_response(upload_error(exc.code, exc.details), request_lang(request))

    from slidewright.core.disk_full import is_disk_full
    from slidewright.storage.blobstore import BlobStoreFull

    def _insufficient_storage(request: Request, exc: BaseException) -> JSONResponse:
        log.error("storage full on %s %s: %s", request.method, request.url.path, exc)
        return error_response(InsufficientStorageError(), request_lang(request))

    async def _no_room(request: Request, exc: Exception) -> JSONResponse:
        # Handled here rather than only in the catch-all below, which answers and re-raises.
        if not is_disk_full(exc):
            raise exc  # another OSError: the catch-all answers (and logs) it as before
        return _insufficient_storage(request, exc)

    app.add_exception_handler(BlobStoreFull, _no_room)
    app.add_exception_handler(OSError, _no_room)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        if is_disk_full(exc):  # wrapped in another error, or raised by a middleware
            return _insufficient_storage(request, exc)
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_response(InternalError(), request_lang(request))
