from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.images import service
from slidewright.images.models import Image


def visible_image(image_id: str, user: CurrentUser, session: SessionDep) -> Image:
    """The image when the caller owns it or it is public, else 404 `image_not_found`."""
    return service.get_image(session, user, image_id)


VisibleImage = Annotated[Image, Depends(visible_image)]
