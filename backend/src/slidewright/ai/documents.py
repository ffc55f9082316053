"""Reading materials for the assistant: sections (headings with their paragraphs, bullets and
table rows), relevant passages for a slide, and the figures, tables and quotes in a text.

Material text is what the materials parsers produce: Markdown-ish, with '# ' headings, '- '
bullets and 'a | b | c' table rows (Word tables), or plain text. Plain text without headings
gets headings from its short title-like lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from slidewright.ai import text as t

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_TABLE_SEPARATOR = re.compile(r"^[\s|:\-+]+$")
_QUOTE = re.compile(r"[“\"「『]([^”\"」』]{12,300})[”\"」』]")
_ATTRIBUTION = re.compile(
    r"^\s*[,，]?\s*(?:[—–\-]{1,2}|――|——|said|says|说|說|表示)\s*([^\n.。;；]{2,60})"
)
_PLAIN_HEADING_MAX = 60  # units


@dataclass
class Section:
    title: str
    level: int
    paragraphs: list[str] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    order: int = 0
    # Paragraphs and bullets in the order they were written.
    items: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.paragraphs or self.bullets or self.rows)

    def points(self) -> list[str]:
        """The bullets and the paragraphs' sentences, in the order they were written."""
        found: list[str] = []
        for item in self.items:
            found.extend([item] if item in self.bullets else t.sentences(item))
        return t.dedupe(found)

    def text(self) -> str:
        lines = [*self.paragraphs, *(f"- {b}" for b in self.bullets)]
        lines.extend(" | ".join(row) for row in self.rows)
        return "\n".join(lines)

    def heading_or_first_sentence(self, limit: float = 50) -> str:
        if self.title:
            return self.title
        first = t.first_sentence(self.paragraphs[0]) if self.paragraphs else ""
        first = first or (self.bullets[0] if self.bullets else "")
        return t.strip_end_punctuation(t.cut(first, limit))


def split_row(line: str) -> list[str] | None:
    if "|" in line:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        return cells if len(cells) >= 2 else None
    if "\t" in line:
        cells = [cell.strip() for cell in line.split("\t")]
        return cells if len(cells) >= 2 else None
    return None


def _looks_like_plain_heading(line: str, next_line: str) -> bool:
    stripped = line.strip()
    return (
        bool(stripped)
        and bool(next_line.strip())
        and t.width_units(stripped) <= _PLAIN_HEADING_MAX
        and not stripped.endswith(
            (".", "。", "!", "！", "?", "？", ";", "；", ":", "：", ",", "，")
        )
        and not t.is_bullet(stripped)
        and split_row(stripped) is None
        and len(t.sentences(stripped)) == 1
        and not t.NUMBER.fullmatch(stripped)
    )


def _continues(previous: str, line: str) -> bool:
    """Whether `line` carries on the sentence of `previous` (a soft-wrapped paragraph) rather
    than starting a paragraph of its own (one paragraph per line, as pasted text often is)."""
    if previous.endswith((".", "。", "!", "！", "?", "？", "”", '"', "」", ":", "：")):
        return False
    # Chinese documents hold one paragraph per line: only Latin text is soft-wrapped.
    return line[:1].islower()


def parse_sections(text: str) -> tuple[str | None, list[Section]]:
    """(the document's title when it has one, its non-empty sections in order)."""
    lines = t.clean(text).split("\n")
    markdown = any(_HEADING.match(line) for line in lines)
    sections: list[Section] = [Section(title="", level=1)]
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            joined = "".join(paragraph) if t.has_cjk("".join(paragraph)) else " ".join(paragraph)
            sections[-1].paragraphs.append(joined.strip())
            sections[-1].items.append(joined.strip())
            paragraph.clear()

    for number, line in enumerate(lines):
        next_line = lines[number + 1] if number + 1 < len(lines) else ""
        heading = _HEADING.match(line)
        if heading is None and not markdown and _looks_like_plain_heading(line, next_line):
            previous = lines[number - 1] if number > 0 else ""
            if not previous.strip():
                flush()
                sections.append(Section(title=line.strip(), level=2))
                continue
        if heading is not None:
            flush()
            sections.append(Section(title=heading.group(2).strip(), level=len(heading.group(1))))
            continue
        if not line.strip():
            flush()
            continue
        row = split_row(line)
        if row is not None:
            flush()
            if not _TABLE_SEPARATOR.match(line):
                sections[-1].rows.append(row)
            continue
        if t.is_bullet(line):
            flush()
            sections[-1].bullets.append(t.strip_bullet(line))
            sections[-1].items.append(t.strip_bullet(line))
            continue
        if paragraph and not _continues(paragraph[-1], line.strip()):
            flush()
        paragraph.append(line.strip())
    flush()

    doc_title: str | None = None
    level_one = [s for s in sections if s.title and s.level == 1]
    if len(level_one) == 1 and sections[1:2] == level_one and len(sections) > 2:
        doc_title = level_one[0].title
        # The title's own paragraphs (an introduction) stay as an untitled section.
        level_one[0].title = ""
    found = [s for s in sections if not s.empty]
    for order, section in enumerate(found):
        section.order = order
    # A document of sub-sections only: its top headings are the sections.
    return doc_title, found


def section_passage(section: Section, limit_chars: int = 1200) -> str:
    head = f"# {section.title}\n" if section.title else ""
    body = section.text()
    if len(body) > limit_chars:
        body = t.cut(body.replace("\n", " \n"), limit_chars).replace(" \n", "\n")
    return head + body


def rank_sections(
    sections: list[tuple[int, Section]], query: str, budget_chars: int
) -> list[tuple[int, Section, str]]:
    """The sections most relevant to `query` that fit in `budget_chars` (each cut to a passage),
    returned in document order. With no query words, the first sections in order."""
    words = set(t.keywords(query))
    scored = []
    for material_index, section in sections:
        passage = section_passage(section)
        score = t.overlap(words, t.keywords(passage)) if words else 0
        # The heading counts double: it says what the section is about.
        score += t.overlap(words, t.keywords(section.title)) if words else 0
        scored.append((score, material_index, section.order, section, passage))
    if words:
        scored.sort(key=lambda item: (-item[0], item[1], item[2]))
        relevant = [item for item in scored if item[0] > 0] or scored[:2]
    else:
        relevant = scored
    chosen: list[tuple[int, int, int, Section, str]] = []
    used = 0
    for item in relevant:
        size = len(item[4])
        if used + size > budget_chars and chosen:
            continue
        chosen.append(item)
        used += size
        if used >= budget_chars:
            break
    chosen.sort(key=lambda item: (item[1], item[2]))
    return [(item[1], item[3], item[4]) for item in chosen]


# ---------------------------------------------------------------------------------------------
# Figures, tables and quotes


@dataclass(frozen=True)
class DataPoint:
    label: str
    text: str  # the number as written
    value: float


_LABEL_TAIL = re.compile(
    r"(?:\s+(?:was|were|is|are|of|at|to|reached|grew|rose|fell|by|about|around|totaled|totalled)"
    r"|[:：=,，]|达到|为|是|约|增长|下降|同比|占)\s*$",
    re.IGNORECASE,
)


def data_points(texts: list[str]) -> list[DataPoint]:
    """(label, number) pairs, one per line or sentence that holds one main figure: '2023: 120',
    'Asia Pacific grew 32%', '华东地区：增长 32%'."""
    points: list[DataPoint] = []
    seen: set[str] = set()
    for text in texts:
        for sentence in t.sentences(text):
            numbers = [m for m in t.NUMBER.finditer(sentence) if t.to_float(m.group(0)) is not None]
            figures = [m for m in numbers if not t.YEAR.match(m.group(0).strip())]
            years = [m for m in numbers if t.YEAR.match(m.group(0).strip())]
            if len(figures) != 1:
                continue
            figure = figures[0]
            label = sentence[: figure.start()].strip()
            label = _LABEL_TAIL.sub("", label).strip(" -–—:：,，")
            if years and (not label or t.width_units(label) > 30):
                label = years[0].group(0).strip()
            label = t.strip_end_punctuation(t.cut(t.strip_bullet(label), 30))
            value = t.to_float(figure.group(0))
            if not label or value is None or label.casefold() in seen:
                continue
            seen.add(label.casefold())
            points.append(DataPoint(label, figure.group(0).strip(), value))
    return points


def numeric_table(rows: list[list[str]]) -> list[list[str]] | None:
    """`rows` when they look like a table of figures: a header and 2+ rows with numbers."""
    if len(rows) < 3:
        return None
    width = len(rows[0])
    body = [row for row in rows[1:] if len(row) == width]
    numeric = [row for row in body if any(t.to_float(c) is not None for c in row[1:])]
    if len(numeric) < 2:
        return None
    return [rows[0], *body]


def quotes(texts: list[str]) -> list[tuple[str, str]]:
    """(quote, attribution or '') found in the texts."""
    found = []
    for text in texts:
        for match in _QUOTE.finditer(text):
            after = _ATTRIBUTION.match(text[match.end() :])
            attribution = t.strip_end_punctuation(after.group(1)) if after else ""
            # A name and a role, not the next sentence run into it: at most six words.
            attribution = " ".join(attribution.split()[:6]) if " " in attribution else attribution
            found.append((match.group(1).strip(), attribution))
    return found
