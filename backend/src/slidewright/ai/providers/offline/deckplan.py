"""The offline deck plan: which sentences, series and tables of the materials each slide of
the deck may use, so that nothing is said twice.

Fill all asks for one slide at a time and the answers are accepted together, so a slide
cannot learn what the others took from the project. Instead every call plans the same deck
the same way (deterministic, from the whole deck and all the enabled materials):
- each section of the materials has a home: the slide whose description is most about it;
- a sentence quoted by a slide's description belongs to the first slide quoting it, the
  others to their section's home; a slide may take what is its own, what is nobody's and
  what an earlier slide left over, never what a later slide owns;
- slides before the one asked for are filled (in memory) first, in deck order, and what they
  take is used up; what a slide already shows (accepted values) is its own.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from slidewright.ai import documents, instructions, phrases, series
from slidewright.ai import text as t
from slidewright.ai.classify import KINDS, content_kind
from slidewright.ai.tasks import DeckContext, MaterialDoc, PlanSlide, ValueOrigin

_FILE_NAME = re.compile(r"\b[\w\-]+\.(?:md|markdown|txt|docx?|pptx?|pdf|xlsx?|csv)\b", re.I)
_STRUCTURAL = ("title", "agenda", "closing")


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


def key_of(text: str) -> str:
    """A sentence's identity: no case, spacing, bullets or end punctuation, no ellipsis."""
    return (
        re.sub(r"[\s…。.!?！？；;:：,，、\"“”'‘’()（）]+", " ", t.one_line(text)).strip().casefold()
    )


def _clauses(text: str) -> list[str]:
    """The clauses of a description or instruction, instructions left out."""
    clauses = []
    for segment in re.split(r"[;；]", t.one_line(text)):
        for sentence in t.sentences(segment):
            for part in instructions.split_run_ons(sentence):
                part = part.strip()
                if part and not instructions.is_instruction(part):
                    clauses.append(part)
    return clauses


def content_clauses(text: str) -> list[str]:
    """The clauses of a description or instruction that say something: instructions and
    table rows (quoted from a material, whose table is used whole) left out."""
    return [c for c in _clauses(text) if not documents.split_row(c)]


def split_description(description: str) -> tuple[str | None, str, str]:
    """(kind named by a prefix like 'Chart slide:', heading, the rest). A heading ends at a
    dash ('Heading — points', the offline outline's form) or at a colon; an instruction is
    never a heading, nor part of the rest."""
    text = " ".join(_clauses(description))
    parts = re.split(r"[:：]", text, maxsplit=1)
    if len(parts) == 2 and parts[0].strip().casefold() in _PREFIXES:
        return _PREFIXES[parts[0].strip().casefold()], parts[0].strip(), parts[1].strip()
    dashed = re.split(r"\s+—\s+|——", text, maxsplit=1)
    if len(dashed) == 2 and t.width_units(dashed[0]) <= 70:
        return None, dashed[0].strip(), dashed[1].strip()
    if len(parts) == 2 and t.width_units(parts[0]) <= 40 and not documents.split_row(parts[0]):
        return None, parts[0].strip(), parts[1].strip()
    first = t.strip_end_punctuation(t.cut(re.split(r"[,，;；|]", text, maxsplit=1)[0], 60))
    return None, first, text


# ---------------------------------------------------------------------------------------------
# What the materials hold


@dataclass
class Point:
    """A sentence or list item of a material, with where it came from."""

    id: int
    text: str
    section: int
    words: frozenset[str]
    key: str
    origin: ValueOrigin
    series_key: str | None = None  # the list series it is an item of


@dataclass
class SeriesFact:
    data: series.Series
    section: int
    origin: ValueOrigin
    words: frozenset[str]
    table: int | None = None  # the table it was read from
    point_ids: tuple[int, ...] = ()


@dataclass
class TableFact:
    id: int
    rows: list[list[str]]
    section: int
    origin: ValueOrigin
    words: frozenset[str]
    series_keys: tuple[str, ...] = ()


@dataclass
class Facts:
    titles: list[str] = field(default_factory=list)  # per section
    words: list[frozenset[str]] = field(default_factory=list)  # per section
    doc_titles: list[str] = field(default_factory=list)  # per section: its document's title
    points: list[Point] = field(default_factory=list)
    series: list[SeriesFact] = field(default_factory=list)
    tables: list[TableFact] = field(default_factory=list)


def _origin(material: MaterialDoc, section: documents.Section, excerpt: str) -> ValueOrigin:
    return ValueOrigin(
        text="",
        source="material",
        excerpt=t.cut(t.one_line(excerpt), 300),
        material_id=material.id,
        filename=material.filename,
        section=section.title,
    )


def _usable(point: str, filenames: set[str]) -> bool:
    """Not a file name, not a table row, not empty."""
    return (
        bool(point.strip())
        and not _FILE_NAME.search(point)
        and not any(name and name in point for name in filenames)
    )


@functools.lru_cache(maxsize=8)
def _facts(materials: tuple[tuple[str, str, str], ...]) -> Facts:
    """Everything the materials offer, read once per set of materials (Fill all asks for
    every slide in turn with the same materials)."""
    facts = Facts()
    filenames = {filename for _, filename, _ in materials}
    for material_id, filename, text in materials:
        material = MaterialDoc(id=material_id, filename=filename, text=text)
        doc_title, sections = documents.parse_sections(text)
        for section in sections:
            number = len(facts.titles)
            title = section.heading_or_first_sentence()
            facts.titles.append(title)
            facts.words.append(frozenset(t.keywords(f"{section.title} {section.text()}")))
            facts.doc_titles.append(doc_title or "")
            ids: dict[str, int] = {}
            for point in section.points():
                if not _usable(point, filenames):
                    continue
                ids[point] = len(facts.points)
                facts.points.append(
                    Point(
                        id=len(facts.points),
                        text=t.one_line(point),
                        section=number,
                        words=frozenset(t.keywords(point)),
                        key=key_of(point),
                        origin=_origin(material, section, point),
                    )
                )
            topic = frozenset(t.keywords(section.title))
            found = series.list_series(section.bullets, f"{material_id}:{number}", title)
            if found is not None:
                members = tuple(ids[line] for line in found.lines if line in ids)
                for member in members:
                    facts.points[member].series_key = found.key
                facts.series.append(
                    SeriesFact(
                        found,
                        number,
                        _origin(material, section, "\n".join(found.lines)),
                        topic | frozenset(t.keywords(" ".join(found.categories))),
                        point_ids=members,
                    )
                )
            table = documents.numeric_table(section.rows) or (
                section.rows if len(section.rows) >= 2 else None
            )
            if table:
                table_id = len(facts.tables)
                found_series = series.table_series(table, f"{material_id}:{number}:t", title)
                excerpt = "\n".join(" | ".join(row) for row in table)
                words = topic | frozenset(t.keywords(excerpt))
                facts.tables.append(
                    TableFact(
                        table_id,
                        table,
                        number,
                        _origin(material, section, excerpt),
                        words,
                        tuple(s.key for s in found_series),
                    )
                )
                facts.series.extend(
                    SeriesFact(
                        s,
                        number,
                        _origin(material, section, "\n".join(s.lines)),
                        words,
                        table=table_id,
                    )
                    for s in found_series
                )
    return facts


def facts_of(materials: list[MaterialDoc]) -> Facts:
    return _facts(tuple((m.id, m.filename, m.text) for m in materials))


# ---------------------------------------------------------------------------------------------
# What each slide is about


@dataclass
class SlideView:
    slide: PlanSlide
    kind: str  # its template slide's, when that is a title, agenda or closing slide
    described: str  # what its description asks for
    heading: str
    rest: str
    words: frozenset[str]
    heading_words: frozenset[str]
    quoted_keys: str  # the description's content, as a key, to find quoted sentences in

    @property
    def index(self) -> int:
        return self.slide.index


def view_of(slide: PlanSlide, position: int, total: int) -> SlideView:
    prefix_kind, heading, rest = split_description(slide.description)
    described = prefix_kind or content_kind(slide.description, position, total)
    kind = slide.kind if slide.kind in _STRUCTURAL else described
    # Quoted table rows count: they say which table the slide is about.
    clauses = _clauses(slide.description)
    words = instructions.subject_words(" ".join(clauses))
    return SlideView(
        slide=slide,
        kind=kind,
        described=described,
        heading=t.strip_end_punctuation(heading),
        rest=rest,
        words=words,
        heading_words=frozenset(t.keywords(heading)),
        quoted_keys=" ".join(key_of(c) for c in clauses),
    )


def _quotes(view: SlideView, text: str) -> bool:
    """Whether the description quotes `text` (the outline quotes sentences, cut short)."""
    key = key_of(text)
    probe = key[:40] if len(key) > 40 else key
    return len(probe) >= 8 and probe in view.quoted_keys


def threshold(words: frozenset[str], cjk: bool) -> int:
    """Shared words that make a sentence relevant: CJK words are bigrams, several per word."""
    return 1 if len(words) <= 3 else (3 if cjk else 2)


@dataclass
class Ledger:
    keys: set[str] = field(default_factory=set)  # sentences used
    series: set[str] = field(default_factory=set)
    tables: set[int] = field(default_factory=set)


class DeckPlan:
    """The deck's slides, the materials' facts, who owns what and what is used up."""

    def __init__(self, context: DeckContext) -> None:
        self.facts = facts_of(context.materials)
        slides = sorted(context.slides, key=lambda s: s.index)
        self.views = [view_of(s, n, len(slides)) for n, s in enumerate(slides)]
        self.by_index = {v.index: v for v in self.views}
        self.used = Ledger()
        content = [v for v in self.views if v.described not in _STRUCTURAL]
        self.home: list[int | None] = []
        self.title_words = [frozenset(t.keywords(title)) for title in self.facts.titles]
        for number, title_words in enumerate(self.title_words):
            best: tuple[int, int] | None = None
            for view in content:
                score = 3 * len(view.heading_words & title_words) + len(
                    view.words & self.facts.words[number]
                )
                if score > 0 and (best is None or score > best[0]):
                    best = (score, view.index)
            self.home.append(best[1] if best else None)
        self.owner: dict[int, int | None] = {}
        for point in self.facts.points:
            quoting = next((v.index for v in content if _quotes(v, point.text)), None)
            self.owner[point.id] = quoting if quoting is not None else self.home[point.section]

    # -- ownership ---------------------------------------------------------------------------

    def may_use(self, owner: int | None, index: int) -> bool:
        """A slide may take what is its own, nobody's, or left over by an earlier slide."""
        return owner is None or owner <= index

    def is_used(self, point: Point) -> bool:
        return point.key in self.used.keys or (
            point.series_key is not None and point.series_key in self.used.series
        )

    def use_point(self, point: Point) -> None:
        self.used.keys.add(point.key)

    def use_series(self, fact: SeriesFact) -> None:
        self.used.series.add(fact.data.key)
        if fact.table is not None:
            self.use_table(self.facts.tables[fact.table])
        for member in fact.point_ids:
            self.used.keys.add(self.facts.points[member].key)

    def use_table(self, table: TableFact) -> None:
        self.used.tables.add(table.id)
        self.used.series.update(table.series_keys)

    def series_free(self, fact: SeriesFact) -> bool:
        if fact.data.key in self.used.series:
            return False
        if fact.table is not None and fact.table in self.used.tables:
            return False
        return not any(self.facts.points[m].key in self.used.keys for m in fact.point_ids)

    # -- what a slide already shows is its own -------------------------------------------------

    def claim_shown(self, slide: PlanSlide) -> None:
        shown = key_of(" ".join(slide.shown_text))
        if shown:
            for point in self.facts.points:
                probe = point.key[:40]
                if len(probe) >= 8 and probe in shown:
                    self.use_point(point)
        values = {tuple(v) for v in slide.shown_values if v}
        for fact in self.facts.series:
            if any(v in values for v in fact.data.value_sets()):
                self.use_series(fact)

    # -- candidates for one slide ----------------------------------------------------------------

    def points_for(self, index: int, extra_words: frozenset[str] = frozenset()) -> list[Point]:
        """The sentences slide `index` may use, best first: those its description quotes, then
        its sections' own, then others about its subject."""
        view = self.by_index[index]
        words = view.words | extra_words
        need = threshold(words, t.is_mostly_cjk(view.slide.description))
        ranked: list[tuple[tuple[int, int, int, int, int], Point]] = []
        for point in self.facts.points:
            if self.is_used(point):
                continue
            owner = self.owner[point.id]
            quoted = _quotes(view, point.text)
            if not quoted and not self.may_use(owner, index):
                continue
            relevance = len(words & point.words)
            mine = owner == index or self.home[point.section] == index
            if not (quoted or mine or relevance >= need):
                continue
            # Of its own sentences, those of the section it is named after come first: a
            # 'Headline results' slide lists the headline results before the document's
            # introduction, which also has its home there.
            named = bool(self.title_words[point.section] & view.heading_words)
            # Quoted and own sentences keep the material's order; the others come by relevance.
            order = 0 if quoted or mine else -relevance
            ranked.append(((-int(quoted), -int(mine), -int(named), order, point.id), point))
        ranked.sort(key=lambda item: item[0])
        return [point for _, point in ranked]

    def _rank_facts(self, index: int, facts: list[tuple[int, frozenset[str], str]]) -> list[int]:
        """Positions of the series or tables slide `index` may use, best first."""
        view = self.by_index[index]
        ranked = []
        for position, (section, words, excerpt) in enumerate(facts):
            home = self.home[section]
            quoted = any(_quotes(view, line) for line in excerpt.split("\n"))
            if not quoted and not self.may_use(home, index):
                continue
            relevance = len(view.words & words)
            mine = home == index
            if quoted or mine or relevance > 0:
                ranked.append(((-int(quoted), -int(mine), -relevance, position), position))
        ranked.sort()
        return [position for _, position in ranked]

    def series_for(self, index: int) -> list[SeriesFact]:
        free = [f for f in self.facts.series if self.series_free(f)]
        order = self._rank_facts(index, [(f.section, f.words, f.origin.excerpt) for f in free])
        return [free[i] for i in order]

    def tables_for(self, index: int) -> list[TableFact]:
        free = [
            table
            for table in self.facts.tables
            if table.id not in self.used.tables
            and not any(key in self.used.series for key in table.series_keys)
        ]
        order = self._rank_facts(index, [(f.section, f.words, f.origin.excerpt) for f in free])
        return [free[i] for i in order]
