"""The chat sign-on flow, step by step, with everything per sign-in kept in the database so
that any replica can take any step:

1. `start`: a random state, nonce and PKCE verifier are stored (hashed state) and the browser is
   sent to the provider.
2. `finish`: the state is consumed (once), the code exchanged, the ID token verified, the account
   found or created, and a one-time code stored (hashed) for the web app.
3. `exchange`: the web app trades that code, once and within a minute, for a sign-in token, so
   the token itself never appears in a URL.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from slidewright.auth import sign_in_sessions
from slidewright.chat_sso.errors import (
    ChatAccountExistsError,
    ChatSignInCodeInvalidError,
    ChatSsoEmailMissingError,
    ChatSsoExpiredError,
)
from slidewright.chat_sso.models import ChatIdentity, ChatLoginAttempt, ChatSignInCode
from slidewright.chat_sso.provider import Identity, OidcProvider
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.license import service as license_service
from slidewright.users import repository as users_repository
from slidewright.users import service as users_service
from slidewright.users.errors import InvalidEmailError, UserNotFoundError
from slidewright.users.models import AUTH_CHAT, ROLE_ADMIN, ROLE_SYSTEM, ROLE_USER, User

# Long enough to type a password at the provider, short enough that a stolen state is useless.
ATTEMPT_LIFETIME = timedelta(minutes=10)
# The web app trades the code right after the redirect.
CODE_LIFETIME = timedelta(seconds=60)
DEFAULT_NEXT = "/projects"
MAX_NEXT_LENGTH = 2000


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def safe_next(candidate: str | None) -> str:
    """A same-site path to return to, or /projects: never another site (no open redirect).

    Refused: absolute URLs, scheme-relative `//host`, backslashes (browsers read `/\\host` as
    `//host`), control characters and anything not starting with a single `/`.
    """
    if (
        not candidate
        or len(candidate) > MAX_NEXT_LENGTH
        or not candidate.startswith("/")
        or candidate.startswith("//")
        or "\\" in candidate
        or any(ord(char) < 0x20 or ord(char) == 0x7F for char in candidate)
    ):
        return DEFAULT_NEXT
    return candidate


def _prune_expired(session: Session) -> None:
    now = utcnow()
    session.execute(delete(ChatLoginAttempt).where(ChatLoginAttempt.expires_at <= now))
    session.execute(delete(ChatSignInCode).where(ChatSignInCode.expires_at <= now))


def start(
    session: Session, provider: OidcProvider, *, redirect_uri: str, next_path: str
) -> tuple[str, str]:
    """Records a new sign-in attempt; answers the provider URL to send the browser to, and
    the attempt's `state` (the router binds it to the browser)."""
    state, nonce = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    code_verifier = secrets.token_urlsafe(64)  # 86 characters: RFC 7636 allows 43-128
    url = provider.authorization_url(
        redirect_uri=redirect_uri, state=state, nonce=nonce, code_verifier=code_verifier
    )
    _prune_expired(session)
    session.add(
        ChatLoginAttempt(
            state_hash=_digest(state),
            nonce=nonce,
            code_verifier=code_verifier,
            next_path=safe_next(next_path),
            redirect_uri=redirect_uri,
            expires_at=utcnow() + ATTEMPT_LIFETIME,
        )
    )
    session.flush()
    return url, state


@dataclass(frozen=True)
class Attempt:
    nonce: str
    code_verifier: str
    next_path: str
    redirect_uri: str


def consume_attempt(session: Session, state: str | None) -> Attempt:
    """The attempt this `state` belongs to, removed so the same callback cannot run twice."""
    if not state:
        raise ChatSsoExpiredError()
    row = session.get(ChatLoginAttempt, _digest(state))
    if row is None:
        raise ChatSsoExpiredError()
    attempt = Attempt(row.nonce, row.code_verifier, row.next_path, row.redirect_uri)
    expired = row.expires_at <= utcnow()
    # A conditional delete: of two replicas racing on one callback, only one sees a row go.
    deleted = session.execute(
        delete(ChatLoginAttempt).where(ChatLoginAttempt.state_hash == row.state_hash)
    )
    session.expunge(row)
    if expired or getattr(deleted, "rowcount", 1) != 1:
        raise ChatSsoExpiredError()
    return attempt


def discard_attempt(session: Session, state: str | None) -> None:
    """Forgets the attempt of this `state`, if there is one (the provider answered an error)."""
    if state:
        session.execute(
            delete(ChatLoginAttempt).where(ChatLoginAttempt.state_hash == _digest(state))
        )


def finish(
    session: Session, settings: Settings, provider: OidcProvider, attempt: Attempt, code: str
) -> str:
    """Exchanges the provider's code, signs the person in; answers the web app's one-time code."""
    id_token = provider.exchange_code(
        code=code, redirect_uri=attempt.redirect_uri, code_verifier=attempt.code_verifier
    )
    identity = provider.verify_id_token(id_token, nonce=attempt.nonce)
    user = account_for(session, settings, identity)
    one_time = secrets.token_urlsafe(32)
    session.add(
        ChatSignInCode(
            code_hash=_digest(one_time), user_id=user.id, expires_at=utcnow() + CODE_LIFETIME
        )
    )
    session.flush()
    return one_time


def account_for(session: Session, settings: Settings, identity: Identity) -> User:
    """The account of this (issuer, subject), linked or created on the first sign-in.

    An existing account with the same email is linked only when it is a chat account that has
    no identity at this provider yet (an Admin prepared it with `users link-chat`) and the
    provider vouches for the email (`email_verified`). A local account is never taken over:
    `chat_account_exists`.
    """
    linked = session.scalar(
        select(ChatIdentity).where(
            ChatIdentity.issuer == identity.issuer, ChatIdentity.subject == identity.subject
        )
    )
    if linked is not None:
        return users_service.get_user(session, linked.user_id)
    # An address the provider says it has not verified claims nobody's email: anyone could
    # have typed it, and would then hold it here against its owner.
    if identity.email is None or identity.email_unverified:
        raise ChatSsoEmailMissingError()
    try:
        email = users_service.normalize_email(identity.email)
    except InvalidEmailError as exc:
        raise ChatSsoEmailMissingError() from exc
    existing = users_repository.get_by_email(session, email)
    if existing is None:
        user = _create_chat_user(session, settings, identity, email)
    elif _may_link(session, existing, identity):
        user = existing
    else:
        raise ChatAccountExistsError()
    session.add(ChatIdentity(user_id=user.id, issuer=identity.issuer, subject=identity.subject))
    session.flush()
    return user


def _may_link(session: Session, user: User, identity: Identity) -> bool:
    if user.auth_type != AUTH_CHAT or user.role == ROLE_SYSTEM or not identity.email_verified:
        return False
    already = session.scalar(
        select(ChatIdentity.id).where(
            ChatIdentity.user_id == user.id, ChatIdentity.issuer == identity.issuer
        )
    )
    return already is None


def _create_chat_user(session: Session, settings: Settings, identity: Identity, email: str) -> User:
    """A new chat account: no password; like sign-up, the very first person becomes an Admin."""
    people = users_service.count_people(session)
    license_service.check_seat_available(settings, people)
    name = (identity.name or email.split("@")[0]).strip()[:200]
    user = User(
        name=name,
        email=email,
        password_hash=None,
        role=ROLE_ADMIN if people == 0 else ROLE_USER,
        auth_type=AUTH_CHAT,
    )
    return users_repository.add(session, user)


def exchange(session: Session, code: str) -> User:
    """The user a one-time code was issued for; the code stops working at once."""
    row = session.get(ChatSignInCode, _digest(code)) if code else None
    if row is None:
        raise ChatSignInCodeInvalidError()
    user_id, expired = row.user_id, row.expires_at <= utcnow()
    deleted = session.execute(
        delete(ChatSignInCode).where(ChatSignInCode.code_hash == row.code_hash)
    )
    session.expunge(row)
    if expired or getattr(deleted, "rowcount", 1) != 1:
        raise ChatSignInCodeInvalidError()
    try:
        return users_service.get_user(session, user_id)
    except UserNotFoundError as exc:
        raise ChatSignInCodeInvalidError() from exc


def prepare_link(session: Session, email: str) -> User:
    """Admin action: a local account will sign in through the chat product from now on.

    Its password stops working and its sessions end; the next chat sign-in whose verified email
    matches links the account to that chat identity.
    """
    user = users_repository.get_by_email(session, users_service.normalize_email(email))
    if user is None or user.role == ROLE_SYSTEM:
        raise UserNotFoundError(email=email)
    user.auth_type = AUTH_CHAT
    user.password_hash = None
    users_service.revoke_tokens(session, user)
    sign_in_sessions.end_all(session, user)  # the profile lists none that no longer works
    return user
