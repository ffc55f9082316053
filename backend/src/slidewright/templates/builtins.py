"""Installing the built-in templates: published, owned by the system account, described in
English and Chinese (the API answers in the caller's language)."""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from slidewright.builtin.catalog import BUILTIN_TEMPLATES, BuiltinTemplate, build
from slidewright.services import Services
from slidewright.templates import repository, service
from slidewright.users import service as users_service
from slidewright.users.models import User

log = logging.getLogger("slidewright.templates")


def install_builtins(session: Session, services: Services) -> list[str]:
    """Adds the built-in templates that are missing; returns the keys it installed."""
    system = users_service.system_account(session)
    installed = []
    for template in BUILTIN_TEMPLATES:
        if repository.get_builtin(session, template.key) is None:
            _install(session, services, system, template)
            installed.append(template.key)
    if installed:
        log.info("installed built-in templates: %s", ", ".join(installed))
    return installed


def _install(session: Session, services: Services, system: User, template: BuiltinTemplate) -> None:
    pptx_file = service.create_from_bytes(
        session,
        services,
        system,
        filename=template.filename,
        data=build(template.key),
        public=True,
        builtin_key=template.key,
    )
    pptx_file.description = template.description_en
    slides = [dict(slide) for slide in pptx_file.parsed_slides]
    for slide, described in zip(slides, template.slides, strict=True):
        slide["description"] = described.en
    pptx_file.parsed_slides = slides
    pptx_file.translations = {
        "zh-CN": {
            "description": template.description_zh,
            "slides": {str(n): d.zh for n, d in enumerate(template.slides, start=1)},
        }
    }
    session.flush()
