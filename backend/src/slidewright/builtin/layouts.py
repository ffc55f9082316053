"""The grid and the slide layouts every built-in template shares.

One layout per slide kind. Each declares its placeholders (with the element name the sample
slide gives them, and the text style they impose), where the logo mark sits and whether the
theme's title marker underlines its title. Geometry is in inches on a 13.333 x 7.5 slide:
0.75 in side margins, titles on one baseline, content between 1.95 in and 6.55 in.
"""

from __future__ import annotations

from dataclasses import dataclass

from slidewright.builtin.style import Decor, Paint, Rect, TextStyle

SLIDE_WIDTH = 13.333
SLIDE_HEIGHT = 7.5
MARGIN = 0.75
CONTENT_WIDTH = SLIDE_WIDTH - 2 * MARGIN
CONTENT_TOP = 1.95
CONTENT_BOTTOM = 6.55

TITLE_RECT = Rect(MARGIN, 0.45, CONTENT_WIDTH, 1.0)
CONTENT_RECT = Rect(MARGIN, CONTENT_TOP, CONTENT_WIDTH, CONTENT_BOTTOM - CONTENT_TOP)
LOGO_CORNER = Rect(SLIDE_WIDTH - MARGIN - 0.34, 6.86, 0.34, 0.34)
LOGO_TITLE_SLIDE = Rect(MARGIN, 0.6, 0.44, 0.44)

# Content furniture placed on the sample slides themselves (see slides.py).
_GUTTER = 0.433
_COLUMN = (CONTENT_WIDTH - _GUTTER) / 2
LEFT_CARD = Rect(MARGIN, CONTENT_TOP, _COLUMN, CONTENT_RECT.h)
RIGHT_CARD = Rect(MARGIN + _COLUMN + _GUTTER, CONTENT_TOP, _COLUMN, CONTENT_RECT.h)
CARD_PADDING = 0.35
TAKEAWAY_CARD = Rect(SLIDE_WIDTH - MARGIN - 3.5, CONTENT_TOP, 3.5, CONTENT_RECT.h)
CHART_RECT = Rect(MARGIN, CONTENT_TOP, TAKEAWAY_CARD.x - MARGIN - 0.35, CONTENT_RECT.h)
TABLE_RECT = Rect(MARGIN, CONTENT_TOP, CONTENT_WIDTH, 3.6)
PICTURE_RECT = Rect(0, 0, 6.2, SLIDE_HEIGHT)
_TEXT_BESIDE_PICTURE = PICTURE_RECT.right + 0.7
_BESIDE_PICTURE_WIDTH = SLIDE_WIDTH - MARGIN - _TEXT_BESIDE_PICTURE

TITLE_STYLE = TextStyle(32, font="heading", anchor="b", line_spacing=90)
ACCENT_RULE = Paint("@accent")


@dataclass(frozen=True)
class Slot:
    """A layout placeholder; `name` is also the element name on the sample slide."""

    name: str
    ph_type: str  # ctrTitle, title, subTitle, body, pic
    idx: int  # 0 for titles; unique within the layout
    rect: Rect
    style: TextStyle | None = None  # None for picture placeholders
    on_panel: bool = False  # sits on the layout's panel band, so takes the panel's colours


@dataclass(frozen=True)
class LayoutSpec:
    kind: str
    name: str
    ooxml_type: str  # p:sldLayout/@type, which tells PowerPoint what the layout is for
    surface: str  # "base" or "panel"
    slots: tuple[Slot, ...]
    logo: Rect = LOGO_CORNER
    title_marker: bool = False
    rules: tuple[Decor, ...] = ()  # structural accents that belong to the layout, not the theme
    glyph: tuple[str, Rect, TextStyle] | None = None  # a large typographic ornament
    panel_band: Rect | None = None  # a block in the panel colours on a base layout

    def slot(self, name: str) -> Slot:
        return next(slot for slot in self.slots if slot.name == name)


def _title(rect: Rect = TITLE_RECT) -> Slot:
    return Slot("Title", "title", 0, rect, TITLE_STYLE)


def _card_slots(side: str, card: Rect) -> tuple[Slot, Slot]:
    inner = card.inset(CARD_PADDING, 0)
    heading = Slot(
        f"{side} Heading",
        "body",
        13 if side == "Left" else 15,
        Rect(inner.x, card.y + 0.3, inner.w, 0.6),
        TextStyle(24, font="heading", color=Paint("@accent"), bold=True, anchor="b"),
    )
    body = Slot(
        f"{side} Body",
        "body",
        14 if side == "Left" else 16,
        Rect(inner.x, card.y + 1.2, inner.w, card.h - 1.5),
        TextStyle(18, bullets="master", space_before=12, line_spacing=105),
    )
    return heading, body


TITLE = LayoutSpec(
    "title",
    "Title Slide",
    "title",
    "base",
    (
        Slot(
            "Title",
            "ctrTitle",
            0,
            Rect(MARGIN, 1.75, 7.3, 2.3),
            TextStyle(44, font="heading", anchor="b", line_spacing=90),
        ),
        Slot(
            "Subtitle",
            "subTitle",
            1,
            Rect(MARGIN, 4.25, 7.3, 1.0),
            TextStyle(20, color=Paint("@muted"), line_spacing=110),
        ),
        Slot(
            "Presenter",
            "body",
            10,
            Rect(MARGIN, 5.85, 7.3, 0.45),
            TextStyle(14, color=Paint("@accent"), bold=True),
        ),
    ),
    logo=LOGO_TITLE_SLIDE,
)

AGENDA = LayoutSpec(
    "agenda",
    "Agenda",
    "obj",
    "base",
    (
        Slot(
            "Title",
            "title",
            0,
            Rect(MARGIN, 0.95, 3.1, 1.6),
            TextStyle(48, font="heading", anchor="t", line_spacing=90),
            on_panel=True,
        ),
        Slot(
            "Agenda Items",
            "body",
            1,
            Rect(5.35, 0.9, SLIDE_WIDTH - MARGIN - 5.35, 5.7),
            TextStyle(24, anchor="ctr", bullets="numbered", space_before=22),
        ),
    ),
    panel_band=Rect(0, 0, 4.55, SLIDE_HEIGHT),
)

SECTION = LayoutSpec(
    "section",
    "Section Header",
    "secHead",
    "panel",
    (
        Slot(
            "Section Number",
            "body",
            10,
            Rect(MARGIN, 1.3, 5.0, 1.3),
            TextStyle(64, font="heading", color=Paint("@accent"), bold=True, anchor="b"),
        ),
        Slot(
            "Section Title",
            "title",
            0,
            Rect(MARGIN, 2.7, 8.5, 1.5),
            TextStyle(44, font="heading", anchor="t", line_spacing=90),
        ),
        Slot(
            "Section Summary",
            "body",
            11,
            Rect(MARGIN, 4.35, 7.6, 1.2),
            TextStyle(18, color=Paint("@muted"), line_spacing=115),
        ),
    ),
)

BULLETS = LayoutSpec(
    "bullets",
    "Title and Content",
    "obj",
    "base",
    (
        _title(),
        Slot(
            "Body",
            "body",
            1,
            CONTENT_RECT,
            TextStyle(22, bullets="master", space_before=16, line_spacing=105),
        ),
    ),
    title_marker=True,
)

COMPARISON = LayoutSpec(
    "comparison",
    "Comparison",
    "twoTxTwoObj",
    "base",
    (_title(), *_card_slots("Left", LEFT_CARD), *_card_slots("Right", RIGHT_CARD)),
    title_marker=True,
)

PICTURE = LayoutSpec(
    "picture",
    "Picture with Caption",
    "picTx",
    "base",
    (
        Slot("Picture", "pic", 12, PICTURE_RECT),
        _title(Rect(_TEXT_BESIDE_PICTURE, 0.9, _BESIDE_PICTURE_WIDTH, 1.5)),
        Slot(
            "Body",
            "body",
            1,
            Rect(_TEXT_BESIDE_PICTURE, 2.75, _BESIDE_PICTURE_WIDTH, 2.8),
            TextStyle(18, line_spacing=125),
        ),
        Slot(
            "Caption",
            "body",
            13,
            Rect(_TEXT_BESIDE_PICTURE, 5.85, _BESIDE_PICTURE_WIDTH, 0.55),
            TextStyle(12, color=Paint("@muted"), italic=True),
        ),
    ),
    title_marker=True,
)

CHART = LayoutSpec(
    "chart",
    "Chart with Takeaway",
    "titleOnly",
    "base",
    (
        _title(),
        Slot(
            "Key Figure",
            "body",
            13,
            Rect(TAKEAWAY_CARD.x + CARD_PADDING, CONTENT_TOP + 0.5, 2.8, 1.2),
            TextStyle(48, font="heading", color=Paint("@accent"), bold=True, anchor="b"),
        ),
        Slot(
            "Takeaway",
            "body",
            14,
            Rect(TAKEAWAY_CARD.x + CARD_PADDING, CONTENT_TOP + 1.9, 2.8, 2.3),
            TextStyle(18, line_spacing=115),
        ),
    ),
    title_marker=True,
)

TABLE = LayoutSpec(
    "table",
    "Table",
    "titleOnly",
    "base",
    (
        _title(),
        Slot(
            "Source",
            "body",
            13,
            Rect(MARGIN, 6.05, 9.0, 0.4),
            TextStyle(11, color=Paint("@muted")),
        ),
    ),
    title_marker=True,
)

QUOTE = LayoutSpec(
    "quote",
    "Quote",
    "obj",
    "base",
    (
        Slot(
            "Quote",
            "body",
            13,
            Rect(1.75, 2.0, 9.2, 2.9),
            TextStyle(32, font="quote", anchor="ctr", line_spacing=105),
        ),
        Slot(
            "Attribution",
            "body",
            14,
            Rect(2.45, 5.05, 9.2, 0.5),
            TextStyle(16, color=Paint("@accent"), bold=True, anchor="ctr"),
        ),
    ),
    rules=(Decor(Rect(1.75, 5.28, 0.5, 0.045), ACCENT_RULE),),
    glyph=(
        "\u201c",
        Rect(1.6, 0.75, 2.0, 2.0),
        TextStyle(160, font="heading", color=Paint("@accent"), bold=True, line_spacing=100),
    ),
)

CLOSING = LayoutSpec(
    "closing",
    "Closing",
    "title",
    "panel",
    (
        Slot(
            "Title",
            "ctrTitle",
            0,
            Rect(MARGIN, 1.6, 8.5, 1.8),
            TextStyle(54, font="heading", anchor="b", line_spacing=90),
        ),
        Slot(
            "Subtitle",
            "subTitle",
            1,
            Rect(MARGIN, 3.55, 8.5, 0.8),
            TextStyle(22, color=Paint("@muted")),
        ),
        Slot(
            "Contact",
            "body",
            10,
            Rect(MARGIN, 4.95, 6.0, 1.4),
            TextStyle(14, line_spacing=120, space_before=2),
        ),
    ),
    rules=(Decor(Rect(MARGIN, 4.7, 0.6, 0.045), ACCENT_RULE),),
)

LAYOUTS: tuple[LayoutSpec, ...] = (
    TITLE,
    AGENDA,
    SECTION,
    BULLETS,
    COMPARISON,
    PICTURE,
    CHART,
    TABLE,
    QUOTE,
    CLOSING,
)
