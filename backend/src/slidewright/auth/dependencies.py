"""`CurrentUser`: the caller from the Bearer credential (a sign-in token or an API token), or 401.

`SignedInUser` is stricter: only a sign-in session, never an API token, may manage API tokens,
change the password or sign out, so a leaked script token cannot lock its owner out.
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session, sessionmaker

from slidewright.auth import api_tokens, sign_in_sessions
from slidewright.auth.errors import ApiTokenNotAllowedError, ApiTokenReadOnlyError
from slidewright.core.config import Settings
from slidewright.core.deps import SessionDep, SettingsDep
from slidewright.core.errors import ForbiddenError, InvalidTokenError, NotAuthenticatedError
from slidewright.core.security import TokenClaims, read_token
from slidewright.users.models import ROLE_SYSTEM, User

_bearer = HTTPBearer(
    auto_error=False,
    description="`Authorization: Bearer <token>`: the token from login, or an API token",
)
_READ_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def _is_read(request: Request) -> bool:
    """Reads are GETs, plus the searches that take their query as a POST body."""
    return request.method in _READ_METHODS or (
        request.method == "POST" and request.url.path.endswith("/search")
    )


def _raw_token(credentials: HTTPAuthorizationCredentials | None) -> str:
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise NotAuthenticatedError()
    return credentials.credentials


def get_token_claims(
    session: SessionDep,
    settings: SettingsDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> TokenClaims:
    """The sign-in token's claims; an API token is refused here (see `SignedInUser`)."""
    raw = _raw_token(credentials)
    if api_tokens.looks_like_api_token(raw):
        # Only a real one is told "not with an API token": an unknown, expired or deleted one
        # is `invalid_token` (401), like every other credential that is no credential.
        api_tokens.authenticate(session, raw)
        raise ApiTokenNotAllowedError()
    claims = read_token(raw, secret=settings.resolved_secret_key)
    if claims is None:
        raise InvalidTokenError()
    return claims


def _user_from_claims(
    session: Session, session_factory: sessionmaker[Session], claims: TokenClaims
) -> User:
    user, row = sign_in_sessions.signed_in(session, claims)
    # A bumped token version ("sign out everywhere", password change) revokes older tokens;
    # an ended sign-in session revokes its own token only.
    if user is None or user.role == ROLE_SYSTEM or user.token_version != claims.version:
        raise InvalidTokenError()
    if sign_in_sessions.activity_due(row):  # at most every few minutes per session
        _release_connection(session)
        sign_in_sessions.record_activity(session_factory, row)
    return user


def _release_connection(session: Session) -> None:
    """Ends the request's read-only transaction, giving its connection back before noting a
    credential's use in a transaction of its own: holding one connection while taking another,
    a burst of such requests (everyone's first request of the morning) would drain the pool
    and stall. The loaded user stays usable (expire_on_commit=False); the endpoint's first
    query takes a connection again.

    Only then: otherwise the request keeps the one connection it authenticated with for its
    endpoint, sparing the commit, the pool's liveness check and the new transaction a second
    checkout costs (three round trips on every request). Holding it while the request waits
    for a thread cannot drain the pool: `InFlightLimitMiddleware` keeps the requests in flight
    below the pool's capacity, so every one of them can hold a connection."""
    session.commit()


def bearer_user(
    session: Session, session_factory: sessionmaker[Session], settings: Settings, raw: str
) -> tuple[User, bool]:
    """The owner of a Bearer credential (a sign-in token or an API token) and whether it may
    write (only a read-only API token may not); `invalid_token` when it is not valid. Shared
    by the REST API and the MCP endpoint, so both accept exactly the same credentials."""
    if api_tokens.looks_like_api_token(raw):
        user, token = api_tokens.authenticate(session, raw)
        if api_tokens.use_due(token):  # at most once a minute per token
            _release_connection(session)
            api_tokens.record_use(session_factory, token)
        return user, token.scope == api_tokens.SCOPE_WRITE
    claims = read_token(raw, secret=settings.resolved_secret_key)
    if claims is None:
        raise InvalidTokenError()
    return _user_from_claims(session, session_factory, claims), True


def get_current_user(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> User:
    factory = request.app.state.session_factory
    user, may_write = bearer_user(session, factory, settings, _raw_token(credentials))
    if not _is_read(request):
        if not may_write:
            raise ApiTokenReadOnlyError()
        # A change may first do slow work that needs no database (a PPTX parsed, a Keynote
        # file converted, a model asked): its connection goes back to the pool meanwhile, and
        # no idle transaction holds locks a migration would queue behind.
        _release_connection(session)
    # A read keeps its connection to the end of the request (one commit there): see
    # `_release_connection` for why that is safe.
    return user


def get_signed_in_user(
    request: Request,
    session: SessionDep,
    claims: Annotated[TokenClaims, Depends(get_token_claims)],
) -> User:
    return _user_from_claims(session, request.app.state.session_factory, claims)


async def get_user_agent(request: Request) -> str | None:
    """The browser's User-Agent header, recorded with a new sign-in session."""
    return request.headers.get("user-agent")


def require_admin(user: Annotated[User, Depends(get_current_user)]) -> User:
    if not user.is_admin:
        raise ForbiddenError()
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]
SignedInUser = Annotated[User, Depends(get_signed_in_user)]
CurrentClaims = Annotated[TokenClaims, Depends(get_token_claims)]
AdminUser = Annotated[User, Depends(require_admin)]
UserAgent = Annotated[str | None, Depends(get_user_agent)]
