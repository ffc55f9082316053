"""Imports every domain's job handlers so the API process and `slidewright worker` agree."""

from slidewright.ai import jobs as ai_jobs
from slidewright.export import tasks as export_tasks
from slidewright.files import tasks as files_tasks
from slidewright.previews import tasks as previews_tasks
from slidewright.templates import tasks as templates_tasks

__all__ = ["ai_jobs", "export_tasks", "files_tasks", "previews_tasks", "templates_tasks"]
