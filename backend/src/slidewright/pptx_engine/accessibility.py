"""Accessible slides: what PowerPoint's Accessibility Checker looks for, checked and fixed.

The checks (`slide_problems` for one slide, `accessibility_problems` for a saved deck) are
the ones the checker reports as errors and warnings for a deck like ours, plus reading order:

- `missing_slide_title`: no visible-or-off-slide title placeholder (`title` / `ctrTitle`) with
  text. Screen-reader users move through a deck by its slide titles.
- `missing_alt_text`: a picture or chart with neither a description nor the decorative mark.
- `table_without_header`: a table whose first row is not marked as its header row
  (`a:tblPr/@firstRow`), so a screen reader cannot name a cell by its column.
- `reading_order`: the shape tree (the order screen readers read, see `reading_order.py`)
  differs from the visual order.

`make_accessible` is what the writer does to each slide it builds, before checking it:

- pictures kept from the template without alt text are marked decorative (what PowerPoint's
  "Mark as decorative" writes): they are the template's design (artwork, logos, sample
  photos), not the user's content, and nothing describes them; pictures the writer places get
  the gallery's description (`fill_picture`), or none, and then the check reports them;
- charts without alt text are described from their own data as filled: kind, series names,
  categories (`chart_alt_text.py`), in the deck's language; an author's description stays;
- a slide without a title with text gets one carrying the slide's heading: the first line of
  text a reader meets on the slide (the title is never invented). When the layout has a title
  placeholder and it ended up empty, that placeholder takes the heading; otherwise a title
  placeholder is added. Either way the title sits just above the slide, off the page: slide
  shows, prints, PDFs and thumbnails never show it, while screen readers, the outline and the
  Accessibility Checker find it (Microsoft's own advice for a slide whose design has no
  visible title). A zero-size or same-colour title would be read as well, but PowerPoint and
  LibreOffice still draw a zero-size box's overflowing text, and a same-colour one shows on
  any other background; off the page shows nowhere. The title box is anchored at its bottom
  with autofit off, so a long heading grows upwards, away from the slide;
- the shapes are put in reading order where that keeps the drawing (`z_safe_order`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from slidewright.pptx_engine.alt_text import (
    has_alternative,
    is_decorative,
    mark_decorative,
    set_alt_text,
)
from slidewright.pptx_engine.chart_alt_text import chart_space_of, describe_chart, is_chart_frame
from slidewright.pptx_engine.classify import is_media
from slidewright.pptx_engine.geometry import Rect, own_rect, xfrm_of
from slidewright.pptx_engine.locks import FURNITURE_PLACEHOLDERS
from slidewright.pptx_engine.ooxml import (
    ALTERNATE_CONTENT,
    SHAPE_TAGS,
    bool_attr,
    int_attr,
    non_visual_props,
    placeholder_idx,
    placeholder_of,
    placeholder_type,
    qn,
)
from slidewright.pptx_engine.package import open_presentation
from slidewright.pptx_engine.placeholders import PlaceholderResolver
from slidewright.pptx_engine.reading_order import Box, Item, visual_order, z_safe_order
from slidewright.pptx_engine.text import paragraphs, text_body
from slidewright.pptx_engine.xmledit import BODY_PR_ORDER, insert_ordered, new, sub

ProblemCode = Literal[
    "missing_slide_title", "missing_alt_text", "table_without_header", "reading_order"
]

PROBLEM_CODES: frozenset[str] = frozenset(get_args(ProblemCode))
TITLE_TYPES = frozenset({"title", "ctrTitle"})
# The off-slide title's name in the Selection Pane, in the deck's language.
HIDDEN_TITLE_NAMES = {"en": "Hidden title", "zh-CN": "隐藏标题", "zh-HK": "隱藏標題"}

_SP_TREE = f"{qn('p:cSld')}/{qn('p:spTree')}"
_SP, _PIC, _GROUP = qn("p:sp"), qn("p:pic"), qn("p:grpSp")
_FRAME = qn("p:graphicFrame")
_TBL_PR = f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}/{qn('a:tblPr')}"
_TBL = f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}"
_EFFECTS = (qn("a:effectLst"), qn("a:effectDag"))
_EFFECT_REF = f"{qn('p:style')}/{qn('a:effectRef')}"
_AUTOFIT = tuple(qn(f"a:{name}") for name in ("noAutofit", "normAutofit", "spAutoFit"))
# Outlines reach past a shape's frame by half their width, shadows and glows further: shapes
# this close count as overlapping, so the reading order never moves one across the other.
_OUTLINE_MARGIN = 25400  # 2 pt
_EFFECT_MARGIN = 137160  # 0.15 in
_TITLE_GAP = 228600  # 0.25 in between the off-slide title and the slide's top edge


@dataclass(frozen=True)
class AccessibilityProblem:
    code: ProblemCode
    slide_index: int  # 1-based position in the deck
    shape_id: int | None  # the shape concerned, when it is one shape
    shape_name: str | None
    message: str  # English, for logs and the CLI; the UI words `code`

    def __str__(self) -> str:
        where = f"slide {self.slide_index}" + (f", {self.shape_name!r}" if self.shape_name else "")
        return f"{where}: {self.message}"


# -- the checks ---------------------------------------------------------------------------------


def accessibility_problems(pptx: bytes) -> list[AccessibilityProblem]:
    """Every problem of every slide of a saved deck, slide by slide."""
    presentation = open_presentation(pptx)
    resolver = PlaceholderResolver()
    return [
        problem
        for index, slide in enumerate(presentation.slides, start=1)
        for problem in slide_problems(slide, index, resolver)
    ]


def slide_problems(
    slide: Any, index: int, resolver: PlaceholderResolver | None = None
) -> list[AccessibilityProblem]:
    """The problems of one python-pptx slide (`index` is its 1-based deck position)."""
    tree = slide.element.find(_SP_TREE)
    if tree is None:
        return [_problem("missing_slide_title", index, None, "the slide has no title")]
    problems: list[AccessibilityProblem] = []
    if not any(_is_title(shape) and _has_text(shape) for shape in _drawn_shapes(tree)):
        problems.append(_problem("missing_slide_title", index, None, "the slide has no title"))
    for shape in _drawn_shapes(tree):
        if shape.tag == _PIC and not has_alternative(shape):
            message = "the picture has no alternative text and is not marked decorative"
            problems.append(_problem("missing_alt_text", index, shape, message))
        elif shape.tag == _FRAME and is_chart_frame(shape) and not has_alternative(shape):
            message = "the chart has no alternative text and is not marked decorative"
            problems.append(_problem("missing_alt_text", index, shape, message))
        elif shape.tag == _FRAME and shape.find(_TBL) is not None and not _has_header(shape):
            message = "the table's first row is not marked as a header row"
            problems.append(_problem("table_without_header", index, shape, message))
    shapes = _top_shapes(tree)
    items = _items(shapes, _layout_of(slide), resolver or PlaceholderResolver())
    if visual_order(items) != [item.index for item in items if item.content]:
        message = (
            "screen readers read the shapes in another order than they appear (overlapping "
            "shapes must keep their order, or the drawing would change)"
        )
        problems.append(_problem("reading_order", index, None, message))
    return problems


def _problem(code: ProblemCode, index: int, shape: Any, message: str) -> AccessibilityProblem:
    c_nv_pr = None if shape is None else non_visual_props(shape)
    return AccessibilityProblem(
        code=code,
        slide_index=index,
        shape_id=None if c_nv_pr is None else int_attr(c_nv_pr, "id"),
        shape_name=None if c_nv_pr is None else c_nv_pr.get("name"),
        message=message,
    )


def _has_header(frame: Any) -> bool:
    return bool_attr(frame.find(_TBL_PR), "firstRow")


# -- the fixes ----------------------------------------------------------------------------------

HeadingWriter = Callable[[Any, str], None]


def make_accessible(
    slide: Any,
    *,
    resolver: PlaceholderResolver,
    placed_pictures: set[int],
    write_heading: HeadingWriter,
    slide_size: tuple[int, int],
    lang: str,
) -> None:
    """Fix what can be fixed on a slide the writer built (see the module's docstring).

    `placed_pictures` are the shape ids of pictures the writer filled (their alt text is the
    user's); `write_heading(shape, text)` writes a heading into a title placeholder's text
    the way the writer writes text (language marks, East-Asian fonts).
    """
    tree = slide.element.find(_SP_TREE)
    if tree is None:
        return
    for shape in _drawn_shapes(tree, include_hidden=True):
        if shape.tag != _PIC or is_media(shape) or has_alternative(shape):
            continue
        if int_attr(non_visual_props(shape), "id") not in placed_pictures:
            mark_decorative(shape)
    _describe_charts(slide, tree, lang)
    layout = _layout_of(slide)
    shapes = _top_shapes(tree)
    items = _items(shapes, layout, resolver)
    if not any(_is_title(s.shape) and _has_text(s.shape) for s in shapes if _drawn(s.shape)):
        heading = _heading(shapes, items)
        if heading:
            _add_title(tree, shapes, heading, write_heading, slide_size, lang, layout, resolver)
            shapes = _top_shapes(tree)
            items = _items(shapes, layout, resolver)
    _reorder(tree, shapes, items)


def _describe_charts(slide: Any, tree: Any, lang: str) -> None:
    """Charts without alt text get a description of their data (none when it has nothing to
    say, and then the check reports the chart)."""
    for shape in _drawn_shapes(tree, include_hidden=True):
        if shape.tag != _FRAME or not is_chart_frame(shape) or has_alternative(shape):
            continue
        chart_space = chart_space_of(slide.part, shape)
        description = "" if chart_space is None else describe_chart(chart_space, lang)
        if description:
            set_alt_text(shape, description)


def _heading(shapes: Sequence[_TopShape], items: Sequence[Item]) -> str:
    """The first line of text a reader meets on the slide, titles and footers aside."""
    for index in visual_order(items):
        top = shapes[index].shape
        if _is_title(top):
            continue
        candidates = [top] if top.tag == _SP else list(top.iter(_SP))
        for shape in candidates:
            ph = placeholder_of(shape)
            if ph is not None and placeholder_type(ph) in FURNITURE_PLACEHOLDERS:
                continue
            for line in paragraphs(text_body(shape)):
                words = line.split()
                if words:
                    return " ".join(words)
    return ""


def _add_title(
    tree: Any,
    shapes: Sequence[_TopShape],
    heading: str,
    write_heading: HeadingWriter,
    slide_size: tuple[int, int],
    lang: str,
    layout: Any,
    resolver: PlaceholderResolver,
) -> None:
    slide_width, slide_height = slide_size
    empty = next((s.shape for s in shapes if _is_title(s.shape) and _drawn(s.shape)), None)
    if empty is not None:
        # The layout's own title, left empty: it takes the heading, moved off the slide so the
        # design stays as the user saw it (an empty placeholder shows nothing in a show).
        ph = placeholder_of(empty)
        chain = resolver.chain(layout, placeholder_type(ph), placeholder_idx(ph))
        rect = own_rect(empty, chain.ancestors)
        width = int(rect.width) or slide_width
        height = int(rect.height) or slide_height // 4
        write_heading(empty, heading)
        _place(empty, int(rect.x), -(height + _TITLE_GAP), width, height)
        return
    height = slide_height // 4
    title = _new_title(_next_shape_id(tree), HIDDEN_TITLE_NAMES.get(lang, "Hidden title"))
    _place(title, 0, -(height + _TITLE_GAP), slide_width, height)
    first = shapes[0].element if shapes else None
    if first is not None:
        first.addprevious(title)  # first in the tree: read first, drawn under everything
    else:
        tree.append(title)
    write_heading(title, heading)


def _new_title(shape_id: int, name: str) -> Any:
    shape = new("p:sp")
    nv = sub(shape, "p:nvSpPr")
    sub(nv, "p:cNvPr", {"id": str(shape_id), "name": name})
    sub(sub(nv, "p:cNvSpPr"), "a:spLocks", {"noGrp": "1"})
    sub(sub(nv, "p:nvPr"), "p:ph", {"type": "title"})
    sub(shape, "p:spPr")
    body = sub(shape, "p:txBody")
    sub(body, "a:bodyPr")
    sub(body, "a:lstStyle")
    sub(body, "a:p")
    return shape


def _place(shape: Any, x: int, y: int, width: int, height: int) -> None:
    """Give the shape its own frame and a bottom-anchored body that never autofits."""
    sp_pr = shape.find(qn("p:spPr"))
    if sp_pr is None:
        sp_pr = new("p:spPr")
        shape.find(qn("p:nvSpPr")).addnext(sp_pr)
    xfrm = sp_pr.find(qn("a:xfrm"))
    if xfrm is not None:
        sp_pr.remove(xfrm)
    xfrm = new("a:xfrm")
    sub(xfrm, "a:off", {"x": str(x), "y": str(y)})
    sub(xfrm, "a:ext", {"cx": str(max(width, 1)), "cy": str(max(height, 1))})
    sp_pr.insert(0, xfrm)  # `a:xfrm` is the first child of `p:spPr`
    body = text_body(shape)
    body_pr = None if body is None else body.find(qn("a:bodyPr"))
    if body_pr is None:
        return
    body_pr.set("anchor", "b")
    body_pr.set("wrap", "square")
    for child in list(body_pr):
        if child.tag in _AUTOFIT:
            body_pr.remove(child)
    insert_ordered(body_pr, new("a:noAutofit"), BODY_PR_ORDER)


def _next_shape_id(tree: Any) -> int:
    return max((int_attr(c, "id", 0) for c in tree.iter(qn("p:cNvPr"))), default=1) + 1


def _reorder(tree: Any, shapes: Sequence[_TopShape], items: Sequence[Item]) -> None:
    """Put the top-level shapes in reading order as far as the drawing allows."""
    order = z_safe_order(items, visual_order(items))
    content = {item.index for item in items if item.content}
    current = [item.index for item in items if item.content]
    if [index for index in order if index in content] == current:
        return  # already read in the best order the drawing allows: leave the XML alone
    slots = [tree.index(shape.element) for shape in shapes]
    for shape in shapes:
        tree.remove(shape.element)
    for slot, index in zip(slots, order, strict=True):
        tree.insert(slot, shapes[index].element)


# -- the slide's shapes -------------------------------------------------------------------------


@dataclass(frozen=True)
class _TopShape:
    element: Any  # the child of the shape tree
    shape: Any  # the shape drawn: itself, or the one an `mc:AlternateContent` shows


def _top_shapes(tree: Any) -> list[_TopShape]:
    found = []
    for child in tree:
        if child.tag in SHAPE_TAGS:
            found.append(_TopShape(child, child))
        elif child.tag == ALTERNATE_CONTENT:
            inner = _shown_alternative(child)
            if inner is not None:
                found.append(_TopShape(child, inner))
    return found


def _shown_alternative(alternate: Any) -> Any:
    """The shape PowerPoint shows for an `mc:AlternateContent`: the Choice's, else Fallback's."""
    for branch in alternate:
        for candidate in branch:
            if candidate.tag in SHAPE_TAGS:
                return candidate
    return None


def _drawn(shape: Any) -> bool:
    return not bool_attr(non_visual_props(shape), "hidden")


def _drawn_shapes(container: Any, include_hidden: bool = False) -> Iterator[Any]:
    """Every shape of a tree, depth first through groups (a hidden group hides its shapes)."""
    for child in container:
        shape = _shown_alternative(child) if child.tag == ALTERNATE_CONTENT else child
        if shape is None or shape.tag not in SHAPE_TAGS:
            continue
        if not include_hidden and not _drawn(shape):
            continue
        yield shape
        if shape.tag == _GROUP:
            yield from _drawn_shapes(shape, include_hidden)


def _items(shapes: Sequence[_TopShape], layout: Any, resolver: PlaceholderResolver) -> list[Item]:
    items = []
    for index, top in enumerate(shapes):
        shape = top.shape
        drawn = _drawn(shape)
        items.append(
            Item(
                index=index,
                box=_box(shape, layout, resolver),
                content=drawn and _is_read(shape),
                title=_is_title(shape),
                drawn=drawn,
            )
        )
    return items


def _is_read(shape: Any) -> bool:
    """Whether a screen reader reads the shape: text, a picture, table, chart or other object
    not marked decorative, a described shape, or a group holding any of these."""
    if is_decorative(shape):
        return False
    if shape.tag == _SP:
        return _has_text(shape) or has_alternative(shape)
    if shape.tag in (_PIC, _FRAME):
        return True
    if shape.tag == _GROUP:
        return any(_is_read(inner) for inner in _drawn_shapes(shape) if inner.tag != _GROUP)
    return has_alternative(shape)  # connectors, ink: read only when described


def _is_title(shape: Any) -> bool:
    ph = placeholder_of(shape) if shape.tag == _SP else None
    return ph is not None and placeholder_type(ph) in TITLE_TYPES


def _has_text(shape: Any) -> bool:
    return any(line.strip() for line in paragraphs(text_body(shape)))


def _box(shape: Any, layout: Any, resolver: PlaceholderResolver) -> Box:
    ancestors: tuple[Any, ...] = ()
    ph = placeholder_of(shape)
    if ph is not None and layout is not None:
        ancestors = resolver.chain(layout, placeholder_type(ph), placeholder_idx(ph)).ancestors
    rect = _rotated(own_rect(shape, ancestors), xfrm_of(shape))
    margin = _OUTLINE_MARGIN + (_EFFECT_MARGIN if _has_effects(shape) else 0)
    return Box(rect.x, rect.y, rect.width, rect.height, margin)


def _rotated(rect: Rect, xfrm: Any) -> Rect:
    """The axis-aligned box around the frame turned by its `rot` (60000ths of a degree)."""
    degrees = int_attr(xfrm, "rot", 0) / 60000 if xfrm is not None else 0.0
    if degrees % 180 == 0:
        return rect
    angle = math.radians(degrees)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    width = rect.width * cos + rect.height * sin
    height = rect.width * sin + rect.height * cos
    centre_x, centre_y = rect.x + rect.width / 2, rect.y + rect.height / 2
    return Rect(centre_x - width / 2, centre_y - height / 2, width, height)


def _has_effects(shape: Any) -> bool:
    if any(len(effects) for tag in _EFFECTS for effects in shape.iter(tag)):
        return True
    return any(int_attr(ref, "idx", 0) > 0 for ref in shape.iterfind(f".//{_EFFECT_REF}"))


def _layout_of(slide: Any) -> Any:
    try:
        return slide.slide_layout
    except (KeyError, ValueError, AttributeError):
        return None
