from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

from slidewright import __version__
from slidewright.core.deps import SettingsDep
from slidewright.core.schemas import ApiModel

router = APIRouter(tags=["system"])


class Health(ApiModel):
    status: str
    database: str
    version: str


class AppConfig(ApiModel):
    app_title: str
    version: str
    ai_provider: str


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
def get_app_config(settings: SettingsDep) -> AppConfig:
    """What the UI needs before sign-in: the app title, the version and the AI provider."""
    return AppConfig(app_title=settings.app_title, version=__version__, ai_provider="offline")
