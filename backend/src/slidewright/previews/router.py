from __future__ import annotations

from fastapi import APIRouter, Response

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.previews import choices, presenter, service
from slidewright.previews.schemas import ChoicePreviews, ChoicePreviewsRequest, ProjectPreviews
from slidewright.projects import service as projects_service
from slidewright.projects.dependencies import OwnedProject
from slidewright.services import ServicesDep

router = APIRouter(prefix="/projects", tags=["previews"])

_JPEG_RESPONSE: dict[int | str, dict[str, object]] = {200: {"content": {"image/jpeg": {}}}}


@router.get("/{project_id}/previews", operation_id="listSlidePreviews")
def list_slide_previews(
    project: OwnedProject, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> ProjectPreviews:
    """Each slide's picture as the export draws it, in deck order. Slides change in the
    background after a save: poll while `pending` is above zero. Reading also queues renders
    a save could not foresee (a template's locks changed, an image became unavailable).
    """
    return presenter.read(project, service.list_previews(session, services, user, project))


@router.post("/{project_id}/previews/choices", operation_id="previewSlideChoices")
def preview_slide_choices(
    body: ChoicePreviewsRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> ChoicePreviews:
    """Slides the project might hold (a slide on each template slide a picker offers), drawn
    as the export would draw them, without saving anything. Those not drawn before are drawn
    in the background: ask again with the same body while `pending` is above zero. Checked
    like a save: the same typed errors (`unknown_element`, `pptx_slide_number_out_of_range`...).
    """
    candidates = projects_service.check_candidates(session, user, project, body.slides)
    return presenter.choices(
        project, choices.preview_choices(session, services, user, project, candidates)
    )


@router.get(
    "/{project_id}/previews/{content_hash}.jpg",
    operation_id="getSlidePreview",
    response_class=Response,
    responses=_JPEG_RESPONSE,
)
def get_slide_preview(content_hash: str, project: OwnedProject, services: ServicesDep) -> Response:
    """A rendered slide (640x360 JPEG) by its content hash. Errors: `preview_not_found`."""
    headers = {
        # Content-addressed: the bytes under a hash never change. Per user: private.
        "Cache-Control": "private, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
    }
    image = service.preview_bytes(services, project, content_hash)
    return Response(image, media_type="image/jpeg", headers=headers)
