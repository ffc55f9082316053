"""Slide master and layouts: where a built-in template keeps its look.

The master holds the background, the colour map and the text styles (title and body levels
with their bullets, all in theme fonts and theme colours). Each layout repaints its own
furniture (panel, decorations, logo mark, title marker) and declares its placeholders with
position and style, so slide text inherits everything and a slide duplicated by the export
engine looks right with nothing but text in it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pptx.oxml.ns import qn
from pptx.presentation import Presentation
from pptx.slide import SlideLayout

from slidewright.builtin import drawingml as dml
from slidewright.builtin.drawingml import A, P
from slidewright.builtin.editions import Edition
from slidewright.builtin.layouts import (
    CONTENT_RECT,
    LAYOUTS,
    TITLE_RECT,
    TITLE_STYLE,
    LayoutSpec,
    Slot,
)
from slidewright.builtin.style import (
    DARK_COLOR_MAP,
    LIGHT_COLOR_MAP,
    Decor,
    Paint,
    Rect,
    Surface,
    TextStyle,
    Theme,
)

_BULLET_LEVELS = 9
# (left margin in inches, bullet, size in points) of the master's body levels 1, 2 and 3+.
_BODY_LEVELS = ((0.3, "\u2022", 20), (0.65, "\u2013", 18), (1.0, "\u2022", 16))


def _themed(style: TextStyle, theme: Theme) -> TextStyle:
    """A shared style made concrete for `theme`: quotes use the heading font, italic or not."""
    if style.font == "quote":
        return replace(style, font="heading", italic=theme.fonts.quote_italic)
    return style


def _title_style(theme: Theme) -> Any:
    style = replace(TITLE_STYLE, bold=theme.fonts.heading_bold)
    return P.titleStyle(dml.paragraph_properties("lvl1pPr", style, theme.base))


def _body_level(level: int, theme: Theme) -> Any:
    indent, bullet, size = _BODY_LEVELS[min(level, len(_BODY_LEVELS) - 1)]
    margin = indent + 0.35 * max(0, level - 2)
    color = Paint("tx1") if level == 0 else Paint("tx2")
    props = A(
        f"lvl{level + 1}pPr",
        marL=dml.emu(margin),
        indent=dml.emu(-0.3),
        algn="l",
        eaLnBrk="1",
        hangingPunct="1",
    )
    props.append(A.lnSpc(A.spcPct(val="105000")))
    props.append(A.spcBef(A.spcPts(val="1000" if level == 0 else "600")))
    props.append(A.buClr(dml.scheme_color(Paint("accent1") if level == 0 else color)))
    props.append(A.buFont(typeface="Arial"))
    props.append(A.buChar(char=bullet))
    props.append(dml.run_properties("defRPr", TextStyle(size, color=color), theme.base))
    return props


def _text_styles(theme: Theme) -> Any:
    other = dml.paragraph_properties("lvl1pPr", TextStyle(18), theme.base)
    return P.txStyles(
        _title_style(theme),
        P.bodyStyle(*(_body_level(level, theme) for level in range(_BULLET_LEVELS))),
        P.otherStyle(other),
    )


def _master_placeholders(theme: Theme, edition: Edition) -> list[Any]:
    title_style = replace(TITLE_STYLE, bold=theme.fonts.heading_bold)
    body_style = TextStyle(20, bullets="master")
    return [
        dml.placeholder_shape(
            2,
            edition.master_title[0],
            {"type": "title"},
            TITLE_RECT,
            A.lstStyle(),
            dml.body_properties(title_style),
            edition.master_title[1],
            edition.run_lang,
        ),
        dml.placeholder_shape(
            3,
            edition.master_text[0],
            {"type": "body", "idx": "1"},
            CONTENT_RECT,
            A.lstStyle(),
            dml.body_properties(body_style),
            edition.master_text[1],
            edition.run_lang,
        ),
    ]


def write_master(prs: Presentation, theme: Theme, edition: Edition) -> None:
    master = prs.slide_master.element
    tree = dml.empty_shape_tree()
    tree.extend(_master_placeholders(theme, edition))
    master.replace(master.find(qn("p:cSld")), P.cSld(dml.background(theme.base.fill), tree))
    color_map = master.find(qn("p:clrMap"))
    for alias, slot in (DARK_COLOR_MAP if theme.dark else LIGHT_COLOR_MAP).items():
        color_map.set(alias, slot)
    master.replace(master.find(qn("p:txStyles")), _text_styles(theme))


def _list_style(style: TextStyle, surface: Surface) -> Any:
    """Level 1 in `style`; bulleted lists also get a smaller, quieter level 2 and 3."""
    levels = [dml.paragraph_properties("lvl1pPr", style, surface)]
    if style.bullets == "master":
        sub = replace(style, size=style.size - 2, color=Paint("@muted"), space_before=4)
        levels.append(dml.paragraph_properties("lvl2pPr", sub, surface))
        levels.append(dml.paragraph_properties("lvl3pPr", sub, surface))
    return A.lstStyle(*levels)


def _placeholder(
    shape_id: int, slot: Slot, surface: Surface, theme: Theme, edition: Edition
) -> Any:
    ph = {"type": slot.ph_type}
    if slot.idx:
        ph["idx"] = str(slot.idx)
    name = edition.name(slot.name)
    if slot.style is None:  # picture slot
        return dml.placeholder_shape(
            shape_id,
            name,
            ph,
            slot.rect,
            A.lstStyle(),
            A.bodyPr(),
            edition.picture_prompt,
            edition.run_lang,
        )
    style = _themed(slot.style, theme)
    if not edition.italic:
        style = replace(style, italic=False)
    return dml.placeholder_shape(
        shape_id,
        name,
        ph,
        slot.rect,
        _list_style(style, surface),
        dml.body_properties(style),
        name,
        edition.run_lang,
    )


def _group(shape_id: int, name: str, frame: Rect, members: list[Any]) -> Any:
    """A group whose child space equals slide space, so members keep their coordinates."""
    transform = dml.xfrm(frame)
    transform.append(A.chOff(x=dml.emu(frame.x), y=dml.emu(frame.y)))
    transform.append(A.chExt(cx=dml.emu(frame.w), cy=dml.emu(frame.h)))
    return P.grpSp(
        P.nvGrpSpPr(P.cNvPr(id=str(shape_id), name=name), P.cNvGrpSpPr(), P.nvPr()),
        P.grpSpPr(transform),
        *members,
    )


class _ShapeTreeWriter:
    """Appends shapes to one spTree with fresh ids and readable, numbered names."""

    def __init__(self, tree: Any, surface: Surface) -> None:
        self.tree = tree
        self.surface = surface
        self.counts: dict[str, int] = {}

    def next_id(self) -> int:
        return dml.next_shape_id(self.tree)

    def numbered(self, base: str) -> str:
        self.counts[base] = self.counts.get(base, 0) + 1
        return f"{base} {self.counts[base]}"

    def decor(self, base_name: str, decor: Decor, surface: Surface | None = None) -> None:
        shape = dml.decor_shape(
            self.next_id(), self.numbered(base_name), decor, surface or self.surface
        )
        self.tree.append(shape)

    def logo(self, frame: Rect, parts: tuple[Decor, ...]) -> None:
        group_id = self.next_id()
        members = [
            dml.decor_shape(
                group_id + 1 + n,
                f"Logo Part {n + 1}",
                replace(part, rect=frame.place(part.rect)),
                self.surface,
            )
            for n, part in enumerate(parts)
        ]
        self.tree.append(_group(group_id, "Logo", frame, members))

    def append(self, element: Any) -> None:
        self.tree.append(element)


def _write_layout(layout: SlideLayout, spec: LayoutSpec, theme: Theme, edition: Edition) -> None:
    surface = theme.surface(spec.surface)
    root = layout.element
    for child in list(root):
        root.remove(child)
    root.set("type", spec.ooxml_type)
    root.set("preserve", "1")
    root.set("showMasterSp", "0")  # every layout draws its own furniture, see _furnish

    tree = dml.empty_shape_tree()
    common_slide_data = P.cSld(tree, name=edition.layout_name(spec.kind, spec.name))
    if spec.surface == "panel":
        common_slide_data.insert(0, dml.background(surface.fill))
    root.append(common_slide_data)
    root.append(P.clrMapOvr(A.masterClrMapping()))

    writer = _ShapeTreeWriter(tree, surface)
    _furnish(writer, spec, theme)
    for slot in spec.slots:
        slot_surface = theme.panel if slot.on_panel else surface
        writer.append(_placeholder(writer.next_id(), slot, slot_surface, theme, edition))


def _furnish(writer: _ShapeTreeWriter, spec: LayoutSpec, theme: Theme) -> None:
    """Background band, theme decorations, rules, title marker, logo and ornament."""
    if spec.panel_band is not None:
        writer.decor("Panel", Decor(spec.panel_band, theme.panel.fill))
    for decor in theme.decor.get(spec.kind, ()):
        writer.decor("Decoration", decor)
    for rule in spec.rules:
        writer.decor("Rule", rule)
    if spec.title_marker:
        title = next(slot for slot in spec.slots if slot.ph_type == "title").rect
        for part in theme.title_marker:
            writer.decor(
                "Title Marker", replace(part, rect=part.rect.shifted(title.x, title.bottom))
            )
    writer.logo(spec.logo, theme.logo)
    if spec.glyph is not None:
        text, rect, style = spec.glyph
        writer.append(dml.text_box(writer.next_id(), "Ornament", rect, text, style, writer.surface))


def write_layouts(prs: Presentation, theme: Theme, edition: Edition) -> dict[str, SlideLayout]:
    """Rewrite the default template's layouts into ours; drop the ones left over."""
    available = list(prs.slide_layouts)
    if len(available) < len(LAYOUTS):
        raise RuntimeError("the base template has fewer layouts than the built-in set needs")
    by_kind: dict[str, SlideLayout] = {}
    for spec, layout in zip(LAYOUTS, available, strict=False):
        _write_layout(layout, spec, theme, edition)
        by_kind[spec.kind] = layout
    for layout in available[len(LAYOUTS) :]:
        prs.slide_layouts.remove(layout)
    return by_kind
