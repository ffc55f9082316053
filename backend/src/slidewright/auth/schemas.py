from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from slidewright.core.schemas import ApiModel, ReadModel
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


class ApiTokenCreate(ApiModel):
    name: str = Field(max_length=100, description="what the token is for, e.g. the script's name")
    scope: Literal["read", "write"] = Field(
        default="read", description="`read`: GET and searches only; `write`: everything you can do"
    )
    expires_in_days: int | None = Field(
        default=90, ge=1, le=3650, description="days until it stops working; null: never"
    )


class ApiTokenRead(ReadModel):
    name: str
    scope: Literal["read", "write"]
    prefix: str = Field(description="the token's first characters, to recognise it")
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None = Field(description="to the minute; null: never used")


class ApiTokenCreated(ApiTokenRead):
    token: str = Field(description="the secret: shown this once, store it now")


# The codes `auth.user_agent` answers; the web app names them in the interface language.
BrowserCode = Literal[
    "wecom", "wechat", "feishu", "dingtalk", "edge", "opera", "firefox", "chrome", "safari", "other"
]
SystemCode = Literal[
    "harmonyos", "ios", "android", "windows", "chromeos", "macos", "linux", "other"
]


class SignInSessionRead(ReadModel):
    method: Literal["password", "oidc", "chat"] | None = Field(
        description="how the session signed in; null for one from before sessions were recorded"
    )
    browser: BrowserCode = Field(description="the browser family, from the User-Agent header")
    os: SystemCode = Field(description="the operating system family, from the User-Agent header")
    user_agent: str | None = Field(description="the browser's User-Agent header (truncated)")
    created_at: datetime = Field(description="when this session signed in")
    last_seen_at: datetime = Field(description="its last request, to within five minutes")
    expires_at: datetime = Field(description="when its token stops working by itself")
    current: bool = Field(default=False, description="true for the session making this request")


class SignInSessionsEnded(ApiModel):
    ended: int = Field(description="how many sessions were ended")
