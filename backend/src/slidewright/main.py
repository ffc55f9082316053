"""The application factory: routers, error handlers, middleware and lifespan."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute
from sqlalchemy.orm import Session, sessionmaker

from slidewright import __version__, migrate
from slidewright.api import api_router
from slidewright.core.config import Settings, load_settings
from slidewright.core.db import make_engine, make_session_factory, pool_capacity, unit_of_work
from slidewright.core.db_lock import startup_lock
from slidewright.core.errors import install_error_handlers
from slidewright.core.middleware import (
    BodySizeLimitMiddleware,
    InFlightLimitMiddleware,
    RequestLogMiddleware,
)
from slidewright.core.ratelimit import RateLimiter
from slidewright.core.security_headers import SecurityHeadersMiddleware
from slidewright.mcp.server import mount_mcp
from slidewright.services import Services
from slidewright.web import mount_web


def _operation_id(route: APIRoute) -> str:
    return route.name


def _install_builtins(session_factory: sessionmaker[Session], services: Services) -> None:
    from slidewright.templates.builtins import install_builtins

    # Under the start-up lock, committed before it is released: of processes starting together
    # one installs, the others then find every edition there (the keys are unique).
    url = services.settings.resolved_database_url
    with startup_lock(url, "template install"), unit_of_work(session_factory) as session:
        install_builtins(session, services)


def prepare_routes(app: FastAPI) -> None:
    """Builds the request handling of every route now, before the process answers.

    FastAPI builds a route's handling (its dependencies, its body and response fields) on the
    first request matched against it, router by router: after a restart, the first request to
    each part of the API paid for every route scanned on its way, up to a fifth of a second
    (the first template upload: 0.15 s of its 0.2 s). `serve` calls this once per process.
    It walks FastAPI's own (internal) `effective_candidates`, which build on first use; under
    a FastAPI without them it does nothing, and the first requests are slower, nothing else.
    """
    pending: list[object] = list(app.router.routes)
    try:
        while pending:
            candidates = getattr(pending.pop(), "effective_candidates", None)
            if callable(candidates):
                pending.extend(candidates())
    except Exception:  # an internal API that changed: a slower first request, not a dead server
        logging.getLogger("slidewright").warning("routes not prepared at start", exc_info=True)


def prepare_once(settings: Settings) -> None:
    """What one process does before several serve: migrate, install the built-in templates
    and create the generated secret key, so the processes do not race each other to do it.
    (The migration and the install also hold the start-up lock, for separate replicas.)"""
    _ = settings.resolved_secret_key
    if settings.auto_migrate:
        migrate.upgrade(settings.resolved_database_url)
    if settings.install_builtins:
        engine = make_engine(settings.resolved_database_url)
        session_factory = make_session_factory(engine)
        services = Services(settings, session_factory)
        try:
            _install_builtins(session_factory, services)
        finally:
            services.close()
            engine.dispose()


def create_app(settings: Settings | None = None, services: Services | None = None) -> FastAPI:
    """The app; `services` lets tests inject fakes (memory storage, fake renderer)."""
    settings = settings or load_settings()
    logging.basicConfig(level=settings.log_level.upper(), format="%(message)s")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.auto_migrate:
            migrate.upgrade(settings.resolved_database_url)
        app.state.services.start()
        if settings.install_builtins:
            _install_builtins(app.state.session_factory, app.state.services)
        try:
            async with app.state.mcp_sessions.run():
                yield
        finally:
            app.state.services.close()
            app.state.engine.dispose()

    app = FastAPI(
        title="Slidewright API",
        version=__version__,
        description="Build decks from your own PPTX templates. Authenticate with "
        "`POST /api/auth/login` and send `Authorization: Bearer <token>`.",
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        generate_unique_id_function=_operation_id,
        lifespan=lifespan,
    )
    engine = make_engine(
        settings.resolved_database_url,
        pool_size=settings.db_pool_size,
        max_overflow=settings.db_max_overflow,
        pool_timeout=settings.db_pool_timeout,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.session_factory = make_session_factory(engine)
    app.state.services = services or Services(settings, app.state.session_factory)
    app.state.rate_limiter = RateLimiter(settings.ratelimit_storage_url)

    install_error_handlers(app)
    app.include_router(api_router)
    app.state.mcp_sessions = mount_mcp(app)  # before the web app's catch-all route
    mount_web(app, settings)

    app.add_middleware(
        BodySizeLimitMiddleware,
        max_upload=settings.max_upload_bytes,
        max_json=settings.max_json_bytes,
    )
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["*"],
            allow_headers=["*"],
            expose_headers=["Content-Disposition", "X-Request-ID"],
        )
    capacity = pool_capacity(engine)
    if capacity is not None:
        # Room left for the job threads of this process and the heartbeat.
        in_flight = max(1, capacity - settings.embedded_workers - 2)
        app.add_middleware(InFlightLimitMiddleware, limit=in_flight)
    app.add_middleware(RequestLogMiddleware)
    # Outermost, so error answers from the other middleware carry the headers too.
    https = (settings.public_url or "").lower().startswith("https://")
    app.add_middleware(SecurityHeadersMiddleware, hsts=https)
    return app
