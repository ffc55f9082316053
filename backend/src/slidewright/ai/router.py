"""AI endpoints, under the paths of the spec: /api/projects/... and /api/pptx-files/...

Suggestions are returned, not applied: the client shows them with their reason and applies
the accepted ones with the ordinary project update (`PUT /api/projects/{id}` with its
`version`). `apply-outline-edits` and `accept-descriptions` apply reviewed suggestions in one
step, through the same rules.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request

from slidewright import project_saved
from slidewright.ai import service
from slidewright.ai import status as ai_status
from slidewright.ai.providers.offline import offline_provider
from slidewright.ai.schemas import (
    AcceptDescriptionsRequest,
    AiCheckRead,
    AiStatusRead,
    ApplyOutlineEditsRequest,
    BatchSlideDescriptions,
    BatchSlideDescriptionsRequest,
    ElementValueRead,
    ElementValueRequest,
    GeneratedDescription,
    GeneratedSlideDescription,
    GenerateSlideDataRequest,
    Lang,
    OutlineEditsRequest,
    OutlineEditsSuggestion,
    OutlineSuggestion,
    Recommendation,
    RecommendSlideshowRequest,
    SlideDataSuggestion,
    SlideDescriptionRead,
    SlideIndexRequest,
    TemplateSlideSuggestion,
)
from slidewright.auth.dependencies import AdminUser, CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.core.errors import request_lang
from slidewright.core.schemas import ErrorBody
from slidewright.jobs.schemas import JobRead
from slidewright.projects import presenter as projects_presenter
from slidewright.projects.dependencies import OwnedProject
from slidewright.projects.schemas import ProjectRead
from slidewright.services import Services, ServicesDep
from slidewright.templates import presenter as templates_presenter
from slidewright.templates import service as templates_service
from slidewright.templates.dependencies import VisibleTemplate
from slidewright.templates.schemas import PptxFileRead

_AI_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {
        "model": ErrorBody,
        "description": "`ai_prompt_too_long`: the request does not fit the model's window",
    },
    429: {"model": ErrorBody, "description": "`ai_rate_limited`: too many AI requests"},
    502: {"model": ErrorBody, "description": "`ai_bad_response`: the model's answer was unusable"},
    503: {"model": ErrorBody, "description": "`ai_unavailable`: no AI for this, or it failed"},
    504: {
        "model": ErrorBody,
        "description": "`ai_timeout`: the model did not finish within the action's deadline; "
        "`details.offlineAvailable` says the offline assistant can do it (`assistant=offline`)",
    },
}

projects_router = APIRouter(prefix="/projects", tags=["ai"], responses=_AI_ERRORS)
templates_router = APIRouter(prefix="/pptx-files", tags=["ai"], responses=_AI_ERRORS)

Assistant = Literal["model", "offline"]


def _ai_services(
    services: ServicesDep,
    assistant: Annotated[
        Assistant,
        Query(
            description="'offline': the built-in offline assistant answers this request, "
            "whatever model is connected (no model request, not counted against the AI rate "
            "limit); what the UI's 'Use the offline assistant' sends after a model failed"
        ),
    ] = "model",
) -> Services:
    if assistant == "offline" and services.ai.name != "offline":
        return services.with_ai(offline_provider())
    return services


AiServicesDep = Annotated[Services, Depends(_ai_services)]

LangQuery = Annotated[
    Lang | None, Query(description="the answer's language; default: the project's language")
]


@projects_router.post("/recommend-slideshow", operation_id="recommendSlideshow")
def recommend_slideshow(
    body: RecommendSlideshowRequest,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> Recommendation:
    """Recommend a title, a template (one visible to you), a slide count and why, from what
    the presentation is about and how long it runs (the create dialog's AI path).

    Errors: `description_required`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.recommend_slideshow(
        session,
        services,
        user,
        description=body.description,
        duration=body.duration_minutes,
        lang=body.lang,
    )


@projects_router.get("/{project_id}/suggest-outline", operation_id="suggestOutline")
def suggest_outline(
    request: Request,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
    lang: LangQuery = None,
    instruction: Annotated[str, Query(max_length=4_000)] = "",
    material_id: Annotated[
        str | None,
        Query(
            alias="materialId",
            max_length=40,
            description="use this material (yours) as the outline, instead of the project's "
            "enabled materials",
        ),
    ] = None,
) -> OutlineSuggestion:
    """Suggest the project's slides (at most `numSlides` of them): a content description each
    and, when the project has a template, a template slide with a reason (in the interface
    language of Accept-Language). When the material fills fewer slides than asked, fewer come
    back with a `fewer_slides` notice, never padding. Drawn from the
    project's enabled materials (or the one `materialId`), the instruction and the project's
    description. Nothing is saved: confirming sends the chosen slides with
    `PUT /api/projects/{id}`.

    Errors: `material_not_found`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.suggest_outline(
        session,
        services,
        user,
        project,
        lang=lang,
        instruction=instruction,
        material_id=material_id,
        ui_lang=_ui_lang(request),
    )


@projects_router.post("/{project_id}/suggest-outline-edits", operation_id="suggestOutlineEdits")
def suggest_outline_edits(
    request: Request,
    body: OutlineEditsRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> OutlineEditsSuggestion:
    """Suggest edits of the outline following an instruction ("add a slide about pricing after
    slide 3", "删除第5页"): a list of `{op, path, value, reason}` (replace, insert, delete,
    move; see `apply-outline-edits`). Only edits that apply cleanly are returned; what no edit
    carries out comes back as an `instruction_not_understood` notice (in the interface
    language of Accept-Language), never as a slide.

    Errors: `instruction_required`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.suggest_outline_edits(
        session, services, user, project, instruction=body.instruction, ui_lang=_ui_lang(request)
    )


@projects_router.post("/{project_id}/apply-outline-edits", operation_id="applyOutlineEdits")
def apply_outline_edits(
    request: Request,
    body: ApplyOutlineEditsRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: ServicesDep,
) -> ProjectRead:
    """Apply reviewed outline edits, in order, as one versioned update of the slides: all of
    them or none. Paths: `slides/<index>` (0-based), `slides/<index>/contentDescription`,
    `slides/<index>/pptxSlideNumber`, `slides/-` (insert at the end); a move's `value` is the
    destination index. Changing a slide's template slide clears its values.

    Errors: `invalid_outline_edit` (`details.index`: which edit, 1-based), `version_conflict`.
    """
    updated = service.apply_outline_edits(
        session, user, project, version=body.version, edits=body.edits
    )
    project_saved.after_save(session, services, user, updated)
    return projects_presenter.detail(updated, request_lang(request))


@projects_router.post("/{project_id}/generate-slide-data", operation_id="generateSlideData")
def generate_slide_data(
    body: GenerateSlideDataRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> SlideDataSuggestion:
    """Suggest values for every unlocked element of a slide's template slide (text cut to
    each element's capacity, tables, charts, gallery pictures) and speaker notes, from the
    slide's description and the project's enabled materials. Nothing is saved.

    Errors: `slide_index_out_of_range`, `project_has_no_template`,
    `slide_has_no_template_slide`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.generate_slide_data(
        session,
        services,
        user,
        project,
        slide_index=body.slide_index,
        instruction=body.instruction,
    )


@projects_router.post(
    "/{project_id}/suggest-template-slide-number", operation_id="suggestTemplateSlideNumber"
)
def suggest_template_slide_number(
    request: Request,
    body: SlideIndexRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> TemplateSlideSuggestion:
    """Suggest the template slide that suits a slide's content, with a reason.

    Errors: `slide_index_out_of_range`, `project_has_no_template`, `ai_rate_limited`,
    `ai_unavailable`, `ai_bad_response`.
    """
    return service.suggest_template_slide_number(
        session, services, user, project, slide_index=body.slide_index, ui_lang=_ui_lang(request)
    )


@projects_router.post(
    "/{project_id}/slides/{slide_index}/suggest-slide-element-value",
    operation_id="suggestSlideElementValue",
)
def suggest_slide_element_value(
    slide_index: Annotated[int, Path(ge=0, le=10_000, description="0-based")],
    body: ElementValueRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> ElementValueRead:
    """Suggest one element's value, following a predefined instruction (Rewrite, Expand,
    Summarize, Formal tone, Casual tone, Add details, Add examples, Add statistics, Add
    quotes) or free text. `value` is null when there is nothing to suggest.

    Errors: `slide_index_out_of_range`, `project_has_no_template`,
    `slide_has_no_template_slide`, `unknown_element`, `element_locked`, `element_not_fillable`,
    `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.suggest_element_value(
        session,
        services,
        user,
        project,
        slide_index=slide_index,
        element_name=body.element_name,
        instruction=body.instruction,
    )


@projects_router.post(
    "/{project_id}/recommend-slide-description", operation_id="recommendSlideDescription"
)
def recommend_slide_description(
    request: Request,
    body: SlideIndexRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> SlideDescriptionRead:
    """Suggest a slide's content description, fitting its place in the deck.

    Errors: `slide_index_out_of_range`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    found = service.recommend_slide_descriptions(
        session,
        services,
        user,
        project,
        slide_indices=[body.slide_index],
        ui_lang=_ui_lang(request),
    )
    return SlideDescriptionRead(
        **found.suggestions[0].model_dump(),
        provider=found.provider,
        fallback_fields=found.fallback_fields,
        dropped_facts=found.dropped_facts,
    )


@projects_router.post(
    "/{project_id}/batch-recommend-slide-descriptions",
    operation_id="batchRecommendSlideDescriptions",
)
def batch_recommend_slide_descriptions(
    request: Request,
    body: BatchSlideDescriptionsRequest,
    project: OwnedProject,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
) -> BatchSlideDescriptions:
    """Suggest content descriptions for several slides at once (one AI call).

    Errors: `slide_index_out_of_range`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.recommend_slide_descriptions(
        session,
        services,
        user,
        project,
        slide_indices=body.slide_indices,
        ui_lang=_ui_lang(request),
    )


def _ui_lang(request: Request) -> str | None:
    """The interface language the client says it shows (Accept-Language), for the reasons
    and notices a person reads; None when it says nothing (they follow the project)."""
    return request_lang(request) if request.headers.get("accept-language") else None


def _lang_of(request: Request, lang: str | None) -> str:
    return lang or request_lang(request)


TemplateLangQuery = Annotated[
    Lang | None, Query(description="the description's language; default: Accept-Language")
]


@templates_router.get("/{file_id}/generate-description", operation_id="generatePptxDescription")
def generate_pptx_description(
    request: Request,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    services: AiServicesDep,
    lang: TemplateLangQuery = None,
) -> GeneratedDescription:
    """Suggest a description of the whole template from its slides (not saved:
    `PUT /api/pptx-files/{id}` saves it).

    Errors: `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.generate_template_description(
        services, user, pptx_file, lang=_lang_of(request, lang)
    )


@templates_router.get(
    "/{file_id}/slides/{slide_number}/generate-description",
    operation_id="generatePptxSlideDescription",
)
def generate_pptx_slide_description(
    request: Request,
    slide_number: int,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    services: AiServicesDep,
    lang: TemplateLangQuery = None,
) -> GeneratedSlideDescription:
    """Suggest a slide's description from its text, elements and layout (and its thumbnail,
    when a vision model is configured). Not saved: `PUT .../slides/{n}/description` saves it.

    Errors: `slide_not_found`, `ai_rate_limited`, `ai_unavailable`, `ai_bad_response`.
    """
    return service.generate_slide_description(
        services, user, pptx_file, slide_number, lang=_lang_of(request, lang)
    )


@templates_router.post(
    "/{file_id}/generate-missing-descriptions", operation_id="generateMissingSlideDescriptions"
)
def generate_missing_slide_descriptions(
    request: Request,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
    services: AiServicesDep,
    lang: TemplateLangQuery = None,
) -> JobRead:
    """Generate All Missing: a background job that describes every slide without a
    description. Follow it with `GET /api/jobs/{id}`; when it succeeds, its
    `result.descriptions` maps slide numbers to suggestions, to accept with
    `accept-descriptions`.

    Errors: `ai_rate_limited`.
    """
    job = service.start_missing_descriptions(
        session, services, user, pptx_file, lang=_lang_of(request, lang)
    )
    return JobRead.model_validate(job)


@templates_router.post("/{file_id}/accept-descriptions", operation_id="acceptSlideDescriptions")
def accept_slide_descriptions(
    request: Request,
    body: AcceptDescriptionsRequest,
    pptx_file: VisibleTemplate,
    user: CurrentUser,
    session: SessionDep,
) -> PptxFileRead:
    """Accept All Generated Descriptions: save several slide descriptions at once (owner or
    Admin). All or nothing.

    Errors: `forbidden`, `slide_not_found`.
    """
    service.accept_descriptions(session, user, pptx_file, body.descriptions)
    job = templates_service.latest_render_job(session, pptx_file)
    return templates_presenter.detail(pptx_file, user, request_lang(request), job)


# One router for api.py: the project and template AI endpoints.
router = APIRouter()
status_router = APIRouter(prefix="/ai", tags=["ai"])


@status_router.get("/status", operation_id="getAiStatus")
def get_ai_status(user: AdminUser, services: ServicesDep) -> AiStatusRead:
    """Admins: the connected model (server, context window, structured-output mode in use,
    how they were found) and its health in this process (last success and failure, median
    latency, share of answers completed by the offline assistant). Asks the server once when
    it has not been asked yet.

    Errors: `forbidden` (not an admin)."""
    return AiStatusRead.model_validate(ai_status.status(services.ai, probe=True))


@status_router.post("/check", operation_id="checkAiConnection")
def check_ai_connection(request: Request, user: AdminUser, services: ServicesDep) -> AiCheckRead:
    """Admins: Test connection. Probes the server again (models, context window, token
    counting) and tries every structured-output mode; the verdict is in the request's
    language. What it finds is used from then on.

    Errors: `forbidden` (not an admin)."""
    return AiCheckRead.model_validate(ai_status.check(services.ai, request_lang(request)))


router.include_router(projects_router)
router.include_router(templates_router)
router.include_router(status_router)
