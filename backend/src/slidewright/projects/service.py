"""Project rules: validation, versioned updates, template changes, trash and restore."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from slidewright.core.clock import utcnow
from slidewright.core.errors import AppError
from slidewright.images import service as images_service
from slidewright.images.models import Image
from slidewright.projects import repository, slides
from slidewright.projects.errors import (
    InvalidNumSlidesError,
    ProjectImageNotLinkedError,
    ProjectNotFoundError,
    TemplateNumbersClearedWarning,
    TitleRequiredError,
    VersionConflictError,
)
from slidewright.projects.models import Project, ProjectImage
from slidewright.projects.schemas import MAX_SLIDES, ProjectCreate, ProjectUpdate, SlideIn
from slidewright.templates import service as templates_service
from slidewright.users.models import User


def _title(value: str) -> str:
    title = " ".join(value.split())
    if not title:
        raise TitleRequiredError()
    return title


def _check_count(count: int) -> None:
    if not 1 <= count <= MAX_SLIDES:
        raise InvalidNumSlidesError(max=MAX_SLIDES)


def _template_slides(
    session: Session, user: User, pptx_file_id: str | None
) -> list[dict[str, Any]] | None:
    """The chosen template's parsed slides (it must be visible to the caller), or None."""
    if pptx_file_id is None:
        return None
    return templates_service.get_template(session, user, pptx_file_id).parsed_slides


def _check(
    session: Session,
    user: User,
    deck: list[dict[str, Any]],
    template_slides: list[dict[str, Any]] | None,
) -> None:
    """Shapes and names first, then that every picture is an image the caller may see."""
    slides.check_slides(deck, template_slides)
    refs = slides.picture_refs(deck, template_slides)
    visible = images_service.visible_image_ids(session, user, [ref[2] for ref in refs])
    for index, name, image_id in refs:
        if image_id not in visible:
            raise slides.picture_error(index, name)


def list_projects(session: Session, user: User, *, trash: bool = False) -> Sequence[Project]:
    return repository.list_owned(session, user.id, trash=trash)


def get_project(
    session: Session, user: User, project_id: str, *, include_trash: bool = False
) -> Project:
    project = repository.get_owned(session, user.id, project_id, include_trash=include_trash)
    if project is None:
        raise ProjectNotFoundError()
    return project


def create_project(session: Session, user: User, body: ProjectCreate) -> Project:
    template_slides = _template_slides(session, user, body.pptx_file_id)
    if body.slides is not None:
        deck = slides.normalize(body.slides)
        _check_count(len(deck))
    else:
        _check_count(body.num_slides)
        deck = slides.resize([], body.num_slides)
    _check(session, user, deck, template_slides)
    project = Project(
        owner_id=user.id,
        title=_title(body.title),
        description=body.description.strip(),
        lang=body.lang,
        pptx_file_id=body.pptx_file_id,
        slides=deck,
    )
    return repository.add(session, project)


def update_project(
    session: Session, user: User, project: Project, body: ProjectUpdate
) -> tuple[Project, list[AppError]]:
    """Applies a partial update based on `body.version`; returns the project and warnings."""
    if body.version != project.version:
        raise VersionConflictError(currentVersion=project.version)
    fields = body.model_fields_set
    warnings: list[AppError] = []
    if body.title is not None:
        project.title = _title(body.title)
    if body.description is not None:
        project.description = body.description.strip()
    if body.lang is not None:
        project.lang = body.lang

    deck = copy.deepcopy(project.slides)
    if body.slides is not None:
        deck = slides.normalize(body.slides)
    # A project sent back as read carries both: then `numSlides` counts only when it changed.
    if body.num_slides is not None and (
        body.slides is None or body.num_slides != project.num_slides
    ):
        _check_count(body.num_slides)
        deck = slides.resize(deck, body.num_slides)
    _check_count(len(deck))

    if "pptx_file_id" in fields and body.pptx_file_id != project.pptx_file_id:
        template_slides = _template_slides(session, user, body.pptx_file_id)
        cleared = slides.retarget(deck, template_slides)
        if cleared:
            warnings.append(TemplateNumbersClearedWarning(slides=", ".join(map(str, cleared))))
        project.pptx_file_id = body.pptx_file_id
    else:
        template_slides = _template_slides(session, user, project.pptx_file_id)
    _check(session, user, deck, template_slides)
    project.slides = deck
    _flush(session)
    return project, warnings


def check_candidates(
    session: Session, user: User, project: Project, candidates: Sequence[SlideIn]
) -> list[dict[str, Any]]:
    """Slides the project might hold (a preview of a choice), checked as a save would check
    them: the same typed errors, nothing stored."""
    deck = slides.normalize(candidates)
    _check(session, user, deck, _template_slides(session, user, project.pptx_file_id))
    return deck


def _flush(session: Session) -> None:
    try:
        session.flush()
    except StaleDataError as exc:  # another request committed a newer version in between
        raise VersionConflictError() from exc


def trash_project(session: Session, project: Project) -> None:
    project.deleted_at = utcnow()
    _flush(session)


def restore_project(session: Session, project: Project) -> Project:
    project.deleted_at = None
    _flush(session)
    return project


def delete_forever(session: Session, project: Project) -> None:
    repository.delete(session, project)


def list_images(session: Session, user: User, project: Project) -> list[Image]:
    """The project's linked images that the caller can still see, in the order linked."""
    return images_service.get_visible_images(
        session, user, repository.linked_image_ids(session, project.id)
    )


def link_image(session: Session, user: User, project: Project, image_id: str, scope: str) -> Image:
    """Links a gallery image (own or public) to the project; linking twice is harmless."""
    image = images_service.get_image(session, user, image_id)
    if repository.get_image_link(session, project.id, image.id) is None:
        repository.add_image_link(
            session, ProjectImage(project_id=project.id, image_id=image.id, scope=scope)
        )
    return image


def unlink_image(session: Session, project: Project, image_id: str) -> None:
    link = repository.get_image_link(session, project.id, image_id)
    if link is None:
        raise ProjectImageNotLinkedError()
    repository.delete_image_link(session, link)
