"""Sign-up and sign-in rules: license seat limit, failure rate limits, token issuing."""

from __future__ import annotations

from sqlalchemy.orm import Session

from slidewright.auth import sign_in_sessions
from slidewright.auth.models import METHOD_PASSWORD
from slidewright.core.config import Settings
from slidewright.core.errors import RateLimitedError
from slidewright.core.ratelimit import RateLimiter
from slidewright.core.security import TokenClaims
from slidewright.license import service as license_service
from slidewright.users import service as users_service
from slidewright.users.errors import UserNotFoundError
from slidewright.users.models import User


def sign_in(
    session: Session, settings: Settings, user: User, *, method: str, user_agent: str | None
) -> str:
    """A new sign-in token for `user`, recorded as a session (every sign-in path ends here)."""
    return sign_in_sessions.start(
        session, settings, user, method=method, user_agent_header=user_agent
    )


def signup(session: Session, settings: Settings, *, name: str, email: str, password: str) -> User:
    license_service.check_seat_available(settings, users_service.count_people(session))
    return users_service.create_user(session, name=name, email=email, password=password)


def login(
    session: Session,
    settings: Settings,
    limiter: RateLimiter,
    *,
    email: str,
    password: str,
    ip: str,
) -> User:
    """The user for these credentials; failed attempts are counted per email and per IP."""
    email_key = email.strip().lower()
    per_email, per_ip = settings.auth_failures_per_email, settings.auth_failures_per_ip
    if limiter.exhausted(per_email, "login-email", email_key) or limiter.exhausted(
        per_ip, "login-ip", ip
    ):
        raise RateLimitedError()
    user = users_service.find_by_email(session, email_key)
    try:
        if user is None or user.role == "System":
            raise UserNotFoundError()
        users_service.check_password(user, password)
    except Exception:
        limiter.hit(per_email, "login-email", email_key)
        limiter.hit(per_ip, "login-ip", ip)
        raise
    return user


def logout(session: Session, user: User, claims: TokenClaims) -> None:
    """Ends this sign-in only: the token presented stops working, other browsers stay in.

    A token from before token ids existed cannot be told apart from the user's others, so its
    logout ends every session (the safe side).
    """
    if not sign_in_sessions.end_current(session, user, claims):
        logout_everywhere(session, user)


def logout_everywhere(session: Session, user: User) -> None:
    """Every token issued to the user so far stops working (a lost laptop, a shared PC)."""
    users_service.revoke_tokens(session, user)
    sign_in_sessions.end_all(session, user)


def renew_after_password_change(
    session: Session, settings: Settings, user: User, *, user_agent: str | None
) -> str:
    """The password changed (which revoked every token): every session ends, and the browser
    that changed it gets a new one. Only a password account can change its password."""
    sign_in_sessions.end_all(session, user)
    return sign_in(session, settings, user, method=METHOD_PASSWORD, user_agent=user_agent)
