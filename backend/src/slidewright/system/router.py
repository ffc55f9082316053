from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field
from sqlalchemy import text

from slidewright import __version__
from slidewright.core.deps import SettingsDep
from slidewright.core.schemas import ApiModel
from slidewright.services import ServicesDep

router = APIRouter(tags=["system"])


class Health(ApiModel):
    status: str
    database: str
    version: str


class AppConfig(ApiModel):
    app_title: str
    version: str
    ai_provider: str = Field(description="'offline' (built-in assistant) or 'openai_compat'")
    ai_model: str | None = Field(default=None, description="the chat model, when one is used")
    ai_can_describe_images: bool = False
    ai_can_generate_images: bool = False
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
    return Health(status="ok", database="ok", version=__version__)


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
        chat_sso_enabled=settings.chat_sso_enabled,
        chat_sso_name=settings.chat_sso_name if settings.chat_sso_enabled else None,
    )
