from __future__ import annotations

from fastapi import APIRouter, Request, Response, status
from pydantic import RootModel

from slidewright import project_saved
from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.core.errors import request_lang
from slidewright.core.schemas import json_response
from slidewright.images import presenter as images_presenter
from slidewright.images import service as images_service
from slidewright.images.schemas import ImageRead
from slidewright.previews import service as previews_service
from slidewright.projects import presenter, service
from slidewright.projects.dependencies import OwnedProject, OwnedProjectAny
from slidewright.projects.schemas import (
    ProjectCreate,
    ProjectImageLink,
    ProjectRead,
    ProjectSummary,
    ProjectUpdate,
)
from slidewright.services import ServicesDep

router = APIRouter(prefix="/projects", tags=["projects"])


# The two most requested reads answer with their JSON ready (`json_response`).
_Summaries = RootModel[list[ProjectSummary]]


@router.get("", operation_id="listProjects", response_model=list[ProjectSummary])
def list_projects(user: CurrentUser, session: SessionDep, trash: bool = False) -> Response:
    """Your projects, most recently changed first (`?trash=true`: the ones in the trash)."""
    projects = service.list_projects(session, user, trash=trash)
    return json_response(_Summaries([presenter.summary(p) for p in projects]))


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="createProject")
def create_project(
    body: ProjectCreate, user: CurrentUser, session: SessionDep, services: ServicesDep
) -> ProjectRead:
    """Create a project with `numSlides` empty slides (or the given `slides`).

    Errors: `title_required`, `invalid_num_slides`, `template_not_found`,
    `pptx_slide_number_out_of_range`, `unknown_element`, `invalid_element_value`.
    """
    project = service.create_project(session, user, body)
    project_saved.after_save(session, services, user, project)
    return presenter.detail(project)


@router.get("/{project_id}", operation_id="getProject", response_model=ProjectRead)
def get_project(project: OwnedProject) -> Response:
    """A project with all its slides. Keep its `version` for the next update."""
    return json_response(presenter.detail(project))


@router.put("/{project_id}", operation_id="updateProject")
def update_project(
    request: Request,
    body: ProjectUpdate,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> ProjectRead:
    """Change any of title, description, lang, numSlides (grows with empty slides, truncates
    from the end), pptxFileId and slides. Send the `version` you loaded: a stale one gets 409
    `version_conflict` and nothing changes. Changing the template keeps the slides and clears
    template numbers the new template lacks, reported in `warnings`. The project may be sent
    as read: `read_only_field` when `_id`, `createdAt` or `deletedAt` is changed.
    """
    body.check_read_only(presenter.detail(project))
    updated, warnings = service.update_project(session, user, project, body)
    # Changed slides are drawn in the background; GET .../previews follows them.
    project_saved.after_save(session, services, user, updated)
    return presenter.detail(updated, request_lang(request), warnings)


@router.delete(
    "/{project_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteProject"
)
def delete_project(
    project: OwnedProjectAny, session: SessionDep, services: ServicesDep, hard: bool = False
) -> None:
    """Move a project to the trash (`?hard=true`: delete it for good)."""
    if hard:
        previews_service.forget_project(session, services, project)
        service.delete_forever(session, project)
    else:
        service.trash_project(session, project)


@router.post("/{project_id}/restore", operation_id="restoreProject")
def restore_project(project: OwnedProjectAny, session: SessionDep) -> ProjectRead:
    """Bring a project back from the trash."""
    return presenter.detail(service.restore_project(session, project))


@router.get("/{project_id}/images", operation_id="listProjectImages")
def list_project_images(
    project: OwnedProject, user: CurrentUser, session: SessionDep
) -> list[ImageRead]:
    """The gallery images linked to the project (its Images tab)."""
    images = service.list_images(session, user, project)
    return images_presenter.read_many(images, user, images_service.public_copies(session, images))


@router.post("/{project_id}/images/{image_id}", operation_id="linkProjectImage")
def link_project_image(
    image_id: str,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    body: ProjectImageLink | None = None,
) -> ImageRead:
    """Link one of your images, or a public one, to the project. Errors: `image_not_found`."""
    image = service.link_image(session, user, project, image_id, (body or ProjectImageLink()).scope)
    return images_presenter.read(image, user, images_service.public_copies(session, [image]))


@router.delete(
    "/{project_id}/images/{image_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    operation_id="unlinkProjectImage",
)
def unlink_project_image(image_id: str, project: OwnedProject, session: SessionDep) -> None:
    """Remove an image from the project (the image stays in the gallery)."""
    service.unlink_image(session, project, image_id)
