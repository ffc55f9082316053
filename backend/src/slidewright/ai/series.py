"""Data series in a material: what may honestly become a chart.

A chart is only proposed from a real series: a table of figures (Markdown or Word), or a list
of like items that each carry one figure, all in one unit. A table whose columns mix units is
read row by row when each row keeps one unit ('Revenue ($M) | 35.1 | 38.0'); values in
different units are never put on one chart, and dates, years and periods are labels, never
values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from slidewright.ai import figures
from slidewright.ai import text as t

MIN_LIST_ITEMS = 3  # two bars are a sentence, not a chart
MAX_LABEL_UNITS = 40
_LABEL_TAIL = re.compile(
    r"(?:\s+(?:was|were|is|are|of|at|to|reached|grew|rose|fell|by|about|around|up|down)"
    r"|[:：=,，\-–—]|达到|为|是|约|增长|下降|同比|占)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Series:
    """One chart's worth of data: categories and one or more value lists, all in `unit`.
    `lines[i]` is the material line category i was read from (provenance); `written[i]` the
    figure as written in a list item, or '' when the unit comes from a table header."""

    key: str
    unit: str
    name: str
    categories: tuple[str, ...]
    series: tuple[tuple[str, tuple[float | None, ...]], ...]
    lines: tuple[str, ...]
    written: tuple[str, ...]

    def value_sets(self) -> list[tuple[float, ...]]:
        return [tuple(v for v in values if v is not None) for _, values in self.series]

    def parts_of_a_whole(self) -> bool:
        """Whether a pie or a doughnut may show it: its slices must make one whole. Rates
        ("81% active, 64% invited a colleague") are no shares, so percentages must add up to
        about 100; amounts (sales by channel) are parts of their total, a negative one is not."""
        sets = self.value_sets()
        return bool(sets) and all(self._one_whole(values) for values in sets)

    def _one_whole(self, values: tuple[float, ...]) -> bool:
        """One series (2023's shares, say; 2024's are another whole)."""
        if not values or any(v < 0 for v in values):
            return False
        return self.unit != "%" or 98 <= sum(values) <= 102


def _cell_units(cells: list[str], hint: str | None) -> tuple[str | None, list[float | None]]:
    """(the one unit of these cells, their values), or (None, []) when they are not all
    figures of one unit (a blank or dash cell is a gap)."""
    units: set[str] = set()
    values: list[float | None] = []
    for cell in cells:
        if cell.strip() in ("", "-", "–", "—", "n/a", "N/A"):
            values.append(None)
            continue
        if figures.is_date_or_period(cell):
            return None, []
        figure = figures.sole_figure(cell)
        if figure is None:
            return None, []
        plain = figure.unit == "count" or figure.unit.startswith("count:")
        units.add(hint if plain and hint else figure.unit)
        values.append(figure.value)
    if len(units) != 1 or sum(v is not None for v in values) < 2:
        return None, []
    return units.pop(), values


def _row_line(row: list[str]) -> str:
    return " | ".join(row)


def table_series(rows: list[list[str]], key: str, title: str) -> list[Series]:
    """The series of a table: its figure columns grouped by unit, else its figure rows grouped
    by unit (a table of metrics by period). Empty when the table holds no clean series."""
    if len(rows) < 3:
        return []
    header, body = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    if len(body) < 2 or any(figures.sole_figure(row[0]) for row in body):
        return []
    by_unit: dict[str, list[tuple[str, tuple[float | None, ...]]]] = {}
    for column in range(1, len(header)):
        unit, values = _cell_units([row[column] for row in body], figures.unit_hint(header[column]))
        if unit is not None:
            by_unit.setdefault(unit, []).append((header[column], tuple(values)))
    if by_unit:
        categories = tuple(row[0] for row in body)
        lines = tuple(_row_line(row) for row in body)
        return [
            Series(
                f"{key}:c:{unit}", unit, title, categories, tuple(group), lines, ("",) * len(lines)
            )
            for unit, group in by_unit.items()
        ]
    rows_by_unit: dict[str, list[tuple[str, tuple[float | None, ...]]]] = {}
    lines_by_unit: dict[str, list[str]] = {}
    for row in body:
        unit, values = _cell_units(row[1:], figures.unit_hint(row[0]))
        if unit is not None:
            rows_by_unit.setdefault(unit, []).append((row[0], tuple(values)))
            lines_by_unit.setdefault(unit, []).append(_row_line(row))
    categories = tuple(header[1:])
    return [
        Series(
            f"{key}:r:{unit}",
            unit,
            title,
            categories,
            tuple(group),
            tuple(lines_by_unit[unit]),
            ("",) * len(categories),
        )
        for unit, group in rows_by_unit.items()
    ]


def list_series(items: list[str], key: str, title: str) -> Series | None:
    """A list of like items ('North America: 12%', '华东地区：增长25%'): each with one figure
    after its label, all in one unit, most of the list. None otherwise."""
    labelled: list[tuple[str, figures.Figure, str]] = []
    for item in items:
        found = figures.figures_in(item)
        if len(found) != 1:
            continue
        figure = found[0]
        label = _LABEL_TAIL.sub("", item[: figure.start].strip()).strip(" -–—:：,，")
        tail = item[figure.end :].strip()
        if not label or t.width_units(label) > MAX_LABEL_UNITS or t.width_units(tail) > 30:
            continue
        labelled.append((label, figure, item))
    units = {figure.unit for _, figure, _ in labelled}
    if len(labelled) < MIN_LIST_ITEMS or len(units) != 1 or len(labelled) * 3 < len(items) * 2:
        return None
    labels = [label for label, _, _ in labelled]
    if len({label.casefold() for label in labels}) != len(labels):
        return None
    return Series(
        key=f"{key}:l",
        unit=units.pop(),
        name=title,
        categories=tuple(labels),
        series=((title, tuple(figure.value for _, figure, _ in labelled)),),
        lines=tuple(item for _, _, item in labelled),
        written=tuple(figure.text for _, figure, _ in labelled),
    )
