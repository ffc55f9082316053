"""Imports every domain's models so `Base.metadata` is complete (for Alembic and tests)."""

from slidewright.core.db import Base
from slidewright.tags import models as tags_models
from slidewright.users import models as users_models

__all__ = ["Base", "tags_models", "users_models"]
