"""The ASGI application `slidewright serve` hands to uvicorn, in every web process.

It starts LibreOffice before importing the app: the imports and the start-up migration take a
few seconds, LibreOffice about as long, and side by side the first upload after a restart
finds the renderer warm (see `pptx_engine.render.start_early`). Where LibreOffice takes longer
than the app, the process waits for it (up to `WARM_WAIT_S`) before it answers: a first upload
sent the moment it answered took 3x a warm render, LibreOffice still starting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from slidewright.core.config import load_settings
from slidewright.core.supervisor_watch import watch_supervisor

if TYPE_CHECKING:
    from fastapi import FastAPI

# The longest the process waits for LibreOffice's warm-up after the app is built: past it, the
# process answers and readiness says `renderer: starting` until it is warm.
WARM_WAIT_S: Final = 15.0


def create_app() -> FastAPI:
    watch_supervisor()
    settings = load_settings()
    warming = None
    if settings.embedded_workers and settings.renderer in ("auto", "unoserver"):
        from slidewright.pptx_engine.render import start_early

        warming = start_early(
            settings.renderer,
            memory_mb=settings.renderer_memory_mb,
            recycle_after=settings.renderer_recycle_after,
        )
    from slidewright.main import create_app as build_app
    from slidewright.main import prepare_routes

    app = build_app(settings)
    prepare_routes(app)
    if warming is not None:
        warming.join(WARM_WAIT_S)
    return app
