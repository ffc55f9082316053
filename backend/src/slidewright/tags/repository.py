"""Every tag query, always scoped to what the caller may see."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from slidewright.tags.models import Tag, tag_name_key
from slidewright.users.models import User


def list_visible(session: Session, user: User) -> Sequence[Tag]:
    """The caller's own tags and every public tag, by name."""
    query = select(Tag).where(or_(Tag.owner_id == user.id, Tag.public.is_(True)))
    return session.scalars(query.order_by(Tag.name, Tag.id)).all()


def get_visible(session: Session, user: User, tag_id: str) -> Tag | None:
    tag = session.get(Tag, tag_id)
    if tag is None or not (tag.owner_id == user.id or tag.public or user.is_admin):
        return None
    return tag


def find_owned_by_name(session: Session, owner_id: str, name: str) -> Tag | None:
    """The owner's tag with this name, whatever its letter case."""
    key = tag_name_key(name)
    return session.scalar(select(Tag).where(Tag.owner_id == owner_id, Tag.name_key == key))


def visible_ids(session: Session, user: User, tag_ids: Sequence[str]) -> set[str]:
    """Which of `tag_ids` the caller may use (own or public)."""
    if not tag_ids:
        return set()
    query = select(Tag.id).where(
        Tag.id.in_(tag_ids), or_(Tag.owner_id == user.id, Tag.public.is_(True))
    )
    return set(session.scalars(query))


def add(session: Session, tag: Tag) -> Tag:
    session.add(tag)
    session.flush()
    return tag


def delete(session: Session, tag: Tag) -> None:
    session.delete(tag)
    session.flush()
