"""Sign-up and sign-in rules: license seat limit, failure rate limits, token issuing."""

from __future__ import annotations

from sqlalchemy.orm import Session

from slidewright.auth import repository as auth_repository
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.errors import RateLimitedError
from slidewright.core.ratelimit import RateLimiter
from slidewright.core.security import TokenClaims, issue_token
from slidewright.license import service as license_service
from slidewright.users import service as users_service
from slidewright.users.errors import UserNotFoundError
from slidewright.users.models import User


def token_for(user: User, settings: Settings) -> str:
    return issue_token(
        user.id,
        user.token_version,
        secret=settings.resolved_secret_key,
        minutes=settings.access_token_minutes,
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
    if claims.token_id is None or claims.expires_at is None:
        users_service.revoke_tokens(session, user)
        return
    auth_repository.prune_expired(session, utcnow())
    auth_repository.revoke(
        session, token_id=claims.token_id, user_id=user.id, expires_at=claims.expires_at
    )


def logout_everywhere(session: Session, user: User) -> None:
    """Every token issued to the user so far stops working (a lost laptop, a shared PC)."""
    users_service.revoke_tokens(session, user)
