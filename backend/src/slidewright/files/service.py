"""File library rules: upload (.pptx, or .key converted by LibreOffice), thumbnails (rendered,
or uploaded in bulk in natural name order), "use as PPTX template", and single-slide Templates.

Files and Templates are private: only their owner sees them; anyone else gets a 404.

A Keynote file is converted inside the upload request (sync endpoint, thread pool), bounded by a
time limit and by `KEYNOTE_CONCURRENCY` conversions per process: a Keynote 2-5 deck converts in
about a second, and converting before anything is stored means a file LibreOffice cannot read is
refused on the spot with `unsupported_keynote` (and its advice) instead of becoming a library
entry that fails later. The thumbnails are rendered afterwards by a job, like templates'.
"""

from __future__ import annotations

import io
import logging
import re
import threading
from collections.abc import Sequence
from pathlib import PurePosixPath

from PIL import Image
from sqlalchemy.orm import Session

from slidewright.core.config import Settings
from slidewright.core.db import on_commit, on_rollback
from slidewright.core.errors import AppError
from slidewright.core.upload_errors import UnsupportedFileTypeError, upload_error
from slidewright.core.uploads import (
    ENCRYPTED_OR_LEGACY_FILE,
    UNSUPPORTED_FILE_TYPE,
    UploadLimits,
    UploadRejected,
    guard_ooxml,
    reencode_image,
    reencode_jpeg,
    sniff_type,
)
from slidewright.files import repository
from slidewright.files.errors import (
    ConversionBusyError,
    FileSlideNotFoundError,
    FileThumbnailNotFoundError,
    SlideTemplateNotFoundError,
    TemplateNameRequiredError,
    TooManyFilesError,
    UnsupportedKeynoteError,
    UploadedFileNotFoundError,
)
from slidewright.files.models import THUMB_MANUAL, Template, UploadedFile
from slidewright.files.schemas import TemplateCreate
from slidewright.jobs import service as jobs_service
from slidewright.jobs.models import Job
from slidewright.pptx_engine.convert import NotKeynoteError, convert_to_pptx, keynote_package
from slidewright.pptx_engine.render import RenderError
from slidewright.services import Services
from slidewright.storage.blobstore import BlobNotFound, make_key
from slidewright.templates import service as templates_service
from slidewright.users.models import User

log = logging.getLogger("slidewright.files")

RENDER_JOB = "files.render_thumbnails"
ACCEPTED_TYPES = {".pptx": "pptx", ".key": "key"}
KEYNOTE_TIMEOUT_S = 120.0
KEYNOTE_CONCURRENCY = 2
THUMB_BOX = (640, 360)
THUMB_IMAGE_TYPES = ("jpeg", "png", "webp")
_CONTENT_TYPES = {
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "key": "application/x-iwork-keynote-sffkey",
}
# Each conversion is a whole LibreOffice: never let a burst of uploads start dozens of them.
_conversion_slots = threading.BoundedSemaphore(KEYNOTE_CONCURRENCY)


# ------------------------------------------------------------------------------------ upload


def _limits(settings: Settings) -> UploadLimits:
    return UploadLimits(max_bytes=settings.max_upload_bytes)


def _file_type(name: str) -> str:
    kind = ACCEPTED_TYPES.get(PurePosixPath(name.lower()).suffix)
    if kind is None:
        raise UnsupportedFileTypeError(accepted=list(ACCEPTED_TYPES))
    return kind


def convert_keynote(data: bytes, settings: Settings) -> bytes:
    """A Keynote upload as .pptx bytes, or `unsupported_keynote` (with the advice to export a
    .pptx from Keynote) for anything LibreOffice cannot convert. The zip guard runs first;
    oversized and unsafe archives keep their own error codes."""
    try:
        guard_ooxml(data, _limits(settings))
    except UploadRejected as exc:
        if exc.code in (UNSUPPORTED_FILE_TYPE, ENCRYPTED_OR_LEGACY_FILE):
            raise UnsupportedKeynoteError(reason=exc.code) from exc
        raise
    try:
        package = keynote_package(data)
    except NotKeynoteError as exc:
        raise UnsupportedKeynoteError(reason=exc.code) from exc
    timeout = min(settings.render_timeout_seconds, KEYNOTE_TIMEOUT_S)
    if not _conversion_slots.acquire(timeout=timeout):
        raise ConversionBusyError()
    try:
        return convert_to_pptx(package, "key", timeout_s=timeout)
    except RenderError as exc:
        log.info("Keynote conversion failed (%s): %s", exc.code, exc.message)
        raise UnsupportedKeynoteError(reason=exc.code) from exc
    finally:
        _conversion_slots.release()


def _parse_converted(pptx: bytes, settings: Settings) -> int:
    """Slide count of LibreOffice's .pptx; if even that is unreadable, the Keynote file is."""
    try:
        return len(templates_service.parse_pptx(pptx, settings).slides)
    except (AppError, UploadRejected) as exc:
        raise UnsupportedKeynoteError(reason=exc.code) from exc


def upload_file(
    session: Session, services: Services, owner: User, *, filename: str | None, data: bytes
) -> UploadedFile:
    """Checks, converts (.key) and stores an upload, then queues its thumbnail rendering."""
    name = templates_service.clean_filename(filename, default="presentation")
    kind = _file_type(name)
    settings = services.settings
    converted: bytes | None = None
    if kind == "key":
        converted = convert_keynote(data, settings)
        slide_count = _parse_converted(converted, settings)
    else:
        slide_count = len(templates_service.parse_pptx(data, settings).slides)
    uploaded = UploadedFile(
        owner_id=owner.id,
        name=name,
        type=kind,
        size=len(data),
        source_key="",
        slide_count=slide_count,
        thumbnails={},
    )
    repository.add(session, uploaded)
    uploaded.source_key = _key(uploaded, f"original.{kind}")
    # Nothing half-stored: if the request fails after this point, the blobs go too.
    prefix = _prefix(uploaded)
    on_rollback(session, lambda: services.blobs.delete_prefix(prefix))
    services.blobs.put(uploaded.source_key, data, content_type=_CONTENT_TYPES[kind])
    if converted is not None:
        uploaded.converted_key = _key(uploaded, "converted.pptx")
        services.blobs.put(uploaded.converted_key, converted, content_type=_CONTENT_TYPES["pptx"])
    start_render(session, services, uploaded)
    session.flush()
    return uploaded


def _prefix(uploaded: UploadedFile) -> str:
    return f"files/{uploaded.owner_id}/{uploaded.id}/"


def _key(uploaded: UploadedFile, variant: str) -> str:
    return make_key("files", uploaded.owner_id, uploaded.id, variant)


def thumbnail_key(uploaded: UploadedFile, slide_number: int) -> str:
    return _key(uploaded, f"thumbs/{slide_number}.jpg")


# ------------------------------------------------------------------------------- reading


def list_files(session: Session, user: User) -> Sequence[UploadedFile]:
    return repository.list_files(session, user.id)


def get_file(session: Session, user: User, file_id: str) -> UploadedFile:
    found = repository.get_owned_file(session, user.id, file_id)
    if found is None:
        raise UploadedFileNotFoundError()
    return found


def templates_of_file(session: Session, uploaded: UploadedFile) -> Sequence[Template]:
    return repository.templates_of_file(session, uploaded.owner_id, uploaded.id)


def latest_render_job(session: Session, uploaded: UploadedFile) -> Job | None:
    return jobs_service.latest_job(session, uploaded.id, RENDER_JOB)


def delete_file(session: Session, services: Services, uploaded: UploadedFile) -> None:
    """Deletes the file and its Templates (database cascade); its blobs once committed."""
    prefix = _prefix(uploaded)
    repository.delete(session, uploaded)
    on_commit(session, lambda: services.blobs.delete_prefix(prefix))


def pptx_bytes(services: Services, uploaded: UploadedFile) -> bytes:
    """The file as .pptx: the original upload, or the Keynote conversion."""
    return services.blobs.get(uploaded.pptx_key)


# ---------------------------------------------------------------------------- thumbnails


def start_render(
    session: Session, services: Services, uploaded: UploadedFile, *, force: bool = False
) -> Job:
    """Queues a thumbnail job for every slide (uploaded thumbnails are kept unless `force`)."""
    return jobs_service.start_job(
        session,
        services.jobs,
        owner_id=uploaded.owner_id,
        kind=RENDER_JOB,
        subject_id=uploaded.id,
        payload={"fileId": uploaded.id, "slides": None, "force": force},
    )


def _check_slide(uploaded: UploadedFile, slide_number: int) -> None:
    if not 1 <= slide_number <= uploaded.slide_count:
        raise FileSlideNotFoundError(slideNumber=slide_number)


def natural_key(name: str) -> list[int | str]:
    """Sort key for "natural" order: 1.jpg, 2.jpg, 10.jpg (digit runs compare as numbers).

    `re.split` with a group alternates text and digit runs, so the keys of two names always
    hold a str and an int at the same positions and compare without a TypeError.
    """
    parts = re.split(r"(\d+)", PurePosixPath(name).name.lower())
    return [int(part) if index % 2 else part for index, part in enumerate(parts)]


def _thumbnail_jpeg(name: str, data: bytes, limits: UploadLimits) -> bytes:
    """An uploaded JPEG, PNG or WebP as a clean JPEG scaled down to fit 640x360."""
    kind = sniff_type(data)
    try:
        if kind not in THUMB_IMAGE_TYPES:
            raise UploadRejected(
                UNSUPPORTED_FILE_TYPE,
                "Only JPEG, PNG and WebP images are accepted.",
                {"detected": kind, "allowed": list(THUMB_IMAGE_TYPES)},
            )
        if kind == "jpeg":
            return reencode_jpeg(data, limits, size=THUMB_BOX).data
        # Decoded, checked against the pixel cap and stripped by the guard first; only its
        # clean output reaches Pillow again, for the JPEG conversion.
        clean = reencode_image(data, limits)
    except UploadRejected as exc:
        raise upload_error(exc.code, {**exc.details, "filename": name}) from exc
    with Image.open(io.BytesIO(clean.data)) as image:
        image.load()
        rgba = image.convert("RGBA")
    flat = Image.new("RGB", rgba.size, (255, 255, 255))  # transparency becomes white
    flat.paste(rgba, mask=rgba.getchannel("A"))
    flat.thumbnail(THUMB_BOX, Image.Resampling.LANCZOS)  # fits the box; never scales up
    out = io.BytesIO()
    flat.save(out, "JPEG", quality=90, optimize=True)
    return out.getvalue()


def save_thumbnails(
    session: Session,
    services: Services,
    uploaded: UploadedFile,
    images: Sequence[tuple[str, bytes]],
    index: int | None,
) -> UploadedFile:
    """Stores uploaded images as slide thumbnails (kept when the file is rendered again).

    With `index`, one image for that slide. Without, the images sorted by name in natural
    order go to slides 1, 2, 3...; more images than slides is `too_many_files`. Every image is
    checked before any is stored.
    """
    if index is not None:
        if len(images) > 1:
            raise TooManyFilesError(expected=1)
        _check_slide(uploaded, index)
        assigned = [(index, images[0])]
    else:
        if len(images) > uploaded.slide_count:
            raise TooManyFilesError(expected=uploaded.slide_count)
        ordered = sorted(images, key=lambda image: natural_key(image[0]))
        assigned = list(enumerate(ordered, start=1))
    limits = _limits(services.settings)
    jpegs = [(number, _thumbnail_jpeg(name, data, limits)) for number, (name, data) in assigned]
    for number, jpeg in jpegs:
        services.blobs.put(thumbnail_key(uploaded, number), jpeg, content_type="image/jpeg")
    uploaded.thumbnails = {
        **uploaded.thumbnails,
        **{str(number): THUMB_MANUAL for number, _ in jpegs},
    }
    session.flush()
    return uploaded


def clear_thumbnails(session: Session, services: Services, uploaded: UploadedFile) -> None:
    """Forgets every thumbnail, rendered or uploaded; `render` brings rendered ones back."""
    uploaded.thumbnails = {}
    session.flush()
    prefix = _key(uploaded, "thumbs")
    on_commit(session, lambda: services.blobs.delete_prefix(prefix))


def thumbnail_bytes(services: Services, uploaded: UploadedFile, slide_number: int) -> bytes:
    if str(slide_number) not in uploaded.thumbnails:
        raise FileThumbnailNotFoundError()
    try:
        return services.blobs.get(thumbnail_key(uploaded, slide_number))
    except BlobNotFound as exc:
        raise FileThumbnailNotFoundError() from exc


# -------------------------------------------------------------------- PPTX template, Templates


def use_as_pptx_template(
    session: Session, services: Services, user: User, uploaded: UploadedFile
) -> str:
    """Creates a PPTX template (the /pptx-files resource) from the file; returns its id."""
    filename = f"{PurePosixPath(uploaded.name).stem or 'presentation'}.pptx"
    pptx_file = templates_service.create_from_bytes(
        session, services, user, filename=filename, data=pptx_bytes(services, uploaded)
    )
    return pptx_file.id


def list_templates(session: Session, user: User) -> Sequence[Template]:
    return repository.list_templates(session, user.id)


def get_template(session: Session, user: User, template_id: str) -> Template:
    found = repository.get_owned_template(session, user.id, template_id)
    if found is None:
        raise SlideTemplateNotFoundError()
    return found


def create_template(session: Session, user: User, body: TemplateCreate) -> Template:
    """A named Template from one slide of one of the caller's files."""
    name = " ".join(body.name.split())
    if not name:
        raise TemplateNameRequiredError()
    source = get_file(session, user, body.source_file_id)
    _check_slide(source, body.source_index)
    template = Template(
        owner_id=user.id,
        name=name,
        description=body.description.strip(),
        type=" ".join(body.type.split()) or "Custom",
        source_file_id=source.id,
        source_index=body.source_index,
    )
    repository.add(session, template)
    return template


def delete_template(session: Session, template: Template) -> None:
    repository.delete(session, template)
