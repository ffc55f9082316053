from __future__ import annotations

from pydantic import Field

from slidewright.core.schemas import ApiModel
from slidewright.users.schemas import UserRead


class SignupRequest(ApiModel):
    name: str = Field(max_length=200)
    email: str = Field(max_length=320)
    password: str = Field(max_length=1024)


class LoginRequest(ApiModel):
    email: str = Field(max_length=320)
    password: str = Field(max_length=1024)


class AuthResponse(ApiModel):
    token: str
    user: UserRead
