"""FastAPI dependencies shared by every domain: the session, settings and the rate limiter."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from slidewright.core.config import Settings
from slidewright.core.db import get_session
from slidewright.core.ratelimit import RateLimiter


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_rate_limiter(request: Request) -> RateLimiter:
    return request.app.state.rate_limiter


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


SessionDep = Annotated[Session, Depends(get_session, scope="function")]
SettingsDep = Annotated[Settings, Depends(get_settings)]
RateLimiterDep = Annotated[RateLimiter, Depends(get_rate_limiter)]
ClientIpDep = Annotated[str, Depends(client_ip)]
