"""Every domain router under /api, in one readable list."""

from fastapi import APIRouter

from slidewright.ai.router import router as ai_router
from slidewright.auth.router import router as auth_router
from slidewright.auth.sessions_router import router as sign_in_sessions_router
from slidewright.auth.tokens_router import router as api_tokens_router
from slidewright.chat_sso.router import router as chat_sso_router
from slidewright.core.schemas import ERROR_RESPONSES
from slidewright.export.router import router as export_router
from slidewright.files.router import router as files_router
from slidewright.images.router import router as images_router
from slidewright.jobs.router import router as jobs_router
from slidewright.license.router import router as license_router
from slidewright.materials.project_router import router as project_materials_router
from slidewright.materials.router import router as materials_router
from slidewright.previews.router import router as previews_router
from slidewright.projects.router import router as projects_router
from slidewright.system.router import router as system_router
from slidewright.tags.router import router as tags_router
from slidewright.templates.router import router as templates_router
from slidewright.templates.router import thumbnails_router
from slidewright.users.router import router as users_router

api_router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)
api_router.include_router(system_router)
# Routes are matched in order, router by router: the most requested come first (opening and
# listing projects scanned some fifty routes before). Their paths overlap no earlier router's.
api_router.include_router(projects_router)
api_router.include_router(auth_router)
api_router.include_router(sign_in_sessions_router)
api_router.include_router(chat_sso_router)
api_router.include_router(api_tokens_router)  # before users_router's /users/{user_id}
api_router.include_router(users_router)
api_router.include_router(license_router)
api_router.include_router(tags_router)
api_router.include_router(jobs_router)
api_router.include_router(templates_router)
api_router.include_router(thumbnails_router)
api_router.include_router(files_router)  # after thumbnails_router: see files/router.py
api_router.include_router(images_router)
api_router.include_router(materials_router)
api_router.include_router(ai_router)
api_router.include_router(export_router)
api_router.include_router(previews_router)
api_router.include_router(project_materials_router)
