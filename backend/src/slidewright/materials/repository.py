"""Every material query, always within a `MaterialScope` (one owner, library or project)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from slidewright.materials.models import Material, MaterialScope, ProjectMaterialLink


def in_scope(scope: MaterialScope) -> list[ColumnElement[bool]]:
    """The WHERE conditions of a scope (also used by the search index): the library, or a
    project's own materials plus the library materials linked to it."""
    if scope.project_id is None:
        return [Material.owner_id == scope.owner_id, Material.project_id.is_(None)]
    linked = select(ProjectMaterialLink.material_id).where(
        ProjectMaterialLink.project_id == scope.project_id
    )
    return [
        Material.owner_id == scope.owner_id,
        or_(Material.project_id == scope.project_id, Material.id.in_(linked)),
    ]


def links(session: Session, project_id: str) -> dict[str, ProjectMaterialLink]:
    """The project's links, by material id."""
    query = select(ProjectMaterialLink).where(ProjectMaterialLink.project_id == project_id)
    return {link.material_id: link for link in session.scalars(query)}


def add_link(session: Session, link: ProjectMaterialLink) -> None:
    session.add(link)
    session.flush()


def delete_link(session: Session, link: ProjectMaterialLink) -> None:
    session.delete(link)
    session.flush()


def list_in_scope(session: Session, scope: MaterialScope) -> Sequence[Material]:
    """Newest first."""
    query = select(Material).where(*in_scope(scope))
    return session.scalars(query.order_by(Material.created_at.desc(), Material.id.desc())).all()


def get_in_scope(session: Session, scope: MaterialScope, material_id: str) -> Material | None:
    return session.scalar(select(Material).where(Material.id == material_id, *in_scope(scope)))


def get_many(
    session: Session, scope: MaterialScope, material_ids: Sequence[str]
) -> dict[str, Material]:
    """The materials with these ids that are in the scope, by id."""
    if not material_ids:
        return {}
    # By primary key, the scope checked here: with the scope in the WHERE clause, SQLite
    # (without statistics) walks the owner's index instead, which is slow for a large library.
    found = session.scalars(select(Material).where(Material.id.in_(material_ids)))
    linked = set(links(session, scope.project_id)) if scope.project_id else set()
    return {m.id: m for m in found if _in_scope(m, scope, linked)}


def _in_scope(material: Material, scope: MaterialScope, linked: set[str]) -> bool:
    if material.owner_id != scope.owner_id:
        return False
    return material.project_id == scope.project_id or material.id in linked


def add(session: Session, material: Material) -> Material:
    session.add(material)
    session.flush()
    return material


def delete(session: Session, material: Material) -> None:
    session.delete(material)
    session.flush()
