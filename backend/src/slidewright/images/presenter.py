"""Turning image rows into API responses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from slidewright.images.models import Image
from slidewright.images.schemas import ImageRead
from slidewright.images.service import can_edit
from slidewright.users.models import User


def file_url(image_id: str) -> str:
    return f"/api/images/{image_id}/file"


def read(image: Image, user: User, public_copies: Mapping[str, str]) -> ImageRead:
    """`public_copies` maps private originals to their public copy (`service.public_copies`)."""
    return ImageRead(
        id=image.id,
        url=file_url(image.id),
        alt=image.alt,
        is_public=image.is_public,
        tag_ids=image.tag_ids,
        filename=image.filename,
        mime=image.mime,
        width=image.width,
        height=image.height,
        size=image.size,
        owner_id=image.owner_id,
        # The original is private: its id is its owner's business (a copy's others see none).
        source_image_id=image.source_image_id if image.owner_id == user.id else None,
        public_copy_id=public_copies.get(image.id),
        can_edit=can_edit(image, user),
        created_at=image.created_at,
        updated_at=image.updated_at,
    )


def read_many(
    images: Sequence[Image], user: User, public_copies: Mapping[str, str]
) -> list[ImageRead]:
    return [read(image, user, public_copies) for image in images]
