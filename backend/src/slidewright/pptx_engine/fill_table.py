"""Filling a native table: resize by cloning rows and columns, then set cell text at run level.

The table keeps its style (`a:tblPr` flags and style id; the header-row flag is set, as the
value's first row is its header) and every cell its own properties
(`a:tcPr`: fills, borders, margins), because new rows and columns are clones of existing ones:
a new row copies the template's data rows alternately from the last two (so hand-made banding
continues), a new column copies the last column. The frame keeps its width (column widths are
rescaled in proportion) and, when rows are added, its height (row heights shrink to share it;
PowerPoint grows a row again if its text needs it).

Merged cells only make sense for the template's own grid: when the value has another shape, or
puts text into a cell a merge hides, the merges are dissolved (no value is ever hidden);
otherwise they are kept.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from slidewright.pptx_engine.deck_spec import TableValue
from slidewright.pptx_engine.ooxml import int_attr, qn

_TBL = f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}"
_TBL_PR = qn("a:tblPr")
_GRID = qn("a:tblGrid")
_GRID_COL = qn("a:gridCol")
_TR = qn("a:tr")
_TC = qn("a:tc")
_TX_BODY = qn("a:txBody")
_MERGE_ATTRS = ("gridSpan", "rowSpan", "hMerge", "vMerge")
_FRAME_EXT = f"{qn('p:xfrm')}/{qn('a:ext')}"
_A16 = "http://schemas.microsoft.com/office/drawing/2014/main"
_ROW_ID = f"{{{_A16}}}rowId"
_COL_ID = f"{{{_A16}}}colId"

CellFiller = Callable[[Any, str], None]


def table_of(frame: Any) -> Any:
    return frame.find(_TBL)


def fill_table(frame: Any, value: TableValue, fill_cell: CellFiller) -> None:
    """Resize the frame's table to the value and fill every cell with `fill_cell(txBody, text)`.

    `fill_cell` writes text into a cell's `a:txBody` (the writer passes the run-level text
    filler bound to this slide).
    """
    table = table_of(frame)
    if table is None:
        return
    rows = table.findall(_TR)
    grid = table.find(_GRID)
    if not rows or grid is None or not grid.findall(_GRID_COL):
        return
    want_rows, want_cols = value.row_count, value.col_count
    have_cols = len(grid.findall(_GRID_COL))
    if (want_rows, want_cols) != (len(rows), have_cols) or _value_under_merge(rows, value):
        _dissolve_merges(table)
    _resize_columns(table, grid, want_cols)
    _resize_rows(frame, table, want_rows)
    _renumber_clone_ids(table)
    _mark_header_row(table)
    for row, texts in zip(table.findall(_TR), value.rows, strict=True):
        for cell, text in zip(row.findall(_TC), texts, strict=False):
            if _is_covered(cell):
                continue  # a merged-away cell: its text would never show
            fill_cell(_cell_body(cell), text)


def _mark_header_row(table: Any) -> None:
    """The value's first row is its header (the formData contract): say so in `a:tblPr`, so
    screen readers name each cell by its column and the table style draws the header."""
    properties = table.find(_TBL_PR)
    if properties is None:
        properties = table.makeelement(_TBL_PR, {})
        table.insert(0, properties)  # `a:tblPr` is the first child of `a:tbl`
    properties.set("firstRow", "1")


def _value_under_merge(rows: list[Any], value: TableValue) -> bool:
    """Whether the value puts text where a merged cell hides it (then the merge must go)."""
    for row, texts in zip(rows, value.rows, strict=False):
        for cell, text in zip(row.findall(_TC), texts, strict=False):
            if text and _is_covered(cell):
                return True
    return False


def _is_covered(cell: Any) -> bool:
    return cell.get("hMerge") in ("1", "true") or cell.get("vMerge") in ("1", "true")


def _cell_body(cell: Any) -> Any:
    body = cell.find(_TX_BODY)
    if body is None:
        body = cell.makeelement(_TX_BODY, {})
        body.append(body.makeelement(qn("a:bodyPr"), {}))
        body.append(body.makeelement(qn("a:lstStyle"), {}))
        body.append(body.makeelement(qn("a:p"), {}))
        cell.insert(0, body)
    return body


def _dissolve_merges(table: Any) -> None:
    for cell in table.iter(_TC):
        for name in _MERGE_ATTRS:
            if name in cell.attrib:
                del cell.attrib[name]


def _resize_columns(table: Any, grid: Any, count: int) -> None:
    cols = grid.findall(_GRID_COL)
    total = sum(int_attr(col, "w", 0) for col in cols)
    while len(cols) > count:
        grid.remove(cols.pop())
        for row in table.iterfind(_TR):
            cells = row.findall(_TC)
            if len(cells) > count:
                row.remove(cells[-1])
    while len(cols) < count:
        clone = copy.deepcopy(cols[-1])
        cols[-1].addnext(clone)
        cols.append(clone)
        for row in table.iterfind(_TR):
            cells = row.findall(_TC)
            if cells:
                cells[-1].addnext(_blank_copy(cells[-1]))
    # Keep the frame width: scale the widths back to the original total.
    widths = [int_attr(col, "w", 0) for col in cols]
    current = sum(widths)
    if total > 0 and current > 0 and current != total:
        scaled = [w * total // current for w in widths]
        scaled[-1] += total - sum(scaled)
        for col, width in zip(cols, scaled, strict=True):
            col.set("w", str(width))


def _resize_rows(frame: Any, table: Any, count: int) -> None:
    rows = table.findall(_TR)
    original = len(rows)
    total = sum(int_attr(row, "h", 0) for row in rows)
    for row in rows[count:]:
        table.remove(row)
    rows = rows[:count]
    while len(rows) < count:
        # Alternate the last two data rows (a header plus one data row: repeat that row).
        back = 2 if original >= 3 and (len(rows) - original) % 2 == 0 else 1
        source = rows[original - back] if original > 1 else rows[-1]
        clone = _blank_copy(source)
        rows[-1].addnext(clone)
        rows.append(clone)
    heights = [int_attr(row, "h", 0) for row in rows]
    if count > original and total > 0 and sum(heights) > total:
        scale = total / sum(heights)
        for row, height in zip(rows, heights, strict=True):
            row.set("h", str(max(1, int(height * scale))))
    ext = frame.find(_FRAME_EXT)
    if ext is not None:
        ext.set("cy", str(sum(int_attr(row, "h", 0) for row in rows)))


def _renumber_clone_ids(table: Any) -> None:
    """Give cloned rows and columns their own `a16:rowId` / `a16:colId`.

    Office 2016+ tags every row and column with an id unique in the table; clones carry their
    source's id, and duplicates are something PowerPoint "repairs".
    """
    for tag in (_ROW_ID, _COL_ID):
        ids = list(table.iter(tag))
        values = [int_attr(node, "val", 0) for node in ids]
        seen: set[int] = set()
        next_value = max(values, default=0) + 1
        for node, value in zip(ids, values, strict=True):
            if value in seen:
                node.set("val", str(next_value))
                seen.add(next_value)
                next_value += 1
            else:
                seen.add(value)


def _blank_copy(element: Any) -> Any:
    """A clone of a row or cell; its text is replaced by the filler right after."""
    clone = copy.deepcopy(element)
    cells = [clone] if clone.tag == _TC else clone.findall(_TC)
    for cell in cells:
        for name in ("rowSpan", "vMerge"):
            if name in cell.attrib:
                del cell.attrib[name]
    return clone
