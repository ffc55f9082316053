"""The MCP endpoint at `/mcp`: assistants (Claude Desktop, Cursor, ...) build decks with the
company's templates through the same services, rules and visibility as the REST API.

Streamable HTTP in stateless mode with JSON answers: every request carries its own Bearer
token (`mcp.auth.BearerGate`) and holds no session, so any replica can serve any request.
Each tool call is one unit of work; a failure the REST API would answer with a typed error is
a tool result with `isError` and the same `{errorCode, message, details}` body.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from http import HTTPStatus
from typing import Annotated, Any, Final, ParamSpec, TypeVar, cast

from fastapi import FastAPI
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field, ValidationError
from sqlalchemy.orm import Session, sessionmaker
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from slidewright import __version__, project_saved
from slidewright.ai import service as ai_service
from slidewright.ai.errors import SlideIndexOutOfRangeError
from slidewright.ai.schemas import OutlineSuggestion
from slidewright.core.db import unit_of_work
from slidewright.core.errors import AppError, ValidationFailedError, validation_details
from slidewright.export import service as export_service
from slidewright.export.schemas import PreflightReport
from slidewright.materials import service as materials_service
from slidewright.materials.models import MaterialScope
from slidewright.mcp import presenter
from slidewright.mcp.auth import BearerGate, current_caller, load_user
from slidewright.projects import presenter as projects_presenter
from slidewright.projects import service as projects_service
from slidewright.projects.models import Project
from slidewright.projects.schemas import (
    MAX_SLIDES,
    Lang,
    ProjectCreate,
    ProjectRead,
    ProjectSummary,
    ProjectUpdate,
    SlideIn,
)
from slidewright.services import Services
from slidewright.templates import presenter as templates_presenter
from slidewright.templates import service as templates_service
from slidewright.templates.schemas import PptxFileSummary
from slidewright.users.models import User

PATH: Final = "/mcp"
INSTRUCTIONS: Final = """\
Slidewright builds editable PowerPoint decks from the company's own templates.
A deck: list_templates, then get_template (each slide's purpose and the elements to fill),
create_project with a template, outline_project from the user's text, apply_outline,
fill_slides (or set_slide_values with text you write), preflight, export_project (a download
link that needs the same Authorization header). Slide indexes are 0-based; a slide's
pptxSlideNumber is the template slide it uses. Errors carry a stable `errorCode`."""

_READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)
_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
_REPLACE = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)
_SLIDE_FIELDS: Final = frozenset(
    field.alias or name for name, field in SlideIn.model_fields.items()
)

ProjectId = Annotated[str, Field(max_length=40, description="the project's `_id`")]
SlideIndex = Annotated[int, Field(ge=0, lt=MAX_SLIDES, description="0-based")]


def _no_event_stream() -> JSONResponse:
    """The body the app gives any bare HTTP error (`core.errors`), plus the `Allow` header
    it drops. A new response each time: middleware appends to a response's header list."""
    return JSONResponse(
        {"errorCode": "http_405", "message": "Method Not Allowed", "details": {}},
        status_code=HTTPStatus.METHOD_NOT_ALLOWED,
        headers={"Allow": "POST"},
    )


P = ParamSpec("P")
R = TypeVar("R")


class McpSessions:
    """The SDK's session manager for `/mcp`, made anew for each run of the app's lifespan: a
    manager runs only once, and tests (and servers that restart in-process) enter the lifespan
    of one app several times."""

    def __init__(self, server: MCPServer) -> None:
        self._server = server
        self.manager: StreamableHTTPSessionManager | None = None

    @asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        # DNS-rebinding protection (Host/Origin allow-lists) is off: the app runs under any
        # host name, and a page on a rebound name cannot send the Bearer token every request
        # needs. The Starlette app this returns is not used: the route serves the manager.
        self._server.streamable_http_app(
            streamable_http_path=PATH,
            stateless_http=True,
            json_response=True,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        self.manager = self._server.session_manager
        try:
            async with self.manager.run():
                yield
        finally:
            self.manager = None


def mount_mcp(app: FastAPI) -> McpSessions:
    """Adds `/mcp` to the app; the returned sessions must run in the app's lifespan.
    Call it before the web app's catch-all route is added."""
    sessions = McpSessions(build_server(app.state.session_factory, app.state.services))

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        # Stateless: nothing would ever be sent on a standalone event stream, and an idle GET
        # would hold a connection for nothing; the protocol's answer for that is 405.
        if scope["method"] == "GET":
            await _no_event_stream()(scope, receive, send)
            return
        if sessions.manager is None:
            raise RuntimeError("/mcp was called outside the app's lifespan")
        await sessions.manager.handle_request(scope, receive, send)

    gate = BearerGate(serve, app.state.settings, app.state.session_factory)
    app.router.routes.append(Route(PATH, gate, include_in_schema=False))  # every method
    return sessions


def _failure(error: AppError) -> CallToolResult:
    body = {
        "errorCode": error.code,
        "message": error.message(current_caller().lang),
        "details": error.details,
    }
    text = json.dumps(body, ensure_ascii=False, default=str)
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=json.loads(text),
        is_error=True,
    )


class _TypedArgumentsServer(MCPServer):
    """Arguments that fail a tool's schema get the REST API's typed `validation_error` (with
    each field's problem), not the SDK's untyped text."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            # Only the caller's arguments: a ValidationError from inside a tool (or from
            # converting its answer) is the server's fault (UnexpectedToolError), not theirs.
            if not isinstance(error, UnexpectedToolError) and isinstance(
                error.__cause__, ValidationError
            ):
                details = validation_details(error.__cause__.errors())
                return _failure(ValidationFailedError(details))
            raise


def _typed_errors(tool: Callable[P, R]) -> Callable[P, R]:
    """A typed error becomes the tool's error result (the SDK would hide its message)."""

    @functools.wraps(tool)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return tool(*args, **kwargs)
        except AppError as error:
            return cast(R, _failure(error))

    return run


class _Calls:
    def __init__(self, session_factory: sessionmaker[Session], services: Services) -> None:
        self.session_factory = session_factory
        self.services = services

    @contextmanager
    def unit(self, *, write: bool) -> Iterator[tuple[Session, User]]:
        """One unit of work as the caller; `write` calls are refused to read-only tokens."""
        with unit_of_work(self.session_factory) as session:
            yield session, load_user(session, current_caller(), write=write)

    def save_slides(
        self, session: Session, user: User, project: Project, slides: list[dict[str, Any]]
    ) -> Project:
        """The project's slides replaced through the ordinary versioned update."""
        body = ProjectUpdate(
            version=project.version,
            slides=[
                SlideIn.model_validate({k: v for k, v in s.items() if k in _SLIDE_FIELDS})
                for s in slides
            ],
        )
        updated, _ = projects_service.update_project(session, user, project, body)
        project_saved.after_save(session, self.services, user, updated)
        return updated


def build_server(session_factory: sessionmaker[Session], services: Services) -> MCPServer:
    server: MCPServer = _TypedArgumentsServer(
        "slidewright", title="Slidewright", instructions=INSTRUCTIONS, version=__version__
    )
    calls = _Calls(session_factory, services)

    @server.tool(annotations=_READ)
    @_typed_errors
    def list_templates(
        lang: Annotated[
            Lang | None, Field(description="edition of the built-in templates; default: en")
        ] = None,
    ) -> list[PptxFileSummary]:
        """The templates you may use: your own, then every published one (built-ins in the
        edition of `lang`)."""
        with calls.unit(write=False) as (session, user):
            shown = lang or current_caller().lang
            found = templates_service.list_templates(session, user, shown)
            return [templates_presenter.summary(f, user, shown) for f in found]

    @server.tool(annotations=_READ)
    @_typed_errors
    def get_template(template_id: Annotated[str, Field(max_length=40)]) -> presenter.TemplateSlides:
        """A template's slides: what each is for and the elements a slide's values fill (by
        name), with how much text fits, table sizes and chart shapes."""
        with calls.unit(write=False) as (session, user):
            pptx_file = templates_service.get_template(session, user, template_id)
            read = templates_presenter.detail(pptx_file, user, current_caller().lang, None)
            return presenter.template_slides(read)

    @server.tool(annotations=_READ)
    @_typed_errors
    def list_projects() -> list[ProjectSummary]:
        """Your projects, most recently changed first."""
        with calls.unit(write=False) as (session, user):
            return [
                projects_presenter.summary(p) for p in projects_service.list_projects(session, user)
            ]

    @server.tool(annotations=_READ)
    @_typed_errors
    def get_project(project_id: ProjectId) -> ProjectRead:
        """One of your projects with all its slides and their values (formData)."""
        with calls.unit(write=False) as (session, user):
            return projects_presenter.detail(
                projects_service.get_project(session, user, project_id)
            )

    @server.tool(annotations=_WRITE)
    @_typed_errors
    def create_project(
        title: Annotated[str, Field(max_length=300)],
        template_id: Annotated[str, Field(max_length=40, description="from list_templates")],
        description: Annotated[str, Field(max_length=20_000)] = "",
        lang: Annotated[Lang | None, Field(description="the deck's language; default: en")] = None,
        num_slides: Annotated[int, Field(ge=1, le=MAX_SLIDES)] = 8,
    ) -> ProjectRead:
        """Create a project on a template with `num_slides` empty slides (the outline fills at
        most that many)."""
        with calls.unit(write=True) as (session, user):
            body = ProjectCreate(
                title=title,
                description=description,
                lang=lang or cast(Lang, current_caller().lang),
                num_slides=num_slides,
                pptx_file_id=template_id,
            )
            project = projects_service.create_project(session, user, body)
            project_saved.after_save(session, services, user, project)
            return projects_presenter.detail(project)

    @server.tool(annotations=_WRITE)
    @_typed_errors
    def outline_project(
        project_id: ProjectId,
        text: Annotated[
            str,
            Field(
                description="the content to present (notes, an article, an outline); kept "
                "as a material of the project, which fill_slides draws from too"
            ),
        ] = "",
        instruction: Annotated[str, Field(max_length=4_000)] = "",
    ) -> OutlineSuggestion:
        """Suggest the project's slides from `text` and its other materials: a content
        description each and the template slide that suits it. Nothing is changed on the
        slides: pass the suggested `slides` to apply_outline."""
        with calls.unit(write=bool(text.strip())) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            if text.strip():
                scope = MaterialScope(owner_id=user.id, project_id=project.id)
                materials_service.create_text(
                    session, scope, filename="Assistant notes.txt", content=text
                )
            return ai_service.suggest_outline(
                session,
                services,
                user,
                project,
                lang=None,
                instruction=instruction,
                material_id=None,
                ui_lang=current_caller().asked_lang,  # None: reasons follow the project
            )

    @server.tool(annotations=_REPLACE)
    @_typed_errors
    def apply_outline(
        project_id: ProjectId,
        slides: Annotated[list[SlideIn], Field(min_length=1, max_length=MAX_SLIDES)],
    ) -> ProjectRead:
        """Replace the project's slides with these, in order (e.g. outline_project's
        `slides`): each with its contentDescription and pptxSlideNumber, and optionally
        formData and notes."""
        with calls.unit(write=True) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            deck = [s.model_dump(by_alias=True, exclude={"id"}) for s in slides]
            return projects_presenter.detail(calls.save_slides(session, user, project, deck))

    @server.tool(annotations=_WRITE)
    @_typed_errors
    def fill_slides(
        project_id: ProjectId,
        slide_indexes: Annotated[
            list[SlideIndex] | None,
            Field(description="default: every slide that has a template slide"),
        ] = None,
        instruction: Annotated[str, Field(max_length=4_000)] = "",
        overwrite: Annotated[
            bool, Field(description="replace values already set; default: fill empty ones")
        ] = False,
    ) -> presenter.FillReport:
        """Write the slides' element values and speaker notes from each slide's description
        and the project's materials, one slide after the other, and save them."""
        with calls.unit(write=True) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            targets = slide_indexes
            if targets is None:
                targets = [i for i, s in enumerate(project.slides) if s.get("pptxSlideNumber")]
            report = []
            for index in dict.fromkeys(targets):
                found = ai_service.generate_slide_data(
                    session, services, user, project, slide_index=index, instruction=instruction
                )
                slides = copy.deepcopy(project.slides)
                slide = slides[index]
                values = slide.setdefault("formData", {})
                chosen = [n for n in found.form_data if overwrite or _blank(values.get(n))]
                values.update({name: found.form_data[name] for name in chosen})
                notes = bool(found.notes.strip()) and (overwrite or _blank(slide.get("notes")))
                if notes:
                    slide["notes"] = found.notes
                # Saved slide by slide: the next slide's suggestion sees what this one says.
                project = calls.save_slides(session, user, project, slides)
                report.append(
                    presenter.SlideFill(
                        slide_index=index, filled=chosen, notes_filled=notes, skipped=found.skipped
                    )
                )
            return presenter.FillReport(slides=report, project=projects_presenter.detail(project))

    @server.tool(annotations=_WRITE)
    @_typed_errors
    def set_slide_values(
        project_id: ProjectId,
        slide_index: SlideIndex,
        values: Annotated[
            dict[str, Any],
            Field(
                description="element name -> value: text is a string (newlines are "
                'paragraphs); a table {"rows": [[...], ...]} (first row = header); a chart '
                '{"categories": [...], "series": [{"name": ..., "values": [numbers]}]}; a '
                "picture a gallery image id"
            ),
        ],
        notes: Annotated[str | None, Field(max_length=20_000)] = None,
    ) -> ProjectRead:
        """Set some element values (and the speaker notes) of one slide; the others are
        kept. The values are checked against the slide's template slide."""
        with calls.unit(write=True) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            slides = copy.deepcopy(project.slides)
            if slide_index >= len(slides):
                raise SlideIndexOutOfRangeError(slideIndex=slide_index, slideCount=len(slides))
            slide = slides[slide_index]
            slide.setdefault("formData", {}).update(values)
            if notes is not None:
                slide["notes"] = notes
            return projects_presenter.detail(calls.save_slides(session, user, project, slides))

    @server.tool(annotations=_READ)
    @_typed_errors
    def preflight(project_id: ProjectId) -> PreflightReport:
        """What the export would lack, slide by slide (1-based `slideIndex` here): missing
        template slides, empty unlocked elements, text that overflows, missing images."""
        with calls.unit(write=False) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            return export_service.preflight(session, services, user, project)

    @server.tool(annotations=_READ)
    @_typed_errors
    def export_project(project_id: ProjectId) -> presenter.ExportLink:
        """Build the deck as an editable .pptx and answer a link to download it: a GET with
        the same `Authorization: Bearer` token as this endpoint (the file is built anew from
        the project at download time)."""
        with calls.unit(write=False) as (session, user):
            project = projects_service.get_project(session, user, project_id)
            # Built once here so an export that cannot succeed says why now, not at download.
            data = export_service.export_project(session, services, user, project)
            return presenter.ExportLink(
                download_url=f"{current_caller().base_url}api/projects/{project.id}/export",
                filename=export_service.download_name(project.title),
                size_bytes=len(data),
            )

    return server


def _blank(value: Any) -> bool:
    return value is None or value == "" or value == {} or value == []
