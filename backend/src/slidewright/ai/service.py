"""AI features: gather the caller's context, call the provider once, clean what comes back.

Every feature
- loads only what the caller may see (their project, a template visible to them, their own
  enabled materials, their gallery and public images), so no other user's data reaches a
  prompt: providers see nothing but the task input built here;
- makes at most one provider call (slide descriptions for many slides: one call; a slide's
  values: one call; an outline: one call), counted against the per-user AI rate limit when
  the provider uses a model;
- treats the answer as untrusted (`ai.sanitize`) and returns suggestions: the client applies
  them with the ordinary, versioned project update. The exceptions change state only through
  the owning domain's rules: `apply_outline_edits` (a versioned project update),
  `accept_descriptions` (template slide descriptions, editors only) and image generation
  (a new gallery image).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from sqlalchemy.orm import Session

from slidewright.ai import (
    capacity,
    documents,
    faithful,
    fallback,
    phrases,
    sanitize,
    slide_roles,
)
from slidewright.ai import text as t
from slidewright.ai.classify import (
    element_role,
    fillable_elements,
    is_locked,
    position,
    template_slide_kind,
)
from slidewright.ai.errors import (
    AiBadResponseError,
    AiImagesUnavailableError,
    AiRateLimitedError,
    AiVisionUnavailableError,
    DescriptionRequiredError,
    ElementLockedError,
    ElementNotFillableError,
    InstructionRequiredError,
    InvalidOutlineEditError,
    ProjectHasNoTemplateError,
    SlideHasNoTemplateSlideError,
    SlideIndexOutOfRangeError,
)
from slidewright.ai.outline_edits import EditError, apply_edits, usable_edits
from slidewright.ai.providers.offline import outline as offline_outline
from slidewright.ai.schemas import (
    AiNotice,
    BatchSlideDescriptions,
    ElementValueRead,
    GeneratedDescription,
    GeneratedSlideDescription,
    OutlineEditItem,
    OutlineEditsSuggestion,
    OutlineSuggestion,
    Recommendation,
    SkippedElement,
    SlideDataSuggestion,
    SlideDescriptionSuggestion,
    SuggestedSlide,
    TemplateSlideSuggestion,
    ValueSource,
)
from slidewright.ai.tasks import (
    PRESETS,
    DeckContext,
    DeckSlide,
    ElementSpec,
    ElementValueInput,
    GalleryImage,
    ImageDescribeInput,
    ImageGenerateInput,
    Instruction,
    MaterialDoc,
    OutlineEditsInput,
    OutlineInput,
    OutputModel,
    Passage,
    PlanSlide,
    ProjectInfo,
    RecommendDeckInput,
    SlideDataInput,
    SlideDescriptionsInput,
    TemplateBrief,
    TemplateDescriptionInput,
    TemplateSlideBrief,
    TemplateSlideDescriptions,
    TemplateSlideInput,
    TemplateSlidesInput,
    ValueOrigin,
    ValueOut,
)
from slidewright.images import presenter as images_presenter
from slidewright.images import service as images_service
from slidewright.jobs import service as jobs_service
from slidewright.jobs.models import CANCELLED, Job
from slidewright.materials import service as materials_service
from slidewright.materials.errors import MaterialNotFoundError
from slidewright.materials.models import Material, MaterialScope
from slidewright.projects import service as projects_service
from slidewright.projects.errors import UnknownElementError
from slidewright.projects.models import Project
from slidewright.projects.schemas import MAX_SLIDES, ProjectUpdate, SlideIn
from slidewright.services import Services
from slidewright.templates import service as templates_service
from slidewright.templates.errors import ThumbnailNotFoundError
from slidewright.templates.models import PptxFile
from slidewright.users.models import User

DESCRIBE_MISSING_JOB = "ai.describe_missing_slides"
DESCRIBE_CHUNK = 6  # template slides per provider call in the Generate All Missing job
MAX_GALLERY = 40
MAX_TEMPLATES = 30
MAX_TEMPLATE_SLIDES = 60  # slides of one template described to the model
MATERIAL_PARSE_CHARS = 300_000
_ULID = re.compile(r"[0-9A-Za-z]{26}")

# Prompt budgets (characters of material text) for a model; the offline assistant reads more.
OUTLINE_BUDGET = (24_000, 400_000)
PASSAGE_BUDGET = (3_000, 12_000)
STORYLINE_BUDGET = (6_000, 60_000)


# ---------------------------------------------------------------------------------------------
# Rate limit and small helpers


def meter(services: Services, user: User, cost: int = 1) -> None:
    """Counts `cost` model calls against the caller's per-minute AI budget (`ai_rate_limited`
    once it is used up). The offline assistant uses no model and is not counted."""
    if not services.ai.metered:
        return
    rule = f"{services.settings.ai_calls_per_minute}/minute"
    for _ in range(max(1, cost)):
        if not services.ai_limiter.hit(rule, "ai", user.id):
            raise AiRateLimitedError(source="user_limit", limit=rule)


def _origin(services: Services, answer: OutputModel) -> dict[str, Any]:
    """Who made a suggestion (`provider`), and which parts the offline assistant completed and
    which facts of the model's it left out. An answer the offline assistant gave whole is its."""
    fields = answer.fallback_fields
    return {
        "provider": "offline" if fallback.WHOLE in fields else services.ai.name,
        "fallback_fields": fields,
        "dropped_facts": answer.dropped_facts,
    }


def _budget(services: Services, budgets: tuple[int, int]) -> int:
    return budgets[0] if services.ai.metered else budgets[1]


def _lang(value: str | None) -> str:
    return value if value in ("en", "zh-CN", "zh-HK") else "zh-CN"


def _project_info(project: Project) -> ProjectInfo:
    return ProjectInfo(title=project.title, description=t.cut(project.description, 2000))


def _check_index(project: Project, index: int) -> dict[str, Any]:
    if not 0 <= index < len(project.slides):
        raise SlideIndexOutOfRangeError(slideIndex=index, slideCount=len(project.slides))
    return project.slides[index]


def _template(session: Session, user: User, project: Project) -> PptxFile:
    if project.pptx_file_id is None:
        raise ProjectHasNoTemplateError()
    return templates_service.get_template(session, user, project.pptx_file_id)


def _template_or_none(session: Session, user: User, project: Project) -> PptxFile | None:
    return _template(session, user, project) if project.pptx_file_id else None


def _template_slide(pptx_file: PptxFile, slide: dict[str, Any], index: int) -> dict[str, Any]:
    number = slide.get("pptxSlideNumber")
    if number is None or not 1 <= number <= pptx_file.slide_count:
        raise SlideHasNoTemplateSlideError(slideNumber=index + 1)
    return pptx_file.parsed_slides[number - 1]


# ---------------------------------------------------------------------------------------------
# Context: templates


def slide_descriptions_in(pptx_file: PptxFile, lang: str) -> list[str]:
    """Each slide's description in `lang` (built-in templates carry Chinese ones too)."""
    translated: dict[str, str] = {}
    if lang.startswith("zh"):
        translated = dict((pptx_file.translations.get("zh-CN") or {}).get("slides") or {})
    return [
        translated.get(str(slide.get("slideNumber"))) or slide.get("description", "")
        for slide in pptx_file.parsed_slides
    ]


def file_description_in(pptx_file: PptxFile, lang: str) -> str:
    if lang.startswith("zh"):
        translated = (pptx_file.translations.get("zh-CN") or {}).get("description")
        if translated:
            return str(translated)
    return pptx_file.description


def _sample(element: dict[str, Any]) -> str:
    lines = [line for line in str(element.get("innerText") or "").split("\n") if line.strip()]
    return "\n".join(t.cut(line, 80) for line in lines[:3])


def element_spec(
    element: dict[str, Any],
    slide_kind: str,
    pptx_file: PptxFile,
    current: Any = None,
    *,
    is_title: bool | None = None,
) -> ElementSpec:
    """`is_title`: whether the element holds its slide's title (`slide_roles.title_element`);
    None to let the element's own placeholder and name decide."""
    kind = element["type"]
    spec: dict[str, Any] = {
        "name": element["name"],
        "type": kind,
        "role": element_role(element, slide_kind, is_title=is_title),
        "position": position(element, pptx_file.slide_width_in, pptx_file.slide_height_in),
        "current": current,
    }
    if kind == "text":
        budget = capacity.text_budget(element)
        spec.update(
            sample=_sample(element),
            max_chars=budget.max_chars,
            max_chars_cjk=budget.max_chars_cjk,
            max_items=budget.max_items,
        )
    elif kind == "table":
        table = capacity.table_budget(element)
        spec.update(
            sample=_sample(element),
            rows=table.rows,
            cols=table.cols,
            max_rows=table.max_rows,
            max_cols=table.max_cols,
        )
    elif kind == "chart":
        chart = capacity.chart_budget(element)
        spec.update(
            sample=_sample(element),
            chart_type=chart.chart_type,
            categories=chart.categories,
            series=chart.series,
            max_categories=chart.max_categories,
            max_series=chart.max_series,
        )
    return ElementSpec.model_validate(spec)


def template_slide_briefs(
    pptx_file: PptxFile,
    lang: str,
    *,
    numbers: Sequence[int] | None = None,
    structural: bool = False,
    with_elements: bool = True,
    compact: bool = False,
    limit: int = MAX_TEMPLATE_SLIDES,
) -> list[TemplateSlideBrief]:
    """Briefs of the template's slides (all, or `numbers`, at most `limit`), hidden slides
    left out. `structural`: the kind comes from the elements and layout only (to describe a
    slide). `compact`: elements without their sample text (to choose among many slides)."""
    descriptions = slide_descriptions_in(pptx_file, lang)
    briefs: list[TemplateSlideBrief] = []
    for slide, description in zip(pptx_file.parsed_slides, descriptions, strict=True):
        number = int(slide["slideNumber"])
        if numbers is not None and number not in numbers:
            continue
        if slide.get("hidden") and numbers is None:
            continue
        if len(briefs) >= limit:
            break
        kind = template_slide_kind(
            slide,
            "" if structural else description,
            (pptx_file.slide_width_in, pptx_file.slide_height_in),
            len(pptx_file.parsed_slides),
        )
        title = slide_roles.title_element(slide, pptx_file.slide_height_in)
        elements = (
            [
                element_spec(e, kind, pptx_file, is_title=e is title)
                for e in fillable_elements(slide)
            ]
            if with_elements
            else []
        )
        if compact:
            elements = [e.model_copy(update={"sample": "", "position": ""}) for e in elements]
        briefs.append(
            TemplateSlideBrief(
                slide_number=number,
                kind=kind,
                layout_name=str(slide.get("layoutName") or ""),
                description="" if structural else t.cut(description, 300),
                elements=elements,
            )
        )
    return briefs


# ---------------------------------------------------------------------------------------------
# Context: materials and gallery


def _enabled_materials(session: Session, user: User, project: Project) -> list[Material]:
    """The project's enabled materials, oldest first (the order they were added). A linked
    library material is enabled per project, which overrides its own flag."""
    scope = MaterialScope(owner_id=user.id, project_id=project.id)
    flags = materials_service.project_enabled(session, scope)
    found = [
        m for m in materials_service.list_materials(session, scope) if flags.get(m.id, m.enabled)
    ]
    return list(reversed(found))


def _material(session: Session, user: User, project: Project, material_id: str) -> Material:
    """One of the caller's materials: in the project, or in their general library."""
    if _ULID.fullmatch(material_id):
        for scope in (MaterialScope(user.id, project.id), MaterialScope(user.id)):
            try:
                return materials_service.get_material(session, scope, material_id)
            except MaterialNotFoundError:
                continue
    raise MaterialNotFoundError()


def _sections(materials: Sequence[Material]) -> list[tuple[int, documents.Section]]:
    found: list[tuple[int, documents.Section]] = []
    for number, material in enumerate(materials):
        _, sections = documents.parse_sections(material.parsed_text[:MATERIAL_PARSE_CHARS])
        found.extend((number, section) for section in sections)
    return found


def passages(
    materials: Sequence[Material], query: str, budget_chars: int, *, in_order: bool = False
) -> list[Passage]:
    """The materials' sections most relevant to `query` (all in order with `in_order`),
    within `budget_chars`."""
    ranked = documents.rank_sections(_sections(materials), "" if in_order else query, budget_chars)
    return [
        Passage(material_id=materials[index].id, filename=materials[index].filename, text=text)
        for index, _, text in ranked
    ]


def _condensed(material: Material, budget: int) -> str:
    """A material's text, or its headings with their first points when it is too long."""
    text = material.parsed_text[:MATERIAL_PARSE_CHARS]
    if len(text) <= budget:
        return text
    _, sections = documents.parse_sections(text)
    lines: list[str] = []
    used = 0
    for section in sections:
        part = "\n".join(
            ([f"# {section.title}"] if section.title else [])
            + [f"- {t.cut(p, 160)}" for p in section.points()[:3]]
        )
        if used + len(part) > budget:
            break
        lines.append(part)
        used += len(part) + 1
    return "\n".join(lines)


def _gallery(session: Session, user: User, project: Project | None) -> list[GalleryImage]:
    """Images the caller may put on slides: the project's linked images, then their own."""
    images = list(projects_service.list_images(session, user, project)) if project else []
    images += list(images_service.list_own(session, user))[:MAX_GALLERY]
    seen: set[str] = set()
    gallery = []
    for image in images:
        if image.id not in seen:
            seen.add(image.id)
            gallery.append(GalleryImage(id=image.id, alt=t.cut(t.one_line(image.alt), 200)))
    return gallery[:MAX_GALLERY]


# ---------------------------------------------------------------------------------------------
# Context: the deck


def _text_summary(slide: dict[str, Any]) -> str:
    texts = [v for v in (slide.get("formData") or {}).values() if isinstance(v, str)]
    return t.cut(t.clean("\n".join(texts)).replace("\n", " \n"), 400).replace(" \n", "\n")


def deck_slides(project: Project, *, around: int | None = None, limit: int = 60) -> list[DeckSlide]:
    indexes = range(len(project.slides))
    if around is not None and len(project.slides) > limit:
        start = max(0, min(around - limit // 2, len(project.slides) - limit))
        indexes = range(start, start + limit)
    return [
        DeckSlide(
            index=i,
            content_description=t.cut(
                t.one_line(project.slides[i].get("contentDescription", "")), 300
            ),
            pptx_slide_number=project.slides[i].get("pptxSlideNumber"),
            content=_text_summary(project.slides[i]),
        )
        for i in indexes
    ]


def _shown(form_data: dict[str, Any]) -> tuple[list[str], list[list[float]]]:
    """What a slide's values show: its texts, and the figures of its charts' series and of
    its tables' columns."""
    texts: list[str] = []
    values: list[list[float]] = []
    for value in form_data.values():
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for series in value.get("series") or []:
                found = [v for v in (series or {}).get("values") or [] if _is_number(v)]
                values.append([float(v) for v in found])
            rows = value.get("rows") or []
            for column in zip(*rows[1:], strict=False):
                numbers = [t.to_float(str(cell)) for cell in column]
                if numbers and all(n is not None for n in numbers):
                    values.append([float(n) for n in numbers if n is not None])
    return texts, values


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def deck_context(
    pptx_file: PptxFile,
    project: Project,
    materials: Sequence[Material],
    *,
    current: int,
    keep: set[str] | None = None,
) -> DeckContext:
    """The whole deck and the enabled materials for the offline deck plan: every slide's
    description, template slide kind and unlocked elements, and what its values show. The
    slide being filled shows nothing (it is being replaced), or with `keep` only those of its
    elements (the others, when one element is suggested)."""
    numbers = sorted(
        {n for s in project.slides if isinstance(n := s.get("pptxSlideNumber"), int)}
        & set(range(1, pptx_file.slide_count + 1))
    )
    kinds = {
        brief.slide_number: brief.kind
        for brief in template_slide_briefs(
            pptx_file, project.lang, numbers=numbers, with_elements=False
        )
    }
    slides = []
    for index, slide in enumerate(project.slides):
        number = slide.get("pptxSlideNumber")
        specs: list[ElementSpec] = []
        if number in kinds:
            template_slide = pptx_file.parsed_slides[number - 1]
            title = slide_roles.title_element(template_slide, pptx_file.slide_height_in)
            specs = [
                element_spec(e, kinds[number], pptx_file, is_title=e is title)
                for e in fillable_elements(template_slide, slide.get("lockedElementNames") or [])
                if e["type"] != "picture"
            ]
        form_data = dict(slide.get("formData") or {})
        if index == current:
            form_data = {k: v for k, v in form_data.items() if keep is not None and k in keep}
        texts, values = _shown(form_data)
        slides.append(
            PlanSlide(
                index=index,
                description=str(slide.get("contentDescription") or ""),
                kind=kinds.get(number, "") if isinstance(number, int) else "",
                elements=specs,
                shown_text=texts,
                shown_values=values,
            )
        )
    docs = [
        MaterialDoc(id=m.id, filename=m.filename, text=m.parsed_text[:MATERIAL_PARSE_CHARS])
        for m in materials
    ]
    return DeckContext(slides=slides, materials=docs)


def user_inputs(
    project: Project, materials: Sequence[Material], instruction: str
) -> faithful.Inputs:
    """Every number the user gave: the materials, the project, the slides' descriptions,
    notes and values, and the instruction (a model's figures must be among them)."""
    return faithful.inputs_of(
        project.title,
        project.description,
        instruction,
        *(m.parsed_text[:MATERIAL_PARSE_CHARS] for m in materials),
        *(str(s.get("contentDescription") or "") for s in project.slides),
        *(str(s.get("notes") or "") for s in project.slides),
        values=[s.get("formData") or {} for s in project.slides],
    )


def _faithful_value(
    element: dict[str, Any], role: str, value: Any, inputs: faithful.Inputs
) -> tuple[Any | None, str | None]:
    if role == "section_number":  # the deck's own counter ('01', '02'), not a figure read
        return value, None
    return faithful.check(str(element.get("type")), value, inputs)


def _sources(origins: Sequence[ValueOrigin]) -> list[ValueSource]:
    """A provider's provenance, cleaned like any text it returns."""
    found = []
    for origin in origins[:50]:
        try:
            found.append(
                ValueSource(
                    text=sanitize.clean_text(origin.text, strip_bullets=False, limit=500),
                    source=origin.source,
                    excerpt=sanitize.clean_text(origin.excerpt, strip_bullets=False, limit=500),
                    material_id=origin.material_id or None,
                    filename=origin.filename or None,
                    section=origin.section or None,
                )
            )
        except ValidationError:  # an unknown source: not something to show
            continue
    return found


# ---------------------------------------------------------------------------------------------
# Recommendation (create dialog)


def recommend_slideshow(
    session: Session, services: Services, user: User, *, description: str, duration: int, lang: str
) -> Recommendation:
    text = t.clean(description)
    if not text:
        raise DescriptionRequiredError()
    # Built-ins in the edition of the deck's language (by default the interface language).
    templates = list(templates_service.list_templates(session, user, lang))[:MAX_TEMPLATES]
    briefs = []
    for pptx_file in templates:
        slides = template_slide_briefs(pptx_file, lang, with_elements=False)
        briefs.append(
            TemplateBrief(
                id=pptx_file.id,
                filename=pptx_file.filename,
                description=t.cut(file_description_in(pptx_file, lang), 400),
                slide_kinds=list(dict.fromkeys(s.kind for s in slides)),
                slides=[
                    s.model_copy(update={"description": t.cut(s.description, 100)})
                    for s in slides[:12]
                ],
            )
        )
    default_count = max(1, min(MAX_SLIDES, duration // 2))
    task = RecommendDeckInput(
        lang=lang,
        description=t.cut(text, 4000),
        duration_minutes=duration,
        default_num_slides=default_count,
        templates=briefs,
    )
    meter(services, user)
    answer = services.ai.recommend_deck(task)
    ids = {brief.id for brief in briefs}
    title = sanitize.clean_line(answer.title, 300) or t.cut(t.first_sentence(text), 60)
    return Recommendation(
        suggested_title=title,
        suggested_pptx_file_id=answer.pptx_file_id if answer.pptx_file_id in ids else None,
        suggested_num_slides=max(1, min(MAX_SLIDES, answer.num_slides)),
        match_reason=sanitize.clean_text(answer.match_reason, limit=2000),
        **_origin(services, answer),
    )


# ---------------------------------------------------------------------------------------------
# Outline


def suggest_outline(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    lang: str | None,
    instruction: str,
    material_id: str | None,
    ui_lang: str | None = None,
) -> OutlineSuggestion:
    """`lang`: the outline's language (default: the project's); `ui_lang`: the interface
    language of the reasons and notices (default: the outline's)."""
    out_lang = _lang(lang or project.lang)
    reason_lang = _lang(ui_lang or out_lang)
    pptx_file = _template_or_none(session, user, project)
    if material_id:
        materials = [_material(session, user, project, material_id)]
    else:
        materials = _enabled_materials(session, user, project)
    budget = _budget(services, OUTLINE_BUDGET)
    share = budget // max(1, len(materials))
    docs = [MaterialDoc(id=m.id, filename=m.filename, text=_condensed(m, share)) for m in materials]
    briefs = template_slide_briefs(pptx_file, out_lang, compact=True) if pptx_file else []
    task = OutlineInput(
        lang=out_lang,
        ui_lang=reason_lang,
        project=_project_info(project),
        instruction=t.cut(t.clean(instruction), 4000),
        num_slides=max(1, project.num_slides),
        materials=docs,
        material_is_outline=bool(material_id),
        template_slides=briefs,
    )
    meter(services, user)
    answer = services.ai.outline(task)
    numbers = {brief.slide_number for brief in briefs}
    kept = [
        (item, description)
        for item in answer.slides[:MAX_SLIDES]
        if (description := sanitize.clean_text(item.content_description, strip_bullets=False))
    ]
    if not kept:
        raise AiBadResponseError(attempts=1)
    slides = []
    completed: list[str] = []
    # How often each template slide is used: a slide completed below prefers one used less.
    used = Counter(item.pptx_slide_number for item, _ in kept if item.pptx_slide_number in numbers)
    for index, (item, description) in enumerate(kept):
        number = item.pptx_slide_number if item.pptx_slide_number in numbers else None
        reason = sanitize.clean_text(item.reason, limit=2000) if number else ""
        if number is None and briefs:
            # A slide the model gave no template slide (a small model often does) could not be
            # filled or exported: the offline assistant's choice for it, named as completed.
            chosen = offline_outline.template_choice_for(
                description, index, len(kept), briefs, reason_lang, used
            )
            if chosen is not None:
                number, reason = chosen
                used[number] += 1
                completed.append(f"slides/{index}/pptxSlideNumber")
        slides.append(
            SuggestedSlide(
                content_description=description,
                pptx_slide_number=number,
                ai_suggestion_reason_for_pptx_slide_number=reason,
            )
        )
    if completed and fallback.WHOLE not in answer.fallback_fields:
        answer = answer.with_origin(
            [*answer.fallback_fields, *completed], answer.dropped_facts, answer.unsupported_names
        )
    notices = []
    requested = max(1, project.num_slides)
    if len(slides) < requested:
        notices.append(_notice("fewer_slides", reason_lang, requested=requested, given=len(slides)))
    return OutlineSuggestion(
        slides=slides,
        lang=out_lang,
        material_ids=[m.id for m in materials],
        notices=notices,
        **_origin(services, answer),
    )


_NOTICE_PHRASES = {
    "fewer_slides": "notice_fewer_slides",
    "instruction_not_understood": "notice_not_understood",
}


def _notice(code: str, lang: str, **values: Any) -> AiNotice:
    message = phrases.say(_NOTICE_PHRASES[code], lang, **values)
    return AiNotice.model_validate({"code": code, "message": message, **values})


def suggest_outline_edits(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    instruction: str,
    ui_lang: str | None = None,
) -> OutlineEditsSuggestion:
    """Edits for review; `ui_lang`: the language of their reasons and notices (default: the
    project's)."""
    text = t.clean(instruction)
    if not text:
        raise InstructionRequiredError()
    pptx_file = _template_or_none(session, user, project)
    briefs = (
        template_slide_briefs(pptx_file, project.lang, with_elements=False) if pptx_file else []
    )
    task = OutlineEditsInput(
        lang=_lang(project.lang),
        ui_lang=_lang(ui_lang or project.lang),
        project=_project_info(project),
        instruction=t.cut(text, 4000),
        slides=deck_slides(project, limit=MAX_SLIDES),
        template_slides=briefs,
    )
    meter(services, user)
    answer = services.ai.outline_edits(task)
    edits = []
    for edit in answer.edits[:100]:
        raw = edit.value
        value: Any = raw
        if isinstance(raw, str):
            value = sanitize.clean_text(raw, strip_bullets=False)
        elif raw is not None and not isinstance(raw, int):
            value = {
                "contentDescription": sanitize.clean_text(
                    raw.content_description, strip_bullets=False
                ),
                "pptxSlideNumber": raw.pptx_slide_number,
            }
        try:
            item = OutlineEditItem.model_validate(
                {
                    "op": edit.op,
                    "path": edit.path.strip()[:100],
                    "value": value,
                    "reason": sanitize.clean_text(edit.reason, limit=1000),
                }
            )
        except ValidationError:  # e.g. a slide number below 1: not an edit we can offer
            continue
        edits.append(item)
    count = pptx_file.slide_count if pptx_file else None
    usable = usable_edits(project.slides, edits, count)
    reason_lang = _lang(ui_lang or project.lang)
    missed = [sanitize.clean_line(part, 300) for part in answer.not_understood[:10]]
    if not usable and not any(missed) and answer.unmet_slide_count is None:
        missed = [t.cut(t.one_line(text), 300)]  # nothing came of it: say so, whole
    notices = [_notice("instruction_not_understood", reason_lang, text=m) for m in missed if m]
    wanted = answer.unmet_slide_count
    if wanted is not None and 0 < wanted <= MAX_SLIDES:
        given = len(apply_edits(project.slides, usable, count))
        if given < wanted:
            notices.append(_notice("fewer_slides", reason_lang, requested=wanted, given=given))
    return OutlineEditsSuggestion(edits=usable, notices=notices, **_origin(services, answer))


def apply_outline_edits(
    session: Session, user: User, project: Project, *, version: int, edits: list[OutlineEditItem]
) -> Project:
    """Applies reviewed edits as one versioned project update (409 when `version` is stale)."""
    pptx_file = _template_or_none(session, user, project)
    try:
        slides = apply_edits(project.slides, edits, pptx_file.slide_count if pptx_file else None)
    except EditError as exc:
        raise InvalidOutlineEditError(index=exc.index, reason=exc.en, reasonZh=exc.zh) from exc
    known = {field.alias or name for name, field in SlideIn.model_fields.items()}
    update = ProjectUpdate(
        version=version,
        slides=[SlideIn.model_validate({k: v for k, v in s.items() if k in known}) for s in slides],
    )
    updated, _ = projects_service.update_project(session, user, project, update)
    return updated


# ---------------------------------------------------------------------------------------------
# Per slide


def suggest_template_slide_number(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    slide_index: int,
    ui_lang: str | None = None,
) -> TemplateSlideSuggestion:
    pptx_file = _template(session, user, project)
    _check_index(project, slide_index)
    briefs = template_slide_briefs(pptx_file, project.lang, compact=True)
    if not briefs:
        raise ProjectHasNoTemplateError()
    task = TemplateSlideInput(
        lang=_lang(project.lang),
        ui_lang=_lang(ui_lang or project.lang),
        project=_project_info(project),
        slide=deck_slides(project)[slide_index],
        slide_count=len(project.slides),
        template_slides=briefs,
    )
    meter(services, user)
    answer = services.ai.template_slide(task)
    if answer.slide_number not in {b.slide_number for b in briefs}:
        raise AiBadResponseError(attempts=1)
    return TemplateSlideSuggestion(
        slide_index=slide_index,
        slide_number=answer.slide_number,
        reason=sanitize.clean_text(answer.reason, limit=2000),
        **_origin(services, answer),
    )


def _slide_context(
    session: Session, user: User, project: Project, slide_index: int
) -> tuple[PptxFile, dict[str, Any], dict[str, Any], TemplateSlideBrief]:
    pptx_file = _template(session, user, project)
    slide = _check_index(project, slide_index)
    template_slide = _template_slide(pptx_file, slide, slide_index)
    number = int(template_slide["slideNumber"])
    brief = template_slide_briefs(pptx_file, project.lang, numbers=[number], with_elements=False)[0]
    return pptx_file, slide, template_slide, brief


def _visible_ids(session: Session, user: User, values: Sequence[ValueOut]) -> set[str]:
    from slidewright.projects import slides as slide_rules

    ids = [slide_rules.image_id_of(v.image_id.strip()) for v in values if v.image_id]
    return images_service.visible_image_ids(session, user, [i for i in ids if i])


def generate_slide_data(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    slide_index: int,
    instruction: str,
) -> SlideDataSuggestion:
    pptx_file, slide, template_slide, brief = _slide_context(session, user, project, slide_index)
    locked = slide.get("lockedElementNames") or []
    elements = fillable_elements(template_slide, locked)
    number = int(template_slide["slideNumber"])
    if not elements:
        return SlideDataSuggestion(
            slide_index=slide_index,
            pptx_slide_number=number,
            form_data={},
            notes="",
            skipped=[],
            provider=services.ai.name,
        )
    current = slide.get("formData") or {}
    gallery = (
        _gallery(session, user, project) if any(e["type"] == "picture" for e in elements) else []
    )
    if not gallery:  # nothing to choose from: pictures are not offered to the model
        elements = [e for e in elements if e["type"] != "picture"]
    title = slide_roles.title_element(template_slide, pptx_file.slide_height_in)
    specs = [
        element_spec(e, brief.kind, pptx_file, current.get(e["name"]), is_title=e is title)
        for e in elements
    ]
    # The whole deck when the slide lists it (an agenda), else the slides around it.
    wants_deck = any(spec.role == "agenda" for spec in specs)
    deck = deck_slides(project, around=slide_index, limit=60 if wants_deck else 5)
    for other in deck:  # context only: short
        if other.index != slide_index:
            other.content_description = t.cut(other.content_description, 150)
            other.content = ""
    this = next(d for d in deck if d.index == slide_index)
    query = " ".join([this.content_description, instruction])
    materials = _enabled_materials(session, user, project)
    task = SlideDataInput(
        lang=_lang(project.lang),
        project=_project_info(project),
        slide=this,
        slide_count=len(project.slides),
        deck=deck,
        template_slide=brief,
        elements=specs,
        instruction=t.cut(t.clean(instruction), 4000),
        passages=passages(materials, query, _budget(services, PASSAGE_BUDGET)),
        images=gallery,
        author=user.name,
        context=deck_context(pptx_file, project, materials, current=slide_index),
    )
    meter(services, user)
    answer = services.ai.slide_data(task)
    by_name = {e["name"]: e for e in fillable_elements(template_slide, locked)}
    roles = {spec.name: spec.role for spec in specs}
    visible = _visible_ids(session, user, answer.values)
    inputs = user_inputs(project, materials, instruction)
    form_data: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for raw in answer.values:
        element = by_name.get(raw.name)
        if element is None or raw.name in form_data:
            continue
        value, why = sanitize.element_value(element, raw, visible, images_presenter.file_url)
        if value is not None:
            value, why = _faithful_value(element, roles.get(raw.name, ""), value, inputs)
        if value is None:
            made_up = raw.name in answer.unsupported_names
            skipped[raw.name] = faithful.UNSUPPORTED if made_up else (why or "invalid_value")
        else:
            form_data[raw.name] = value
    for name in by_name:
        if name not in form_data and name not in skipped:
            skipped[name] = "no_content"
    return SlideDataSuggestion(
        slide_index=slide_index,
        pptx_slide_number=number,
        form_data=form_data,
        notes=sanitize.clean_text(answer.notes, strip_bullets=False, limit=4000),
        skipped=[SkippedElement(element_name=n, reason=r) for n, r in skipped.items()],
        **_origin(services, answer),
        provenance={
            name: _sources(origins)
            for name, origins in answer.provenance.items()
            if name in form_data and origins
        }
        or None,
        deck_elements=[s.name for s in specs if s.role == "agenda" and s.name in form_data],
    )


def parse_instruction(instruction: str) -> Instruction:
    """A predefined instruction (by id or label, any case, either language) or free text."""
    text = t.clean(instruction)
    key = " ".join(text.replace("_", " ").casefold().split())
    for preset, labels in PRESETS.items():
        if key == preset.replace("_", " ") or key in labels:
            return Instruction(preset=preset, text="")
    return Instruction(preset=None, text=t.cut(text, 4000))


def suggest_element_value(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    slide_index: int,
    element_name: str,
    instruction: str,
) -> ElementValueRead:
    pptx_file, slide, template_slide, brief = _slide_context(session, user, project, slide_index)
    element = next((e for e in template_slide["elements"] if e["name"] == element_name), None)
    if element is None:
        raise UnknownElementError(slideIndex=slide_index + 1, element=element_name)
    if element.get("type") not in ("text", "picture", "table", "chart") or element.get("hidden"):
        raise ElementNotFillableError(element=element_name)
    if is_locked(element, slide.get("lockedElementNames") or []):
        raise ElementLockedError(element=element_name)
    current = (slide.get("formData") or {}).get(element_name)
    title = slide_roles.title_element(template_slide, pptx_file.slide_height_in)
    spec = element_spec(element, brief.kind, pptx_file, current, is_title=element is title)
    this = deck_slides(project)[slide_index]
    query = " ".join([this.content_description, instruction])
    materials = _enabled_materials(session, user, project)
    others = set(slide.get("formData") or {}) - {element_name}
    task = ElementValueInput(
        lang=_lang(project.lang),
        project=_project_info(project),
        slide=this,
        template_slide=brief,
        element=spec,
        instruction=parse_instruction(instruction),
        passages=passages(materials, query, _budget(services, PASSAGE_BUDGET)),
        images=_gallery(session, user, project) if spec.type == "picture" else [],
        context=deck_context(pptx_file, project, materials, current=slide_index, keep=others),
    )
    meter(services, user)
    answer = services.ai.element_value(task)
    raw = answer.value.model_copy(update={"name": element_name})
    visible = _visible_ids(session, user, [raw])
    value, _ = sanitize.element_value(element, raw, visible, images_presenter.file_url)
    if value is not None:
        inputs = user_inputs(project, materials, instruction)
        value, _ = _faithful_value(element, spec.role, value, inputs)
    return ElementValueRead(
        slide_index=slide_index,
        element_name=element_name,
        element_type=element["type"],
        value=value,
        reason=sanitize.clean_text(answer.reason, limit=2000),
        **_origin(services, answer),
        provenance=_sources(answer.provenance) if value is not None and answer.provenance else None,
    )


def recommend_slide_descriptions(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    *,
    slide_indices: Sequence[int],
    ui_lang: str | None = None,
) -> BatchSlideDescriptions:
    """Descriptions for the given slides, in one provider call."""
    targets = list(dict.fromkeys(slide_indices))
    for index in targets:
        _check_index(project, index)
    pptx_file = _template_or_none(session, user, project)
    briefs = []
    if pptx_file is not None:
        used = {
            s.get("pptxSlideNumber")
            for i, s in enumerate(project.slides)
            if i in targets and s.get("pptxSlideNumber")
        }
        numbers = [n for n in used if isinstance(n, int) and 1 <= n <= pptx_file.slide_count]
        briefs = template_slide_briefs(
            pptx_file, project.lang, numbers=numbers, with_elements=False
        )
    materials = _enabled_materials(session, user, project)
    chosen = passages(materials, "", _budget(services, STORYLINE_BUDGET), in_order=True)
    headings = [s.title for _, s in _sections(materials) if s.title][:80]
    task = SlideDescriptionsInput(
        lang=_lang(project.lang),
        ui_lang=_lang(ui_lang or project.lang),
        project=_project_info(project),
        deck=deck_slides(project, limit=MAX_SLIDES),
        targets=targets,
        template_slides=briefs,
        passages=chosen,
        materials_outline=headings,
    )
    meter(services, user)
    answer = services.ai.slide_descriptions(task)
    found: dict[int, SlideDescriptionSuggestion] = {}
    for item in answer.descriptions:
        description = sanitize.clean_text(item.description, strip_bullets=False, limit=5000)
        if item.slide_index in targets and item.slide_index not in found and description:
            found[item.slide_index] = SlideDescriptionSuggestion(
                slide_index=item.slide_index,
                description=description,
                reason_for_recommendation=sanitize.clean_text(
                    item.reason_for_recommendation, limit=2000
                ),
            )
    if not found:
        raise AiBadResponseError(attempts=1)
    return BatchSlideDescriptions(
        suggestions=[found[i] for i in targets if i in found], **_origin(services, answer)
    )


# ---------------------------------------------------------------------------------------------
# Templates


def _thumbnails(
    services: Services, pptx_file: PptxFile, numbers: Sequence[int]
) -> dict[int, bytes]:
    if not services.ai.can_describe_images:
        return {}
    found = {}
    for number in numbers:
        try:
            found[number] = templates_service.thumbnail_bytes(services, pptx_file, number)
        except ThumbnailNotFoundError:
            continue
    return found


def generate_template_description(
    services: Services, user: User, pptx_file: PptxFile, *, lang: str
) -> GeneratedDescription:
    briefs = template_slide_briefs(pptx_file, lang, structural=True, compact=True, limit=40)
    descriptions = slide_descriptions_in(pptx_file, lang)
    for brief in briefs:
        brief.description = t.cut(descriptions[brief.slide_number - 1], 200)
    task = TemplateDescriptionInput(lang=_lang(lang), filename=pptx_file.filename, slides=briefs)
    meter(services, user)
    answer = services.ai.template_description(task)
    description = sanitize.clean_text(answer.description, strip_bullets=False, limit=5000)
    if not description:
        raise AiBadResponseError(attempts=1)
    return GeneratedDescription(description=description, **_origin(services, answer))


def describe_template_slides(
    services: Services, pptx_file: PptxFile, numbers: Sequence[int], lang: str
) -> tuple[dict[int, str], TemplateSlideDescriptions]:
    """Descriptions of the given slides (one provider call; not metered here), and the answer
    they came from (who made them)."""
    briefs = template_slide_briefs(pptx_file, lang, numbers=numbers, structural=True)
    task = TemplateSlidesInput(
        lang=_lang(lang),
        filename=pptx_file.filename,
        template_description=t.cut(file_description_in(pptx_file, lang), 400),
        slides=briefs,
        thumbnails=_thumbnails(services, pptx_file, numbers),
    )
    answer = services.ai.template_slides(task)
    wanted = set(numbers)
    found: dict[int, str] = {}
    for item in answer.slides:
        text = sanitize.clean_text(item.description, strip_bullets=False, limit=5000)
        if item.slide_number in wanted and text:
            found.setdefault(item.slide_number, text)
    return found, answer


def generate_slide_description(
    services: Services, user: User, pptx_file: PptxFile, slide_number: int, *, lang: str
) -> GeneratedSlideDescription:
    from slidewright.templates.errors import SlideNotFoundError

    if not 1 <= slide_number <= pptx_file.slide_count:
        raise SlideNotFoundError(slideNumber=slide_number)
    meter(services, user)
    found, answer = describe_template_slides(services, pptx_file, [slide_number], lang)
    if slide_number not in found:
        raise AiBadResponseError(attempts=1)
    return GeneratedSlideDescription(
        slide_number=slide_number, description=found[slide_number], **_origin(services, answer)
    )


def missing_description_numbers(pptx_file: PptxFile, lang: str) -> list[int]:
    return [
        number
        for number, text in enumerate(slide_descriptions_in(pptx_file, lang), start=1)
        if not text.strip()
    ]


def start_missing_descriptions(
    session: Session, services: Services, user: User, pptx_file: PptxFile, *, lang: str
) -> Job:
    """A job describing every slide without a description (in `lang`); its result holds the
    suggestions (`descriptions`: slide number -> text) for the user to accept."""
    numbers = missing_description_numbers(pptx_file, lang)
    resumed = _resumed_descriptions(session, user, pptx_file, _lang(lang), numbers)
    numbers = [n for n in numbers if str(n) not in resumed["descriptions"]]
    meter(services, user, cost=math.ceil(len(numbers) / DESCRIBE_CHUNK))
    return jobs_service.start_job(
        session,
        services.jobs,
        owner_id=user.id,
        kind=DESCRIBE_MISSING_JOB,
        subject_id=pptx_file.id,
        payload={
            "fileId": pptx_file.id,
            "lang": _lang(lang),
            "slides": numbers,
            "resumed": resumed,
            # The worker's own provider, unless this request asked for the offline assistant.
            "assistant": "offline" if services.ai.name == "offline" else "model",
        },
    )


def _resumed_descriptions(
    session: Session, user: User, pptx_file: PptxFile, lang: str, missing: Sequence[int]
) -> dict[str, Any]:
    """What the caller's last Generate All Missing run of this template found before it was
    cancelled, for the slides still missing a description in `lang`: run again, the job
    starts from there (a cancelled run resumes) instead of asking the model again."""
    empty: dict[str, Any] = {"descriptions": {}, "offlineSlides": []}
    last = jobs_service.latest_owned_job(session, user.id, pptx_file.id, DESCRIBE_MISSING_JOB)
    if last is None or last.status != CANCELLED or not last.result:
        return empty
    if last.result.get("lang") != lang:
        return empty
    still = {str(n) for n in missing}
    found = last.result.get("descriptions") or {}
    carried = {
        key: text
        for key, text in found.items()
        if key in still and isinstance(text, str) and text.strip()
    }
    if last.result.get("provider") == "offline":
        offline = sorted(int(key) for key in carried)
    else:
        offline = [n for n in last.result.get("fallbackSlides") or [] if str(n) in carried]
    return {"descriptions": carried, "offlineSlides": offline, "fromJob": last.id}


def accept_descriptions(
    session: Session, user: User, pptx_file: PptxFile, descriptions: dict[int, str]
) -> PptxFile:
    """Saves several slide descriptions at once (the template's editors only)."""
    for number in sorted(descriptions):
        text = sanitize.clean_text(descriptions[number], strip_bullets=False, limit=5000)
        templates_service.set_slide_description(session, user, pptx_file, number, text)
    return pptx_file


# ---------------------------------------------------------------------------------------------
# Images (called by the images domain, which stores what comes back)


def describe_image(
    services: Services, user: User, *, data: bytes, mime: str, prompt: str, lang: str
) -> str:
    if not services.ai.can_describe_images:
        raise AiVisionUnavailableError(feature="image_describe")
    task = ImageDescribeInput(lang=_lang(lang), image=data, mime=mime, prompt=t.cut(prompt, 2000))
    meter(services, user)
    answer = services.ai.describe_image(task)
    description = sanitize.clean_text(answer.description, strip_bullets=False, limit=2000)
    if not description:
        raise AiBadResponseError(attempts=1)
    return description


def generate_image(services: Services, user: User, *, prompt: str, size: str) -> bytes:
    if not services.ai.can_generate_images:
        raise AiImagesUnavailableError(feature="image_generate")
    task = ImageGenerateInput.model_validate({"prompt": prompt, "size": size})
    meter(services, user)
    return services.ai.generate_image(task).data
