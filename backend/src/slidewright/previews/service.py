"""Slide previews: which slides need a render, rendering them, and reading them back.

After a save, each slide's content hash (`hashing.py`) is compared with its preview row. A
slide whose picture is already in the blob store (same content rendered before) is ready at
once; the others are marked pending and rendered together by one background job: one .pptx
holding only those slides, built by the export's own fill, converted once by the warm
renderer. A slide without a template slide has no row and no picture.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy.orm import Session

from slidewright.core.clock import utcnow
from slidewright.core.db import on_commit
from slidewright.core.errors import AppError
from slidewright.export import service as export_service
from slidewright.images import service as images_service
from slidewright.jobs import service as jobs_service
from slidewright.pptx_engine.deck_spec import SlideSpec
from slidewright.previews import repository
from slidewright.previews.errors import PreviewNotFoundError
from slidewright.previews.hashing import TemplateFacts, image_ids, slide_hash
from slidewright.previews.models import FAILED, PENDING, READY, SlidePreview
from slidewright.projects.models import Project
from slidewright.services import Services
from slidewright.storage.blobstore import BlobNotFound, make_key
from slidewright.templates import service as templates_service
from slidewright.templates.errors import TemplateNotFoundError
from slidewright.templates.models import PptxFile
from slidewright.users.models import User

RENDER_JOB = "previews.render_slides"
_HASH = re.compile(r"[0-9a-f]{64}")

Status = Literal["ready", "pending", "failed", "none"]
_STATUS: dict[str, Status] = {READY: "ready", PENDING: "pending", FAILED: "failed"}


@dataclass(frozen=True)
class SlidePreviewState:
    """What a slide shows: `shown_hash` is the render to display (the last finished one while
    a newer render is pending or failed), None when nothing was rendered yet."""

    slide_id: str
    status: Status
    shown_hash: str | None
    error_code: str | None = None
    error_message: str | None = None


def preview_key(project: Project, content_hash: str) -> str:
    return make_key("previews", project.owner_id, project.id, f"{content_hash}.jpg")


def forget_project(session: Session, services: Services, project: Project) -> None:
    """A project deleted for good takes its renders along, once the deletion is committed
    (its preview rows go with it by cascade). A trashed project keeps them for a restore."""
    prefix = f"previews/{project.owner_id}/{project.id}"
    on_commit(session, lambda: services.blobs.delete_prefix(prefix))


def project_template(session: Session, user: User, project: Project) -> PptxFile | None:
    if project.pptx_file_id is None:
        return None
    try:
        return templates_service.get_template(session, user, project.pptx_file_id)
    except TemplateNotFoundError:  # unpublished by its owner since: nothing to draw with
        return None


def hashes_of(
    session: Session, user: User, project: Project, slides: Sequence[Mapping[str, Any]]
) -> list[str | None]:
    """The content hash of each slide's picture if the project held it (None: nothing to
    draw), with the project's template, language and the images the user may see."""
    template = project_template(session, user, project)
    if template is None:
        return [None] * len(slides)
    facts = TemplateFacts(template.id, template.source_key, template.parsed_slides)
    wanted = sorted({i for slide in slides for i in image_ids(slide)})
    images: dict[str, str | None] = {
        image.id: image.blob_key
        for image in images_service.get_visible_images(session, user, wanted)
    }
    return [slide_hash(slide, facts, images, project.lang) for slide in slides]


def current_hashes(session: Session, user: User, project: Project) -> dict[str, str | None]:
    """Slide id -> the content hash of its picture now (None: nothing to draw)."""
    hashes = hashes_of(session, user, project, project.slides)
    return {slide["id"]: value for slide, value in zip(project.slides, hashes, strict=True)}


def stale(requested_at: datetime, services: Services) -> bool:
    """Whether a pending or failed render asked for at `requested_at` is tried again: after
    twice the render time limit a pending one was lost with a restarted server, and a failed
    one may have been a passing fault (LibreOffice missing then, installed now)."""
    limit = timedelta(seconds=2 * services.settings.render_timeout_seconds)
    return utcnow() - requested_at > limit


def _lost(row: SlidePreview, services: Services) -> bool:
    return row.status != READY and stale(row.requested_at, services)


def refresh(session: Session, services: Services, user: User, project: Project) -> int:
    """Brings the preview rows in line with the slides and queues one render job for every
    slide whose picture changed and is not cached. Returns how many slides were queued.

    Called after each save, and by the previews list: template lock changes and images that
    became invisible change a picture without a save, so reading heals what saving missed.
    Writes nothing when nothing changed, so polling the list stays a read.
    """
    hashes = current_hashes(session, user, project)
    rows = {row.slide_id: row for row in repository.for_project(session, project.id)}
    drawable = {slide_id for slide_id, value in hashes.items() if value is not None}
    if set(rows) - drawable:
        repository.forget_others(session, project.id, drawable)
    to_render: dict[str, str] = {}
    for slide_id, content_hash in hashes.items():
        if content_hash is None:
            continue
        row = rows.get(slide_id)
        if row is not None and row.content_hash == content_hash and not _lost(row, services):
            continue
        if services.blobs.exists(preview_key(project, content_hash)):
            repository.mark_cached(session, project.id, slide_id, content_hash)
        else:
            repository.mark_pending(session, project.id, slide_id, content_hash)
            to_render[slide_id] = content_hash
    if to_render:
        jobs_service.start_job(
            session,
            services.jobs,
            owner_id=project.owner_id,
            kind=RENDER_JOB,
            subject_id=project.id,
            payload={"projectId": project.id, "slides": to_render},
        )
    session.flush()
    return len(to_render)


def list_previews(
    session: Session, services: Services, user: User, project: Project
) -> list[SlidePreviewState]:
    """Every slide's preview, in deck order (queuing the renders that are due first)."""
    refresh(session, services, user, project)
    rows = {row.slide_id: row for row in repository.for_project(session, project.id)}
    states = []
    for slide in project.slides:
        row = rows.get(slide["id"])
        if row is None:
            states.append(SlidePreviewState(slide["id"], "none", None))
            continue
        status = _STATUS.get(row.status, "pending")
        shown = row.content_hash if status == READY else row.ready_hash
        states.append(
            SlidePreviewState(slide["id"], status, shown, row.error_code, row.error_message)
        )
    return states


def preview_bytes(services: Services, project: Project, content_hash: str) -> bytes:
    """A rendered slide of this project, by its content hash."""
    if not _HASH.fullmatch(content_hash):
        raise PreviewNotFoundError()
    try:
        return services.blobs.get(preview_key(project, content_hash))
    except BlobNotFound as exc:
        raise PreviewNotFoundError() from exc


# --------------------------------------------------------------------------- background render


@dataclass(frozen=True)
class RenderBatch:
    """The slides a job renders (slide id -> hash), with their fill specs, in deck order."""

    wanted: dict[str, str]
    specs: dict[str, SlideSpec]
    template: PptxFile | None
    lang: str


def plan_render(
    session: Session, services: Services, user: User, project: Project, wanted: Mapping[str, str]
) -> RenderBatch:
    """Of the slides a job was queued for, those that still want that exact picture (a later
    save supersedes the request, and its own job renders the newer content)."""
    rows = {row.slide_id: row for row in repository.for_project(session, project.id)}
    hashes = current_hashes(session, user, project)
    still = {
        slide_id: value
        for slide_id, value in wanted.items()
        if hashes.get(slide_id) == value
        and (row := rows.get(slide_id)) is not None
        and row.content_hash == value
        and row.status == PENDING
    }
    template = project_template(session, user, project)
    if not still or template is None:
        return RenderBatch({}, {}, None, project.lang)
    index_of = {slide["id"]: index for index, slide in enumerate(project.slides, start=1)}
    by_index = export_service.slide_specs(
        session, services, user, project, template, {index_of[s] for s in still}
    )
    specs = {
        slide_id: by_index[index_of[slide_id]]
        for slide_id in sorted(still, key=index_of.__getitem__)
    }
    return RenderBatch(still, specs, template, project.lang)


def _fill(services: Services, batch: RenderBatch, specs: Mapping[str, SlideSpec]) -> bytes:
    assert batch.template is not None
    return export_service.fill_slides(services, batch.template, batch.lang, tuple(specs.values()))


def render_batch(
    services: Services, batch: RenderBatch
) -> tuple[dict[str, bytes], dict[str, AppError]]:
    """JPEGs by slide id, and typed errors for the slides that could not be drawn.

    All slides go through one fill and one conversion. When the fill fails, each slide is
    filled alone to find the culprits, and the others are still rendered together.
    """
    if batch.template is None or not batch.specs:
        return {}, {}
    good = dict(batch.specs)
    failed: dict[str, AppError] = {}
    try:
        deck = _fill(services, batch, good)
    except AppError as whole:
        for slide_id, spec in batch.specs.items():
            try:
                _fill(services, batch, {slide_id: spec})
            except AppError as exc:
                failed[slide_id] = exc
                del good[slide_id]
        if not failed:  # each fills alone but not together: no culprit to single out
            return {}, dict.fromkeys(good, whole)
        if not good:
            return {}, failed
        try:
            deck = _fill(services, batch, good)
        except AppError as exc:
            return {}, {**failed, **dict.fromkeys(good, exc)}
    try:
        images = templates_service.render_slides(services, deck, list(range(1, len(good) + 1)))
    except AppError as exc:
        return {}, {**failed, **dict.fromkeys(good, exc)}
    return dict(zip(good, images, strict=True)), failed


def store_renders(
    session: Session,
    services: Services,
    project: Project,
    batch: RenderBatch,
    images: Mapping[str, bytes],
    failed: Mapping[str, AppError],
) -> None:
    """Puts the JPEGs in the blob store (content-addressed) and records every outcome."""
    for slide_id, image in images.items():
        content_hash = batch.wanted[slide_id]
        services.blobs.put(preview_key(project, content_hash), image, content_type="image/jpeg")
        repository.record_rendered(session, project.id, slide_id, content_hash)
    for slide_id, error in failed.items():
        repository.record_failed(
            session, project.id, slide_id, batch.wanted[slide_id], error.code, error.message("en")
        )
