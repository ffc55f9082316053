"""The materials of one project (`/api/projects/{id}/materials...`): the same service as the
library, with the project as the scope, plus links to library materials."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, File, Form, UploadFile, status

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.materials import presenter, service
from slidewright.materials.models import Material, MaterialScope
from slidewright.materials.schemas import (
    MaterialAssociate,
    MaterialAssociateResult,
    MaterialRead,
    MaterialSearch,
    MaterialSearchResponse,
    MaterialTextCreate,
    MaterialUpdate,
)
from slidewright.projects.dependencies import OwnedProject
from slidewright.services import ServicesDep

router = APIRouter(prefix="/projects/{project_id}/materials", tags=["project materials"])


def project_scope(project: OwnedProject, user: CurrentUser) -> MaterialScope:
    """The caller's project (404 otherwise): its own materials plus the linked ones."""
    return MaterialScope(owner_id=user.id, project_id=project.id)


ProjectScope = Annotated[MaterialScope, Depends(project_scope)]


def project_material(material_id: str, scope: ProjectScope, session: SessionDep) -> Material:
    return service.get_material(session, scope, material_id)


ProjectMaterial = Annotated[Material, Depends(project_material)]


@router.get("", operation_id="listProjectMaterials")
def list_project_materials(scope: ProjectScope, session: SessionDep) -> list[MaterialRead]:
    """The project's materials (uploaded in it or linked from the library), newest first;
    `enabled` is the project's own flag."""
    enabled = service.project_enabled(session, scope)
    return [presenter.material(m, enabled) for m in service.list_materials(session, scope)]


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="uploadProjectMaterial")
def upload_project_material(
    file: Annotated[UploadFile, File(description="one .txt, .md or .docx file")],
    scope: ProjectScope,
    session: SessionDep,
    services: ServicesDep,
    material_type: Annotated[
        Literal["text", "txt", "md", "docx"] | None, Form(alias="type")
    ] = None,
) -> MaterialRead:
    """Upload a material into the project (same rules as `POST /api/materials`)."""
    material = service.create_from_upload(
        session,
        services,
        scope,
        filename=file.filename,
        data=file.file.read(),
        declared_type=material_type,
    )
    return presenter.material(material)


@router.post("/text", status_code=status.HTTP_201_CREATED, operation_id="createProjectTextMaterial")
def create_project_text_material(
    body: MaterialTextCreate, scope: ProjectScope, session: SessionDep
) -> MaterialRead:
    """Create a typed text material in the project."""
    return presenter.material(
        service.create_text(session, scope, filename=body.filename, content=body.content)
    )


@router.post("/associate", operation_id="associateProjectMaterials")
def associate_project_materials(
    body: MaterialAssociate, scope: ProjectScope, session: SessionDep
) -> MaterialAssociateResult:
    """Link library materials to the project; those already in it are skipped.

    Errors: `material_not_found` (an id that is not one of your library materials).
    """
    linked, skipped = service.associate(session, scope, body.material_ids)
    return MaterialAssociateResult(linked=linked, skipped=skipped)


@router.post("/search", operation_id="searchProjectMaterials")
def search_project_materials(
    body: MaterialSearch, scope: ProjectScope, session: SessionDep
) -> MaterialSearchResponse:
    """Search the project's materials (same rules as `POST /api/materials/search`)."""
    total, found = service.search_materials(
        session, scope, body.query, limit=body.limit, offset=body.offset
    )
    return presenter.search_response(
        body.query, total, found, service.project_enabled(session, scope)
    )


@router.get("/{material_id}", operation_id="getProjectMaterial")
def get_project_material(
    material: ProjectMaterial, scope: ProjectScope, session: SessionDep
) -> MaterialRead:
    """One of the project's materials."""
    return presenter.material(material, service.project_enabled(session, scope))


@router.put("/{material_id}", operation_id="updateProjectMaterial")
def update_project_material(
    body: MaterialUpdate, material: ProjectMaterial, scope: ProjectScope, session: SessionDep
) -> MaterialRead:
    """Rename, retag or enable/disable (for a linked material, `enabled` is the project's).
    The material may be sent as read (`read_only_field` when another of its fields changed)."""
    enabled = service.project_enabled(session, scope)
    body.check_read_only(presenter.material(material, enabled))
    service.update_material(session, material, filename=body.filename, tags=body.tags, enabled=None)
    if body.enabled is not None and body.enabled != enabled.get(material.id, material.enabled):
        service.toggle_in_project(session, scope, material)
    return presenter.material(material, service.project_enabled(session, scope))


@router.delete(
    "/{material_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="removeProjectMaterial"
)
def remove_project_material(
    material: ProjectMaterial, scope: ProjectScope, session: SessionDep, services: ServicesDep
) -> None:
    """Unlink a library material from the project, or delete one uploaded into it."""
    service.remove_from_project(session, services, scope, material)


@router.post("/{material_id}/toggle-enabled", operation_id="toggleProjectMaterialEnabled")
def toggle_project_material_enabled(
    material: ProjectMaterial, scope: ProjectScope, session: SessionDep
) -> MaterialRead:
    """Flip whether the AI may use this material for this project."""
    service.toggle_in_project(session, scope, material)
    return presenter.material(material, service.project_enabled(session, scope))
