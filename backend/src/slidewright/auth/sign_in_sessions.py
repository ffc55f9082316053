"""Sign-in sessions: one per sign-in token, listed on the profile, each one can be ended.

A session's id is its token's `jti`. Two mechanisms end tokens, each with its own job:
- a session row's `ended_at` ends one token (logout, "end this session", "end all others");
- the user's token version ends every token issued so far ("sign out everywhere", a password
  change), including those no session row knows: tokens without a `jti`, and tokens issued
  before sessions were recorded. Those two operations end every row too, so the list on the
  profile never shows a session that no longer signs in.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Final

from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from slidewright.auth import repository, user_agent
from slidewright.auth.errors import SignInSessionNotFoundError
from slidewright.auth.models import SignInSession
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.errors import InvalidTokenError
from slidewright.core.security import TokenClaims, issue_token
from slidewright.users.models import User

# "Last seen" is noted at most this often per session: writing it on every request would turn
# every read into a write, and to recognise a session a few minutes are precise enough.
LAST_SEEN_RESOLUTION: Final = timedelta(minutes=5)


def start(
    session: Session, settings: Settings, user: User, *, method: str, user_agent_header: str | None
) -> str:
    """Issues a sign-in token for `user` and records its session; answers the token."""
    issued = issue_token(
        user.id,
        user.token_version,
        secret=settings.resolved_secret_key,
        minutes=settings.access_token_minutes,
    )
    device = user_agent.describe(user_agent_header)
    repository.prune_expired(session, user_id=user.id, now=issued.issued_at)
    repository.add(
        session,
        SignInSession(
            id=issued.token_id,
            user_id=user.id,
            method=method,
            browser=device.browser,
            os=device.os,
            user_agent=user_agent.truncate(user_agent_header),
            created_at=issued.issued_at,
            last_seen_at=issued.issued_at,
            expires_at=issued.expires_at,
        ),
    )
    return issued.token


def signed_in(session: Session, claims: TokenClaims) -> tuple[User | None, SignInSession | None]:
    """The token's user (None: no such user) and its session, checked with `check`."""
    user, row = repository.user_and_session(session, claims.user_id, claims.token_id)
    return user, check(claims, row)


def check(claims: TokenClaims, row: SignInSession | None) -> SignInSession | None:
    """The token's session `row` (as found by its `jti`); `invalid_token` when it was ended.

    None for a token no row knows: one issued before sessions were recorded (or without a
    `jti`). Such a token keeps working until it expires (a week by default), as it did before
    the upgrade; the token version still ends it ("sign out everywhere"), and its logout records
    an ended row. Rows are only deleted once their token has expired, so a token issued since
    always finds its row.
    """
    if claims.token_id is None:
        return None
    if row is not None and (row.ended_at is not None or row.user_id != claims.user_id):
        raise InvalidTokenError()
    return row


def activity_due(row: SignInSession | None) -> bool:
    """Whether `record_activity` would write: the session was last noted as seen more than
    `LAST_SEEN_RESOLUTION` ago (most requests: no)."""
    return row is not None and utcnow() - row.last_seen_at >= LAST_SEEN_RESOLUTION


def record_activity(session_factory: sessionmaker[Session], row: SignInSession | None) -> None:
    """Notes that the session was seen now, at most every `LAST_SEEN_RESOLUTION`, in a
    transaction of its own: the request's may last a minute (an AI call, an export) and on
    SQLite would hold the database's write lock all that time."""
    if row is None or not activity_due(row):
        return
    now = utcnow()
    repository.touch(
        session_factory, session_id=row.id, now=now, older_than=now - LAST_SEEN_RESOLUTION
    )
    # What this request lists from now on, without making the row dirty (which would write it
    # again in the request's own transaction).
    set_committed_value(row, "last_seen_at", now)


def list_active(session: Session, user: User) -> Sequence[SignInSession]:
    return repository.list_active(session, user_id=user.id, now=utcnow())


def end_one(session: Session, user: User, session_id: str) -> None:
    """Ends one of the user's active sessions (this one too); its token is refused at once.
    Another user's session, an ended or an unknown one: `sign_in_session_not_found`."""
    row = repository.get_active_own(session, user_id=user.id, session_id=session_id, now=utcnow())
    if row is None:
        raise SignInSessionNotFoundError()
    row.ended_at = utcnow()
    session.flush()


def end_others(session: Session, user: User, claims: TokenClaims) -> int:
    """Ends every session of the user but the caller's; answers how many were ended."""
    return repository.end_all(session, user_id=user.id, now=utcnow(), keep=claims.token_id)


def end_all(session: Session, user: User) -> None:
    """Ends every session of the user (with the token version bump: see the module doc)."""
    repository.end_all(session, user_id=user.id, now=utcnow())


def end_current(session: Session, user: User, claims: TokenClaims) -> bool:
    """Ends the caller's own session (a logout); False when its token has no `jti`, which
    only the token version can end."""
    if claims.token_id is None or claims.expires_at is None:
        return False
    now = utcnow()
    row = repository.get(session, claims.token_id)
    if row is not None:
        row.ended_at = row.ended_at or now
        session.flush()
        return True
    # A token from before sessions were recorded: an ended row keeps it refused until it expires.
    repository.add_ended(
        session,
        SignInSession(
            id=claims.token_id,
            user_id=user.id,
            method=None,
            browser=user_agent.OTHER,
            os=user_agent.OTHER,
            created_at=now,
            last_seen_at=now,
            expires_at=claims.expires_at,
            ended_at=now,
        ),
    )
    return True
