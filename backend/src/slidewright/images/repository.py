"""Every image query, scoped to what the caller may see: own images and public ones."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Select, or_, select
from sqlalchemy.orm import Session

from slidewright.images.models import Image, ImageTag
from slidewright.users.models import User


def _filtered(
    query: Select[Any], text: str, text_tag_ids: Collection[str], tag_id: str | None
) -> Select[Any]:
    """Narrows `query` to images with `tag_id`, and to those whose alt text or filename
    contains `text` (case-insensitive) or that carry one of `text_tag_ids`."""
    if tag_id is not None:
        query = query.where(
            Image.id.in_(select(ImageTag.image_id).where(ImageTag.tag_id == tag_id))
        )
    if text:
        matches = [
            Image.alt.icontains(text, autoescape=True),
            Image.filename.icontains(text, autoescape=True),
        ]
        if text_tag_ids:
            tagged = select(ImageTag.image_id).where(ImageTag.tag_id.in_(text_tag_ids))
            matches.append(Image.id.in_(tagged))
        query = query.where(or_(*matches))
    return query.order_by(Image.created_at.desc(), Image.id.desc())


def list_own_private(
    session: Session,
    user: User,
    *,
    text: str = "",
    text_tag_ids: Collection[str] = (),
    tag_id: str | None = None,
) -> Sequence[Image]:
    """The caller's private images (their public copies are listed with the public ones)."""
    query = select(Image).where(Image.owner_id == user.id, Image.is_public.is_(False))
    return session.scalars(_filtered(query, text, text_tag_ids, tag_id)).all()


def list_public(
    session: Session,
    *,
    text: str = "",
    text_tag_ids: Collection[str] = (),
    tag_id: str | None = None,
) -> Sequence[Image]:
    query = select(Image).where(Image.is_public.is_(True))
    return session.scalars(_filtered(query, text, text_tag_ids, tag_id)).all()


def get_visible(session: Session, user: User, image_id: str) -> Image | None:
    image = session.get(Image, image_id)
    if image is None or not (image.owner_id == user.id or image.is_public):
        return None
    return image


def visible_ids(session: Session, user: User, image_ids: Collection[str]) -> set[str]:
    """Which of `image_ids` the caller may use (own or public)."""
    if not image_ids:
        return set()
    query = select(Image.id).where(
        Image.id.in_(image_ids), or_(Image.owner_id == user.id, Image.is_public.is_(True))
    )
    return set(session.scalars(query))


def public_copy_ids(session: Session, source_ids: Collection[str]) -> dict[str, str]:
    """Original id -> the id of its public copy, for the originals that have one."""
    if not source_ids:
        return {}
    query = select(Image.source_image_id, Image.id).where(Image.source_image_id.in_(source_ids))
    return {source: copy for source, copy in session.execute(query) if source}


def add(session: Session, image: Image) -> Image:
    session.add(image)
    session.flush()
    return image


def delete(session: Session, image: Image) -> None:
    session.delete(image)
    session.flush()


def get_visible_many(session: Session, user: User, image_ids: Collection[str]) -> list[Image]:
    """The visible ones of `image_ids`, in the order given."""
    if not image_ids:
        return []
    query = select(Image).where(
        Image.id.in_(image_ids), or_(Image.owner_id == user.id, Image.is_public.is_(True))
    )
    found = {image.id: image for image in session.scalars(query)}
    return [found[i] for i in image_ids if i in found]
