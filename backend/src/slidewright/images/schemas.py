from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from slidewright.core.read_only import UpdateModel, accepts_read
from slidewright.core.schemas import ApiModel, OutModel, ReadModel

ImageSize = Literal[
    "square_hd", "square", "portrait_4_3", "portrait_16_9", "landscape_4_3", "landscape_16_9"
]
Lang = Literal["en", "zh-CN", "zh-HK"]

MAX_ALT = 2000
MAX_TAGS = 50


class ImageRead(ReadModel):
    url: str = Field(description="the image bytes: `GET` it with your bearer token")
    alt: str = Field(description="the description; the filename until someone writes one")
    is_public: bool
    tag_ids: list[str]
    filename: str = Field(description="the uploaded file's original name")
    mime: str = Field(description="image/jpeg, image/png or image/webp (GIFs become PNG)")
    width: int = Field(description="pixels")
    height: int = Field(description="pixels")
    size: int = Field(description="bytes, as stored (after re-encoding)")
    owner_id: str
    source_image_id: str | None = Field(
        description="for a public copy, to its owner: the private original it was made from "
        "(null for everyone else, to whom the original does not exist)"
    )
    public_copy_id: str | None = Field(
        description="for a private original: its public copy, once made public"
    )
    can_edit: bool = Field(description="whether you may change the alt text, tags or delete it")
    created_at: datetime
    updated_at: datetime


@accepts_read(ImageRead)
class ImageAltUpdate(UpdateModel):
    alt: str = Field(max_length=MAX_ALT, description="blank resets it to the filename")


@accepts_read(ImageRead)
class ImageTagsUpdate(UpdateModel):
    tag_ids: list[str] = Field(
        max_length=MAX_TAGS, description="the image's whole tag list (your tags or public ones)"
    )


@accepts_read(ImageRead)
class ImagePublish(UpdateModel):
    """Optional: the image as read (the original stays private, so `isPublic` stays false)."""


class ImageGenerate(ApiModel):
    prompt: str = Field(max_length=4000)
    # The spec names this field in snake_case; it is the one exception to camelCase.
    image_size: ImageSize = Field(default="landscape_4_3", alias="image_size")


class ImageDescribe(ApiModel):
    prompt: str = Field(
        default="", max_length=4000, description="extra instructions; blank for the default"
    )
    lang: Lang | None = Field(
        default=None, description="the description's language; default: Accept-Language"
    )


class ImageDescribeBase64(ImageDescribe):
    base64_image: str = Field(
        max_length=2 * 1024 * 1024,
        description="base64 of a JPEG, PNG, GIF or WebP, optionally as a data: URL",
    )


class ImageDescription(OutModel):
    description: str


class GeneratedImage(OutModel):
    image_url: str = Field(description="the new gallery image's `url`")
    image: ImageRead
