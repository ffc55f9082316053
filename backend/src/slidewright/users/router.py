from __future__ import annotations

from fastapi import APIRouter

from slidewright.auth import service as auth_service
from slidewright.auth.dependencies import CurrentUser, SignedInUser, UserAgent
from slidewright.auth.schemas import AuthResponse
from slidewright.core.deps import SessionDep, SettingsDep
from slidewright.users import service
from slidewright.users.schemas import PasswordChange, PublicUserRead, UserRead, UserUpdate

router = APIRouter(prefix="/users", tags=["users"])


@router.get("/me", operation_id="getMe")
def get_me(user: CurrentUser) -> UserRead:
    """The signed-in user."""
    return UserRead.model_validate(user)


@router.put("/me", operation_id="updateMe")
def update_me(body: UserUpdate, user: CurrentUser, session: SessionDep) -> UserRead:
    """Edit your own name and email. The user may be sent as read; a changed `role`,
    `authType`, `_id` or `createdAt` is refused, unknown fields are a 422 `validation_error`.

    Errors: `name_required`, `invalid_email`, `email_already_exists`, `read_only_field`.
    """
    body.check_read_only(UserRead.model_validate(user))
    return UserRead.model_validate(service.update_profile(session, user, body))


@router.put("/me/password", operation_id="changePassword")
def change_password(
    body: PasswordChange,
    user: SignedInUser,
    session: SessionDep,
    settings: SettingsDep,
    user_agent: UserAgent,
) -> AuthResponse:
    """Change your password. Every other token stops working and every sign-in session ends;
    a fresh token (a new session) is returned.

    Errors: `incorrect_password` (the current password is wrong), `password_too_short`,
    `password_managed_by_chat` (a chat account: its password is changed at the chat product).
    """
    service.change_password(session, user, body.current_password, body.new_password)
    token = auth_service.renew_after_password_change(session, settings, user, user_agent=user_agent)
    return AuthResponse(token=token, user=UserRead.model_validate(user))


@router.get("/{user_id}", operation_id="getUser")
def get_user(user_id: str, _: CurrentUser, session: SessionDep) -> PublicUserRead:
    """Another user's public profile (name, role, sign-in type; never the email)."""
    return PublicUserRead.model_validate(service.get_user(session, user_id))
