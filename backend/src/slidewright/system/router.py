from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field
from sqlalchemy import text

from slidewright import __version__
from slidewright.ai import status as ai_status
from slidewright.ai.schemas import AiHealthLine
from slidewright.core.deps import SettingsDep
from slidewright.core.schemas import ApiModel
from slidewright.services import ServicesDep
from slidewright.system.readiness import NOT_USED, OK, readiness

router = APIRouter(tags=["system"])


class Health(ApiModel):
    status: str
    database: str
    version: str
    ai: AiHealthLine | None = Field(
        default=None,
        description="the AI model's health in this process (state, mode, last success, "
        "median latency); the provider alone when it is the offline assistant",
    )


class Readiness(ApiModel):
    status: str = Field(description="'ready', or 'not_ready' (503) when a dependency fails")
    database: str = Field(description="'ok' or 'unreachable'")
    queue: str = Field(description="the job queue: 'ok' or 'unreachable'")
    storage: str = Field(description="the blob storage: 'ok' or 'unreachable'")
    renderer: str = Field(
        description="LibreOffice: 'ok', 'unreachable', 'starting' (warming up after a start: "
        "not ready yet), or 'not_used' where this process runs no jobs "
        "(SLIDEWRIGHT_EMBEDDED_WORKERS=0)"
    )
    version: str


class AppConfig(ApiModel):
    app_title: str
    version: str
    ai_provider: str = Field(description="'offline' (built-in assistant) or 'openai_compat'")
    ai_model: str | None = Field(default=None, description="the chat model, when one is used")
    ai_can_describe_images: bool = False
    ai_can_generate_images: bool = False
    ai_deadline_seconds: float | None = Field(
        default=None,
        description="how long one AI action may take with the connected model (null offline)",
    )
    chat_sso_enabled: bool = Field(
        default=False, description="whether 'Sign in with {chatSsoName}' is offered"
    )
    chat_sso_name: str | None = Field(
        default=None, description="the chat product's name on the sign-in button"
    )


@router.get(
    "/health", operation_id="getHealth", response_model=Health, responses={503: {"model": Health}}
)
def get_health(request: Request) -> Health | JSONResponse:
    """Whether the database answers (`status` ok, else 503 with `database` unreachable)."""
    try:
        with request.app.state.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:
        body = Health(status="degraded", database="unreachable", version=__version__)
        return JSONResponse(body.model_dump(by_alias=True), status_code=503)
    ai = AiHealthLine.model_validate(ai_status.health_line(request.app.state.services.ai))
    return Health(status="ok", database="ok", version=__version__, ai=ai)


@router.get(
    "/health/ready",
    operation_id="getReadiness",
    response_model=Readiness,
    responses={503: {"model": Readiness}},
)
def get_readiness(request: Request, services: ServicesDep) -> Readiness | JSONResponse:
    """Whether this process can serve now: the database, the job queue, the blob storage and
    (where it runs jobs) LibreOffice answer, LibreOffice warm. 503 `not_ready` otherwise,
    naming what failed or is still starting."""
    checks = readiness(request.app.state.engine, services)
    ready = all(value in (OK, NOT_USED) for value in checks.values())
    body = Readiness(status="ready" if ready else "not_ready", version=__version__, **checks)
    if not ready:
        return JSONResponse(body.model_dump(by_alias=True), status_code=503)
    return body


@router.get("/app/config", operation_id="getAppConfig")
def get_app_config(settings: SettingsDep, services: ServicesDep) -> AppConfig:
    """What the UI needs before sign-in: the app title, the version, the active AI
    provider (and what it can do with images) and whether chat sign-on is offered."""
    ai = services.ai
    return AppConfig(
        app_title=settings.app_title,
        version=__version__,
        ai_provider=ai.name,
        ai_model=ai.model,
        ai_can_describe_images=ai.can_describe_images,
        ai_can_generate_images=ai.can_generate_images,
        ai_deadline_seconds=getattr(ai, "deadline_seconds", None),
        chat_sso_enabled=settings.chat_sso_enabled,
        chat_sso_name=settings.chat_sso_name if settings.chat_sso_enabled else None,
    )
