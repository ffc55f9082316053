"""Reading a template: every slide's elements, with types, text, absolute boundaries and locks.

`read_presentation` walks each slide's shape tree in document (z-) order, so an element's index
on its slide is stable for a given file (the UI's lock key is slide number + element index).

Groups are flattened: their children become elements with absolute geometry and a `path` through
the group ids; the group itself is not an element. A group has no content of its own to fill or
lock, and listing it would put a box over its children that the UI and AI could only trip on. A
hidden group hides its children. Shapes python-pptx does not model (SmartArt, OLE, media, ink,
`mc:AlternateContent`) become `other`; a shape that fails to read for any reason becomes `other`
too, so one odd shape never costs the whole deck. Only a file that is not a presentation (or is
broken beyond its shapes) raises, and then always a `PptxEngineError`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pptx.presentation import Presentation as PresentationObject
from pptx.slide import Slide, SlideLayout

from slidewright.pptx_engine.classify import classify
from slidewright.pptx_engine.errors import InvalidPptxError, PptxEngineError
from slidewright.pptx_engine.geometry import IDENTITY, Rect, Transform, own_rect
from slidewright.pptx_engine.graphics import chart_part_of, graphic_data_uri, read_chart, read_table
from slidewright.pptx_engine.locks import default_locked
from slidewright.pptx_engine.model import (
    Boundary,
    ChartInfo,
    ParsedDeck,
    ParsedSlide,
    PlaceholderInfo,
    TableInfo,
    TemplateElement,
    TextCapacity,
)
from slidewright.pptx_engine.naming import UniqueNames
from slidewright.pptx_engine.ooxml import (
    ALTERNATE_CONTENT,
    SHAPE_TAGS,
    TREE_PROPERTY_TAGS,
    URI_CHART,
    URI_TABLE,
    bool_attr,
    int_attr,
    local_name,
    non_visual_props,
    placeholder_idx,
    placeholder_of,
    placeholder_type,
    qn,
)
from slidewright.pptx_engine.package import one_line, open_presentation
from slidewright.pptx_engine.placeholders import PlaceholderChain, PlaceholderResolver
from slidewright.pptx_engine.text import body_text, estimate_capacity, font_size_pt, text_body
from slidewright.pptx_engine.units import emu_to_in_rounded

# A presentation without `p:sldSz` gets the size PowerPoint used before 16:9 became the default.
DEFAULT_SLIDE_WIDTH_EMU = 9144000
DEFAULT_SLIDE_HEIGHT_EMU = 6858000

_GROUP = qn("p:grpSp")
_SP_TREE = f"{qn('p:cSld')}/{qn('p:spTree')}"
_NO_CHAIN = PlaceholderChain((), None)


def read_presentation(source: bytes | str | Path) -> ParsedDeck:
    """Parse a .pptx / .potx / .ppsx (bytes or a path) into frozen dataclasses.

    Raises InvalidPptxError (`invalid_pptx`) for anything that is not a readable presentation and
    EncryptedOrLegacyFileError (`encrypted_or_legacy_file`) for password-protected files and
    legacy .ppt; never any other exception.
    """
    presentation = open_presentation(source)
    try:
        return _DeckReader(presentation).read()
    except PptxEngineError:
        raise
    except Exception as exc:  # a broken package beyond any single shape (slide list, parts)
        raise InvalidPptxError(f"The presentation could not be read: {one_line(exc)}") from exc


@dataclass(frozen=True)
class _SlideContext:
    slide_part: Any
    layout: SlideLayout | None


class _DeckReader:
    def __init__(self, presentation: PresentationObject) -> None:
        self._presentation = presentation
        self._slide_w = presentation.slide_width or DEFAULT_SLIDE_WIDTH_EMU
        self._slide_h = presentation.slide_height or DEFAULT_SLIDE_HEIGHT_EMU
        self._placeholders = PlaceholderResolver()
        self._default_text_style = presentation.element.find(qn("p:defaultTextStyle"))

    def read(self) -> ParsedDeck:
        slides = tuple(
            self._read_slide(number, slide)
            for number, slide in enumerate(self._presentation.slides, start=1)
        )
        return ParsedDeck(
            slide_width_in=emu_to_in_rounded(self._slide_w),
            slide_height_in=emu_to_in_rounded(self._slide_h),
            slides=slides,
        )

    # -- slides ---------------------------------------------------------------------------------

    def _read_slide(self, number: int, slide: Slide) -> ParsedSlide:
        layout = _layout_of(slide)
        context = _SlideContext(slide_part=slide.part, layout=layout)
        elements: list[TemplateElement] = []
        tree = slide.element.find(_SP_TREE)
        if tree is not None:
            self._walk(tree, IDENTITY, (), False, context, elements)
        names = UniqueNames()
        unique = tuple(replace(e, name=names.claim(e.name, e.shape_id)) for e in elements)
        return ParsedSlide(
            slide_number=number,
            layout_name=_layout_name(layout),
            hidden=not bool_attr(slide.element, "show", default=True),
            notes=_notes_text(slide),
            elements=unique,
        )

    def _walk(
        self,
        container: Any,
        transform: Transform,
        path: tuple[int, ...],
        hidden: bool,
        context: _SlideContext,
        out: list[TemplateElement],
    ) -> None:
        """Appends the elements of a shape tree (spTree or grpSp) to `out`, depth first."""
        for child in container:
            tag = child.tag
            if not isinstance(tag, str) or tag in TREE_PROPERTY_TAGS:
                continue
            if tag == _GROUP:
                c_nv_pr = non_visual_props(child)
                self._walk(
                    child,
                    transform.into_group(child),
                    (*path, int_attr(c_nv_pr, "id")),
                    hidden or bool_attr(c_nv_pr, "hidden"),
                    context,
                    out,
                )
            elif tag in SHAPE_TAGS:
                out.append(self._shape_or_other(child, transform, path, hidden, context))
            elif tag == ALTERNATE_CONTENT:
                inner = _alternate_content_shape(child)
                if inner is not None:
                    out.append(_other_element(inner, transform, path, hidden))
            elif non_visual_props(child) is not None:  # an unknown shape kind: keep it
                out.append(_other_element(child, transform, path, hidden))

    # -- shapes ---------------------------------------------------------------------------------

    def _shape_or_other(
        self,
        shape: Any,
        transform: Transform,
        path: tuple[int, ...],
        hidden: bool,
        context: _SlideContext,
    ) -> TemplateElement:
        try:
            return self._shape(shape, transform, path, hidden, context)
        except Exception:  # one unreadable shape (broken chart link, odd XML) stays as `other`
            return _other_element(shape, transform, path, hidden)

    def _shape(
        self,
        shape: Any,
        transform: Transform,
        path: tuple[int, ...],
        hidden: bool,
        context: _SlideContext,
    ) -> TemplateElement:
        c_nv_pr = non_visual_props(shape)
        shape_id = int_attr(c_nv_pr, "id")
        name = "" if c_nv_pr is None else c_nv_pr.get("name", "")
        ph = placeholder_of(shape)
        placeholder = (
            None if ph is None else PlaceholderInfo(placeholder_type(ph), placeholder_idx(ph))
        )
        chain = (
            _NO_CHAIN
            if placeholder is None
            else self._placeholders.chain(context.layout, placeholder.type, placeholder.idx)
        )
        rect = transform.apply(own_rect(shape, chain.ancestors))
        uri = graphic_data_uri(shape) if local_name(shape) == "graphicFrame" else ""
        element_type = classify(shape, uri)

        inner_text = ""
        capacity: TextCapacity | None = None
        table: TableInfo | None = None
        chart: ChartInfo | None = None
        if element_type == "text":
            body = text_body(shape)
            inner_text = body_text(body)
            size = font_size_pt(
                body,
                placeholder_ancestors=chain.ancestors,
                master=chain.master_element,
                ph_type=None if placeholder is None else placeholder.type,
                default_text_style=self._default_text_style,
            )
            capacity = estimate_capacity(body, rect.width, rect.height, size)
        elif uri == URI_TABLE:
            table, inner_text = read_table(shape)
        elif uri == URI_CHART:
            chart, inner_text = read_chart(chart_part_of(shape, context.slide_part))

        return TemplateElement(
            name=name,
            shape_id=shape_id,
            path=(*path, shape_id),
            type=element_type,
            inner_text=inner_text,
            hidden=hidden or bool_attr(c_nv_pr, "hidden"),
            is_locked=default_locked(
                element_type,
                name=name,
                rect=rect,
                slide_width=self._slide_w,
                slide_height=self._slide_h,
                placeholder_type=None if placeholder is None else placeholder.type,
            ),
            boundary=_boundary(rect),
            placeholder=placeholder,
            capacity=capacity,
            table=table,
            chart=chart,
        )


def _other_element(
    shape: Any, transform: Transform, path: tuple[int, ...], hidden: bool
) -> TemplateElement:
    """A preserved, locked element for anything we do not (or could not) model."""
    c_nv_pr = non_visual_props(shape)
    shape_id = int_attr(c_nv_pr, "id")
    ph = placeholder_of(shape)
    return TemplateElement(
        name="" if c_nv_pr is None else c_nv_pr.get("name", ""),
        shape_id=shape_id,
        path=(*path, shape_id),
        type="other",
        inner_text="",
        hidden=hidden or bool_attr(c_nv_pr, "hidden"),
        is_locked=True,
        boundary=_boundary(transform.apply(own_rect(shape))),
        placeholder=None
        if ph is None
        else PlaceholderInfo(placeholder_type(ph), placeholder_idx(ph)),
    )


def _alternate_content_shape(alternate: Any) -> Any:
    """The shape PowerPoint shows for an `mc:AlternateContent`: the Choice's, else Fallback's."""
    for branch in alternate:
        for candidate in branch:
            if candidate.tag in SHAPE_TAGS:
                return candidate
    return None


def _boundary(rect: Rect) -> Boundary:
    return Boundary.from_emu(rect.x, rect.y, rect.width, rect.height)


def _layout_of(slide: Slide) -> SlideLayout | None:
    try:
        return slide.slide_layout
    except (KeyError, AttributeError):  # a slide without a layout relationship
        return None


def _layout_name(layout: SlideLayout | None) -> str:
    return "" if layout is None else layout.name


def _notes_text(slide: Slide) -> str:
    # `has_notes_slide` first: reading `notes_slide` would create an empty one.
    try:
        if not slide.has_notes_slide:
            return ""
        placeholder = slide.notes_slide.notes_placeholder
    except Exception:  # a broken notes part costs the notes, not the deck
        return ""
    return "" if placeholder is None else body_text(text_body(placeholder.element))
