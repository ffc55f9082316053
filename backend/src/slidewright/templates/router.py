from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Request, Response, UploadFile, status
from sqlalchemy.orm import Session

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.core.errors import request_lang
from slidewright.jobs.schemas import JobRead
from slidewright.services import ServicesDep
from slidewright.templates import presenter, service
from slidewright.templates.dependencies import VisibleTemplate
from slidewright.templates.models import PptxFile
from slidewright.templates.schemas import (
    ElementLockUpdate,
    ParsedSlide,
    PptxFileRead,
    PptxFileSummary,
    PptxFileUpdate,
    SlideDescriptionUpdate,
    TemplateElement,
)
from slidewright.users.models import User

router = APIRouter(prefix="/pptx-files", tags=["pptx-files"])
thumbnails_router = APIRouter(prefix="/files/thumbnails", tags=["pptx-files"])


def _detail(request: Request, session: Session, user: User, pptx_file: PptxFile) -> PptxFileRead:
    job = service.latest_render_job(session, pptx_file)
    return presenter.detail(pptx_file, user, request_lang(request), job)


@router.get("", operation_id="listPptxFiles")
def list_pptx_files(
    request: Request, user: CurrentUser, session: SessionDep
) -> list[PptxFileSummary]:
    """Your templates (newest first), then every published template. Built-in templates are
    listed in the edition of the request's language (Accept-Language: English or Chinese);
    every edition stays readable by id."""
    lang = request_lang(request)
    files = service.list_templates(session, user, lang)
    return [presenter.summary(f, user, lang) for f in files]


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="uploadPptxFile")
def upload_pptx_file(
    request: Request,
    file: Annotated[UploadFile, File(description=".pptx or .potx")],
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> PptxFileRead:
    """Upload a template: it is checked, parsed into slides and elements, and its thumbnails
    are rendered in the background (follow `renderJob` with `GET /api/jobs/{id}`).

    Errors: `invalid_pptx`, `encrypted_or_legacy_file`, `unsafe_archive`, `active_content`
    (macros, ActiveX controls or embedded objects; `details.parts` names them), `file_too_large`,
    `unsupported_file_type`.
    """
    # A sync endpoint runs in the thread pool, so parsing never blocks the event loop.
    data = file.file.read()
    pptx_file = service.create_from_bytes(
        session, services, user, filename=file.filename or "", data=data
    )
    return _detail(request, session, user, pptx_file)


@router.get("/{file_id}", operation_id="getPptxFile")
def get_pptx_file(
    request: Request, pptx_file: VisibleTemplate, user: CurrentUser, session: SessionDep
) -> PptxFileRead:
    """A template with its parsed slides, elements, thumbnails and latest render job."""
    return _detail(request, session, user, pptx_file)


@router.put("/{file_id}", operation_id="updatePptxFile")
def update_pptx_file(
    request: Request,
    body: PptxFileUpdate,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
) -> PptxFileRead:
    """Rename a template or edit its description (owner or Admin). The template may be sent
    as read: `read_only_field` when another of its fields is changed."""
    body.check_read_only(_detail(request, session, user, pptx_file))
    service.update_template(
        session, user, pptx_file, filename=body.filename, description=body.description
    )
    return _detail(request, session, user, pptx_file)


@router.delete("/{file_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deletePptxFile")
def delete_pptx_file(
    pptx_file: VisibleTemplate, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> None:
    """Delete a template with its file and thumbnails (owner or Admin)."""
    service.delete_template(session, services, user, pptx_file)


@router.post("/{file_id}/publish", operation_id="publishPptxFile")
def publish_pptx_file(
    request: Request, pptx_file: VisibleTemplate, user: CurrentUser, session: SessionDep
) -> PptxFileRead:
    """Publish a template: every user can then see and use it, read-only. Cannot be undone.

    Errors: `already_published`.
    """
    service.publish(session, user, pptx_file)
    return _detail(request, session, user, pptx_file)


@router.put("/{file_id}/slides/{slide_number}/description", operation_id="updateSlideDescription")
def update_slide_description(
    slide_number: int,
    body: SlideDescriptionUpdate,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
) -> ParsedSlide:
    """Set a slide's description (what the slide is for; AI uses it to choose slides). The
    slide may be sent as read: `read_only_field` when another of its fields is changed."""
    body.check_read_only(ParsedSlide.model_validate(service.get_slide(pptx_file, slide_number)))
    slide = service.set_slide_description(session, user, pptx_file, slide_number, body.description)
    return ParsedSlide.model_validate(slide)


@router.put("/{file_id}/slides/{slide_number}/element-locked", operation_id="setElementLocked")
def set_element_locked(
    slide_number: int,
    body: ElementLockUpdate,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
) -> ParsedSlide:
    """Lock or unlock an element (by its index in the slide's elements). Locked elements are
    never changed by AI or export. The element may be sent as read, with `elementIndex`."""
    element = service.get_element(pptx_file, slide_number, body.element_index)
    body.check_read_only(TemplateElement.model_validate(element))
    slide = service.set_element_locked(
        session, user, pptx_file, slide_number, body.element_index, body.is_locked
    )
    return ParsedSlide.model_validate(slide)


@router.post("/{file_id}/thumbnails/{slide_number}", operation_id="uploadSlideThumbnail")
def upload_slide_thumbnail(
    request: Request,
    slide_number: int,
    thumbnail: Annotated[UploadFile, File(description="a JPEG image")],
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> PptxFileRead:
    """Replace a slide's thumbnail with your own JPEG (kept when the deck is re-rendered).

    Errors: `unsupported_file_type` (not a JPEG), `invalid_image`, `slide_not_found`.
    """
    data = thumbnail.file.read()
    service.save_manual_thumbnail(session, services, user, pptx_file, slide_number, data)
    return _detail(request, session, user, pptx_file)


@router.delete("/{file_id}/thumbnails/{slide_number}", operation_id="resetSlideThumbnail")
def reset_slide_thumbnail(
    slide_number: int,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> JobRead:
    """Reset a slide's thumbnail: drop the uploaded one and render the slide again."""
    return JobRead.model_validate(
        service.reset_thumbnail(session, services, user, pptx_file, slide_number)
    )


@router.post("/{file_id}/render", operation_id="renderPptxFile")
def render_pptx_file(
    pptx_file: VisibleTemplate, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> JobRead:
    """Render every slide's thumbnail again (uploaded thumbnails are kept)."""
    return JobRead.model_validate(service.render_again(session, services, user, pptx_file))


@router.get("/{file_id}/download", operation_id="downloadPptxFile")
def download_pptx_file(pptx_file: VisibleTemplate, services: ServicesDep) -> Response:
    """The original .pptx file."""
    from urllib.parse import quote

    disposition = f"attachment; filename*=UTF-8''{quote(pptx_file.filename)}"
    return Response(
        service.source_bytes(services, pptx_file),
        media_type="application/vnd.openxmlformats-officedocument.presentationml.presentation",
        headers={"Content-Disposition": disposition},
    )


_JPEG_RESPONSE: dict[int | str, dict[str, object]] = {200: {"content": {"image/jpeg": {}}}}


@thumbnails_router.get(
    "/{file_id}/{slide_number}.jpg",
    operation_id="getSlideThumbnail",
    response_class=Response,
    responses=_JPEG_RESPONSE,
)
@thumbnails_router.head(
    "/{file_id}/{slide_number}.jpg",
    operation_id="headSlideThumbnail",
    response_class=Response,
    responses=_JPEG_RESPONSE,
)
def get_slide_thumbnail(
    request: Request, slide_number: int, pptx_file: VisibleTemplate, services: ServicesDep
) -> Response:
    """A slide's 640x360 JPEG thumbnail (HEAD checks that it exists). 404
    `thumbnail_not_found` while it is still being rendered."""
    image = service.thumbnail_bytes(services, pptx_file, slide_number)
    headers = {"Cache-Control": "private, max-age=0, must-revalidate"}
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(image))
        return Response(status_code=200, media_type="image/jpeg", headers=headers)
    return Response(image, media_type="image/jpeg", headers=headers)
