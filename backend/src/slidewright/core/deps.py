"""FastAPI dependencies shared by every domain: the session, settings and the rate limiter."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from slidewright.core.config import Settings
from slidewright.core.db import get_session
from slidewright.core.ratelimit import RateLimiter

# Dependencies that only read the request or the app are `async`: FastAPI runs a plain `def`
# dependency in a worker thread, and under load every such trip waits for a thread and for the
# GIL. What talks to the database does so in a worker thread (the user is a `def`; the
# session's commit runs in one, see `get_session`).


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


async def get_rate_limiter(request: Request) -> RateLimiter:
    return request.app.state.rate_limiter


async def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


SessionDep = Annotated[Session, Depends(get_session, scope="function")]
SettingsDep = Annotated[Settings, Depends(get_settings)]
RateLimiterDep = Annotated[RateLimiter, Depends(get_rate_limiter)]
ClientIpDep = Annotated[str, Depends(client_ip)]
