"""Imports every domain's models so `Base.metadata` is complete (for Alembic and tests)."""

from slidewright.core.db import Base
from slidewright.files import models as files_models
from slidewright.images import models as images_models
from slidewright.jobs import models as jobs_models
from slidewright.materials import models as materials_models
from slidewright.projects import models as projects_models
from slidewright.tags import models as tags_models
from slidewright.templates import models as templates_models
from slidewright.users import models as users_models

__all__ = [
    "Base",
    "files_models",
    "images_models",
    "jobs_models",
    "materials_models",
    "projects_models",
    "tags_models",
    "templates_models",
    "users_models",
]
