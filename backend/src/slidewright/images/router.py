from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Query, Request, Response, UploadFile, status
from sqlalchemy.orm import Session

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.core.errors import request_lang
from slidewright.images import presenter, service
from slidewright.images.dependencies import VisibleImage
from slidewright.images.models import Image
from slidewright.images.schemas import (
    MAX_ALT,
    MAX_TAGS,
    GeneratedImage,
    ImageAltUpdate,
    ImageDescribe,
    ImageDescribeBase64,
    ImageDescription,
    ImageGenerate,
    ImagePublish,
    ImageRead,
    ImageTagsUpdate,
)
from slidewright.services import ServicesDep
from slidewright.users.models import User

router = APIRouter(prefix="/images", tags=["images"])

SearchQuery = Annotated[
    str | None,
    Query(
        max_length=service.MAX_QUERY,
        description="words in the alt text, the filename or a tag's name (case-insensitive)",
    ),
]
TagFilter = Annotated[str | None, Query(alias="tagId", description="only images with this tag")]


def _read(session: Session, user: User, image: Image) -> ImageRead:
    return presenter.read(image, user, service.public_copies(session, [image]))


def _read_many(session: Session, user: User, images: list[Image]) -> list[ImageRead]:
    return presenter.read_many(images, user, service.public_copies(session, images))


@router.get("", operation_id="listImages")
def list_images(
    user: CurrentUser, session: SessionDep, q: SearchQuery = None, tag_id: TagFilter = None
) -> list[ImageRead]:
    """Your own private images, newest first (your public copies are under `/public`).

    `q` searches the alt text, the filename and tag names; `tagId` keeps images with that tag.
    """
    images = list(service.list_own(session, user, q=q, tag_id=tag_id))
    return _read_many(session, user, images)


@router.get("/public", operation_id="listPublicImages")
def list_public_images(
    user: CurrentUser, session: SessionDep, q: SearchQuery = None, tag_id: TagFilter = None
) -> list[ImageRead]:
    """Public images from every user, newest first; same `q` and `tagId` as `GET /images`."""
    images = list(service.list_public(session, user, q=q, tag_id=tag_id))
    return _read_many(session, user, images)


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="uploadImage")
def upload_image(
    image: Annotated[UploadFile, File(description="a JPEG, PNG, GIF or WebP picture")],
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
    alt: Annotated[
        str | None,
        Form(max_length=MAX_ALT, description="the description; default: the file name"),
    ] = None,
    tag_ids: Annotated[
        list[str] | None,
        Form(
            alias="tagIds",
            max_length=MAX_TAGS,
            description="tag ids, one form field per tag (repeat `tagIds`)",
        ),
    ] = None,
) -> ImageRead:
    """Upload a picture into your gallery (private).

    The type is read from the bytes, not the name: JPEG, PNG, GIF and WebP are accepted, SVG
    is not. The picture is re-encoded without its metadata (EXIF, GPS, comments; the camera
    orientation is applied first); a GIF keeps its first frame, as a PNG.

    Errors: `unsupported_file_type`, `invalid_image`, `image_too_large` (too many pixels),
    `too_many_frames` (an animation of more than 1000 frames), `file_too_large`, `invalid_tags`.
    """
    # A sync endpoint runs in the thread pool, so decoding never blocks the event loop.
    data = image.file.read()
    created = service.upload_image(
        session,
        services,
        user,
        filename=image.filename,
        data=data,
        alt=alt,
        tag_ids=tag_ids or [],
    )
    return _read(session, user, created)


@router.post("/generate", operation_id="generateImage")
def generate_image(
    body: ImageGenerate, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> GeneratedImage:
    """Generate a picture from a prompt into your gallery (`image_size` is the aspect ratio).

    Errors: `prompt_required` (422), `ai_unavailable` (503: no AI provider that draws images
    is configured).
    """
    created = service.generate_image(session, services, user, body)
    return GeneratedImage(
        image_url=presenter.file_url(created.id), image=_read(session, user, created)
    )


@router.post("/describe-base64", operation_id="describeImageBase64")
def describe_image_base64(
    request: Request, body: ImageDescribeBase64, user: CurrentUser, services: ServicesDep
) -> ImageDescription:
    """Describe a picture before uploading it (`base64Image`: base64 or a data: URL).

    Errors: `invalid_base64_image` (422), the upload errors (`unsupported_file_type`,
    `invalid_image`...), `ai_unavailable` (503: no AI provider that sees images is configured).
    """
    lang = body.lang or request_lang(request)
    return ImageDescription(description=service.describe_base64(services, user, body, lang))


@router.get("/{image_id}", operation_id="getImage")
def get_image(image: VisibleImage, user: CurrentUser, session: SessionDep) -> ImageRead:
    """An image's metadata (yours, or a public one)."""
    return _read(session, user, image)


_IMAGE_RESPONSE: dict[int | str, dict[str, object]] = {
    200: {"content": {"image/jpeg": {}, "image/png": {}, "image/webp": {}}}
}


@router.get(
    "/{image_id}/file",
    operation_id="getImageFile",
    response_class=Response,
    responses=_IMAGE_RESPONSE,
)
def get_image_file(image: VisibleImage, services: ServicesDep) -> Response:
    """The image's bytes (yours, or a public one; send your bearer token)."""
    headers = {
        # Per user: never stored by shared caches. An id's bytes never change.
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
    }
    return Response(service.image_bytes(services, image), media_type=image.mime, headers=headers)


@router.post("/{image_id}/describe", operation_id="describeImage")
def describe_image(
    request: Request,
    body: ImageDescribe,
    image: VisibleImage,
    user: CurrentUser,
    services: ServicesDep,
) -> ImageDescription:
    """Describe a gallery image with AI (the answer is not saved: `PUT .../alt` saves it).

    Errors: `ai_unavailable` (503: no AI provider that sees images is configured).
    """
    lang = body.lang or request_lang(request)
    return ImageDescription(description=service.describe_image(services, user, image, body, lang))


@router.put("/{image_id}/make-public", operation_id="makeImagePublic")
def make_image_public(
    image: VisibleImage,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
    body: ImagePublish | None = None,
) -> ImageRead:
    """Publish a copy of your image: a new public, read-only image everyone can see and use.
    Your private original stays (and stays editable). This cannot be undone. Returns the copy.
    No body is needed; the image as read may be sent.

    Errors: `already_public` (409: the image is public, or already has a public copy),
    `read_only_field`.
    """
    if body is not None:
        body.check_read_only(_read(session, user, image))
    return _read(session, user, service.make_public(session, services, user, image))


@router.put("/{image_id}/alt", operation_id="updateImageAlt")
def update_image_alt(
    body: ImageAltUpdate, image: VisibleImage, user: CurrentUser, session: SessionDep
) -> ImageRead:
    """Set the description of your private image (blank resets it to the file name).

    Errors: `image_read_only` (403: public images cannot be edited, not even by their owner),
    `read_only_field` (the image as read may be sent, but only `alt` changes here).
    """
    body.check_read_only(_read(session, user, image))
    return _read(session, user, service.update_alt(session, user, image, body.alt))


@router.put("/{image_id}/tags", operation_id="updateImageTags")
def update_image_tags(
    body: ImageTagsUpdate, image: VisibleImage, user: CurrentUser, session: SessionDep
) -> ImageRead:
    """Replace the tags of your private image with `tagIds` (your tags or public ones).

    Errors: `invalid_tags` (422, `details.tagIds` lists the unusable ones), `image_read_only`,
    `read_only_field` (the image as read may be sent, but only `tagIds` changes here).
    """
    body.check_read_only(_read(session, user, image))
    return _read(session, user, service.update_tags(session, user, image, body.tag_ids))


@router.delete("/{image_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteImage")
def delete_image(
    image: VisibleImage, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> None:
    """Delete your private image and its file. Its public copy, if any, stays.

    Errors: `image_read_only` (403: public images cannot be deleted).
    """
    service.delete_image(session, services, user, image)
