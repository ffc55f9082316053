"""Template rules: ingest (guard, parse, store, render), edits, publishing, thumbnails.

Only the owner or an Admin changes a template; published templates are read-only for
everyone else, and other users' drafts are invisible (404).
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Collection, Mapping, Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

from sqlalchemy.orm import Session

from slidewright.builtin.catalog import edition_of
from slidewright.builtin.editions import edition_for
from slidewright.core.config import Settings
from slidewright.core.db import on_commit, on_rollback
from slidewright.core.errors import ForbiddenError
from slidewright.core.upload_errors import EncryptedOrLegacyFileError, UnsupportedFileTypeError
from slidewright.core.uploads import UploadLimits, UploadRejected, check_size, guard_ooxml
from slidewright.jobs import service as jobs_service
from slidewright.jobs.models import Job
from slidewright.pptx_engine import errors as engine_errors
from slidewright.pptx_engine.model import ParsedDeck
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.render import RenderError, RenderTimeout, RenderUnavailable
from slidewright.services import Services
from slidewright.storage.blobstore import make_key
from slidewright.templates import repository
from slidewright.templates.errors import (
    AlreadyPublishedError,
    ElementNotFoundError,
    InvalidPptxError,
    RenderFailedError,
    RenderTimeoutError,
    RenderUnavailableError,
    SlideNotFoundError,
    TemplateNotFoundError,
    ThumbnailNotFoundError,
)
from slidewright.templates.models import THUMB_MANUAL, PptxFile
from slidewright.users.models import User

RENDER_JOB = "templates.render_thumbnails"
ACCEPTED_EXTENSIONS = (".pptx", ".potx")
_PPTX_MAIN_PART = "ppt/presentation.xml"


def upload_limits(settings: Settings) -> UploadLimits:
    return UploadLimits(max_bytes=settings.max_upload_bytes)


def clean_filename(raw: str | None, default: str = "presentation.pptx") -> str:
    """The bare file name a browser sent (no folders from either OS), at most 255 characters."""
    name = PureWindowsPath(PurePosixPath(raw or "").name).name.strip()
    return (name or default)[-255:]


def parse_pptx(data: bytes, settings: Settings) -> ParsedDeck:
    """Guard, then parse: a typed error for anything that is not a readable presentation."""
    limits = upload_limits(settings)
    check_size(data, limits)
    try:
        guard_ooxml(data, limits, expected={_PPTX_MAIN_PART})
    except UploadRejected as exc:
        if exc.code == "unsupported_file_type":
            raise InvalidPptxError(reason="not an Office Open XML package") from exc
        raise
    try:
        return read_presentation(data)
    except engine_errors.EncryptedOrLegacyFileError as exc:
        raise EncryptedOrLegacyFileError() from exc
    except engine_errors.PptxEngineError as exc:
        raise InvalidPptxError(reason=exc.message) from exc


def _slides_json(deck: ParsedDeck) -> list[dict[str, Any]]:
    slides = []
    for slide in deck.slides:
        data = slide.to_json_dict()
        data["description"] = ""
        slides.append(data)
    return slides


def create_from_bytes(
    session: Session,
    services: Services,
    owner: User,
    *,
    filename: str,
    data: bytes,
    public: bool = False,
    builtin_key: str | None = None,
) -> PptxFile:
    """Parses and stores a template, then queues the rendering of its thumbnails."""
    name = clean_filename(filename)
    if not name.lower().endswith(ACCEPTED_EXTENSIONS):
        raise UnsupportedFileTypeError(accepted=list(ACCEPTED_EXTENSIONS))
    deck = parse_pptx(data, services.settings)
    pptx_file = PptxFile(
        owner_id=owner.id,
        filename=name,
        public=public,
        size=len(data),
        slide_width_in=deck.slide_width_in,
        slide_height_in=deck.slide_height_in,
        parsed_slides=_slides_json(deck),
        thumbnails={},
        builtin_key=builtin_key,
        source_key="",
    )
    repository.add(session, pptx_file)
    pptx_file.source_key = make_key("templates", owner.id, pptx_file.id, "source.pptx")
    services.blobs.put(pptx_file.source_key, data, content_type=_PPTX_TYPE)
    # Nothing half-stored: if the request fails after this point, the blobs go too.
    prefix = _blob_prefix(pptx_file)
    on_rollback(session, lambda: services.blobs.delete_prefix(prefix))
    start_render(session, services, pptx_file, owner_id=owner.id)
    session.flush()
    return pptx_file


_PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


def _blob_prefix(pptx_file: PptxFile) -> str:
    return f"templates/{pptx_file.owner_id}/{pptx_file.id}/"


def thumbnail_key(pptx_file: PptxFile, slide_number: int) -> str:
    return make_key("templates", pptx_file.owner_id, pptx_file.id, f"thumb-{slide_number}.jpg")


def start_render(
    session: Session,
    services: Services,
    pptx_file: PptxFile,
    *,
    owner_id: str,
    slides: Sequence[int] | None = None,
    force: bool = False,
) -> Job:
    """Queues a thumbnail job: every slide (keeping manual thumbnails unless `force`)."""
    payload = {"fileId": pptx_file.id, "slides": list(slides) if slides else None, "force": force}
    return jobs_service.start_job(
        session,
        services.jobs,
        owner_id=owner_id,
        kind=RENDER_JOB,
        subject_id=pptx_file.id,
        payload=payload,
    )


def slides_to_render(
    thumbnails: Mapping[str, str],
    slide_count: int,
    requested: Sequence[int] | None,
    *,
    force: bool,
) -> list[int]:
    """The slides a thumbnail job renders: those requested (all by default), minus the ones
    with a manual thumbnail unless `force`. Shared with the files domain."""
    wanted = list(requested) if requested else list(range(1, slide_count + 1))
    if force:
        return wanted
    manual = {int(n) for n, how in thumbnails.items() if how == THUMB_MANUAL}
    return [n for n in wanted if n not in manual]


def render_slides(services: Services, source: bytes, slides: Sequence[int]) -> list[bytes]:
    """Renders `slides` of a .pptx to 640x360 JPEGs (in that order) with the app's renderer,
    its failures as typed errors the UI can translate. Shared with the files domain."""
    try:
        return services.renderer.render(
            source, slides=slides, timeout_s=services.settings.render_timeout_seconds
        )
    except RenderTimeout as exc:
        raise RenderTimeoutError() from exc
    except RenderUnavailable as exc:
        raise RenderUnavailableError() from exc
    except RenderError as exc:
        raise RenderFailedError(reason=exc.message) from exc


def put_thumbnails(
    services: Services, thumbnails: Sequence[tuple[str, bytes]], *, referenced: Collection[str]
) -> None:
    """Stores rendered thumbnails (blob key, JPEG). When one cannot be stored (a full disk),
    the ones this call wrote that no row referenced before are removed again, so a failed
    render leaves no blob behind; then the error goes on. Shared with the files domain."""
    written: list[str] = []
    try:
        for key, image in thumbnails:
            services.blobs.put(key, image, content_type="image/jpeg")
            written.append(key)
    except Exception:
        for key in written:
            if key not in referenced:
                with contextlib.suppress(Exception):  # the first error is the one to report
                    services.blobs.delete(key)
        raise


def list_templates(session: Session, user: User, lang: str | None = None) -> Sequence[PptxFile]:
    """Own and published templates; with `lang`, built-ins only in that language's edition
    (see `templates.builtins`), None lists every edition."""
    found = repository.list_visible(session, user)
    if lang is None:
        return found
    edition = edition_for(lang)
    return [f for f in found if f.builtin_key is None or edition_of(f.builtin_key)[1] is edition]


def get_template(session: Session, user: User, file_id: str) -> PptxFile:
    found = repository.get_visible(session, user, file_id)
    if found is None:
        raise TemplateNotFoundError()
    return found


def can_edit(pptx_file: PptxFile, user: User) -> bool:
    return pptx_file.owner_id == user.id or user.is_admin


def _require_editor(pptx_file: PptxFile, user: User) -> None:
    if not can_edit(pptx_file, user):
        raise ForbiddenError()


def latest_render_job(session: Session, pptx_file: PptxFile) -> Job | None:
    return jobs_service.latest_job(session, pptx_file.id, RENDER_JOB)


def update_template(
    session: Session,
    user: User,
    pptx_file: PptxFile,
    *,
    filename: str | None,
    description: str | None,
) -> PptxFile:
    _require_editor(pptx_file, user)
    if filename is not None and filename.strip():
        pptx_file.filename = clean_filename(filename, pptx_file.filename)
    if description is not None:
        pptx_file.description = description.strip()
    session.flush()
    return pptx_file


def publish(session: Session, user: User, pptx_file: PptxFile) -> PptxFile:
    _require_editor(pptx_file, user)
    if pptx_file.public:
        raise AlreadyPublishedError()
    pptx_file.public = True
    session.flush()
    return pptx_file


def delete_template(session: Session, services: Services, user: User, pptx_file: PptxFile) -> None:
    """Deletes the template and, once that is committed, its file and thumbnails."""
    _require_editor(pptx_file, user)
    prefix = _blob_prefix(pptx_file)
    repository.delete(session, pptx_file)
    on_commit(session, lambda: services.blobs.delete_prefix(prefix))


def _slide(pptx_file: PptxFile, slide_number: int) -> dict[str, Any]:
    if not 1 <= slide_number <= pptx_file.slide_count:
        raise SlideNotFoundError(slideNumber=slide_number)
    return pptx_file.parsed_slides[slide_number - 1]


def get_slide(pptx_file: PptxFile, slide_number: int) -> dict[str, Any]:
    """The stored slide. Errors: `slide_not_found`."""
    return _slide(pptx_file, slide_number)


def get_element(pptx_file: PptxFile, slide_number: int, element_index: int) -> dict[str, Any]:
    """The stored element. Errors: `slide_not_found`, `element_not_found`."""
    elements = _slide(pptx_file, slide_number)["elements"]
    if not 0 <= element_index < len(elements):
        raise ElementNotFoundError(slideNumber=slide_number, elementIndex=element_index)
    return elements[element_index]


def _replace_slides(pptx_file: PptxFile, slides: list[dict[str, Any]]) -> None:
    # A new list object, so SQLAlchemy sees the JSON column change.
    pptx_file.parsed_slides = slides


def set_slide_description(
    session: Session, user: User, pptx_file: PptxFile, slide_number: int, description: str
) -> dict[str, Any]:
    _require_editor(pptx_file, user)
    _slide(pptx_file, slide_number)
    slides = copy.deepcopy(pptx_file.parsed_slides)
    slides[slide_number - 1]["description"] = description.strip()
    _replace_slides(pptx_file, slides)
    session.flush()
    return slides[slide_number - 1]


def set_element_locked(
    session: Session,
    user: User,
    pptx_file: PptxFile,
    slide_number: int,
    element_index: int,
    is_locked: bool,
) -> dict[str, Any]:
    _require_editor(pptx_file, user)
    get_element(pptx_file, slide_number, element_index)
    slides = copy.deepcopy(pptx_file.parsed_slides)
    slides[slide_number - 1]["elements"][element_index]["isLocked"] = is_locked
    _replace_slides(pptx_file, slides)
    session.flush()
    return slides[slide_number - 1]


def save_manual_thumbnail(
    session: Session,
    services: Services,
    user: User,
    pptx_file: PptxFile,
    slide_number: int,
    jpeg: bytes,
) -> PptxFile:
    """Stores an uploaded JPEG as the slide's thumbnail; re-renders will keep it."""
    from slidewright.core.uploads import reencode_jpeg

    _require_editor(pptx_file, user)
    _slide(pptx_file, slide_number)
    image = reencode_jpeg(jpeg, upload_limits(services.settings))
    services.blobs.put(
        thumbnail_key(pptx_file, slide_number), image.data, content_type="image/jpeg"
    )
    pptx_file.thumbnails = {**pptx_file.thumbnails, str(slide_number): THUMB_MANUAL}
    session.flush()
    return pptx_file


def reset_thumbnail(
    session: Session, services: Services, user: User, pptx_file: PptxFile, slide_number: int
) -> Job:
    """Drops a manual thumbnail and renders the slide again."""
    _require_editor(pptx_file, user)
    _slide(pptx_file, slide_number)
    thumbnails = dict(pptx_file.thumbnails)
    thumbnails.pop(str(slide_number), None)
    pptx_file.thumbnails = thumbnails
    key = thumbnail_key(pptx_file, slide_number)
    on_commit(session, lambda: services.blobs.delete(key))
    return start_render(
        session, services, pptx_file, owner_id=user.id, slides=[slide_number], force=True
    )


def render_again(session: Session, services: Services, user: User, pptx_file: PptxFile) -> Job:
    _require_editor(pptx_file, user)
    return start_render(session, services, pptx_file, owner_id=user.id)


def thumbnail_bytes(services: Services, pptx_file: PptxFile, slide_number: int) -> bytes:
    from slidewright.storage.blobstore import BlobNotFound

    if str(slide_number) not in pptx_file.thumbnails:
        raise ThumbnailNotFoundError()
    try:
        return services.blobs.get(thumbnail_key(pptx_file, slide_number))
    except BlobNotFound as exc:
        raise ThumbnailNotFoundError() from exc


def source_bytes(services: Services, pptx_file: PptxFile) -> bytes:
    return services.blobs.get(pptx_file.source_key)
