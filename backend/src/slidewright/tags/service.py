"""Tag rules: trimmed non-blank names, unique per owner in any letter case, public by Admins."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from slidewright.core.errors import ForbiddenError
from slidewright.tags import repository
from slidewright.tags.errors import (
    TagExistsError,
    TagNameRequiredError,
    TagNotFoundError,
    TagPublicAdminOnlyError,
)
from slidewright.tags.models import Tag, tag_name_key
from slidewright.tags.schemas import TagCreate, TagUpdate
from slidewright.users.models import User


def _clean_name(session: Session, owner_id: str, name: str, *, current: Tag | None = None) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise TagNameRequiredError()
    existing = repository.find_owned_by_name(session, owner_id, cleaned)
    if existing is not None and existing is not current:
        raise TagExistsError(name=cleaned)
    return cleaned


def list_tags(session: Session, user: User) -> Sequence[Tag]:
    return repository.list_visible(session, user)


def get_tag(session: Session, user: User, tag_id: str) -> Tag:
    tag = repository.get_visible(session, user, tag_id)
    if tag is None:
        raise TagNotFoundError()
    return tag


def create_tag(session: Session, user: User, body: TagCreate) -> Tag:
    if body.public and not user.is_admin:
        raise TagPublicAdminOnlyError()
    name = _clean_name(session, user.id, body.name)
    tag = Tag(owner_id=user.id, name=name, name_key=tag_name_key(name), public=body.public)
    return repository.add(session, tag)


def update_tag(session: Session, user: User, tag: Tag, body: TagUpdate) -> Tag:
    """Owners rename their tags; only Admins change `public` (on any tag)."""
    if tag.owner_id != user.id and not user.is_admin:
        raise ForbiddenError()
    if body.public is not None and body.public != tag.public:
        if not user.is_admin:
            raise TagPublicAdminOnlyError()
        tag.public = body.public
    if body.name is not None:
        tag.name = _clean_name(session, tag.owner_id, body.name, current=tag)
        tag.name_key = tag_name_key(tag.name)
    session.flush()
    return tag


def delete_tag(session: Session, user: User, tag: Tag) -> None:
    """Owners delete their own tags; Admins may delete any."""
    if tag.owner_id != user.id and not user.is_admin:
        raise ForbiddenError()
    repository.delete(session, tag)


def visible_tag_ids(session: Session, user: User, tag_ids: Sequence[str]) -> set[str]:
    return repository.visible_ids(session, user, tag_ids)
