"""Offline slide content: values for a slide's elements and single-element suggestions.

Everything comes from the slide's description, the deck around it, the relevant passages of
the enabled materials (chosen by the service) and the gallery: headings, key points, figures,
tables and quotes are found there and cut to each element's capacity. Nothing is invented:
an element with nothing true to put in it is left out (a chart without figures, a picture
without a matching image).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from slidewright.ai import capacity, documents, phrases
from slidewright.ai import text as t
from slidewright.ai.classify import KINDS, content_kind
from slidewright.ai.tasks import (
    ChartOut,
    DeckSlide,
    ElementSpec,
    ElementSuggestion,
    ElementValueInput,
    GalleryImage,
    Passage,
    ProjectInfo,
    SeriesOut,
    SlideData,
    SlideDataInput,
    TableOut,
    ValueOut,
)

_QUOTED_TITLE = re.compile(r"[“「\"]([^”」\"]+)[”」\"]")
_SUBTITLE_AFTER = re.compile(r"(?:——|—| - )\s*(.+)$")


def _kind_prefixes() -> dict[str, str]:
    prefixes = {}
    for kind in KINDS:
        for lang in ("en", "zh-CN", "zh-HK"):
            prefixes[phrases.kind_label(kind, lang).casefold()] = kind
    for lang in ("en", "zh-CN", "zh-HK"):
        prefixes[phrases.say("agenda", lang).casefold()] = "agenda"
    prefixes.update({"title": "title", "closing": "closing", "agenda slide": "agenda"})
    return prefixes


_PREFIXES = _kind_prefixes()


@dataclass
class Pool:
    """What a slide can say."""

    kind: str
    heading: str
    subtitle: str = ""
    points: list[str] = field(default_factory=list)
    data: list[documents.DataPoint] = field(default_factory=list)
    own_data: list[documents.DataPoint] = field(default_factory=list)  # from the description
    section_data: list[documents.DataPoint] = field(default_factory=list)  # its best section
    rows: list[list[str]] | None = None
    quote: tuple[str, str] | None = None
    sources: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    def take(self, count: int) -> list[str]:
        """The next `count` points not used yet by another element of the slide."""
        fresh = [p for p in self.points if p not in self.used][:count]
        self.used.update(fresh)
        return fresh


def split_description(description: str) -> tuple[str | None, str, str]:
    """(kind named by a prefix like 'Chart slide:', heading, the rest). A heading ends at a
    dash ('Heading — points', the offline outline's form) or at a colon."""
    text = t.one_line(description)
    parts = re.split(r"[:：]", text, maxsplit=1)
    if len(parts) == 2 and parts[0].strip().casefold() in _PREFIXES:
        return _PREFIXES[parts[0].strip().casefold()], parts[0].strip(), parts[1].strip()
    dashed = re.split(r"\s+—\s+|——", text, maxsplit=1)
    if len(dashed) == 2 and t.width_units(dashed[0]) <= 70:
        return None, dashed[0].strip(), dashed[1].strip()
    if len(parts) == 2 and t.width_units(parts[0]) <= 40:
        return None, parts[0].strip(), parts[1].strip()
    first = t.strip_end_punctuation(t.cut(re.split(r"[,，;；]", text, maxsplit=1)[0], 60))
    return None, first, text


def _passage_points(
    passages: list[Passage], query: str
) -> tuple[list[str], list[documents.Section], list[str]]:
    """(the passages' points about the query, their sections, the best section's points).

    Points of the best-matching section come first, in order; points elsewhere only when they
    share enough words with the query. Unrelated points are left out."""
    words = set(t.keywords(query))
    sections: list[documents.Section] = []
    for passage in passages:
        sections.extend(documents.parse_sections(passage.text)[1])
    if not sections or not words:
        return [], sections, []
    scores = [t.overlap(words, t.keywords(f"{s.title} {s.text()}")) for s in sections]
    best = max(range(len(sections)), key=lambda i: (scores[i], -i))
    best_points = sections[best].points() if scores[best] > 0 else []
    # CJK words are bigrams: a shared word is several of them.
    threshold = 1 if len(words) <= 3 else (4 if t.is_mostly_cjk(query) else 2)
    scored: list[tuple[int, int, str]] = []
    order = 0
    for number, section in enumerate(sections):
        for point in section.points():
            score = t.overlap(words, t.keywords(point))
            if number != best and score >= threshold:
                scored.append((score, order, point))
            order += 1
    scored.sort(key=lambda item: (-item[0], item[1]))
    points = [*best_points, *(p for _, _, p in scored if p not in best_points)]
    return points, sections, best_points


def build_pool(
    description: str,
    project: ProjectInfo,
    passages: list[Passage],
    *,
    index: int,
    total: int,
    lang: str,
) -> Pool:
    description = description.strip() or project.description
    prefix_kind, head, rest = split_description(description)
    kind = prefix_kind or content_kind(description, index, total)
    subtitle = ""
    heading = head
    if kind == "title":
        quoted = _QUOTED_TITLE.search(rest or description)
        heading = quoted.group(1) if quoted else (project.title or head)
        after = _SUBTITLE_AFTER.search(rest)
        subtitle = after.group(1) if after else t.first_sentence(project.description)
    elif kind == "closing":
        heading = phrases.say("thank_you", lang)
    elif kind == "agenda":
        heading = phrases.say("agenda", lang)
    segments = [s.strip() for s in re.split(r"[;；]", rest) if s.strip()]
    own_rows = [row for row in (documents.split_row(s) for s in segments) if row]
    own = [
        sentence
        for segment in segments
        if documents.split_row(segment) is None
        for sentence in t.sentences(segment)
    ]
    passage_points, sections, best_points = _passage_points(passages, description)
    points = (
        t.dedupe([*own, *passage_points]) if kind not in ("title", "agenda", "closing") else own
    )
    texts = [*(p.text for p in passages), description]
    rows = documents.numeric_table(own_rows) if len(own_rows) >= 3 else None
    query = set(t.keywords(description))
    for section in sorted(
        sections, key=lambda s: -t.overlap(query, t.keywords(s.title + " " + s.text()))
    ):
        found = documents.numeric_table(section.rows)
        # The material's whole table beats the few rows a description quotes from it.
        if found and (rows is None or found[0] == rows[0]):
            rows = found
            break
    found_quotes = documents.quotes(texts)
    return Pool(
        kind=kind,
        own_data=documents.data_points(own),
        section_data=documents.data_points(best_points),
        heading=t.strip_end_punctuation(heading),
        subtitle=subtitle,
        points=[t.one_line(p) for p in points if t.one_line(p)],
        data=documents.data_points([description, *texts[:-1]]),
        rows=rows,
        quote=found_quotes[0] if found_quotes else None,
        sources=list(dict.fromkeys(p.filename for p in passages)),
    )


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


def _heading_of(description: str) -> str:
    kind, head, _ = split_description(description)
    if kind in ("title", "agenda", "closing"):
        return ""
    return t.strip_end_punctuation(head)


def _agenda_items(deck: list[DeckSlide], index: int) -> list[str]:
    items = []
    last = len(deck) - 1
    for slide in deck:
        if slide.index in (index, 0) or (slide.index == last and len(deck) >= 4):
            continue
        heading = _heading_of(slide.content_description)
        if heading:
            items.append(heading)
    return t.dedupe(items)


def _section_number(deck: list[DeckSlide], slide: DeckSlide, sample: str) -> str:
    earlier = [
        s for s in deck if s.index < slide.index and s.pptx_slide_number == slide.pptx_slide_number
    ]
    number = len(earlier) + 1
    return f"{number:02d}" if len(sample.strip()) == 2 else str(number)


def _key_figure(pool: Pool) -> str | None:
    """The first percentage in the slide's points (in order), else its first figure."""
    figures = [
        n for point in [*pool.points[:6]] for n in t.numbers_in(point) if not t.YEAR.match(n)
    ]
    figures += [d.text for d in pool.data]
    with_percent = [f for f in figures if "%" in f]
    chosen = with_percent or figures
    return chosen[0] if chosen else None


def _best_image(images: list[GalleryImage], query: str) -> str | None:
    words = set(t.keywords(query))
    best: tuple[int, int, str] | None = None
    for order, image in enumerate(images):
        score = t.overlap(words, t.keywords(image.alt))
        if score > 0 and (best is None or (score, -order) > (best[0], -best[1])):
            best = (score, order, image.id)
    return best[2] if best else None


def _comparison_sides(pool: Pool) -> tuple[str, str] | None:
    match = re.search(
        r"(.+?)\s*(?:\bvs\.?|\bversus\b|\bor\b|对比|與|与|和|还是|或)\s*(.+)", pool.heading, re.I
    )
    if match is None:
        return None
    left = t.strip_end_punctuation(match.group(1).split(":")[-1].split("：")[-1])
    right = re.sub(r"(?:对比|比较|對比|比較)$", "", t.strip_end_punctuation(match.group(2)))
    return (left, right) if left and right else None


def _table(pool: Pool, lang: str) -> TableOut | None:
    if pool.rows:
        return TableOut(rows=pool.rows)
    if len(pool.data) >= 2:
        header = [phrases.say("item", lang), phrases.say("value", lang)]
        return TableOut(rows=[header, *([d.label, d.text] for d in pool.data)])
    return None


def _series_of(points: list[documents.DataPoint], name: str) -> ChartOut:
    return ChartOut(
        categories=[d.label for d in points],
        series=[SeriesOut(name=t.cut(name, 40), values=[d.value for d in points])],
    )


def _chart(pool: Pool, lang: str) -> ChartOut | None:
    """The description's own figures first, then a table of figures, then any figures."""
    name = pool.heading or phrases.say("value", lang)
    for data in (pool.own_data, pool.section_data):
        if len(data) >= 3:
            return _series_of(data, name)
    for data in (pool.own_data, pool.section_data):
        if len(data) >= 2:
            return _series_of(data, name)
    if pool.rows:
        header, body = pool.rows[0], pool.rows[1:]
        series = []
        for column in range(1, len(header)):
            values = [t.to_float(row[column]) if column < len(row) else None for row in body]
            if any(v is not None for v in values):
                series.append(SeriesOut(name=header[column], values=values))
        if series:
            return ChartOut(categories=[row[0] for row in body], series=series)
    if len(pool.data) >= 2:
        return _series_of(pool.data, name)
    return None


def fill_element(
    element: ElementSpec,
    pool: Pool,
    *,
    lang: str,
    project: ProjectInfo,
    slide: DeckSlide,
    deck: list[DeckSlide],
    images: list[GalleryImage],
    author: str,
    comparison_side: int | None = None,
) -> ValueOut | None:
    """A value for one element, or None when there is nothing true to put in it."""
    if element.type == "picture":
        image_id = _best_image(images, " ".join([pool.heading, *pool.points[:5]]))
        return ValueOut(name=element.name, image_id=image_id) if image_id else None
    if element.type == "table":
        table = _table(pool, lang)
        return ValueOut(name=element.name, table=table) if table else None
    if element.type == "chart":
        chart = _chart(pool, lang)
        return ValueOut(name=element.name, chart=chart) if chart else None
    text = _text_for(element, pool, lang, project, slide, deck, author, comparison_side)
    if not text:
        return None
    fitted = capacity.fit_text(text, budget_of(element))
    return ValueOut(name=element.name, text=fitted) if fitted else None


def _text_for(
    element: ElementSpec,
    pool: Pool,
    lang: str,
    project: ProjectInfo,
    slide: DeckSlide,
    deck: list[DeckSlide],
    author: str,
    side: int | None,
) -> str | None:
    role = element.role
    items = element.max_items or 1
    if role == "title":
        if pool.kind == "closing":
            return phrases.say("thank_you", lang)
        if pool.kind == "agenda":
            return phrases.say("agenda", lang)
        return pool.heading or project.title
    if role == "subtitle":
        if pool.kind == "closing":
            return phrases.say("questions", lang)
        if pool.subtitle:
            return pool.subtitle
        taken = pool.take(1)
        return taken[0] if taken else None
    if role in ("presenter", "contact"):
        return author or None
    if role == "date":
        return None
    if role == "section_number":
        return _section_number(deck, slide, element.sample)
    if role == "agenda":
        agenda = _agenda_items(deck, slide.index) or pool.take(items)
        return "\n".join(agenda[:items]) or None
    if role == "key_figure":
        return _key_figure(pool)
    if role == "quote":
        if pool.quote:
            return pool.quote[0]
        taken = pool.take(1)
        return taken[0] if taken else None
    if role == "attribution":
        return pool.quote[1] if pool.quote and pool.quote[1] else None
    if role == "source":
        files = ", ".join(pool.sources)
        return phrases.say("source", lang, files=files) if files else None
    if role == "heading":
        sides = _comparison_sides(pool)
        if sides and side is not None:
            return sides[min(side, 1)]
        taken = pool.take(1)
        return t.strip_end_punctuation(t.cut(taken[0], element.max_chars or 40)) if taken else None
    if role in ("caption", "summary", "text"):
        # A whole sentence reads better there than a 'label: figure' item.
        sentences = [p for p in pool.points if p not in pool.used and t.width_units(p) >= 30]
        if sentences:
            pool.used.add(sentences[0])
            return sentences[0]
        taken = pool.take(1)
        return taken[0] if taken else None
    # body
    if pool.kind == "title":
        return pool.subtitle or None
    if pool.kind == "closing":
        return phrases.say("questions", lang)
    taken = _points_for_side(pool, side, items)
    return "\n".join(taken) or None


def _points_for_side(pool: Pool, side: int | None, count: int) -> list[str]:
    sides = _comparison_sides(pool) if side is not None else None
    if sides:
        words = set(t.keywords(sides[side or 0]))
        other = set(t.keywords(sides[1 - (side or 0)]))
        mine = [
            p
            for p in pool.points
            if p not in pool.used
            and t.overlap(words, t.keywords(p)) >= t.overlap(other, t.keywords(p))
            and t.overlap(words, t.keywords(p)) > 0
        ][:count]
        if mine:
            pool.used.update(mine)
            return mine
    return pool.take(count)


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


def slide_data(task: SlideDataInput) -> SlideData:
    lang = task.lang
    description = task.slide.content_description
    if task.instruction.strip():
        description = f"{description} {task.instruction.strip()}".strip()
    pool = build_pool(
        description,
        task.project,
        task.passages,
        index=task.slide.index,
        total=task.slide_count,
        lang=lang,
    )
    if task.template_slide.kind in ("title", "closing", "agenda") and pool.kind not in (
        "title",
        "closing",
        "agenda",
    ):
        pool.kind = task.template_slide.kind
        if pool.kind == "title" and not pool.subtitle:
            pool.subtitle = t.first_sentence(task.project.description)
    sides = _sides(task.elements) if task.template_slide.kind == "comparison" else {}
    # Headings and titles first: bodies then take the points that are left.
    order = sorted(
        task.elements,
        key=lambda e: 0 if e.role in ("title", "heading", "subtitle") else 1,
    )
    values = []
    for element in order:
        value = fill_element(
            element,
            pool,
            lang=lang,
            project=task.project,
            slide=task.slide,
            deck=task.deck,
            images=task.images,
            author=task.author,
            comparison_side=sides.get(element.name),
        )
        if value is not None:
            values.append(value)
    by_name = {e.name: i for i, e in enumerate(task.elements)}
    values.sort(key=lambda v: by_name.get(v.name, 0))
    return SlideData(values=values, notes=_notes(pool, lang))


def _notes(pool: Pool, lang: str) -> str:
    heading = pool.heading or phrases.say("overview", lang)
    if pool.kind == "title" and pool.subtitle:
        return phrases.say("notes_plain", lang, heading=f"{heading} — {pool.subtitle}")
    points = [t.strip_end_punctuation(t.cut(p, 120)) for p in pool.points[:3]]
    text = (
        phrases.say("notes", lang, heading=heading, points=t.joiner_for(points).join(points))
        if points
        else phrases.say("notes_plain", lang, heading=heading)
    )
    if pool.sources:
        text += phrases.say("notes_sources", lang, files=", ".join(pool.sources))
    return text


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
    return any(not t.YEAR.match(number) for number in t.numbers_in(point))


_EXAMPLE = re.compile(r"for example|for instance|e\.g\.|such as|例如|比如|譬如|举例", re.I)


def _extra_points(pool: Pool, current: str, predicate: object = None) -> list[str]:
    present = {t.one_line(line).casefold() for line in current.split("\n")}
    found = []
    for point in pool.points:
        if t.one_line(point).casefold() in present:
            continue
        if callable(predicate) and not predicate(point):
            continue
        found.append(point)
    return found


def _current_text(element: ElementSpec) -> str:
    return element.current if isinstance(element.current, str) else ""


def element_value(task: ElementValueInput) -> ElementSuggestion:
    lang = task.lang
    element = task.element
    instruction = task.instruction
    description = task.slide.content_description
    if instruction.text.strip():
        description = f"{description} {instruction.text.strip()}".strip()
    pool = build_pool(
        description,
        task.project,
        task.passages,
        index=task.slide.index,
        total=task.slide.index + 2,
        lang=lang,
    )
    if task.template_slide.kind in ("title", "closing", "agenda"):
        pool.kind = task.template_slide.kind
    current = _current_text(element)
    preset = instruction.preset
    fresh = fill_element(
        element,
        pool,
        lang=lang,
        project=task.project,
        slide=task.slide,
        deck=[task.slide],
        images=task.images,
        author="",
        comparison_side=_sides([element]).get(element.name),
    )
    if element.type != "text" or not current:
        value = fresh or ValueOut(
            name=element.name, text=current if element.type == "text" else None
        )
        key = "preset_fill" if fresh else "preset_nothing"
        return ElementSuggestion(value=value, reason=phrases.say(key, lang))
    budget = budget_of(element)
    text, key = _apply_preset(preset, instruction.text, current, pool, budget, fresh)
    return ElementSuggestion(
        value=ValueOut(name=element.name, text=capacity.fit_text(text, budget) or current),
        reason=phrases.say(key, lang),
    )


def _apply_preset(
    preset: str | None,
    free_text: str,
    current: str,
    pool: Pool,
    budget: capacity.TextBudget,
    fresh: ValueOut | None,
) -> tuple[str, str]:
    def appended(extra: list[str]) -> tuple[str, str]:
        if not extra:
            return current, "preset_nothing"
        if budget.max_items > 1:
            return "\n".join([current, *extra]), f"preset_{preset}"
        return " ".join([current, *extra]), f"preset_{preset}"

    if preset == "rewrite":
        candidate = fresh.text if fresh and fresh.text else ""
        if candidate and t.one_line(candidate) != t.one_line(current):
            return candidate, "preset_rewrite"
        return _retone(current, _FORMAL), "preset_rewrite"
    if preset in ("expand", "add_details"):
        return appended(_extra_points(pool, current)[:2])
    if preset == "summarize":
        lines = [line for line in current.split("\n") if line.strip()]
        keep = max(1, (len(lines) + 1) // 2)
        short = [t.first_sentence(line) or line for line in lines[:keep]]
        return "\n".join(short), "preset_summarize"
    if preset == "formal_tone":
        return _retone(current, _FORMAL), "preset_formal_tone"
    if preset == "casual_tone":
        return _retone(current, _CASUAL), "preset_casual_tone"
    if preset == "add_examples":
        return appended(_extra_points(pool, current, lambda p: _EXAMPLE.search(p))[:1])
    if preset == "add_statistics":
        return appended(_extra_points(pool, current, _has_figure)[:2])
    if preset == "add_quotes":
        if pool.quote:
            quoted = f"“{pool.quote[0]}”" + (f" — {pool.quote[1]}" if pool.quote[1] else "")
            if pool.quote[0] not in current:
                return appended([quoted])
        return current, "preset_nothing"
    # Free text: shorter / longer, or draw on the points the instruction asks about.
    lowered = free_text.lower()
    if re.search(r"short|brief|concise|精简|简短|缩短|精簡|簡短", lowered):
        lines = [line for line in current.split("\n") if line.strip()]
        return "\n".join(
            t.first_sentence(line) or line for line in lines[: max(1, len(lines) // 2)]
        ), "preset_free"
    extra = _extra_points(pool, current)[:2]
    if extra:
        return ("\n" if budget.max_items > 1 else " ").join([current, *extra]), "preset_free"
    return current, "preset_nothing"
