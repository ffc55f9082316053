"""Personal access tokens: created once, stored hashed, scoped read or read-write, revocable.

A token reads `swpat_<43 url-safe characters>`; the prefix tells it apart from a sign-in JWT
(which always starts with `eyJ`) without a database lookup, and lets secret scanners find leaked
ones. Tokens do not depend on the user's token version: a password change or "sign out
everywhere" leaves a script's token working; deleting the token is what stops it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from datetime import timedelta
from typing import Final

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from slidewright.auth.errors import ApiTokenNameRequiredError, ApiTokenNotFoundError
from slidewright.auth.models import ApiToken
from slidewright.core.clock import utcnow
from slidewright.core.db import unit_of_work
from slidewright.core.errors import InvalidTokenError
from slidewright.users import service as users_service
from slidewright.users.models import ROLE_SYSTEM, User

TOKEN_PREFIX: Final = "swpat_"
SCOPE_READ: Final = "read"
SCOPE_WRITE: Final = "write"
# Writing "last used" on every call would turn every read into a write; a minute is precise
# enough to tell a dead script from a live one.
_LAST_USED_RESOLUTION: Final = timedelta(minutes=1)


def looks_like_api_token(raw: str) -> bool:
    return raw.startswith(TOKEN_PREFIX)


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def create(
    session: Session, user: User, *, name: str, scope: str, expires_in_days: int | None
) -> tuple[ApiToken, str]:
    """The new token's row and its secret, which is never stored and cannot be shown again."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ApiTokenNameRequiredError()
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    now = utcnow()
    token = ApiToken(
        user_id=user.id,
        name=cleaned,
        scope=scope,
        secret_hash=_digest(raw),
        prefix=raw[: len(TOKEN_PREFIX) + 4],
        created_at=now,
        expires_at=now + timedelta(days=expires_in_days) if expires_in_days else None,
    )
    session.add(token)
    session.flush()
    return token, raw


def list_own(session: Session, user: User) -> Sequence[ApiToken]:
    query = select(ApiToken).where(ApiToken.user_id == user.id).order_by(ApiToken.created_at)
    return session.scalars(query).all()


def delete_own(session: Session, user: User, token_id: str) -> None:
    token = session.get(ApiToken, token_id)
    if token is None or token.user_id != user.id:
        raise ApiTokenNotFoundError()
    session.delete(token)
    session.flush()


def authenticate(session: Session, raw: str) -> tuple[User, ApiToken]:
    """The token's owner, or `invalid_token` when it is unknown, revoked or expired."""
    token = session.scalar(select(ApiToken).where(ApiToken.secret_hash == _digest(raw)))
    now = utcnow()
    if token is None or (token.expires_at is not None and token.expires_at <= now):
        raise InvalidTokenError()
    user = users_service.find(session, token.user_id)
    if user is None or user.role == ROLE_SYSTEM:
        raise InvalidTokenError()
    return user, token


def use_due(token: ApiToken) -> bool:
    """Whether `record_use` would write (the use last noted is older than the resolution)."""
    return token.last_used_at is None or utcnow() - token.last_used_at >= _LAST_USED_RESOLUTION


def record_use(session_factory: sessionmaker[Session], token: ApiToken) -> None:
    """Notes the token's last use (to the minute) in a transaction of its own, committed at
    once: the request's own may last a minute (an AI call, an export) and on SQLite would hold
    the database's write lock, and every other user's writes, all that time."""
    if not use_due(token):
        return
    now = utcnow()
    with unit_of_work(session_factory) as session:
        session.execute(
            update(ApiToken)
            .where(
                ApiToken.id == token.id,
                or_(
                    ApiToken.last_used_at.is_(None),
                    ApiToken.last_used_at < now - _LAST_USED_RESOLUTION,
                ),
            )
            .values(last_used_at=now)
        )
