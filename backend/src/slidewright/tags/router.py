from __future__ import annotations

from fastapi import APIRouter, status

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.tags import service
from slidewright.tags.dependencies import VisibleTag
from slidewright.tags.schemas import TagCreate, TagRead, TagUpdate

router = APIRouter(prefix="/tags", tags=["tags"])


@router.get("", operation_id="listTags")
def list_tags(user: CurrentUser, session: SessionDep) -> list[TagRead]:
    """Your own tags plus every public tag, sorted by name."""
    return [TagRead.model_validate(tag) for tag in service.list_tags(session, user)]


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="createTag")
def create_tag(body: TagCreate, user: CurrentUser, session: SessionDep) -> TagRead:
    """Create a tag. Names are trimmed; blank names and duplicates of your own are rejected.

    Errors: `tag_name_required`, `tag_exists`, `tag_public_admin_only` (403).
    """
    return TagRead.model_validate(service.create_tag(session, user, body))


@router.put("/{tag_id}", operation_id="updateTag")
def update_tag(body: TagUpdate, tag: VisibleTag, user: CurrentUser, session: SessionDep) -> TagRead:
    """Rename a tag you own, or (Admins only) toggle `public`. The tag may be sent as read.

    Errors: `tag_not_found`, `tag_exists`, `tag_public_admin_only`, `forbidden`,
    `read_only_field` (`_id`, `ownerId` or `createdAt` changed).
    """
    body.check_read_only(TagRead.model_validate(tag))
    return TagRead.model_validate(service.update_tag(session, user, tag, body))


@router.delete("/{tag_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteTag")
def delete_tag(tag: VisibleTag, user: CurrentUser, session: SessionDep) -> None:
    """Delete a tag you own; Admins may delete any tag. Another user's tag is a 404."""
    service.delete_tag(session, user, tag)
