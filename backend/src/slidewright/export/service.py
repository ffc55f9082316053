"""Export: the project as a deck spec for the PPTX engine, the file, and the preflight report.

Slides without a template slide are left out of the file (the UI warns before exporting).
Locked elements and elements without a value keep the template's content; unfilled sample
text of unlocked text elements is removed, so no placeholder copy ships in a finished deck.
Pictures carry their gallery description as alt text. Preflight runs the real fill, so it
reports what the engine found too: text that overflows, and what the deck still lacks for
screen readers (a slide title, a picture's alt text, a table's header row, reading order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy.orm import Session

from slidewright.core.errors import AppError
from slidewright.export import cache as export_cache
from slidewright.export.errors import (
    ExportFailedError,
    NoTemplateToExportError,
    NothingToExportError,
)
from slidewright.export.schemas import (
    IssueKind,
    PreflightIssue,
    PreflightReport,
    PreflightSlide,
)
from slidewright.images import service as images_service
from slidewright.jobs import service as jobs_service
from slidewright.pptx_engine.accessibility import PROBLEM_CODES
from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    Lang,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
    Value,
)
from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.results import FillResult
from slidewright.pptx_engine.writer import fill_deck
from slidewright.projects import slides as slide_rules
from slidewright.projects.models import Project
from slidewright.services import Services
from slidewright.storage.blobstore import BlobStoreError
from slidewright.templates import service as templates_service
from slidewright.templates.models import PptxFile
from slidewright.users.models import User

_FILLABLE = {"text", "picture", "table", "chart"}
PREBUILD_JOB = "export.prebuild"
# Jobs waiting for a worker beyond which a save builds nothing ahead: under a load the workers
# cannot keep up with, a build ahead only delays the thumbnails and previews users wait for.
PREBUILD_BUSY_QUEUE = 20


@dataclass
class _Plan:
    """The deck spec, which project slide each exported slide came from, and what is missing."""

    spec: DeckSpec
    origin: list[int]  # exported slide position (0-based) -> project slide index (1-based)
    issues: dict[int, list[PreflightIssue]]


def _locked_names(elements: list[dict[str, Any]], overrides: list[str]) -> set[str]:
    """A slide's override list inverts the template's own lock state for those names."""
    flipped = set(overrides)
    return {e["name"] for e in elements if bool(e.get("isLocked")) != (e["name"] in flipped)}


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == {} or value == []


def _value(kind: str, raw: Any, pictures: dict[str, PictureValue]) -> Value | None:
    if kind == "text" and isinstance(raw, str):
        return TextValue(raw)
    if kind == "picture":
        return pictures.get(slide_rules.image_id_of(raw) or "")
    if kind == "table":
        rows = tuple(tuple(str(cell) for cell in row) for row in raw["rows"])
        return TableValue(rows)
    if kind == "chart":
        series = tuple(
            ChartSeries(str(s.get("name", "")), tuple(s["values"])) for s in raw["series"]
        )
        return ChartValue(tuple(str(c) for c in raw["categories"]), series)
    return None


def _load_pictures(
    session: Session,
    services: Services,
    user: User,
    deck: Sequence[Mapping[str, Any]],
    only: set[int] | None = None,
) -> dict[str, PictureValue]:
    """Every gallery image the deck (or the `only` slides) uses and the user may still see:
    its bytes, and its description as the picture's alt text (none while only the filename
    stands in: the export then reports the picture as lacking alt text)."""
    wanted = {
        image_id
        for index, slide in enumerate(deck, start=1)
        if only is None or index in only
        for value in slide.get("formData", {}).values()
        if (image_id := slide_rules.image_id_of(value)) is not None
    }
    pictures: dict[str, PictureValue] = {}
    for image in images_service.get_visible_images(session, user, sorted(wanted)):
        try:
            data = images_service.image_bytes(services, image)
        except AppError:
            continue  # the blob is gone: reported as a missing image
        pictures[image.id] = PictureValue(data, images_service.written_description(image))
    return pictures


def _plan(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    template: PptxFile,
    only: set[int] | None = None,
    deck: Sequence[Mapping[str, Any]] | None = None,
) -> _Plan:
    """The deck spec of the project's slides (or of the `only` ones, 1-based, for previews;
    or of `deck`, slides the project might have, for a preview of a choice)."""
    deck = project.slides if deck is None else deck
    pictures = _load_pictures(session, services, user, deck, only)
    specs: list[SlideSpec] = []
    origin: list[int] = []
    issues: dict[int, list[PreflightIssue]] = {}
    for index, slide in enumerate(deck, start=1):
        if only is not None and index not in only:
            continue
        found = issues.setdefault(index, [])
        number = slide.get("pptxSlideNumber")
        if number is None or not 1 <= number <= template.slide_count:
            found.append(
                PreflightIssue(kind="missing_template_slide", message="no template slide assigned")
            )
            continue
        elements = template.parsed_slides[number - 1]["elements"]
        locked = _locked_names(elements, slide.get("lockedElementNames", []))
        values: dict[str, Value] = {}
        for element in elements:
            name, kind = element["name"], element["type"]
            if name in locked or kind not in _FILLABLE:
                continue
            raw = slide.get("formData", {}).get(name)
            if _is_empty(raw):
                found.append(PreflightIssue(kind="empty_element", element=name, message="no value"))
                continue
            value = _value(kind, raw, pictures)
            if value is None:
                # A text, table or chart value that no longer fits (stored before a rule
                # change, say) is left out too: the element stays as in the template.
                missing = kind == "picture"
                found.append(
                    PreflightIssue(
                        kind="missing_image" if missing else "other",
                        element=name,
                        message="image not available" if missing else "the value does not fit",
                    )
                )
                continue
            values[name] = value
        notes = slide.get("notes") or None
        specs.append(
            SlideSpec(template_slide=number, values=values, locked=frozenset(locked), notes=notes)
        )
        origin.append(index)
    spec = DeckSpec(
        slides=tuple(specs), lang=_deck_lang(project.lang), remove_unfilled_sample_text=True
    )
    return _Plan(spec, origin, issues)


def _deck_lang(lang: str) -> Lang:
    return cast(Lang, lang) if lang in ("en", "zh-CN", "zh-HK") else "en"


def _template(session: Session, user: User, project: Project) -> PptxFile:
    if project.pptx_file_id is None:
        raise NoTemplateToExportError()
    return templates_service.get_template(session, user, project.pptx_file_id)


def _fill(
    services: Services, template: PptxFile, spec: DeckSpec, *, list_problems: bool
) -> FillResult:
    try:
        source = templates_service.source_bytes(services, template)
        return fill_deck(source, spec, list_problems=list_problems)
    except PptxEngineError as exc:
        raise ExportFailedError(reason=exc.message) from exc


def slide_specs(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    template: PptxFile,
    indexes: set[int],
) -> dict[int, SlideSpec]:
    """The export's own spec for each of the project slides `indexes` (1-based) that has a
    template slide, so a slide preview shows exactly what the export writes."""
    plan = _plan(session, services, user, project, template, only=indexes)
    return dict(zip(plan.origin, plan.spec.slides, strict=True))


def candidate_specs(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    template: PptxFile,
    candidates: Sequence[Mapping[str, Any]],
) -> dict[int, SlideSpec]:
    """The export's spec of slides the project does not hold (yet): each of `candidates`
    (by 1-based position) that has a template slide, drawn as the export would draw it."""
    plan = _plan(session, services, user, project, template, deck=candidates)
    return dict(zip(plan.origin, plan.spec.slides, strict=True))


def fill_slides(
    services: Services, template: PptxFile, lang: str, specs: tuple[SlideSpec, ...]
) -> bytes:
    """A .pptx holding just these slides, built like an export (`export_failed` on error)."""
    spec = DeckSpec(slides=specs, lang=_deck_lang(lang), remove_unfilled_sample_text=True)
    return _fill(services, template, spec, list_problems=False).pptx


def export_project(session: Session, services: Services, user: User, project: Project) -> bytes:
    """The project's .pptx: the file kept from the last export when nothing it shows changed
    since (see `cache`), else built now and kept."""
    template = _template(session, user, project)
    plan = _plan(session, services, user, project, template)
    if not plan.spec.slides:
        raise NothingToExportError()
    digest = export_cache.deck_digest(template, plan.spec)
    kept = export_cache.read(services.blobs, project, digest)
    if kept is not None:
        return kept
    data = build_deck(services, template, plan.spec)
    export_cache.store(services.blobs, project, digest, data)
    return data


def schedule_prebuild(session: Session, services: Services, project: Project) -> None:
    """After a save: the project's file is built in the background and kept, so the export
    asked for later reads it instead of building it while the user waits.

    At most one queued build per project: a save that finds one queued leaves it to that build,
    which reads the project when it runs (held untaken until this save commits, so it reads the
    save). None while more than `PREBUILD_BUSY_QUEUE` jobs wait. Ended builds are deleted:
    nobody follows them, and a save would add a row each time.
    """
    if not services.settings.export_prebuild or project.pptx_file_id is None:
        return
    if not any(slide.get("pptxSlideNumber") for slide in project.slides):
        return  # nothing to export yet
    if jobs_service.queued_job(session, project.id, PREBUILD_JOB) is not None:
        return
    if jobs_service.queue_is_busy(session, PREBUILD_BUSY_QUEUE):
        return  # the export builds it when asked; thumbnails and previews go first
    jobs_service.forget_finished_jobs(session, project.id, PREBUILD_JOB)
    jobs_service.start_job(
        session,
        services.jobs,
        owner_id=project.owner_id,
        kind=PREBUILD_JOB,
        subject_id=project.id,
        payload={"projectId": project.id},
    )


@dataclass(frozen=True)
class Prebuild:
    """What a background build needs once the database is closed (see `plan_prebuild`)."""

    template: PptxFile
    spec: DeckSpec
    digest: str
    version: int


def plan_prebuild(
    session: Session, services: Services, user: User, project: Project
) -> Prebuild | None:
    """The deck a background build would make of the project as it is now, or None when there
    is nothing to build: the kept file is current, or the project cannot be exported (the
    export itself reports why, when the user asks for the file)."""
    try:
        template = _template(session, user, project)
        plan = _plan(session, services, user, project, template)
    except (AppError, BlobStoreError):
        return None
    if not plan.spec.slides:
        return None
    digest = export_cache.deck_digest(template, plan.spec)
    if export_cache.is_kept(services.blobs, project, digest):
        return None
    return Prebuild(template, plan.spec, digest, project.version)


def run_prebuild(services: Services, prebuild: Prebuild) -> bytes | None:
    """The file of a planned build, or None when it cannot be built (as `plan_prebuild`)."""
    try:
        return build_deck(services, prebuild.template, prebuild.spec)
    except (AppError, BlobStoreError):
        return None


def build_deck(services: Services, template: PptxFile, spec: DeckSpec) -> bytes:
    """The exported file, built: the work a kept file saves (tests count its calls)."""
    return _fill(services, template, spec, list_problems=False).pptx


def preflight(
    session: Session, services: Services, user: User, project: Project
) -> PreflightReport:
    """What the export will lack, slide by slide (it runs the real fill to measure text and
    check the slides it builds for accessibility). The file that fill builds is the export's:
    it is kept (see `cache`), so the export the UI asks for right after is not built again."""
    template = _template(session, user, project)
    plan = _plan(session, services, user, project, template)
    if plan.spec.slides:
        filled = _fill(services, template, plan.spec, list_problems=True)
        digest = export_cache.deck_digest(template, plan.spec)
        export_cache.store(services.blobs, project, digest, filled.pptx)
        for warning in filled.warnings:
            index = plan.origin[warning.slide_index - 1]
            kind = _issue_kind(warning.code)
            plan.issues[index].append(
                PreflightIssue(
                    kind=kind,
                    element=warning.element,
                    message=warning.message,
                    needed=warning.needed,
                    code=warning.code,
                )
            )
    slides = [
        PreflightSlide(slide_index=index, slide_id=project.slides[index - 1]["id"], issues=found)
        for index, found in plan.issues.items()
        if found
    ]
    return PreflightReport(ready=not slides, exported_slides=len(plan.spec.slides), slides=slides)


def _issue_kind(code: str) -> IssueKind:
    if code == "text_overflow":
        return "text_overflow"
    return "accessibility" if code in PROBLEM_CODES else "other"


def download_name(title: str) -> str:
    """The project title as a file name (the header encodes it per RFC 5987)."""
    cleaned = "".join("_" if ch in '\\/:*?"<>|' or ord(ch) < 32 else ch for ch in title).strip()
    return f"{cleaned or 'presentation'}.pptx"
