from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.files import service
from slidewright.files.models import Template, UploadedFile


def owned_file(file_id: str, user: CurrentUser, session: SessionDep) -> UploadedFile:
    """The caller's own file, else 404 (files are never shared)."""
    return service.get_file(session, user, file_id)


def owned_template(template_id: str, user: CurrentUser, session: SessionDep) -> Template:
    """The caller's own Template, else 404."""
    return service.get_template(session, user, template_id)


OwnedFile = Annotated[UploadedFile, Depends(owned_file)]
OwnedTemplate = Annotated[Template, Depends(owned_template)]
