"""Business rules for accounts: creation (first one is Admin), profile edits, passwords, roles."""

from __future__ import annotations

from email_validator import EmailNotValidError, validate_email
from sqlalchemy.orm import Session

from slidewright.core.security import hash_password, verify_password
from slidewright.users import repository
from slidewright.users.errors import (
    EmailAlreadyExistsError,
    IncorrectPasswordError,
    InvalidEmailError,
    NameRequiredError,
    PasswordManagedByChatError,
    PasswordTooShortError,
    UserNotFoundError,
)
from slidewright.users.models import AUTH_CHAT, ROLE_ADMIN, ROLE_SYSTEM, ROLE_USER, User
from slidewright.users.schemas import UserUpdate

PASSWORD_MIN_LENGTH = 6


def normalize_email(email: str) -> str:
    try:
        return validate_email(email.strip(), check_deliverability=False).normalized.lower()
    except EmailNotValidError as exc:
        raise InvalidEmailError() from exc


def check_password_rules(password: str) -> None:
    if len(password) < PASSWORD_MIN_LENGTH:
        raise PasswordTooShortError(minLength=PASSWORD_MIN_LENGTH)


def find(session: Session, user_id: str) -> User | None:
    return repository.get(session, user_id)


def get_user(session: Session, user_id: str) -> User:
    user = repository.get(session, user_id)
    if user is None or user.role == ROLE_SYSTEM:
        raise UserNotFoundError()
    return user


def find_by_email(session: Session, email: str) -> User | None:
    return repository.get_by_email(session, email)


def count_people(session: Session) -> int:
    return repository.count_people(session)


def create_user(session: Session, *, name: str, email: str, password: str) -> User:
    """A local account; the very first person to sign up becomes an Admin."""
    name = name.strip()
    if not name:
        raise NameRequiredError()
    email = normalize_email(email)
    check_password_rules(password)
    if repository.get_by_email(session, email) is not None:
        raise EmailAlreadyExistsError()
    role = ROLE_ADMIN if repository.count_people(session) == 0 else ROLE_USER
    user = User(name=name, email=email, password_hash=hash_password(password), role=role)
    return repository.add(session, user)


def update_profile(session: Session, user: User, changes: UserUpdate) -> User:
    if changes.name is not None:
        if not changes.name.strip():
            raise NameRequiredError()
        user.name = changes.name.strip()
    if changes.email is not None:
        email = normalize_email(changes.email)
        other = repository.get_by_email(session, email)
        if other is not None and other.id != user.id:
            raise EmailAlreadyExistsError()
        user.email = email
    session.flush()
    return user


def check_password(user: User, password: str) -> None:
    if not user.password_hash or not verify_password(password, user.password_hash):
        raise IncorrectPasswordError(authType=user.auth_type)


def change_password(session: Session, user: User, current: str, new: str) -> User:
    """Checks the current password, sets the new one and revokes every earlier token."""
    if user.auth_type == AUTH_CHAT:
        raise PasswordManagedByChatError()
    check_password(user, current)
    check_password_rules(new)
    user.password_hash = hash_password(new)
    user.token_version += 1
    session.flush()
    return user


def revoke_tokens(session: Session, user: User) -> None:
    user.token_version += 1
    session.flush()


def set_role(session: Session, email: str, role: str) -> User:
    user = repository.get_by_email(session, email)
    if user is None or user.role == ROLE_SYSTEM:
        raise UserNotFoundError(email=email)
    user.role = role
    session.flush()
    return user


SYSTEM_EMAIL = "system@slidewright.invalid"


def system_account(session: Session) -> User:
    """The account that owns the built-in templates; it cannot sign in (no password)."""
    user = repository.get_by_email(session, SYSTEM_EMAIL)
    if user is None:
        user = repository.add(
            session,
            User(name="Slidewright", email=SYSTEM_EMAIL, password_hash=None, role=ROLE_SYSTEM),
        )
    return user
