"""`CurrentUser`: the signed-in user from the Bearer token, or 401."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from slidewright.core.deps import SessionDep, SettingsDep
from slidewright.core.errors import ForbiddenError, InvalidTokenError, NotAuthenticatedError
from slidewright.core.security import read_token
from slidewright.users import service as users_service
from slidewright.users.models import ROLE_SYSTEM, User

_bearer = HTTPBearer(auto_error=False, description="`Authorization: Bearer <token>` from login")


def get_current_user(
    session: SessionDep,
    settings: SettingsDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> User:
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise NotAuthenticatedError()
    claims = read_token(credentials.credentials, secret=settings.resolved_secret_key)
    if claims is None:
        raise InvalidTokenError()
    user = users_service.find(session, claims.user_id)
    # A bumped token version (logout, password change) revokes older tokens.
    if user is None or user.role == ROLE_SYSTEM or user.token_version != claims.version:
        raise InvalidTokenError()
    return user


def require_admin(user: Annotated[User, Depends(get_current_user)]) -> User:
    if not user.is_admin:
        raise ForbiddenError()
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]
AdminUser = Annotated[User, Depends(require_admin)]
