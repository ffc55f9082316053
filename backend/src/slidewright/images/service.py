"""Image rules: clean uploads, visibility, public copies, owner-only edits, tag checks.

- Uploads are decoded and re-encoded by `core.uploads.reencode_image` (magic-byte type check,
  pixel cap, EXIF orientation applied, every metadata block dropped) before anything is stored.
- Own private images are editable by their owner only; another user's private image is a 404.
- Making an image public copies it (row and bytes) into a new public image owned by the same
  user; the private original stays and stays editable. Public images are read-only for
  everyone, their owner included, so what others picked for their decks never changes under
  them; this cannot be undone. Private tags are not carried to the copy (nobody else could
  see them).
- AI describe and generate validate their input and go through the AI domain's provider
  (`ai_unavailable` when it cannot see or draw images); generated pictures are re-encoded
  like uploads and stored as the user's private images.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.db import on_commit, on_rollback
from slidewright.core.errors import ForbiddenError
from slidewright.core.ids import new_id
from slidewright.core.uploads import ReencodedImage, UploadLimits, reencode_image
from slidewright.images import repository
from slidewright.images.errors import (
    AlreadyPublicError,
    ImageNotFoundError,
    ImageReadOnlyError,
    InvalidBase64ImageError,
    InvalidTagsError,
    PromptRequiredError,
)
from slidewright.images.models import Image, ImageTag
from slidewright.images.schemas import (
    MAX_ALT,
    ImageDescribe,
    ImageDescribeBase64,
    ImageGenerate,
)
from slidewright.services import Services
from slidewright.storage.blobstore import BlobNotFound, make_key
from slidewright.tags import service as tags_service
from slidewright.users.models import User

MAX_QUERY = 200
# Ids are ULIDs. Anything else cannot name a row, and is never sent to the database (PostgreSQL
# refuses strings with NUL characters outright).
_ID = re.compile(r"[0-9A-Za-z]{26}")
# C0 controls except tab and newline (NUL among them, which PostgreSQL cannot store).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_DATA_URL = re.compile(r"data:[^,]*;base64,", re.IGNORECASE)


def _is_id(value: str) -> bool:
    return _ID.fullmatch(value) is not None


def _clean_text(value: str) -> str:
    return _CONTROL.sub("", value).strip()


def upload_limits(settings: Settings) -> UploadLimits:
    return UploadLimits(max_bytes=settings.max_upload_bytes)


def clean_filename(raw: str | None, default: str = "image") -> str:
    """The bare file name a browser sent (no folders from either OS), at most 255 characters."""
    name = _clean_text(PureWindowsPath(PurePosixPath(raw or "").name).name)
    return (name or default)[-255:]


def _alt_or_filename(alt: str | None, filename: str) -> str:
    """A blank description means "not written yet": the filename stands in (the UI then asks
    for a more descriptive text)."""
    return _clean_text(alt or "") or filename


def written_description(image: Image) -> str | None:
    """The image's description when someone wrote one (by hand or with AI describe); None
    while the filename stands in, which says nothing to a screen-reader user."""
    alt = image.alt.strip()
    return alt if alt and alt != image.filename else None


def _blob_prefix(image: Image) -> str:
    return f"images/{image.owner_id}/{image.id}/"


def _checked_tag_ids(session: Session, user: User, tag_ids: Sequence[str]) -> list[str]:
    """`tag_ids` without duplicates, in order; `invalid_tags` unless all are the caller's own
    or public tags."""
    wanted = list(dict.fromkeys(tag_ids))
    shaped = [tag_id for tag_id in wanted if _is_id(tag_id)]
    usable = tags_service.visible_tag_ids(session, user, shaped)
    invalid = [tag_id for tag_id in wanted if tag_id not in usable]
    if invalid:
        raise InvalidTagsError(tagIds=invalid)
    return wanted


def _store(
    session: Session, services: Services, image: Image, data: bytes, content_type: str
) -> None:
    """Writes the image's bytes; if the request then fails, they are removed again."""
    prefix = _blob_prefix(image)
    on_rollback(session, lambda: services.blobs.delete_prefix(prefix))
    services.blobs.put(image.blob_key, data, content_type=content_type)


# ---------------------------------------------------------------------------------------------
# Reading


def _search_terms(session: Session, user: User, q: str | None) -> tuple[str, list[str]]:
    """The cleaned search text, and the ids of the caller's visible tags whose name contains
    it (so an image is found by its tags' names too)."""
    text = _clean_text(q or "")[:MAX_QUERY]
    if not text:
        return "", []
    needle = text.casefold()
    tags = tags_service.list_tags(session, user)
    return text, [tag.id for tag in tags if needle in tag.name.casefold()]


def list_own(
    session: Session, user: User, *, q: str | None = None, tag_id: str | None = None
) -> Sequence[Image]:
    """The caller's private images, newest first, optionally searched and filtered by tag."""
    if tag_id is not None and not _is_id(tag_id):
        return []
    text, text_tag_ids = _search_terms(session, user, q)
    return repository.list_own_private(
        session, user, text=text, text_tag_ids=text_tag_ids, tag_id=tag_id
    )


def list_public(
    session: Session, user: User, *, q: str | None = None, tag_id: str | None = None
) -> Sequence[Image]:
    """Every public image (anyone's), newest first, optionally searched and filtered by tag."""
    if tag_id is not None and not _is_id(tag_id):
        return []
    text, text_tag_ids = _search_terms(session, user, q)
    return repository.list_public(session, text=text, text_tag_ids=text_tag_ids, tag_id=tag_id)


def get_image(session: Session, user: User, image_id: str) -> Image:
    """The image when the caller owns it or it is public, else `image_not_found`."""
    image = repository.get_visible(session, user, image_id) if _is_id(image_id) else None
    if image is None:
        raise ImageNotFoundError()
    return image


def visible_image_ids(session: Session, user: User, image_ids: Sequence[str]) -> set[str]:
    """Which of `image_ids` the caller may use (own or public), e.g. to link them to a deck."""
    return repository.visible_ids(session, user, [i for i in image_ids if _is_id(i)])


def get_visible_images(session: Session, user: User, image_ids: Sequence[str]) -> list[Image]:
    """The images of `image_ids` the caller may see, in the order given (others are left out)."""
    return repository.get_visible_many(session, user, [i for i in image_ids if _is_id(i)])


def public_copies(session: Session, images: Sequence[Image]) -> dict[str, str]:
    """Private original id -> its public copy's id, for those of `images` that have one."""
    return repository.public_copy_ids(session, [i.id for i in images if not i.is_public])


def can_edit(image: Image, user: User) -> bool:
    return image.owner_id == user.id and not image.is_public


def _require_editable(image: Image, user: User) -> None:
    if image.is_public:
        raise ImageReadOnlyError()
    if image.owner_id != user.id:
        raise ForbiddenError()


def image_bytes(services: Services, image: Image) -> bytes:
    try:
        return services.blobs.get(image.blob_key)
    except BlobNotFound as exc:
        raise ImageNotFoundError() from exc


# ---------------------------------------------------------------------------------------------
# Writing


def upload_image(
    session: Session,
    services: Services,
    owner: User,
    *,
    filename: str | None,
    data: bytes,
    alt: str | None = None,
    tag_ids: Sequence[str] = (),
) -> Image:
    """Cleans and stores an uploaded picture as a new private image.

    Raises the upload guard's typed errors (`unsupported_file_type` for SVG and non-images,
    `invalid_image`, `image_too_large`, `file_too_large`) and `invalid_tags`.
    """
    name = clean_filename(filename)
    tags = _checked_tag_ids(session, owner, tag_ids)
    cleaned = reencode_image(data, upload_limits(services.settings))
    return _create(session, services, owner, cleaned, filename=name, alt=alt, tag_ids=tags)


def _create(
    session: Session,
    services: Services,
    owner: User,
    cleaned: ReencodedImage,
    *,
    filename: str,
    alt: str | None,
    tag_ids: Sequence[str],
) -> Image:
    image_id = new_id()
    image = Image(
        id=image_id,
        owner_id=owner.id,
        filename=filename,
        alt=_alt_or_filename(alt, filename),
        is_public=False,
        mime=cleaned.mime,
        width=cleaned.width,
        height=cleaned.height,
        size=len(cleaned.data),
        blob_key=make_key("images", owner.id, image_id, f"original.{cleaned.ext}"),
        tag_links=[ImageTag(tag_id=tag_id) for tag_id in tag_ids],
    )
    repository.add(session, image)
    _store(session, services, image, cleaned.data, cleaned.mime)
    return image


def make_public(session: Session, services: Services, user: User, image: Image) -> Image:
    """Copies a private image into a new public, read-only image; returns the copy.

    The original stays private and editable. Its public tags go with the copy, its private
    ones do not. Errors: `already_public` (a public image, or an original already copied).
    """
    if image.is_public:
        raise AlreadyPublicError()
    _require_editable(image, user)
    if public_copies(session, [image]):
        raise AlreadyPublicError()
    public_tags = {tag.id for tag in tags_service.list_tags(session, user) if tag.public}
    copy_id = new_id()
    copy = Image(
        id=copy_id,
        owner_id=image.owner_id,
        filename=image.filename,
        alt=image.alt,
        is_public=True,
        source_image_id=image.id,
        mime=image.mime,
        width=image.width,
        height=image.height,
        size=image.size,
        blob_key=make_key("images", image.owner_id, copy_id, PurePosixPath(image.blob_key).name),
        tag_links=[ImageTag(tag_id=t) for t in image.tag_ids if t in public_tags],
    )
    try:
        repository.add(session, copy)
    except IntegrityError as exc:
        # Another request copied this original a moment ago (unique source_image_id).
        raise AlreadyPublicError() from exc
    # Its own bytes, so deleting the original never takes the public copy's file with it.
    _store(session, services, copy, image_bytes(services, image), image.mime)
    return copy


def update_alt(session: Session, user: User, image: Image, alt: str) -> Image:
    """Sets the description (owner, private images only); blank resets it to the filename."""
    _require_editable(image, user)
    image.alt = _alt_or_filename(alt, image.filename)
    session.flush()
    return image


def update_tags(session: Session, user: User, image: Image, tag_ids: Sequence[str]) -> Image:
    """Replaces the image's tags (owner, private images only). Errors: `invalid_tags`."""
    _require_editable(image, user)
    wanted = _checked_tag_ids(session, user, tag_ids)
    existing = {link.tag_id: link for link in image.tag_links}
    image.tag_links = [existing.get(tag_id) or ImageTag(tag_id=tag_id) for tag_id in wanted]
    image.updated_at = utcnow()  # the row itself may not change, but the image did
    session.flush()
    return image


def delete_image(session: Session, services: Services, user: User, image: Image) -> None:
    """Deletes a private image and, once that is committed, its file. A public copy made from
    it stays (it has its own file)."""
    _require_editable(image, user)
    prefix = _blob_prefix(image)
    repository.delete(session, image)
    on_commit(session, lambda: services.blobs.delete_prefix(prefix))


# ---------------------------------------------------------------------------------------------
# AI (the AI domain's provider describes and draws; this domain checks and stores)


def _decode_base64_image(value: str) -> bytes:
    text = value.strip()
    prefix = _DATA_URL.match(text)
    if prefix is not None:
        text = text[prefix.end() :]
    text = "".join(text.split())
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise InvalidBase64ImageError() from exc
    if not data:
        raise InvalidBase64ImageError()
    return data


def generate_image(session: Session, services: Services, user: User, body: ImageGenerate) -> Image:
    """Draws a picture from `prompt` into a new private gallery image (the prompt becomes its
    description). The model's bytes pass the upload guard and are re-encoded like an upload.
    Errors: `prompt_required`, `ai_unavailable`, `ai_rate_limited`, `ai_bad_response`,
    `ai_request_rejected`."""
    from slidewright.ai import service as ai_service  # the AI domain builds on this one

    prompt = _clean_text(body.prompt)
    if not prompt:
        raise PromptRequiredError()
    data = ai_service.generate_image(services, user, prompt=prompt, size=body.image_size)
    cleaned = reencode_image(data, upload_limits(services.settings))
    filename = f"generated-{utcnow().strftime('%Y%m%d-%H%M%S')}.{cleaned.ext}"
    return _create(
        session, services, user, cleaned, filename=filename, alt=prompt[:MAX_ALT], tag_ids=[]
    )


def describe_base64(services: Services, user: User, body: ImageDescribeBase64, lang: str) -> str:
    """A description of a picture that is not in the gallery yet (the upload dialog).

    The bytes pass the same guard as uploads, so the provider only ever sees a clean image.
    Errors: `invalid_base64_image`, the upload guard's codes, `ai_unavailable`.
    """
    from slidewright.ai import service as ai_service

    cleaned = reencode_image(
        _decode_base64_image(body.base64_image), upload_limits(services.settings)
    )
    return ai_service.describe_image(
        services, user, data=cleaned.data, mime=cleaned.mime, prompt=body.prompt, lang=lang
    )


def describe_image(
    services: Services, user: User, image: Image, body: ImageDescribe, lang: str
) -> str:
    """A description of a gallery image (saving it is a separate `PUT .../alt`).
    Errors: `ai_unavailable`."""
    from slidewright.ai import service as ai_service

    return ai_service.describe_image(
        services,
        user,
        data=image_bytes(services, image),
        mime=image.mime,
        prompt=body.prompt,
        lang=lang,
    )
