from __future__ import annotations

from datetime import datetime

from pydantic import Field

from slidewright.core.schemas import ApiModel, ReadModel


class TagCreate(ApiModel):
    name: str = Field(max_length=100)
    public: bool = False


class TagUpdate(ApiModel):
    """Partial update: send only what changes."""

    name: str | None = Field(default=None, max_length=100)
    public: bool | None = None


class TagRead(ReadModel):
    name: str
    public: bool
    owner_id: str
    created_at: datetime
