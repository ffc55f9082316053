from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Response, UploadFile, status
from sqlalchemy.orm import Session

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.files import presenter, service
from slidewright.files.dependencies import OwnedFile, OwnedTemplate
from slidewright.files.models import UploadedFile
from slidewright.files.schemas import (
    PptxTemplateCreated,
    TemplateCreate,
    TemplateRead,
    UploadedFileDetail,
    UploadedFileRead,
)
from slidewright.jobs.schemas import JobRead
from slidewright.services import ServicesDep

# Note: `GET/HEAD /api/files/thumbnails/{fileId}/{n}.jpg` belongs to the templates domain (PPTX
# template thumbnails). The routes here never have "thumbnails" as their second segment, and
# file ids are ULIDs, so neither set of routes can shadow the other.
files_router = APIRouter(prefix="/files", tags=["files"])
templates_router = APIRouter(prefix="/templates", tags=["templates"])


def _detail(session: Session, uploaded: UploadedFile) -> UploadedFileDetail:
    return presenter.detail(
        uploaded,
        service.templates_of_file(session, uploaded),
        service.latest_render_job(session, uploaded),
    )


@files_router.post("/upload", status_code=status.HTTP_201_CREATED, operation_id="uploadFile")
def upload_file(
    file: Annotated[UploadFile, File(description=".pptx or .key")],
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> UploadedFileDetail:
    """Upload a .pptx or Keynote (.key) file to your library. A Keynote file is converted to
    .pptx by LibreOffice during the upload; the slide thumbnails are then rendered in the
    background (follow `renderJob` with `GET /api/jobs/{id}`).

    Errors: `unsupported_file_type` (not .pptx or .key), `invalid_pptx`,
    `encrypted_or_legacy_file`, `unsafe_archive`, `active_content` (macros, ActiveX controls or
    embedded objects; `details.parts` names them), `file_too_large`, `unsupported_keynote` (a
    Keynote file LibreOffice cannot convert: export it as .pptx from Keynote instead),
    `conversion_busy` (503: too many Keynote conversions at once; retry).
    """
    # A sync endpoint runs in the thread pool: parsing and conversion never block the loop.
    data = file.file.read()
    uploaded = service.upload_file(session, services, user, filename=file.filename, data=data)
    return _detail(session, uploaded)


@files_router.get("", operation_id="listFiles")
def list_files(user: CurrentUser, session: SessionDep) -> list[UploadedFileRead]:
    """Your uploaded files, newest first."""
    return [presenter.summary(f) for f in service.list_files(session, user)]


@files_router.get("/{file_id}", operation_id="getFile")
def get_file(uploaded: OwnedFile, session: SessionDep) -> UploadedFileDetail:
    """One of your files with, for each slide, its thumbnail and the Templates made from it.

    Errors: `file_not_found` (also for another user's file).
    """
    return _detail(session, uploaded)


@files_router.delete(
    "/{file_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteFile"
)
def delete_file(uploaded: OwnedFile, session: SessionDep, services: ServicesDep) -> None:
    """Delete one of your files with its thumbnails and the Templates made from its slides."""
    service.delete_file(session, services, uploaded)


@files_router.post("/{file_id}/thumbnails", operation_id="uploadFileThumbnails")
def upload_file_thumbnails(
    thumbnails: Annotated[list[UploadFile], File(description="JPEG, PNG or WebP images")],
    uploaded: OwnedFile,
    session: SessionDep,
    services: ServicesDep,
    index: Annotated[int | None, Form(description="1-based slide number (one image)")] = None,
) -> UploadedFileDetail:
    """Upload your own slide thumbnails (stored as JPEG, scaled down to fit 640x360; kept when
    the file is rendered again).

    With `index`, one image for that slide. Without it, the images are sorted by file name in
    natural order (1.jpg, 2.jpg, 10.jpg) and assigned to slides 1, 2, 3...

    Errors: `too_many_files` (`details.expected`: more images than slides, or more than one
    with `index`), `slide_not_found`, `unsupported_file_type`, `invalid_image`,
    `image_too_large`, `file_too_large` (`details.filename` names the image).
    """
    images = [(item.filename or "", item.file.read()) for item in thumbnails]
    service.save_thumbnails(session, services, uploaded, images, index)
    return _detail(session, uploaded)


@files_router.delete("/{file_id}/thumbnails", operation_id="clearFileThumbnails")
def clear_file_thumbnails(
    uploaded: OwnedFile, session: SessionDep, services: ServicesDep
) -> UploadedFileDetail:
    """Remove every thumbnail of the file, rendered or uploaded (`POST .../render` renders
    them again)."""
    service.clear_thumbnails(session, services, uploaded)
    return _detail(session, uploaded)


@files_router.post("/{file_id}/render", operation_id="renderFileThumbnails")
def render_file_thumbnails(
    uploaded: OwnedFile, session: SessionDep, services: ServicesDep
) -> JobRead:
    """Render the slide thumbnails again in the background (uploaded thumbnails are kept)."""
    return JobRead.model_validate(service.start_render(session, services, uploaded))


@files_router.get(
    "/{file_id}/thumbnails/{slide_number}",
    operation_id="getFileThumbnail",
    response_class=Response,
    responses={200: {"content": {"image/jpeg": {}}}},
)
def get_file_thumbnail(slide_number: int, uploaded: OwnedFile, services: ServicesDep) -> Response:
    """A slide's JPEG thumbnail (640x360 when rendered). 404 `thumbnail_not_found` while it
    has none (still rendering, or cleared)."""
    image = service.thumbnail_bytes(services, uploaded, slide_number)
    headers = {"Cache-Control": "private, max-age=0, must-revalidate"}
    return Response(image, media_type="image/jpeg", headers=headers)


@files_router.post(
    "/{file_id}/use-as-template",
    status_code=status.HTTP_201_CREATED,
    operation_id="useFileAsPptxTemplate",
)
def use_file_as_pptx_template(
    uploaded: OwnedFile, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> PptxTemplateCreated:
    """Make a PPTX template (a draft in `/api/pptx-files`) from this file: the .pptx itself,
    or the Keynote file's conversion. It is parsed and rendered like any template upload."""
    pptx_file_id = service.use_as_pptx_template(session, services, user, uploaded)
    return PptxTemplateCreated(pptx_file_id=pptx_file_id)


@templates_router.get("", operation_id="listTemplates")
def list_templates(user: CurrentUser, session: SessionDep) -> list[TemplateRead]:
    """Your Templates (named single slides of your files), newest first."""
    return [TemplateRead.model_validate(t) for t in service.list_templates(session, user)]


@templates_router.post("", status_code=status.HTTP_201_CREATED, operation_id="createTemplate")
def create_template(body: TemplateCreate, user: CurrentUser, session: SessionDep) -> TemplateRead:
    """Name one slide (`sourceIndex`, 1-based) of one of your files as a Template.

    Errors: `template_name_required`, `file_not_found` (not one of your files),
    `slide_not_found` (`sourceIndex` outside 1..slideCount).
    """
    return TemplateRead.model_validate(service.create_template(session, user, body))


@templates_router.delete(
    "/{template_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteTemplate"
)
def delete_template(template: OwnedTemplate, session: SessionDep) -> None:
    """Delete one of your Templates (the file and its slide stay)."""
    service.delete_template(session, template)


router = APIRouter()
router.include_router(files_router)
router.include_router(templates_router)
