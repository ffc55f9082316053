"""Every domain router under /api, in one readable list."""

from fastapi import APIRouter

from slidewright.auth.router import router as auth_router
from slidewright.jobs.router import router as jobs_router
from slidewright.license.router import router as license_router
from slidewright.projects.router import router as projects_router
from slidewright.system.router import router as system_router
from slidewright.tags.router import router as tags_router
from slidewright.templates.router import router as templates_router
from slidewright.templates.router import thumbnails_router
from slidewright.users.router import router as users_router

api_router = APIRouter(prefix="/api")
api_router.include_router(system_router)
api_router.include_router(auth_router)
api_router.include_router(users_router)
api_router.include_router(license_router)
api_router.include_router(tags_router)
api_router.include_router(jobs_router)
api_router.include_router(templates_router)
api_router.include_router(thumbnails_router)
api_router.include_router(projects_router)
