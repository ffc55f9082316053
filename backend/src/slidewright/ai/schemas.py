"""Request and response bodies of the AI endpoints.

Every suggestion carries `provider` ('offline' for the built-in assistant, 'openai_compat'
for a connected model), so the UI can say who made it. Slide indexes are 0-based positions in
the project's `slides`; template slide numbers are 1-based.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from slidewright.ai.tasks import EditOp
from slidewright.core.schemas import ApiModel, OutModel
from slidewright.templates.schemas import ElementType

Lang = Literal["en", "zh-CN", "zh-HK"]
Provider = Annotated[str, Field(description="'offline' or 'openai_compat'")]
SlideIndex = Annotated[int, Field(ge=0, le=10_000, description="0-based position in `slides`")]


class Suggestion(OutModel):
    """Who made a suggestion. With a connected model, the parts the model got wrong (or did not
    finish in time) are the offline assistant's: `fallbackFields` names them, and
    `droppedFacts` lists the numbers, dates and names of the model's answer that were found
    nowhere in the user's material and were left out."""

    provider: Provider
    fallback_fields: list[str] = Field(
        default_factory=list,
        description="parts of the answer filled by the offline assistant: a field ('notes'), "
        "an item of a list ('values/Title 1'), or '*' for all of it",
    )
    dropped_facts: list[str] = Field(
        default_factory=list,
        description="numbers, dates and names the model wrote that are in none of the inputs",
    )


class RecommendSlideshowRequest(ApiModel):
    description: str = Field(max_length=20_000)
    duration_minutes: int = Field(default=15, ge=1, le=1_000)
    lang: Lang = "zh-CN"


class Recommendation(Suggestion):
    suggested_title: str
    suggested_pptx_file_id: str | None = Field(description="a template visible to you, or null")
    suggested_num_slides: int
    match_reason: str


class SuggestedSlide(OutModel):
    """A slide as `PUT /api/projects/{id}` takes it (without values)."""

    content_description: str
    ai_suggestion_reason_for_content_description: str = ""
    pptx_slide_number: int | None = None
    ai_suggestion_reason_for_pptx_slide_number: str = ""


NoticeCode = Literal["fewer_slides", "instruction_not_understood"]


class AiNotice(OutModel):
    """Something the assistant did not do as asked, said plainly. `code` is for the UI to
    say it in its own words; `message` says it in the request's interface language
    (Accept-Language). `fewer_slides`: the material fills `given` of the `requested` slides.
    `instruction_not_understood`: no edit carries out `text`."""

    code: NoticeCode
    message: str
    requested: int | None = None
    given: int | None = None
    text: str | None = None


class OutlineSuggestion(Suggestion):
    slides: list[SuggestedSlide]
    lang: Lang
    material_ids: list[str] = Field(description="the materials the outline was drawn from")
    notices: list[AiNotice] = Field(default_factory=list)


class OutlineEditsRequest(ApiModel):
    instruction: str = Field(max_length=4_000)


class OutlineEditSlide(ApiModel):
    content_description: str = Field(max_length=20_000)
    pptx_slide_number: int | None = Field(default=None, ge=1)


class OutlineEditItem(ApiModel):
    """`path`: 'slides/3', 'slides/3/contentDescription', 'slides/3/pptxSlideNumber' or
    'slides/-' (insert at the end). `value`: the new text, number or slide (replace, insert),
    the destination index (move), or null (delete)."""

    op: EditOp
    path: str = Field(max_length=100)
    value: OutlineEditSlide | int | str | None = None
    reason: str = Field(default="", max_length=2_000)


class OutlineEditsSuggestion(Suggestion):
    edits: list[OutlineEditItem]
    notices: list[AiNotice] = Field(default_factory=list)


class ApplyOutlineEditsRequest(ApiModel):
    version: int = Field(description="the project version the edits were reviewed against")
    edits: list[OutlineEditItem] = Field(min_length=1, max_length=200)


class GenerateSlideDataRequest(ApiModel):
    slide_index: SlideIndex
    instruction: str = Field(default="", max_length=4_000)


class SkippedElement(OutModel):
    element_name: str
    reason: (
        Literal["no_content", "invalid_value", "image_not_in_gallery", "unsupported_figures"] | str
    )


class ValueSource(OutModel):
    """Where one item of a suggested value came from: a line of text, a chart category or a
    table row (`text`), and the sentence or line it was read from (`excerpt`)."""

    text: str
    source: Literal[
        "material",
        "description",
        "instruction",
        "project",
        "deck",
        "profile",
        "assistant",
        "layout",
        "gallery",
    ] = Field(
        description="material (see materialId, filename, section), description (the slide's), "
        "instruction, project (its title or description), deck (another slide's description), "
        "profile (your name), assistant (its own fixed words), layout (a running number), "
        "gallery (an image's description)"
    )
    excerpt: str = ""
    material_id: str | None = None
    filename: str | None = None
    section: str | None = None


Provenance = Annotated[
    dict[str, list[ValueSource]] | None,
    Field(
        description="per element name, where each item of its value came from (the offline "
        "assistant says; null when the provider does not)"
    ),
]


class SlideDataSuggestion(Suggestion):
    slide_index: int
    pptx_slide_number: int
    form_data: dict[str, Any] = Field(description="values for unlocked elements (formData shapes)")
    notes: str = Field(description="proposed speaker notes")
    skipped: list[SkippedElement] = Field(description="unlocked elements left without a value")
    provenance: Provenance = None
    deck_elements: list[str] = Field(
        default_factory=list,
        description="elements in formData that list the deck's slides (an agenda): written for "
        "the slide order of the time, like the notes",
    )


class SlideIndexRequest(ApiModel):
    slide_index: SlideIndex


class TemplateSlideSuggestion(Suggestion):
    slide_index: int
    slide_number: int = Field(description="the suggested template slide (1-based)")
    reason: str


class ElementValueRequest(ApiModel):
    element_name: str = Field(max_length=300)
    element_type: ElementType | None = Field(
        default=None, description="informational: the template's type is used"
    )
    instruction: str = Field(
        default="",
        max_length=4_000,
        description="a predefined instruction (rewrite, expand, summarize, formal_tone, "
        "casual_tone, add_details, add_examples, add_statistics, add_quotes, or their labels "
        "such as 'Formal tone') or free text",
    )


class ElementValueRead(Suggestion):
    slide_index: int
    element_name: str
    element_type: str
    value: Any = Field(description="the suggested value (formData shape), or null")
    reason: str
    provenance: list[ValueSource] | None = Field(
        default=None,
        description="where each item of the value came from (null when the provider does not say)",
    )


class SlideDescriptionSuggestion(OutModel):
    slide_index: int
    description: str
    reason_for_recommendation: str


class SlideDescriptionRead(SlideDescriptionSuggestion, Suggestion):
    """One slide's suggested description, and who made it."""


class BatchSlideDescriptionsRequest(ApiModel):
    slide_indices: list[SlideIndex] = Field(min_length=1, max_length=500)


class BatchSlideDescriptions(Suggestion):
    suggestions: list[SlideDescriptionSuggestion]


class GeneratedDescription(Suggestion):
    description: str


class GeneratedSlideDescription(Suggestion):
    slide_number: int
    description: str


class AcceptDescriptionsRequest(ApiModel):
    descriptions: dict[int, Annotated[str, Field(max_length=5_000)]] = Field(
        min_length=1, max_length=500, description="slide number -> description"
    )


# ---------------------------------------------------------------------------------------------
# The connected model, for admins


class ModeTrialRead(OutModel):
    mode: str = Field(description="json_schema, json_object_schema, guided_json, json_object, none")
    ok: bool
    detail: str = Field(description="'valid', 'answer not in the schema', 'HTTP 500', 'timeout'")
    seconds: float


class AiEndpointRead(OutModel):
    server: str = Field(description="llama.cpp, llama-cpp-python, ollama, vllm or unknown")
    models: list[str]
    context_tokens: int
    context_source: str = Field(description="setting, server, error or assumed")
    token_counting: str = Field(description="'server' (its tokenizer) or 'estimate'")
    mode: str = Field(description="the structured-output mode in use")
    mode_source: str = Field(description="'setting' (SLIDEWRIGHT_AI_JSON_MODE) or 'probed'")
    slots: int | None = Field(
        default=None, description="requests the server runs at once, when it says (llama.cpp)"
    )
    trials: list[ModeTrialRead]
    checked_at: str
    reachable: bool


class AiHealthRead(OutModel):
    state: str = Field(description="ok, failing or unknown (no request yet)")
    last_success_at: str | None
    last_failure_at: str | None
    last_error: str | None
    median_latency_ms: int | None = Field(description="of the last 50 model requests")
    requests: int
    failures: int
    fallback_share: float | None = Field(
        description="share of the last 50 answers completed by the offline assistant"
    )


class AiStatusRead(OutModel):
    provider: Provider
    model: str | None = None
    base_url: str | None = None
    deadline_seconds: float | None = None
    max_concurrent: int | None = None
    endpoint: AiEndpointRead | None = None
    health: AiHealthRead | None = None


class AiCheckRead(OutModel):
    ok: bool = Field(description="false when the server does not answer")
    summary: str = Field(description="the verdict, in the request's language")
    status: AiStatusRead


class AiHealthLine(OutModel):
    """The model's health as `/api/health` shows it (no name or address)."""

    provider: Provider
    state: str
    mode: str | None = None
    last_success_at: str | None = None
    median_latency_ms: int | None = None
