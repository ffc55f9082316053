from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.tags import service
from slidewright.tags.models import Tag


def visible_tag(tag_id: str, user: CurrentUser, session: SessionDep) -> Tag:
    """The tag when the caller may see it (own, public, or any for Admins), else 404."""
    return service.get_tag(session, user, tag_id)


VisibleTag = Annotated[Tag, Depends(visible_tag)]
