"""The outside worlds the app talks to, built once from settings: blob storage, the slide
renderer, the job runner and the AI provider. Tests swap in fakes here (memory storage, fake
renderer, a provider pointed at a fake OpenAI-compatible server)."""

from __future__ import annotations

import copy
import logging
import threading
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.orm import Session, sessionmaker

from slidewright.ai.provider import AiProvider, build_provider
from slidewright.core.config import Settings
from slidewright.core.ratelimit import RateLimiter
from slidewright.jobs.runner import JobRunner
from slidewright.storage.blobstore import BlobStore
from slidewright.storage.obstore_store import build_blob_store

if TYPE_CHECKING:
    from slidewright.pptx_engine.render import Renderer


log = logging.getLogger("slidewright")


class Services:
    def __init__(
        self,
        settings: Settings,
        session_factory: sessionmaker[Session],
        *,
        blobs: BlobStore | None = None,
        renderer: Renderer | None = None,
        ai: AiProvider | None = None,
    ) -> None:
        self.settings = settings
        self.blobs: BlobStore = blobs or build_blob_store(settings.resolved_storage_url)
        self.ai: AiProvider = ai or build_provider(settings)
        self.ai_limiter = RateLimiter(settings.ratelimit_storage_url)  # AI calls per user
        self._renderer = renderer
        self._renderer_lock = threading.Lock()
        from slidewright import job_handlers  # noqa: F401  (registers the handlers)

        self.jobs = JobRunner(settings, session_factory, self)

    @property
    def renderer(self) -> Renderer:
        """Built on first use: starting LibreOffice is slow and only render jobs need it."""
        with self._renderer_lock:
            if self._renderer is None:
                from slidewright.pptx_engine.render import build_renderer

                self._renderer = build_renderer(
                    self.settings.renderer,
                    memory_mb=self.settings.renderer_memory_mb,
                    recycle_after=self.settings.renderer_recycle_after,
                )
            return self._renderer

    def start(self) -> None:
        if not self.settings.embedded_workers and not self.settings.jobs_url:
            # A replica that only enqueues, onto the local SQLite queue: only a worker on this
            # host with the same data directory would ever run its jobs.
            log.warning(
                "SLIDEWRIGHT_EMBEDDED_WORKERS=0 but SLIDEWRIGHT_JOBS_URL is not set: jobs go to "
                "this host's SQLite queue; set the shared Redis or PostgreSQL queue"
            )
        self.jobs.start_embedded(self.settings.embedded_workers)
        if self.settings.embedded_workers:
            self.warm_up_renderer()

    def warm_up_renderer(self) -> None:
        """Starts LibreOffice in the background now (API processes that run jobs, and workers),
        so the first upload's thumbnails do not wait about 10 s for it to start."""
        if self.settings.renderer in ("auto", "unoserver"):
            threading.Thread(target=self._warm_up_renderer, daemon=True).start()

    def _warm_up_renderer(self) -> None:
        try:
            warm_up = getattr(self.renderer, "warm_up", None)
            if warm_up is not None:
                warm_up()
        except Exception:  # no LibreOffice: jobs will say so with a typed error
            pass

    def with_ai(self, ai: AiProvider) -> Services:
        """These services with another AI provider, for one request (the user asked for the
        offline assistant): everything else is shared."""
        other = copy.copy(self)
        other.ai = ai
        return other

    def close(self) -> None:
        self.jobs.stop()
        renderer: Any = self._renderer
        if renderer is not None and hasattr(renderer, "close"):
            renderer.close()


async def get_services(request: Request) -> Services:  # no I/O: no worker thread (core.deps)
    return request.app.state.services


ServicesDep = Annotated[Services, Depends(get_services)]
