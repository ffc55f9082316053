"""Installing the built-in templates: published, owned by the system account, described in
English and Chinese (the API answers in the caller's language).

Every template is installed in each language edition (`slidewright.builtin.editions`), as its
own template: the English one under the plain catalogue key, the Chinese one under
"key@zh-CN". Lists show a caller only the edition of their language (`service.list_templates`),
but every edition stays readable by id, so a project keeps the edition it was created with
when its owner switches language: its slides' values are keyed by that edition's element
names, and moving them to the other edition would rewrite the user's deck behind their back.
Both editions carry both languages' descriptions, so what a slide is for reads in the
caller's language whichever edition a project uses.
"""

from __future__ import annotations

import logging

from sqlalchemy.orm import Session

from slidewright.builtin.catalog import BUILTIN_TEMPLATES, BuiltinTemplate, build, edition_key
from slidewright.builtin.editions import EDITIONS, Edition
from slidewright.services import Services
from slidewright.templates import repository, service
from slidewright.users import service as users_service
from slidewright.users.models import User

log = logging.getLogger("slidewright.templates")


def install_builtins(session: Session, services: Services) -> list[str]:
    """Adds the built-in template editions that are missing; returns the keys it installed."""
    system = users_service.system_account(session)
    installed = []
    for template in BUILTIN_TEMPLATES:
        for edition in EDITIONS:
            key = edition_key(template.key, edition.lang)
            if repository.get_builtin(session, key) is None:
                _install(session, services, system, template, edition)
                installed.append(key)
    if installed:
        log.info("installed built-in templates: %s", ", ".join(installed))
    return installed


def _install(
    session: Session,
    services: Services,
    system: User,
    template: BuiltinTemplate,
    edition: Edition,
) -> None:
    pptx_file = service.create_from_bytes(
        session,
        services,
        system,
        filename=template.filename_in(edition.lang),
        data=build(template.key, edition.lang),
        public=True,
        builtin_key=edition_key(template.key, edition.lang),
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
