"""Material rules: upload (.txt, .md, .docx) or typed text, parse, store, index, search.

Every function takes a `MaterialScope` (or a material loaded through one): the general library
(`/api/materials`) and, later, a project's materials (`/api/projects/{id}/materials`) are the
same code with a different scope. Materials are private: nobody else sees them, Admins
included.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Final

from sqlalchemy.orm import Session

from slidewright.core.config import Settings
from slidewright.core.db import on_commit, on_rollback
from slidewright.core.errors import AppError
from slidewright.core.ids import new_id
from slidewright.core.uploads import MIB, UploadLimits
from slidewright.materials import repository
from slidewright.materials.errors import (
    ContentRequiredError,
    FilenameRequiredError,
    InvalidDocxError,
    InvalidTextError,
    MaterialNotFoundError,
    MaterialTooLongError,
    UnsupportedMaterialTypeError,
)
from slidewright.materials.models import TYPE_TEXT, Material, MaterialScope, ProjectMaterialLink
from slidewright.materials.parsers import (
    INVALID_DOCX,
    INVALID_TEXT,
    UNSUPPORTED_MATERIAL_TYPE,
    MaterialParseError,
    material_type,
    parse_material,
)
from slidewright.materials.search import index
from slidewright.materials.search.index import SearchHit
from slidewright.services import Services
from slidewright.storage.blobstore import make_key

# A material is text for search and for the AI: far smaller than a template upload.
MAX_FILE_BYTES: Final = 20 * MIB
MAX_TEXT_CHARS: Final = 5_000_000
MAX_TAGS: Final = 50

_PARSE_ERRORS: Final[dict[str, type[AppError]]] = {
    UNSUPPORTED_MATERIAL_TYPE: UnsupportedMaterialTypeError,
    INVALID_TEXT: InvalidTextError,
    INVALID_DOCX: InvalidDocxError,
}
_CONTENT_TYPES: Final = {
    "txt": "text/plain",
    "md": "text/markdown",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")


def upload_limits(settings: Settings) -> UploadLimits:
    return UploadLimits(max_bytes=min(settings.max_upload_bytes, MAX_FILE_BYTES))


def clean_filename(raw: str | None) -> str:
    """The bare file name (no folders from either OS, no control characters, spaces
    collapsed), at most 255 characters; `filename_required` when nothing is left."""
    # Control characters too: NUL, for one, cannot even be stored by PostgreSQL.
    name = _CONTROL.sub("", PureWindowsPath(PurePosixPath(raw or "").name).name)
    name = " ".join(name.split())
    if not name:
        raise FilenameRequiredError()
    return name[-255:]


def _check_length(text: str) -> str:
    if len(text) > MAX_TEXT_CHARS:
        raise MaterialTooLongError(limit=MAX_TEXT_CHARS)
    return text


def _parse(
    filename: str, data: bytes, declared_type: str | None, settings: Settings
) -> tuple[str, str]:
    """(type, text) of an upload. The extension decides (.txt, .md, .docx); a file without
    one is accepted as typed text when the client says `type` 'text' (how the web app posts
    a material typed in its dialog)."""
    limits = upload_limits(settings)
    try:
        try:
            kind: str = material_type(filename)
        except MaterialParseError:
            if declared_type != TYPE_TEXT:
                raise
            # Typed text gets exactly the checks of a .txt upload (size, binary data).
            return TYPE_TEXT, _check_length(parse_material("typed.txt", data, limits=limits).text)
        return kind, _check_length(parse_material(filename, data, limits=limits).text)
    except MaterialParseError as exc:
        raise _PARSE_ERRORS.get(exc.code, InvalidTextError)(exc.details) from exc


def _blob_prefix(material: Material) -> str:
    return f"materials/{material.owner_id}/{material.id}/"


def _add(session: Session, scope: MaterialScope, material: Material) -> Material:
    material.owner_id = scope.owner_id
    material.project_id = scope.project_id
    repository.add(session, material)
    index.index_material(session, material)
    return material


def create_from_upload(
    session: Session,
    services: Services,
    scope: MaterialScope,
    *,
    filename: str | None,
    data: bytes,
    declared_type: str | None = None,
) -> Material:
    """Parses, stores (the original file in the BlobStore) and indexes an uploaded material.

    Errors: `filename_required`, `unsupported_material_type`, `invalid_text`, `invalid_docx`,
    `material_too_long`, and the upload guard's (`file_too_large`, `unsafe_archive`,
    `encrypted_or_legacy_file`).
    """
    name = clean_filename(filename)
    kind, text = _parse(name, data, declared_type, services.settings)
    if kind == TYPE_TEXT and not text.strip():
        raise ContentRequiredError()
    material = Material(
        id=new_id(), filename=name, type=kind, size=len(data), parsed_text=text, tags=[]
    )
    if kind != TYPE_TEXT:
        key = make_key("materials", scope.owner_id, material.id, f"original.{kind}")
        services.blobs.put(key, data, content_type=_CONTENT_TYPES.get(kind))
        material.blob_key = key
        # Nothing half-stored: if the request fails after this point, the blob goes too.
        on_rollback(session, lambda: services.blobs.delete(key))
    _add(session, scope, material)
    return material


def create_text(session: Session, scope: MaterialScope, *, filename: str, content: str) -> Material:
    """A material typed in the app. Errors: `filename_required`, `content_required`,
    `material_too_long`."""
    name = clean_filename(filename)
    text = content.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise ContentRequiredError()
    _check_length(text)
    return _add(
        session,
        scope,
        Material(filename=name, type=TYPE_TEXT, size=len(text.encode()), parsed_text=text, tags=[]),
    )


def list_materials(session: Session, scope: MaterialScope) -> Sequence[Material]:
    return repository.list_in_scope(session, scope)


def get_material(session: Session, scope: MaterialScope, material_id: str) -> Material:
    material = repository.get_in_scope(session, scope, material_id)
    if material is None:
        raise MaterialNotFoundError()
    return material


def clean_tags(tags: Sequence[str]) -> list[str]:
    """Spaces collapsed, blanks dropped, duplicates removed (first kept), order kept."""
    cleaned: list[str] = []
    for tag in tags:
        name = " ".join(tag.split())
        if name and name not in cleaned:
            cleaned.append(name)
    return cleaned[:MAX_TAGS]


def update_material(
    session: Session,
    material: Material,
    *,
    filename: str | None = None,
    tags: Sequence[str] | None = None,
    enabled: bool | None = None,
) -> Material:
    """Rename (the filename is searchable: the material is indexed again), retag, enable."""
    if filename is not None:
        name = clean_filename(filename)
        if name != material.filename:
            material.filename = name
            index.index_material(session, material)
    if tags is not None:
        material.tags = clean_tags(tags)
    if enabled is not None:
        material.enabled = enabled
    session.flush()
    return material


def toggle_enabled(session: Session, material: Material) -> Material:
    material.enabled = not material.enabled
    session.flush()
    return material


def delete_material(session: Session, services: Services, material: Material) -> None:
    """Deletes the material and its index entries; its file goes once that is committed."""
    prefix = _blob_prefix(material) if material.blob_key else None
    index.remove(session, material.id)
    repository.delete(session, material)
    if prefix is not None:
        on_commit(session, lambda: services.blobs.delete_prefix(prefix))


def search_materials(
    session: Session, scope: MaterialScope, query: str, *, limit: int = 20, offset: int = 0
) -> tuple[int, list[tuple[Material, SearchHit]]]:
    """(total, one page of the matches, newest first, with their first matching passage),
    see `materials.search.index`."""
    page = index.search(session, scope, query, limit=limit, offset=offset)
    materials = repository.get_many(session, scope, [hit.material_id for hit in page.hits])
    return page.total, [
        (materials[hit.material_id], hit) for hit in page.hits if hit.material_id in materials
    ]


# --- projects: links and the per-project enabled flag -------------------------------------


def project_enabled(session: Session, scope: MaterialScope) -> dict[str, bool]:
    """Linked materials' per-project enabled flags, by material id (empty for the library)."""
    if scope.project_id is None:
        return {}
    return {mid: link.enabled for mid, link in repository.links(session, scope.project_id).items()}


def toggle_in_project(session: Session, scope: MaterialScope, material: Material) -> bool:
    """Flips the flag the project sees: the link's for a linked material, else the material's."""
    link = repository.links(session, scope.project_id or "").get(material.id)
    if link is None:
        return toggle_enabled(session, material).enabled
    link.enabled = not link.enabled
    session.flush()
    return link.enabled


def associate(
    session: Session, scope: MaterialScope, material_ids: Sequence[str]
) -> tuple[list[str], list[str]]:
    """Links library materials into the project; (linked, skipped). Materials already in the
    project are skipped; ids that are not the caller's library materials are a 404."""
    if scope.project_id is None:
        raise ValueError("associate needs a project scope")
    library = MaterialScope(owner_id=scope.owner_id)
    found = repository.get_many(session, library, list(dict.fromkeys(material_ids)))
    missing = [mid for mid in material_ids if mid not in found]
    if missing:
        raise MaterialNotFoundError(materialIds=missing)
    existing = repository.links(session, scope.project_id)
    linked, skipped = [], []
    for material_id in dict.fromkeys(material_ids):
        if material_id in existing:
            skipped.append(material_id)
            continue
        repository.add_link(
            session, ProjectMaterialLink(project_id=scope.project_id, material_id=material_id)
        )
        linked.append(material_id)
    return linked, skipped


def remove_from_project(
    session: Session, services: Services, scope: MaterialScope, material: Material
) -> None:
    """Unlinks a library material, or deletes a material that belongs to the project."""
    link = repository.links(session, scope.project_id or "").get(material.id)
    if link is not None:
        repository.delete_link(session, link)
    else:
        delete_material(session, services, material)
