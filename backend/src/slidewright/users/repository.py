"""Every user query. Emails are compared lower-cased."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from slidewright.users.models import ROLE_SYSTEM, User


def get(session: Session, user_id: str) -> User | None:
    return session.get(User, user_id)


def get_by_email(session: Session, email: str) -> User | None:
    return session.scalar(select(User).where(User.email == email.strip().lower()))


def count_people(session: Session) -> int:
    """Accounts of real people (the system account that owns built-ins is not one)."""
    return (
        session.scalar(select(func.count()).select_from(User).where(User.role != ROLE_SYSTEM)) or 0
    )


def add(session: Session, user: User) -> User:
    session.add(user)
    session.flush()
    return user
