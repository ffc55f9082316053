"""Every query on sign-in sessions, scoped to their user."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from slidewright.auth.models import SignInSession
from slidewright.core.db import unit_of_work
from slidewright.users.models import User


def get(session: Session, session_id: str) -> SignInSession | None:
    return session.get(SignInSession, session_id)


def user_and_session(
    session: Session, user_id: str, session_id: str | None
) -> tuple[User | None, SignInSession | None]:
    """A token's user and its sign-in session row in one query: every signed-in request
    asks for both, and one round trip to the database instead of two shows under load."""
    if session_id is None:
        return session.get(User, user_id), None
    query = (
        select(User, SignInSession)
        .outerjoin(SignInSession, SignInSession.id == session_id)
        .where(User.id == user_id)
    )
    found = session.execute(query).first()
    return (found[0], found[1]) if found is not None else (None, None)


def get_active_own(
    session: Session, *, user_id: str, session_id: str, now: datetime
) -> SignInSession | None:
    """The user's session if it is still active; None for another user's, an ended or an
    expired one (all the same to the caller: not one of theirs to end)."""
    return session.scalar(
        select(SignInSession).where(
            SignInSession.id == session_id,
            SignInSession.user_id == user_id,
            SignInSession.ended_at.is_(None),
            SignInSession.expires_at > now,
        )
    )


def list_active(session: Session, *, user_id: str, now: datetime) -> Sequence[SignInSession]:
    """The user's sessions that can still sign in, the most recently seen first."""
    query = (
        select(SignInSession)
        .where(
            SignInSession.user_id == user_id,
            SignInSession.ended_at.is_(None),
            SignInSession.expires_at > now,
        )
        .order_by(SignInSession.last_seen_at.desc(), SignInSession.id.desc())
    )
    return session.scalars(query).all()


def add(session: Session, row: SignInSession) -> None:
    session.add(row)
    session.flush()


def add_ended(session: Session, row: SignInSession) -> None:
    """Records an already-ended session unless its id has a row already."""
    if session.get(SignInSession, row.id) is not None:
        return
    try:
        with session.begin_nested():  # a savepoint: a clash leaves the request's work intact
            session.add(row)
    except IntegrityError:
        pass  # recorded at the same moment by another request (a double click, two replicas)


def end_all(session: Session, *, user_id: str, now: datetime, keep: str | None = None) -> int:
    """Ends the user's active sessions, except `keep`; answers how many were ended."""
    query = update(SignInSession).where(
        SignInSession.user_id == user_id, SignInSession.ended_at.is_(None)
    )
    if keep is not None:
        query = query.where(SignInSession.id != keep)
    result = session.execute(
        query.values(ended_at=now).execution_options(synchronize_session=False)
    )
    session.flush()
    return int(getattr(result, "rowcount", 0) or 0)


def touch(
    session_factory: sessionmaker[Session], *, session_id: str, now: datetime, older_than: datetime
) -> None:
    """Sets `last_seen_at` in a transaction of its own, committed at once, and only when the
    stored value is older than `older_than` (another replica may have just done it)."""
    with unit_of_work(session_factory) as session:
        session.execute(
            update(SignInSession)
            .where(
                SignInSession.id == session_id,
                SignInSession.ended_at.is_(None),
                SignInSession.last_seen_at < older_than,
            )
            .values(last_seen_at=now)
        )


def prune_expired(session: Session, *, user_id: str, now: datetime) -> None:
    """An expired token is refused by its signature check already: its row is dead weight.
    Never delete a row before its token expires: a token without a row counts as one issued
    before sessions were recorded, and would work again.

    One user's rows only: two sign-ins deleting the same rows in different orders could
    deadlock on PostgreSQL; a user's own sign-ins rarely overlap. (A deleted user's rows go
    with the user.)"""
    session.execute(
        delete(SignInSession).where(
            SignInSession.user_id == user_id, SignInSession.expires_at < now
        )
    )
