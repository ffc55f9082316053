"""Imports every domain's models so `Base.metadata` is complete (for Alembic and tests)."""

from slidewright.core.db import Base
from slidewright.jobs import models as jobs_models
from slidewright.projects import models as projects_models
from slidewright.tags import models as tags_models
from slidewright.templates import models as templates_models
from slidewright.users import models as users_models

__all__ = [
    "Base",
    "jobs_models",
    "projects_models",
    "tags_models",
    "templates_models",
    "users_models",
]
