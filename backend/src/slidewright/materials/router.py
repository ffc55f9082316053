from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, UploadFile, status

from slidewright.core.deps import SessionDep
from slidewright.materials import presenter, service
from slidewright.materials.dependencies import LibraryMaterial, LibraryScope
from slidewright.materials.schemas import (
    MaterialRead,
    MaterialSearch,
    MaterialSearchResponse,
    MaterialTextCreate,
    MaterialUpdate,
)
from slidewright.services import ServicesDep

router = APIRouter(prefix="/materials", tags=["materials"])


@router.get("", operation_id="listMaterials")
def list_materials(scope: LibraryScope, session: SessionDep) -> list[MaterialRead]:
    """Your materials (the general library, outside projects), newest first."""
    return [presenter.material(m) for m in service.list_materials(session, scope)]


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="uploadMaterial")
def upload_material(
    file: Annotated[UploadFile, File(description="one .txt, .md or .docx file")],
    scope: LibraryScope,
    session: SessionDep,
    services: ServicesDep,
    material_type: Annotated[
        Literal["text", "txt", "md", "docx"] | None,
        Form(
            alias="type",
            description="'text' for text typed in the app (a file without an extension)",
        ),
    ] = None,
) -> MaterialRead:
    """Upload a material: its text is extracted (txt in UTF-8, GB18030 or a detected
    encoding; Markdown as text with its headings; Word paragraphs and tables in order) and
    indexed for search. The file's extension decides how it is read; a file without one is
    taken as typed text when `type` is 'text'.

    Errors: `unsupported_material_type`, `invalid_text`, `invalid_docx`, `filename_required`,
    `content_required`, `material_too_long`, `file_too_large`, `unsafe_archive`,
    `encrypted_or_legacy_file`, `active_content` (a .docx with macros, ActiveX controls or
    embedded objects; `details.parts` names them).
    """
    # A sync endpoint runs in the thread pool, so parsing never blocks the event loop.
    data = file.file.read()
    material = service.create_from_upload(
        session, services, scope, filename=file.filename, data=data, declared_type=material_type
    )
    return presenter.material(material)


@router.post("/text", status_code=status.HTTP_201_CREATED, operation_id="createTextMaterial")
def create_text_material(
    body: MaterialTextCreate, scope: LibraryScope, session: SessionDep
) -> MaterialRead:
    """Create a material from text typed in the app (type 'text').

    Errors: `filename_required`, `content_required`, `material_too_long`.
    """
    material = service.create_text(session, scope, filename=body.filename, content=body.content)
    return presenter.material(material)


@router.post("/search", operation_id="searchMaterials")
def search_materials(
    body: MaterialSearch, scope: LibraryScope, session: SessionDep
) -> MaterialSearchResponse:
    """Search your materials' text and filenames, in Chinese and English alike, newest first.

    Every word of the query must occur (Chinese words as written, anywhere in a sentence; the
    last word, or a single Chinese character, also matches as a prefix). Each result carries
    the query's positions in the filename and a snippet of about 200 characters around the
    first hit. `total` counts every match; `results` holds `limit` of them from `offset`.
    """
    total, found = service.search_materials(
        session, scope, body.query, limit=body.limit, offset=body.offset
    )
    return presenter.search_response(body.query, total, found)


@router.get("/{material_id}", operation_id="getMaterial")
def get_material(material: LibraryMaterial) -> MaterialRead:
    """A material with its parsed text. Another user's material is a 404
    `material_not_found`."""
    return presenter.material(material)


@router.put("/{material_id}", operation_id="updateMaterial")
def update_material(
    body: MaterialUpdate, material: LibraryMaterial, session: SessionDep
) -> MaterialRead:
    """Rename a material, replace its tags or enable/disable it (send only what changes).

    Errors: `material_not_found`, `filename_required`, `read_only_field` (the material may be
    sent as read; its other fields must then be unchanged).
    """
    body.check_read_only(presenter.material(material))
    service.update_material(
        session, material, filename=body.filename, tags=body.tags, enabled=body.enabled
    )
    return presenter.material(material)


@router.delete(
    "/{material_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteMaterial"
)
def delete_material(material: LibraryMaterial, session: SessionDep, services: ServicesDep) -> None:
    """Delete a material, its search index entries and its original file."""
    service.delete_material(session, services, material)


@router.post("/{material_id}/toggle-enabled", operation_id="toggleMaterialEnabled")
def toggle_material_enabled(material: LibraryMaterial, session: SessionDep) -> MaterialRead:
    """Flip `enabled`: whether the AI may draw on this material."""
    return presenter.material(service.toggle_enabled(session, material))
