from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import ApiModel, ReadModel

Role = Literal["Admin", "User"]
AuthType = Literal["local", "chat"]


class UserRead(ReadModel):
    name: str
    email: str
    role: Role
    auth_type: AuthType
    created_at: datetime


class PublicUserRead(ReadModel):
    """What anyone signed in may see of another account: no email."""

    name: str
    role: Role
    auth_type: AuthType


@accepts_read(UserRead, PublicUserRead)
class UserUpdate(UpdateModel):
    """Own profile edits: name and email only (a changed `role` is a 422 `read_only_field`)."""

    name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)


class PasswordChange(ApiModel):
    current_password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024)
