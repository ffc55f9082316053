"""Serving the built frontend (a single-page app) and the markdown docs next to the API."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response

from slidewright.core.config import Settings
from slidewright.core.errors import NotFoundError, error_response, request_lang

_DOC_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")

_NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>Slidewright</title>
<p>The Slidewright API is running (<a href="/api/docs">/api/docs</a>), but the web app has not
been built. Run <code>make run</code> from the project root.</p>"""


def mount_web(app: FastAPI, settings: Settings) -> None:
    docs_dir = settings.docs_dir.resolve()
    dist = settings.frontend_dist.resolve()

    @app.get("/docs/{doc_type}.md", include_in_schema=False)
    def get_doc(doc_type: str, request: Request) -> Response:
        path = docs_dir / f"{doc_type}.md"
        if not _DOC_NAME.match(doc_type) or not path.is_file():
            return error_response(NotFoundError(), request_lang(request))
        return PlainTextResponse(path.read_text(encoding="utf-8"), media_type="text/markdown")

    @app.get("/{path:path}", include_in_schema=False)
    def spa(path: str, request: Request) -> Response:
        # Unknown API paths, doc files and well-known URIs (MCP clients probe
        # /.well-known/oauth-* after a 401) are real 404s, not the app shell.
        if (
            path == "api"
            or path.startswith(("api/", ".well-known/"))
            or (path.startswith("docs/") and path.endswith(".md"))
        ):
            return error_response(NotFoundError(), request_lang(request))
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and _inside(candidate, dist):
            # Hashed assets never change; index.html always revalidates.
            cache = (
                "public, max-age=31536000, immutable" if path.startswith("assets/") else "no-cache"
            )
            return FileResponse(candidate, headers={"Cache-Control": cache})
        index = dist / "index.html"
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return HTMLResponse(_NOT_BUILT)


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
        return True
    except ValueError:
        return False
