from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.templates import service
from slidewright.templates.models import PptxFile


def visible_template(file_id: str, user: CurrentUser, session: SessionDep) -> PptxFile:
    """The template when the caller owns it, it is published, or the caller is an Admin."""
    return service.get_template(session, user, file_id)


VisibleTemplate = Annotated[PptxFile, Depends(visible_template)]
