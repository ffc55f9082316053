from __future__ import annotations

from datetime import datetime

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import ApiModel, ReadModel


class TagCreate(ApiModel):
    name: str = Field(max_length=100)
    public: bool = False


class TagRead(ReadModel):
    name: str
    public: bool
    owner_id: str
    created_at: datetime


@accepts_read(TagRead)
class TagUpdate(UpdateModel):
    """Partial update: send only what changes, or the tag as read with your changes."""

    name: str | None = Field(default=None, max_length=100)
    public: bool | None = None
