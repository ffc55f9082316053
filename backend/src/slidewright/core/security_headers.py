"""Security headers on every answer (issue 17): the second wall behind input validation.

The sign-in token lives in localStorage, so one injected script is a stolen account; the
Content-Security-Policy below lets the app run only its own bundled scripts. Three kinds of
answer get three policies, chosen by path so that new routes are covered without anyone
remembering to:

- the web app (index.html, assets, /docs/*.md): `APP_CSP`;
- the API's docs page (/api/docs, Swagger UI from a CDN with one inline script): `docs_csp`,
  which allows that script by its SHA-256 hash, computed from the page actually served;
- everything else under /api/ and /mcp (JSON, images, thumbnails, previews, downloads,
  exports): `USER_CONTENT_CSP`, a sandbox in which nothing can run even if a file is opened
  directly. API bodies that are not JSON and not a raster image the UI shows inline are sent as
  attachments, so user content is never rendered as HTML or SVG.

Authenticated API answers are personal: `Cache-Control: no-store` unless the route chose its
own (content-addressed previews stay `private, immutable`).

A hand-written pure-ASGI middleware rather than the `secure` package: the headers are fixed
strings, and the part that matters (which policy for which answer) is ours either way.
"""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

APP_CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        # MUI (emotion) injects <style> elements at runtime.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
USER_CONTENT_CSP = "default-src 'none'; sandbox"
DOCS_PATH = "/api/docs"
_DOCS_CDN = "https://cdn.jsdelivr.net"
_DOCS_FAVICON = "https://fastapi.tiangolo.com"

COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
HSTS = "max-age=31536000; includeSubDomains"
# Raster images the UI shows in <img>; every other API body is downloaded, never rendered.
INLINE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def docs_csp(html: bytes) -> str:
    """The docs page's policy: Swagger UI from its CDN, and only the page's own inline
    scripts (by hash), so the relaxation cannot be used by anything else."""
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(body).digest()).decode()}'"
        for body in _INLINE_SCRIPT.findall(html)
    )
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {_DOCS_CDN} {hashes}".strip(),
            f"style-src {_DOCS_CDN} 'unsafe-inline'",
            f"img-src 'self' data: {_DOCS_FAVICON}",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def _is_api(path: str) -> bool:
    return path in ("/api", "/mcp") or path.startswith(("/api/", "/mcp/"))


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        self.hsts = hsts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == DOCS_PATH:
            await self._docs(scope, receive, send)
            return
        api = _is_api(path)
        authenticated = any(name == b"authorization" for name, _ in scope.get("headers") or [])

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                self._common(headers)
                if api:
                    self._api(headers, personal=authenticated or path.startswith("/mcp"))
                else:
                    headers["Content-Security-Policy"] = APP_CSP
                    headers["X-Frame-Options"] = "DENY"
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _common(self, headers: MutableHeaders) -> None:
        for name, value in COMMON_HEADERS.items():
            headers[name] = value
        if self.hsts:
            headers["Strict-Transport-Security"] = HSTS

    def _api(self, headers: MutableHeaders, *, personal: bool) -> None:
        headers["Content-Security-Policy"] = USER_CONTENT_CSP
        headers["X-Frame-Options"] = "DENY"
        if personal and "cache-control" not in headers:
            headers["Cache-Control"] = "no-store"
        media_type = headers.get("content-type", "").split(";")[0].strip().lower()
        inline = media_type in INLINE_TYPES or media_type in ("application/json", "")
        inline = inline or media_type.endswith("+json") or media_type == "text/event-stream"
        if not inline:
            # Keep a route's own `attachment; filename=...`; turn anything else into one.
            disposition = headers.get("content-disposition", "")
            if not disposition.lower().startswith("attachment"):
                headers["Content-Disposition"] = "attachment"

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Holds the (small) docs page back until its inline scripts are hashed."""
        start: Message | None = None
        body = b""

        async def buffered(message: Message) -> None:
            nonlocal start, body
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            body += message.get("body", b"")
            if message.get("more_body", False):
                return
            headers = MutableHeaders(scope=start)
            self._common(headers)
            headers["Content-Security-Policy"] = docs_csp(body)
            headers["X-Frame-Options"] = "DENY"
            headers["Content-Length"] = str(len(body))
            await send(start)
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, buffered)
