"""Settings, read from environment variables prefixed `SLIDEWRIGHT_`.

Every setting has an embedded default so that `make run` works with zero configuration:
SQLite and local files under `./data`, a generated secret key, no license limits.
"""

from __future__ import annotations

import os
import secrets
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# The source checkout: backend/src/slidewright/core/config.py -> repository root.
REPO_ROOT = Path(__file__).resolve().parents[4]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SLIDEWRIGHT_", extra="ignore")

    data_dir: Path = Field(default=Path("data"), description="Where SQLite, blobs and keys live.")
    database_url: str | None = Field(
        default=None, description="SQLAlchemy URL; default sqlite:///<DATA_DIR>/slidewright.db"
    )
    secret_key: str | None = Field(
        default=None, description="JWT signing key; default: generated once into DATA_DIR."
    )
    access_token_minutes: int = Field(default=7 * 24 * 60, ge=1)
    cors_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    public_url: str | None = Field(
        default=None,
        description="The address users open, e.g. https://slides.example.com; "
        "https turns on Strict-Transport-Security",
    )
    license_file: Path | None = Field(default=None, description="default DATA_DIR/license.json")
    license_public_key: str | None = Field(
        default=None,
        description="Trusted Ed25519 public key: PEM text or a path "
        "(default DATA_DIR/license-public.pem)",
    )
    max_upload_bytes: int = Field(default=100 * 1024 * 1024, ge=1024)
    max_json_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    auth_failures_per_email: str = Field(default="5/minute", description="`limits` notation")
    auth_failures_per_ip: str = Field(default="20/minute", description="`limits` notation")
    ratelimit_storage_url: str = Field(default="memory://", description="e.g. redis://host:6379")
    storage_url: str | None = Field(
        default=None,
        description="Blob storage: file:///path, s3://bucket/prefix?endpoint=..., memory://; "
        "default file://<DATA_DIR>/blobs",
    )
    jobs_url: str | None = Field(
        default=None,
        description="Huey queue: redis://..., postgresql://..., sqlite:///path or 'immediate'; "
        "default sqlite:///<DATA_DIR>/jobs.sqlite",
    )
    embedded_workers: int = Field(
        default=2, ge=0, description="Job threads inside the app; 0 when `slidewright worker` runs"
    )
    db_pool_size: int = Field(default=10, ge=1, description="database connections kept open")
    db_max_overflow: int = Field(default=20, ge=0, description="extra connections under load")
    db_pool_timeout: float = Field(
        default=30, gt=0, description="seconds a request waits for a connection (then 503)"
    )
    job_heartbeat_seconds: float = Field(
        default=5.0, gt=0, description="how often a process stamps the jobs it runs"
    )
    job_stale_after_seconds: float = Field(
        default=30.0, gt=0, description="silence after which a running job's worker is dead"
    )
    renderer: str = Field(default="auto", description="auto, unoserver, soffice or fake")
    renderer_memory_mb: int = Field(
        default=2048, ge=0, description="address-space cap of each LibreOffice (0: none)"
    )
    renderer_recycle_after: int = Field(
        default=200, ge=1, description="conversions before the warm LibreOffice is restarted"
    )
    render_timeout_seconds: float = Field(default=180, gt=0)
    install_builtins: bool = Field(default=True, description="Install the built-in templates.")
    export_prebuild: bool = Field(
        default=True,
        description="Build a project's .pptx in the background after each save, so an export "
        "is read, not built",
    )
    auto_migrate: bool = Field(
        default=True, description="Migrate the database when a server or worker starts."
    )
    frontend_dist: Path = Field(default=REPO_ROOT / "frontend" / "dist")
    docs_dir: Path = Field(default=REPO_ROOT / "docs")
    app_title: str = Field(default="Slidewright")
    log_level: str = Field(default="INFO")
    # AI (issue 7): the offline assistant unless an OpenAI-compatible endpoint is configured.
    ai_provider: Literal["auto", "offline", "openai_compat"] = Field(
        default="auto",
        description="auto: openai_compat when AI_BASE_URL or AI_API_KEY is set, else offline",
    )
    ai_base_url: str | None = Field(
        default=None, description="OpenAI-compatible base URL; default https://api.openai.com/v1"
    )
    ai_api_key: SecretStr | None = Field(default=None)
    ai_model: str | None = Field(
        default=None, description="chat model (required for openai_compat)"
    )
    ai_vision_model: str | None = Field(default=None, description="enables image description")
    ai_image_model: str | None = Field(default=None, description="enables image generation")
    ai_json_mode: Literal[
        "auto", "json_schema", "json_object_schema", "guided_json", "json_object", "none"
    ] = Field(
        default="auto",
        description="auto: the strongest structured-output mode the server answers correctly "
        "(probed on first use, again after a failure)",
    )
    ai_timeout_seconds: float = Field(
        default=90, gt=0, description="one model request at most (within the action's deadline)"
    )
    ai_deadline_seconds: float = Field(
        default=90, gt=0, description="one user action, every model request and retry together"
    )
    ai_max_concurrent: int = Field(
        default=4, ge=1, description="model requests at once from one process (1 for one slot)"
    )
    ai_context_tokens: int | None = Field(
        default=None, ge=512, description="the model's context window; default: probed"
    )
    ai_calls_per_minute: int = Field(default=30, ge=1, description="per user, model calls only")
    # Chat sign-on (issue 14): OpenID Connect against the chat product's identity provider.
    chat_sso_issuer: str | None = Field(
        default=None, description="OIDC issuer URL (discovery at /.well-known/openid-configuration)"
    )
    chat_sso_client_id: str | None = Field(default=None)
    chat_sso_client_secret: SecretStr | None = Field(
        default=None, description="unset for a public client (PKCE only)"
    )
    chat_sso_name: str = Field(default="Chat", description="shown as 'Sign in with {name}'")
    chat_sso_scopes: str = Field(default="openid email profile")
    chat_sso_redirect_uri: str | None = Field(
        default=None,
        description="default: <the address the browser used>/api/auth/chat/callback",
    )

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return [origin.strip() for origin in value.split(",") if origin.strip()]
        return value

    @model_validator(mode="after")
    def _stale_after_outlasts_heartbeats(self) -> Settings:
        # Three missed heartbeats at least, or a busy but living worker would lose its jobs.
        if self.job_stale_after_seconds < 3 * self.job_heartbeat_seconds:
            raise ValueError(
                "SLIDEWRIGHT_JOB_STALE_AFTER_SECONDS must be at least 3 x "
                "SLIDEWRIGHT_JOB_HEARTBEAT_SECONDS"
            )
        return self

    @property
    def resolved_ai_provider(self) -> str:
        """'offline' or 'openai_compat' ('auto' picks openai_compat once an endpoint is set)."""
        if self.ai_provider != "auto":
            return self.ai_provider
        return "openai_compat" if (self.ai_base_url or self.ai_api_key) else "offline"

    @property
    def chat_sso_enabled(self) -> bool:
        """Chat sign-on is offered only once an issuer and a client id are configured."""
        return bool(self.chat_sso_issuer and self.chat_sso_client_id)

    @cached_property
    def resolved_data_dir(self) -> Path:
        path = self.data_dir.expanduser().resolve()
        path.mkdir(parents=True, exist_ok=True)
        return path

    @cached_property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.resolved_data_dir / 'slidewright.db'}"

    @cached_property
    def resolved_storage_url(self) -> str:
        return self.storage_url or (self.resolved_data_dir / "blobs").as_uri()

    @cached_property
    def resolved_secret_key(self) -> str:
        """The configured key, or one generated on first use and kept in DATA_DIR (mode 0600)."""
        if self.secret_key:
            return self.secret_key
        key_file = self.resolved_data_dir / "secret_key"
        if not key_file.exists():
            # Written aside and linked into place: processes starting together (web processes,
            # a worker) all end up with the first key written, never an empty or torn one.
            key_file.parent.mkdir(parents=True, exist_ok=True)
            draft = key_file.with_name(f"secret_key.{os.getpid()}.{secrets.token_hex(4)}")
            draft.touch(mode=0o600)
            draft.write_text(secrets.token_urlsafe(48))
            try:
                os.link(draft, key_file)
            except FileExistsError:
                pass  # another process was first: use its key
            finally:
                draft.unlink()
        return key_file.read_text().strip()

    @cached_property
    def resolved_license_file(self) -> Path:
        return self.license_file or self.resolved_data_dir / "license.json"

    @cached_property
    def resolved_license_public_key(self) -> str | None:
        """The PEM text of the trusted license key, or None when none is installed."""
        value = self.license_public_key
        if value and "BEGIN PUBLIC KEY" in value:
            return value
        path = Path(value) if value else self.resolved_data_dir / "license-public.pem"
        return path.read_text() if path.is_file() else None


def load_settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
