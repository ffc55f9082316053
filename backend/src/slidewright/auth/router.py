from __future__ import annotations

from fastapi import APIRouter, status
from sqlalchemy.orm import Session

from slidewright.auth import service
from slidewright.auth.dependencies import CurrentClaims, SignedInUser, UserAgent
from slidewright.auth.models import METHOD_PASSWORD
from slidewright.auth.schemas import AuthResponse, LoginRequest, SignupRequest
from slidewright.core.config import Settings
from slidewright.core.deps import ClientIpDep, RateLimiterDep, SessionDep, SettingsDep
from slidewright.users.models import User
from slidewright.users.schemas import UserRead

router = APIRouter(prefix="/auth", tags=["auth"])


def _signed_in(
    session: Session, settings: Settings, user: User, user_agent: str | None
) -> AuthResponse:
    token = service.sign_in(session, settings, user, method=METHOD_PASSWORD, user_agent=user_agent)
    return AuthResponse(token=token, user=UserRead.model_validate(user))


@router.post("/signup", status_code=status.HTTP_201_CREATED, operation_id="signup")
def signup(
    body: SignupRequest, session: SessionDep, settings: SettingsDep, user_agent: UserAgent
) -> AuthResponse:
    """Create a local account and sign it in. The first account becomes an Admin.

    Errors: `invalid_email`, `email_already_exists`, `password_too_short`, `name_required`,
    `license_user_limit` (the licensed number of users is reached).
    """
    user = service.signup(
        session, settings, name=body.name, email=body.email, password=body.password
    )
    return _signed_in(session, settings, user, user_agent)


@router.post("/login", operation_id="login")
def login(
    body: LoginRequest,
    session: SessionDep,
    settings: SettingsDep,
    limiter: RateLimiterDep,
    ip: ClientIpDep,
    user_agent: UserAgent,
) -> AuthResponse:
    """Sign in with email and password; returns a Bearer token and the user.

    Errors: `user_not_found`, `incorrect_password` (details.authType names how the account
    signs in), `rate_limited` (429) after repeated failures for the email or the IP.
    """
    user = service.login(
        session, settings, limiter, email=body.email, password=body.password, ip=ip
    )
    return _signed_in(session, settings, user, user_agent)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT, operation_id="logout")
def logout(user: SignedInUser, claims: CurrentClaims, session: SessionDep) -> None:
    """Sign out of this session: the token sent stops working; other sessions stay signed in
    (`DELETE /api/auth/sessions/{session_id}` ends another one)."""
    service.logout(session, user, claims)


@router.post(
    "/logout-everywhere", status_code=status.HTTP_204_NO_CONTENT, operation_id="logoutEverywhere"
)
def logout_everywhere(user: SignedInUser, session: SessionDep) -> None:
    """Sign out everywhere: every token issued to this user so far stops working, this one
    too, and every sign-in session ends (API tokens keep working)."""
    service.logout_everywhere(session, user)
