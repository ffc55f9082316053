"""How much content an element takes: characters and items for text, rows and columns for
tables, categories and series for charts; and cutting values down to that.

The reader records, for a text element, the template's sample (`sampleChars`,
`paragraphCount`), the font size and the box's geometric capacity (`maxChars`, `maxCharsCjk`:
how many Latin or CJK characters fill the box at that size). A box filled to the brim looks
wrong, so the budget given to the assistant is the comfortable part of it: about one and a half
times the sample, never more than 85% of the box (a one-line title: the whole box, since a title
cut short reads worse than a full one). Lengths are counted in Latin-character units in which
a CJK character weighs `maxChars / maxCharsCjk` (about 2), so one rule serves both scripts; the
CJK figure is reported alongside for the model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from slidewright.ai import text as t

DEFAULT_FONT_PT = 18.0
FULL_SHARE = 0.85  # of the box's geometric capacity
SAMPLE_GROWTH = 1.5  # of the template's sample length
MAX_TABLE_ROWS = 12
MAX_TABLE_COLS = 8
MAX_CELL_CHARS = 60
MAX_CATEGORIES = 12
MAX_SERIES = 6
# A list in a content box may be drawn a little smaller: the writer shrinks overflowing text
# as PowerPoint does (see pptx_engine/fit.py), and at 80% a 32 pt agenda is still large type.
# Lines are counted at this size so an agenda in a small box lists its topics, not three.
LIST_SCALE = 0.8


@dataclass(frozen=True)
class TextBudget:
    """`max_chars` in Latin-character units; `max_chars_cjk` the same budget in CJK characters;
    `max_items` the number of paragraphs (bullets, lines); `cjk_weight` a CJK character's width
    in Latin units."""

    max_chars: int
    max_chars_cjk: int
    max_items: int
    sample_chars: int
    sample_items: int
    cjk_weight: float
    # The box's lines and how many Latin characters a line holds, when measured: paragraphs
    # wrap, so a box of 7 lines holds 7 short items but only 3 of two lines each.
    max_lines: int | None = None
    line_chars: float | None = None


@dataclass(frozen=True)
class TableBudget:
    rows: int  # the template's rows, header included
    cols: int
    max_rows: int
    max_cols: int
    cell_chars: int


@dataclass(frozen=True)
class ChartBudget:
    chart_type: str
    categories: int
    series: int
    max_categories: int
    max_series: int


def _lines_in_box(element: dict[str, Any], font_pt: float) -> int:
    height = float((element.get("boundary") or {}).get("height") or 0.0)
    line_height_in = font_pt * 1.2 / 72
    return max(1, math.floor(height * 0.9 / line_height_in)) if height > 0 else 1


def text_budget(element: dict[str, Any]) -> TextBudget:
    capacity = element.get("capacity") or {}
    sample_text = str(element.get("innerText") or "")
    sample_chars = int(capacity.get("sampleChars") or len(sample_text.replace("\n", "")))
    sample_items = int(capacity.get("paragraphCount") or (sample_text.count("\n") + 1))
    box_chars = int(capacity.get("maxChars") or 0)
    box_cjk = int(capacity.get("maxCharsCjk") or 0)
    font_pt = float(capacity.get("fontSizePt") or DEFAULT_FONT_PT)
    if box_chars <= 0:  # nothing measured: a generous paragraph
        box_chars, box_cjk = 400, 200
    cjk_weight = box_chars / box_cjk if box_cjk > 0 else 2.0
    cjk_weight = min(max(cjk_weight, 1.5), 2.5)
    placeholder = (element.get("placeholder") or {}).get("type")
    # A title is said whole while it fits its box: one cut in the middle ("Q3 2024
    # Quarterly…") reads as a mistake, one that nearly fills its box does not.
    share = 1.0 if placeholder in ("title", "ctrTitle") and sample_items <= 1 else FULL_SHARE
    full = max(1, math.floor(box_chars * share))
    if sample_items <= 1:
        # One line or paragraph (a title, a caption): whatever the box holds comfortably.
        comfortable = float(full)
    elif sample_chars > 0:
        comfortable = max(sample_chars * SAMPLE_GROWTH, sample_chars + 20)
    else:  # an empty placeholder: most of the box
        comfortable = box_chars * 0.7
    max_chars = max(1, min(full, math.floor(comfortable)))
    lines = _lines_in_box(element, font_pt)
    # A content placeholder holds a list whatever its one-line prompt says ("Click to add
    # text"): as many items as its lines hold once wrapped (an agenda's topics take a line
    # each, sentences two or more). Elsewhere the sample's own shape bounds what is written.
    by_lines = sample_items <= 1 and placeholder in ("body", "obj") and lines >= 4
    list_lines = _lines_in_box(element, font_pt * LIST_SCALE)
    if by_lines:
        max_items = max(2, min(8, list_lines))
    elif sample_items <= 1:
        max_items = 1 if lines < 4 or sample_chars < 60 else min(3, lines // 2)
    else:
        max_items = min(max(lines, sample_items), sample_items + max(1, sample_items // 3))
    measured = by_lines and bool(capacity.get("maxChars"))
    if measured:  # at LIST_SCALE the box holds 1/LIST_SCALE² as many characters
        max_chars = max(max_chars, math.floor(full / LIST_SCALE**2))
    return TextBudget(
        max_chars=max_chars,
        max_chars_cjk=max(1, math.floor(max_chars / cjk_weight)),
        max_items=max(1, max_items),
        sample_chars=sample_chars,
        sample_items=max(1, sample_items),
        cjk_weight=cjk_weight,
        max_lines=list_lines if measured else None,
        line_chars=max(1.0, box_chars / lines / LIST_SCALE) if measured else None,
    )


def table_budget(element: dict[str, Any]) -> TableBudget:
    table = element.get("table") or {}
    rows = int(table.get("rows") or 4)
    cols = int(table.get("cols") or 3)
    width = float((element.get("boundary") or {}).get("width") or 8.0)
    cell_chars = max(8, min(MAX_CELL_CHARS, math.floor(width * 10 / max(cols, 1))))
    return TableBudget(
        rows=rows,
        cols=cols,
        max_rows=min(MAX_TABLE_ROWS, max(rows + 2, 2)),
        max_cols=min(MAX_TABLE_COLS, max(cols + 1, 2)),
        cell_chars=cell_chars,
    )


def chart_budget(element: dict[str, Any]) -> ChartBudget:
    chart = element.get("chart") or {}
    categories = int(chart.get("categoryCount") or 4)
    series = int(chart.get("seriesCount") or 1)
    kind = str(chart.get("chartType") or "column_clustered")
    single_series = kind.startswith(("pie", "doughnut"))
    return ChartBudget(
        chart_type=kind,
        categories=categories,
        series=series,
        max_categories=min(MAX_CATEGORIES, max(categories + 4, 2)),
        max_series=1 if single_series else min(MAX_SERIES, max(series + 1, 1)),
    )


def fit_text(value: str, budget: TextBudget) -> str:
    """`value` cut to the budget: at most `max_items` paragraphs, each kept whole while the
    total fits, the last one cut at a sentence or word boundary."""
    paragraphs = [line for line in t.clean(value).split("\n") if line.strip()]
    paragraphs = paragraphs[: budget.max_items]
    kept: list[str] = []
    used = 0.0
    lines = 0
    for paragraph in paragraphs:
        size = t.width_units(paragraph, budget.cjk_weight)
        wrapped = _wrapped_lines(size, budget)
        if budget.max_lines is not None and kept and lines + wrapped > budget.max_lines:
            break  # the next item would wrap past the bottom of the box
        if used + size <= budget.max_chars:
            kept.append(paragraph)
            used += size
            lines += wrapped
            continue
        room = budget.max_chars - used
        # A cut tail only helps when enough of it is left to say something.
        if room >= min(12.0, budget.max_chars * 0.5) or not kept:
            shortened = t.cut(paragraph, room, budget.cjk_weight)
            if shortened:
                kept.append(shortened)
        break
    return "\n".join(kept)


def _wrapped_lines(size: float, budget: TextBudget) -> int:
    if budget.line_chars is None:
        return 1
    return max(1, math.ceil(size / budget.line_chars))


def text_fits(value: str, budget: TextBudget) -> bool:
    paragraphs = [line for line in value.split("\n") if line.strip()]
    lines = sum(_wrapped_lines(t.width_units(p, budget.cjk_weight), budget) for p in paragraphs)
    return (
        len(paragraphs) <= budget.max_items
        and t.width_units(value, budget.cjk_weight) <= budget.max_chars
        and (budget.max_lines is None or lines <= budget.max_lines)
    )


def fit_table(rows: list[list[str]], budget: TableBudget) -> list[list[str]]:
    width = min(budget.max_cols, max((len(row) for row in rows), default=0))
    fitted = []
    for row in rows[: budget.max_rows]:
        cells = [t.cut(t.one_line(str(cell)), budget.cell_chars) for cell in row[:width]]
        fitted.append(cells + [""] * (width - len(cells)))
    return fitted


def fit_chart(
    categories: list[str], series: list[tuple[str, list[float | None]]], budget: ChartBudget
) -> tuple[list[str], list[tuple[str, list[float | None]]]]:
    count = min(len(categories), budget.max_categories)
    kept = [(name, values[:count]) for name, values in series[: budget.max_series]]
    return [t.cut(t.one_line(c), 40) for c in categories[:count]], kept
