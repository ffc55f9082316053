"""Offline slide content: values for a slide's elements and single-element suggestions.

Faithful rather than clever: every sentence, figure, date and name written comes from the
materials, the slide's description or the project, and carries its origin (`provenance`,
shown on hover in the editor). Sentences are the materials' own, whole when they fit, cut to
the element's capacity when not; instructions and file names are never written. A chart only
plots a real series (a table, or a list of like items in one unit) and a series, a table or
a sentence appears once per deck: the deck plan (`deckplan`) says what each slide may use.
An element with nothing true to put in it is left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from slidewright.ai import capacity, documents, figures, instructions, phrases
from slidewright.ai import text as t
from slidewright.ai.providers.offline.deckplan import (
    DeckPlan,
    Point,
    SeriesFact,
    SlideView,
    content_clauses,
    key_of,
)
from slidewright.ai.tasks import (
    ChartOut,
    DeckContext,
    ElementSpec,
    ElementSuggestion,
    ElementValueInput,
    GalleryImage,
    MaterialDoc,
    PlanSlide,
    ProjectInfo,
    SeriesOut,
    SlideData,
    SlideDataInput,
    TableOut,
    ValueOrigin,
    ValueOut,
)

_QUOTED_TITLE = re.compile(r"[“「\"]([^”」\"]+)[”」\"]")
_SUBTITLE_AFTER = re.compile(r"(?:——|—| - )\s*(.+)$")
_SENTENCE_ROLES = ("caption", "summary", "text")


def _said(text: str, source: str, excerpt: str = "") -> ValueOrigin:
    return ValueOrigin(text=text, source=source, excerpt=t.cut(t.one_line(excerpt), 300))


def _from_point(text: str, point: Point) -> ValueOrigin:
    return point.origin.model_copy(update={"text": text})


@dataclass
class Pool:
    """What one slide can say, and what it has said so far."""

    plan: DeckPlan
    view: SlideView
    kind: str
    heading: str
    subtitle: str = ""
    subtitle_origin: ValueOrigin | None = None
    candidates: list[Point] = field(default_factory=list)
    shown: list[Point] = field(default_factory=list)
    origins: dict[str, list[ValueOrigin]] = field(default_factory=dict)
    sources: list[tuple[ValueOrigin, int]] = field(default_factory=list)  # chart, table: section
    series: SeriesFact | None = None

    @property
    def index(self) -> int:
        return self.view.index

    def available(self) -> list[Point]:
        return [p for p in self.candidates if not self.plan.is_used(p)]

    def take(self, count: int, room: float | None = None, cjk_weight: float = 2.0) -> list[Point]:
        """The next `count` sentences not used anywhere yet. With `room` (units for all of
        them), whole sentences that fit come first; a slide keeps its best one even when it
        has to be cut."""
        found: list[Point] = []
        left = room
        for point in self.available():
            if len(found) >= count:
                break
            size = t.width_units(point.text, cjk_weight)
            if left is not None and size > left and found:
                continue
            found.append(point)
            if left is not None:
                left -= size
        for point in found:
            self.plan.use_point(point)
            self.shown.append(point)
        return found


def _description_points(view: SlideView) -> list[Point]:
    """The description's own clauses as content, for a slide the materials say nothing about:
    only when there are several, so that no slide text is the description itself."""
    clauses = [c for c in content_clauses(view.rest) if key_of(c) != key_of(view.heading)]
    if len(clauses) < 2:
        return []
    return [
        Point(
            id=-1 - n,
            text=clause,
            section=-1,
            words=frozenset(t.keywords(clause)),
            key=key_of(clause),
            origin=_said("", "description", view.slide.description),
        )
        for n, clause in enumerate(clauses)
    ]


def build_pool(
    plan: DeckPlan, index: int, project: ProjectInfo, lang: str, instruction: str = ""
) -> Pool:
    view = plan.by_index[index]
    kind = view.kind
    heading, heading_source = view.heading, "description"
    subtitle, subtitle_origin = "", None
    if view.described == "title":
        quoted = _QUOTED_TITLE.search(view.rest or view.slide.description)
        heading = quoted.group(1) if quoted else (project.title or heading)
        after = _SUBTITLE_AFTER.search(view.rest)
        if after:
            subtitle = after.group(1)
            subtitle_origin = _said(subtitle, "description", view.slide.description)
        elif t.first_sentence(project.description):
            subtitle = t.first_sentence(project.description)
            subtitle_origin = _said(subtitle, "project", project.description)
        # One title slide says it; more slides on the title layout say their own content.
        if key_of(subtitle) in plan.used.keys:
            subtitle, subtitle_origin = "", None
        elif subtitle:
            plan.used.keys.add(key_of(subtitle))
    if not heading:
        heading, heading_source = project.title, "project"
    extra = instructions.subject_words(" ".join(content_clauses(instruction)) or instruction)
    pool = Pool(
        plan=plan,
        view=view,
        kind=kind,
        heading=t.strip_end_punctuation(heading),
        subtitle=subtitle,
        subtitle_origin=subtitle_origin,
    )
    if view.described not in ("title", "agenda", "closing"):
        pool.candidates = plan.points_for(index, extra) or _description_points(view)
    excerpt = view.slide.description if heading_source == "description" else project.title
    pool.origins["\0heading"] = [_said(pool.heading, heading_source, excerpt)]
    return pool


def budget_of(element: ElementSpec) -> capacity.TextBudget:
    max_chars = element.max_chars or 200
    cjk = element.max_chars_cjk or max(1, max_chars // 2)
    items = element.max_items or 1
    return capacity.TextBudget(
        max_chars=max_chars,
        max_chars_cjk=cjk,
        max_items=items,
        sample_chars=len(element.sample),
        sample_items=items,
        cjk_weight=min(max(max_chars / cjk, 1.5), 2.5),
    )


def _agenda_items(pool: Pool) -> list[tuple[str, ValueOrigin]]:
    items: list[tuple[str, ValueOrigin]] = []
    seen: set[str] = set()
    for view in pool.plan.views:
        if view.index == pool.index or view.kind in ("title", "agenda", "closing"):
            continue
        if view.heading and view.heading.casefold() not in seen:
            seen.add(view.heading.casefold())
            items.append((view.heading, _said(view.heading, "deck", view.slide.description)))
    return items


def _section_number(pool: Pool) -> str:
    # The running number of this section divider among the deck's slides that use the same
    # template slide: the deck's own counter, not a figure from the materials.
    number = pool.view.slide.kind
    same = [
        v
        for v in pool.plan.views
        if v.index <= pool.index and v.slide.kind == number and v.kind == pool.view.kind
    ]
    return str(len(same))


def _best_image(images: list[GalleryImage], query: str) -> GalleryImage | None:
    words = set(t.keywords(query))
    best: tuple[int, int, GalleryImage] | None = None
    for order, image in enumerate(images):
        score = t.overlap(words, t.keywords(image.alt))
        if score > 0 and (best is None or (score, -order) > (best[0], -best[1])):
            best = (score, order, image)
    return best[2] if best else None


def _comparison_sides(heading: str) -> tuple[str, str] | None:
    match = re.search(
        r"(.+?)\s*(?:\bvs\.?|\bversus\b|\bor\b|对比|與|与|和|还是|或)\s*(.+)", heading, re.I
    )
    if match is None:
        return None
    left = t.strip_end_punctuation(match.group(1).split(":")[-1].split("：")[-1])
    right = re.sub(r"(?:对比|比较|對比|比較)$", "", t.strip_end_punctuation(match.group(2)))
    return (left, right) if left and right else None


def _chart(pool: Pool, element: ElementSpec) -> tuple[ChartOut, list[ValueOrigin]] | None:
    """A real series the slide may use, in one unit: the one that fits first. Scatter and
    bubble charts plot numbers against numbers: a series by category cannot fill them."""
    if (element.chart_type or "").startswith(("xy", "scatter", "bubble")):
        return None
    max_categories = element.max_categories or capacity.MAX_CATEGORIES
    max_series = element.max_series or capacity.MAX_SERIES
    options = pool.plan.series_for(pool.index)
    if (element.chart_type or "").startswith(("pie", "doughnut")):
        options = [f for f in options if f.data.parts_of_a_whole()]
    fitting = [f for f in options if len(f.data.categories) <= max_categories]
    for fact in fitting or options:
        data = fact.data
        count = min(len(data.categories), max_categories)
        chart = ChartOut(
            categories=[t.cut(c, 40) for c in data.categories[:count]],
            series=[
                SeriesOut(name=t.cut(name, 40), values=list(values[:count]))
                for name, values in data.series[:max_series]
            ],
        )
        pool.plan.use_series(fact)
        pool.series = fact
        origins = [
            fact.origin.model_copy(update={"text": category, "excerpt": line})
            for category, line in zip(data.categories[:count], data.lines, strict=False)
        ]
        pool.sources.append((fact.origin, fact.section))
        return chart, origins
    return None


def _table(pool: Pool, lang: str) -> tuple[TableOut, list[ValueOrigin]] | None:
    """The material's own table; else a list of like items as a two-column table."""
    tables = pool.plan.tables_for(pool.index)
    if tables:
        table = tables[0]
        pool.plan.use_table(table)
        pool.sources.append((table.origin, table.section))
        origins = [
            table.origin.model_copy(update={"text": row[0], "excerpt": " | ".join(row)})
            for row in table.rows[1:]
        ]
        return TableOut(rows=[list(row) for row in table.rows]), origins
    for fact in pool.plan.series_for(pool.index):
        if fact.table is None and all(fact.data.written):
            pool.plan.use_series(fact)
            pool.sources.append((fact.origin, fact.section))
            header = [phrases.say("item", lang), phrases.say("value", lang)]
            rows = [[c, w] for c, w in zip(fact.data.categories, fact.data.written, strict=True)]
            origins = [
                fact.origin.model_copy(update={"text": c, "excerpt": line})
                for c, line in zip(fact.data.categories, fact.data.lines, strict=True)
            ]
            return TableOut(rows=[header, *rows]), origins
    return None


def _key_figure(pool: Pool, room: float) -> tuple[str, ValueOrigin] | None:
    """A figure the slide already says (a percentage first), else its chart's largest value
    as the material writes it; whole, never cut. Never a date, a year or a figure from
    elsewhere."""
    found = [(f, p) for p in pool.shown for f in figures.figures_in(p.text)]
    found.sort(key=lambda item: 0 if item[0].unit == "%" else 1)
    for figure, point in found:
        if t.width_units(figure.text) <= room:
            return figure.text, _from_point(figure.text, point)
    fact = pool.series
    if fact is not None and all(fact.data.written):
        values = [v if v is not None else float("-inf") for v in fact.data.series[0][1]]
        best = max(range(len(values)), key=values.__getitem__)
        written = fact.data.written[best]
        if t.width_units(written) <= room:
            excerpt = fact.data.lines[best]
            return written, fact.origin.model_copy(update={"text": written, "excerpt": excerpt})
    return None


def _quote(pool: Pool) -> tuple[Point, str, str] | None:
    """A quotation from the materials (relevant ones first), with its attribution."""
    ranked = pool.available() + [
        p
        for p in pool.plan.facts.points
        if not pool.plan.is_used(p) and pool.plan.may_use(pool.plan.owner[p.id], pool.index)
    ]
    for point in ranked:
        found = documents.quotes([point.text])
        if found:
            return point, found[0][0], found[0][1]
    return None


def _fitted(element: ElementSpec, points: list[Point]) -> tuple[str, list[ValueOrigin]] | None:
    if not points:
        return None
    budget = budget_of(element)
    text = capacity.fit_text("\n".join(p.text for p in points), budget)
    if not text:
        return None
    lines = text.split("\n")
    return text, [_from_point(line, point) for line, point in zip(lines, points, strict=False)]


def _points_for_side(pool: Pool, side: int, element: ElementSpec) -> list[Point]:
    budget = budget_of(element)
    sides = _comparison_sides(pool.heading)
    if sides:
        words = set(t.keywords(sides[side]))
        other = set(t.keywords(sides[1 - side]))
        mine = [
            p
            for p in pool.available()
            if t.overlap(words, p.words) > 0
            and t.overlap(words, p.words) >= t.overlap(other, p.words)
        ][: budget.max_items]
        if mine:
            for point in mine:
                pool.plan.use_point(point)
                pool.shown.append(point)
            return mine
    return pool.take(budget.max_items, budget.max_chars, budget.cjk_weight)


Filled = tuple[ValueOut, list[ValueOrigin]]


def _text(element: ElementSpec, text: str | None, origins: list[ValueOrigin]) -> Filled | None:
    if not text:
        return None
    fitted = capacity.fit_text(text, budget_of(element))
    if not fitted:
        return None
    return ValueOut(name=element.name, text=fitted), origins


def fill_element(
    element: ElementSpec,
    pool: Pool,
    *,
    lang: str,
    project: ProjectInfo,
    images: list[GalleryImage],
    author: str,
    side: int | None = None,
) -> Filled | None:
    """A value for one element with the origin of each of its items, or None when there is
    nothing true to put in it."""
    name = element.name
    if element.type == "picture":
        image = _best_image(images, " ".join([pool.heading, *(p.text for p in pool.shown)]))
        if image is None:
            return None
        return ValueOut(name=name, image_id=image.id), [_said(image.alt, "gallery", image.alt)]
    if element.type == "table":
        table = _table(pool, lang)
        return (ValueOut(name=name, table=table[0]), table[1]) if table else None
    if element.type == "chart":
        chart = _chart(pool, element)
        return (ValueOut(name=name, chart=chart[0]), chart[1]) if chart else None
    role = element.role
    budget = budget_of(element)
    if role == "title":
        if pool.kind in ("closing", "agenda"):
            key = "thank_you" if pool.kind == "closing" else "agenda"
            words = phrases.say(key, lang)
            return _text(element, words, [_said(words, "assistant")])
        return _text(element, pool.heading, pool.origins["\0heading"])
    if role == "subtitle" or (role == "body" and pool.kind in ("title", "closing")):
        if pool.kind == "closing":
            words = phrases.say("questions", lang)
            return _text(element, words, [_said(words, "assistant")])
        if pool.subtitle and pool.subtitle_origin is not None:
            return _text(element, pool.subtitle, [pool.subtitle_origin])
        if pool.kind == "title":
            return None
        return _fitted(element, pool.take(1, budget.max_chars, budget.cjk_weight)) and _wrap(
            element, pool.shown[-1:]
        )
    if role in ("presenter", "contact"):
        return _text(element, author, [_said(author, "profile")]) if author else None
    if role == "date":
        return None
    if role == "section_number":
        number = _section_number(pool)
        shown = f"{int(number):02d}" if len(element.sample.strip()) == 2 else number
        return ValueOut(name=name, text=shown), [_said(shown, "layout")]
    if role == "agenda" or (role in ("body", *_SENTENCE_ROLES) and pool.kind == "agenda"):
        # An agenda on a plain content layout lists the topics in its body box.
        items = _agenda_items(pool)[: element.max_items or 1]
        if not items:
            return None
        return _text(element, "\n".join(i for i, _ in items), [o for _, o in items])
    if role == "key_figure":
        figure = _key_figure(pool, budget.max_chars)
        return _text(element, figure[0], [figure[1]]) if figure else None
    if role == "quote":
        quoted = _quote(pool)
        if quoted is None:
            return None
        point, words, _ = quoted
        pool.plan.use_point(point)
        pool.shown.append(point)
        return _text(element, words, [_from_point(words, point)])
    if role == "attribution":
        for point in reversed(pool.shown):
            found = documents.quotes([point.text])
            if found and found[0][1]:
                return _text(element, found[0][1], [_from_point(found[0][1], point)])
        return None
    if role == "source":
        if not pool.sources:
            return None
        # The document's title, or the section's: never the file's name.
        origin, section = pool.sources[0]
        label = t.strip_end_punctuation(pool.plan.facts.doc_titles[section] or origin.section)
        if not label:
            return None
        words = phrases.say("source", lang, files=label)
        return _text(element, words, [origin.model_copy(update={"text": words})])
    if role == "heading":
        sides = _comparison_sides(pool.heading)
        if sides and side is not None:
            return _text(element, sides[min(side, 1)], pool.origins["\0heading"])
        # A heading is a short item said whole, never a sentence cut in the middle.
        short = [
            p
            for p in pool.available()
            if t.width_units(p.text, budget.cjk_weight) <= budget.max_chars
        ]
        if not short:
            return None
        pool.plan.use_point(short[0])
        pool.shown.append(short[0])
        return _text(
            element, t.strip_end_punctuation(short[0].text), [_from_point(short[0].text, short[0])]
        )
    if role in _SENTENCE_ROLES:
        available = pool.available()
        # A whole sentence reads better there than a 'label: figure' item; next to a key
        # figure, one that holds the figure explains it.
        sentences = [p for p in available if t.width_units(p.text) >= 30]
        if element_wants_figure(pool):
            sentences = [p for p in sentences if figures.figures_in(p.text)] or sentences
        chosen = (sentences or available)[:1]
        for point in chosen:
            pool.plan.use_point(point)
            pool.shown.append(point)
        return _wrap(element, chosen)
    # body
    if side is not None:
        return _wrap(element, _points_for_side(pool, side, element))
    return _wrap(element, pool.take(budget.max_items, budget.max_chars, budget.cjk_weight))


def element_wants_figure(pool: Pool) -> bool:
    return pool.view.slide.elements is not None and any(
        e.role == "key_figure" for e in pool.view.slide.elements
    )


def _wrap(element: ElementSpec, points: list[Point]) -> Filled | None:
    fitted = _fitted(element, points)
    return (ValueOut(name=element.name, text=fitted[0]), fitted[1]) if fitted else None


def _sides(elements: list[ElementSpec]) -> dict[str, int]:
    """0 (left) or 1 (right) for the paired headings and bodies of a comparison slide."""
    sides: dict[str, int] = {}
    for element in elements:
        name = element.name.lower()
        if "left" in name or "left" in element.position:
            sides[element.name] = 0
        elif "right" in name or "right" in element.position:
            sides[element.name] = 1
    return sides


def _order(element: ElementSpec) -> int:
    """Titles first; then charts and tables (they claim their series); then the sentences
    and lists; figures, attributions and sources last, drawn from what the slide says."""
    if element.role in ("title", "subtitle") or (element.role == "heading"):
        return 0
    if element.type in ("chart", "table") or element.role == "quote":
        return 1
    if element.role in _SENTENCE_ROLES:
        return 2
    if (
        element.role in ("key_figure", "attribution", "source", "picture")
        or element.type == "picture"
    ):
        return 4
    return 3


@dataclass
class SlideFill:
    values: list[ValueOut]
    provenance: dict[str, list[ValueOrigin]]
    pool: Pool


def fill_slide(
    plan: DeckPlan,
    index: int,
    elements: list[ElementSpec],
    *,
    lang: str,
    project: ProjectInfo,
    images: list[GalleryImage],
    author: str,
    instruction: str = "",
) -> SlideFill:
    pool = build_pool(plan, index, project, lang, instruction)
    sides = _sides(elements) if pool.view.slide.kind == "comparison" else {}
    values: list[ValueOut] = []
    provenance: dict[str, list[ValueOrigin]] = {}
    for element in sorted(elements, key=_order):
        filled = fill_element(
            element,
            pool,
            lang=lang,
            project=project,
            images=images,
            author=author,
            side=sides.get(element.name),
        )
        if filled is not None:
            values.append(filled[0])
            provenance[element.name] = filled[1]
    by_name = {e.name: i for i, e in enumerate(elements)}
    values.sort(key=lambda v: by_name.get(v.name, 0))
    return SlideFill(values, provenance, pool)


def _fallback_context(
    slide_index: int,
    description: str,
    kind: str,
    elements: list[ElementSpec],
    deck: list[tuple[int, str]],
    passages: list[MaterialDoc],
) -> DeckContext:
    """The deck as far as a task without a deck context tells it (direct calls, tests)."""
    slides = [PlanSlide(index=i, description=d) for i, d in deck if i != slide_index]
    slides.append(
        PlanSlide(index=slide_index, description=description, kind=kind, elements=elements)
    )
    return DeckContext(slides=slides, materials=passages)


def plan_until(context: DeckContext, index: int, *, lang: str, project: ProjectInfo) -> DeckPlan:
    """The deck plan with what the other slides show or, before `index`, would say taken."""
    plan = DeckPlan(context)
    for slide in context.slides:
        if slide.index != index and (slide.shown_text or slide.shown_values):
            plan.claim_shown(slide)
    for slide in sorted(context.slides, key=lambda s: s.index):
        if slide.index >= index:
            break
        if not (slide.shown_text or slide.shown_values):
            fill_slide(
                plan, slide.index, slide.elements, lang=lang, project=project, images=[], author=""
            )
    return plan


def _context_of(
    task: SlideDataInput | ElementValueInput, elements: list[ElementSpec]
) -> DeckContext:
    if task.context is not None and any(s.index == task.slide.index for s in task.context.slides):
        return task.context
    deck = [(d.index, d.content_description) for d in getattr(task, "deck", [])]
    materials = [
        MaterialDoc(id=p.material_id, filename=p.filename, text=p.text) for p in task.passages
    ]
    return _fallback_context(
        task.slide.index,
        task.slide.content_description,
        task.template_slide.kind,
        elements,
        deck,
        materials,
    )


def slide_data(task: SlideDataInput) -> SlideData:
    lang = task.lang
    context = _context_of(task, task.elements)
    plan = plan_until(context, task.slide.index, lang=lang, project=task.project)
    this = plan.by_index[task.slide.index]
    this.slide.elements = task.elements
    filled = fill_slide(
        plan,
        task.slide.index,
        task.elements,
        lang=lang,
        project=task.project,
        images=task.images,
        author=task.author,
        instruction=task.instruction,
    )
    return SlideData(
        values=filled.values, notes=_notes(filled.pool, lang), provenance=filled.provenance
    )


def _notes(pool: Pool, lang: str) -> str:
    heading = pool.heading or phrases.say("overview", lang)
    if pool.kind == "title" and pool.subtitle:
        return phrases.say("notes_plain", lang, heading=f"{heading} — {pool.subtitle}")
    points = [t.strip_end_punctuation(t.cut(p.text, 120)) for p in pool.shown[:3]]
    if points:
        return phrases.say("notes", lang, heading=heading, points=t.joiner_for(points).join(points))
    return phrases.say("notes_plain", lang, heading=heading)


# ---------------------------------------------------------------------------------------------
# One element, with an instruction

_FORMAL = (
    (r"\bdon't\b", "do not"),
    (r"\bdoesn't\b", "does not"),
    (r"\bcan't\b", "cannot"),
    (r"\bwon't\b", "will not"),
    (r"\bisn't\b", "is not"),
    (r"\baren't\b", "are not"),
    (r"\bit's\b", "it is"),
    (r"\bwe're\b", "we are"),
    (r"\bwe'll\b", "we will"),
    (r"\blet's\b", "let us"),
    (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"),
    (r"\blots of\b", "many"),
    (r"\ba lot of\b", "many"),
    (r"\bpretty\b", "quite"),
    (r"\bbig\b", "significant"),
    (r"!", "."),
    ("咱们", "我们"),
    ("挺", "较为"),
    ("啥", "什么"),
    ("搞", "开展"),
    ("！", "。"),
)
_CASUAL = (
    (r"\bdo not\b", "don't"),
    (r"\bdoes not\b", "doesn't"),
    (r"\bcannot\b", "can't"),
    (r"\bwill not\b", "won't"),
    (r"\bis not\b", "isn't"),
    (r"\bare not\b", "aren't"),
    (r"\bit is\b", "it's"),
    (r"\bwe are\b", "we're"),
    (r"\bwe will\b", "we'll"),
    (r"\btherefore\b", "so"),
    (r"\bhowever\b", "but"),
    (r"\butilize\b", "use"),
    (r"\bin order to\b", "to"),
    ("因此", "所以"),
    ("然而", "不过"),
    ("进行", "做"),
    ("开展", "做"),
)


def _retone(text: str, rules: tuple[tuple[str, str], ...]) -> str:
    for pattern, replacement in rules:
        if pattern.isascii():
            text = re.sub(pattern, replacement, text, flags=re.IGNORECASE)
        else:
            text = text.replace(pattern, replacement)
    return text


def _has_figure(point: str) -> bool:
    return bool(figures.figures_in(point))


_EXAMPLE = re.compile(r"for example|for instance|e\.g\.|such as|例如|比如|譬如|举例", re.I)


def _extra_points(pool: Pool, current: str, predicate: object = None) -> list[Point]:
    present = key_of(current)
    found = []
    for point in pool.available():
        if point.key[:40] in present:
            continue
        if callable(predicate) and not predicate(point.text):
            continue
        found.append(point)
    return found


def _current_text(element: ElementSpec) -> str:
    return element.current if isinstance(element.current, str) else ""


def element_value(task: ElementValueInput) -> ElementSuggestion:
    lang = task.lang
    element = task.element
    instruction = task.instruction
    context = _context_of(task, [element])
    plan = plan_until(context, task.slide.index, lang=lang, project=task.project)
    view = plan.by_index[task.slide.index]
    if view.slide.shown_text or view.slide.shown_values:
        # The slide's other elements are its own: a suggestion for this one does not repeat them.
        plan.claim_shown(view.slide)
    current = _current_text(element)
    preset = instruction.preset
    pool = build_pool(plan, task.slide.index, task.project, lang, instruction.text)
    if not current or element.type != "text":
        fresh = fill_element(
            element,
            pool,
            lang=lang,
            project=task.project,
            images=task.images,
            author="",
            side=_sides([element]).get(element.name),
        )
        if fresh is None:
            value = ValueOut(name=element.name, text=current if element.type == "text" else None)
            return ElementSuggestion(value=value, reason=phrases.say("preset_nothing", lang))
        return ElementSuggestion(
            value=fresh[0], reason=phrases.say("preset_fill", lang), provenance=fresh[1]
        )
    budget = budget_of(element)
    text, key, used = _apply_preset(preset, instruction.text, current, pool, budget)
    fitted = capacity.fit_text(text, budget) or current
    origins = [_from_point(p.text, p) for p in used if key_of(p.text)[:20] in key_of(fitted)]
    return ElementSuggestion(
        value=ValueOut(name=element.name, text=fitted),
        reason=phrases.say(key, lang),
        provenance=origins,
    )


def _apply_preset(
    preset: str | None,
    free_text: str,
    current: str,
    pool: Pool,
    budget: capacity.TextBudget,
) -> tuple[str, str, list[Point]]:
    """(the new text, the reason's key, the material sentences it added)."""

    def appended(extra: list[Point]) -> tuple[str, str, list[Point]]:
        if not extra:
            return current, "preset_nothing", []
        joiner = "\n" if budget.max_items > 1 else " "
        return joiner.join([current, *(p.text for p in extra)]), f"preset_{preset or 'free'}", extra

    if preset == "rewrite":
        # The slide's own sentences for this element, when they differ from what it says.
        fresh = pool.take(budget.max_items, budget.max_chars, budget.cjk_weight)
        candidate = "\n".join(p.text for p in fresh)
        if candidate and key_of(candidate) != key_of(current):
            return candidate, "preset_rewrite", fresh
        return _retone(current, _FORMAL), "preset_rewrite", []
    if preset in ("expand", "add_details"):
        return appended(_extra_points(pool, current)[:2])
    if preset == "summarize":
        lines = [line for line in current.split("\n") if line.strip()]
        keep = max(1, (len(lines) + 1) // 2)
        short = [t.first_sentence(line) or line for line in lines[:keep]]
        return "\n".join(short), "preset_summarize", []
    if preset == "formal_tone":
        return _retone(current, _FORMAL), "preset_formal_tone", []
    if preset == "casual_tone":
        return _retone(current, _CASUAL), "preset_casual_tone", []
    if preset == "add_examples":
        return appended(_extra_points(pool, current, lambda p: _EXAMPLE.search(p))[:1])
    if preset == "add_statistics":
        return appended(_extra_points(pool, current, _has_figure)[:2])
    if preset == "add_quotes":
        quoted = _quote(pool)
        if quoted is not None and quoted[1] not in current:
            return appended([quoted[0]])
        return current, "preset_nothing", []
    # Free text: shorter, or draw on the sentences the instruction asks about. The
    # instruction itself is never written.
    lowered = free_text.lower()
    if re.search(r"short|brief|concise|精简|简短|缩短|精簡|簡短", lowered):
        lines = [line for line in current.split("\n") if line.strip()]
        shorter = [t.first_sentence(line) or line for line in lines[: max(1, len(lines) // 2)]]
        return "\n".join(shorter), "preset_free", []
    return appended(_extra_points(pool, current)[:2])
