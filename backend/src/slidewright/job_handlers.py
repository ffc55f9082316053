"""Imports every domain's job handlers so the API process and `slidewright worker` agree."""

from slidewright.templates import tasks as templates_tasks

__all__ = ["templates_tasks"]
