"""Imports every domain's models so `Base.metadata` is complete (for Alembic and tests)."""

from slidewright.auth import models as auth_models
from slidewright.chat_sso import models as chat_sso_models
from slidewright.core.db import Base
from slidewright.files import models as files_models
from slidewright.images import models as images_models
from slidewright.jobs import models as jobs_models
from slidewright.materials import models as materials_models
from slidewright.previews import models as previews_models
from slidewright.projects import models as projects_models
from slidewright.tags import models as tags_models
from slidewright.templates import models as templates_models
from slidewright.users import models as users_models

__all__ = [
    "Base",
    "auth_models",
    "chat_sso_models",
    "files_models",
    "images_models",
    "jobs_models",
    "materials_models",
    "previews_models",
    "projects_models",
    "tags_models",
    "templates_models",
    "users_models",
]
