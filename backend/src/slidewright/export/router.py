from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Response

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.export import service
from slidewright.export.schemas import PreflightReport
from slidewright.projects.dependencies import OwnedProject
from slidewright.services import ServicesDep

router = APIRouter(prefix="/projects", tags=["export"])

_PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@router.get(
    "/{project_id}/export",
    operation_id="exportProject",
    response_class=Response,
    responses={200: {"content": {_PPTX: {}}}},
)
def export_project(
    project: OwnedProject, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> Response:
    """The project as a native, editable .pptx built from its template's own slides, named
    after the project title. Slides without a template slide are left out.

    Errors: `export_no_template`, `export_no_slides`, `export_failed`.
    """
    data = service.export_project(session, services, user, project)
    name = service.download_name(project.title)
    ascii_name = name.encode("ascii", "replace").decode().replace("?", "_")
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name)}"
    return Response(data, media_type=_PPTX, headers={"Content-Disposition": disposition})


@router.get("/{project_id}/export/preflight", operation_id="preflightExport")
def preflight_export(
    project: OwnedProject, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> PreflightReport:
    """What the export would lack, slide by slide: missing template slides, empty unlocked
    elements, text that overflows even at the 60% font-size floor, missing images, and what
    PowerPoint's Accessibility Checker would flag (`accessibility`: a slide without a title, a
    picture without alt text, a table without a header row, a reading order that differs from
    the visual order)."""
    return service.preflight(session, services, user, project)
