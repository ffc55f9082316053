from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.materials import service
from slidewright.materials.models import Material, MaterialScope


def library_scope(user: CurrentUser) -> MaterialScope:
    """The caller's general library (materials outside projects)."""
    return MaterialScope(owner_id=user.id)


LibraryScope = Annotated[MaterialScope, Depends(library_scope)]


def library_material(material_id: str, scope: LibraryScope, session: SessionDep) -> Material:
    """The material when it is in the caller's library, else 404 `material_not_found`."""
    return service.get_material(session, scope, material_id)


LibraryMaterial = Annotated[Material, Depends(library_material)]
