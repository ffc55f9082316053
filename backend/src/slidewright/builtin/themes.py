"""The three built-in themes, as data: palette, fonts, surfaces, logo mark and motifs.

- Terracotta: warm and editorial. Cream paper, terracotta and sand, charcoal text, serif
  headings (Cambria); circles as the motif.
- Midnight: dark navy with teal and sky accents, bold sans-serif (Arial); thin rings and a dot
  grid, like a product keynote.
- Jade: white, minimal, jade green and cool greys (Calibri); flat blocks and hairlines.

Decoration rectangles are in slide inches; logo parts in 0..1 units of the logo frame; title
markers in inches from the bottom-left corner of the title box.
"""

from __future__ import annotations

from slidewright.builtin.style import Decor, Fonts, Paint, Palette, Rect, Surface, Theme


def _ring(rect: Rect, color: Paint, width_pt: float = 1.25) -> Decor:
    return Decor(rect, None, prst="ellipse", line=color, line_pt=width_pt)


def _disc(rect: Rect, color: Paint) -> Decor:
    return Decor(rect, color, prst="ellipse")


def _dot_grid(x: float, y: float, columns: int, rows: int, color: Paint) -> tuple[Decor, ...]:
    pitch, size = 0.28, 0.07
    return tuple(
        _disc(Rect(x + c * pitch, y + r * pitch, size, size), color)
        for r in range(rows)
        for c in range(columns)
    )


TERRACOTTA = Theme(
    key="terracotta",
    name="Slidewright Terracotta",
    palette=Palette(
        dk1="2B2522",
        lt1="FFFFFF",
        dk2="6B5B53",
        lt2="F6EFE7",
        accent1="C65D3B",
        accent2="E3A857",
        accent3="7D8B6A",
        accent4="D9967A",
        accent5="8C4A32",
        accent6="5E6B73",
        hlink="C65D3B",
        folHlink="8C4A32",
    ),
    fonts=Fonts(heading="Cambria", body="Calibri", heading_bold=False, quote_italic=True),
    dark=False,
    base=Surface(Paint("bg2"), Paint("tx1"), Paint("tx2"), Paint("accent1")),
    panel=Surface(Paint("accent1"), Paint("bg1"), Paint("bg2"), Paint("accent2")),
    card=Paint("bg1"),
    rule=Paint("bg2", lum_mod=88),
    logo=(
        _disc(Rect(0, 0, 0.72, 0.72), Paint("@accent")),
        _disc(Rect(0.42, 0.42, 0.58, 0.58), Paint("@text", alpha=85)),
    ),
    title_marker=(Decor(Rect(0, 0.14, 0.7, 0.06), Paint("@accent")),),
    decor={
        "title": (
            Decor(Rect(8.9, 0, 4.433, 7.5), Paint("accent1")),
            _disc(Rect(7.75, 1.05, 2.3, 2.3), Paint("accent2")),
            _ring(Rect(9.9, 4.1, 4.4, 4.4), Paint("bg1", alpha=55)),
            _disc(Rect(11.75, 1.35, 0.32, 0.32), Paint("bg1")),
        ),
        "agenda": (_ring(Rect(-1.6, 4.7, 4.2, 4.2), Paint("bg1", alpha=45)),),
        "section": (
            _disc(Rect(9.1, 1.2, 5.2, 5.2), Paint("accent2")),
            _ring(Rect(8.5, -1.9, 4.2, 4.2), Paint("bg1", alpha=45)),
        ),
        "quote": (_disc(Rect(9.9, 3.9, 5.0, 5.0), Paint("accent1", alpha=10)),),
        "closing": (
            _disc(Rect(10.1, -1.3, 4.4, 4.4), Paint("accent2")),
            _ring(Rect(9.0, 3.6, 5.2, 5.2), Paint("bg1", alpha=45)),
        ),
    },
    artwork=("accent1", "accent2", "accent4"),
)

MIDNIGHT = Theme(
    key="midnight",
    name="Slidewright Midnight",
    palette=Palette(
        dk1="0B1424",
        lt1="F2F5F9",
        dk2="15233A",
        lt2="94A3B8",
        accent1="2DD4BF",
        accent2="38BDF8",
        accent3="F5B942",
        accent4="A78BFA",
        accent5="FB7185",
        accent6="64748B",
        hlink="38BDF8",
        folHlink="A78BFA",
    ),
    fonts=Fonts(heading="Arial", body="Arial", heading_bold=True),
    dark=True,
    base=Surface(Paint("bg1"), Paint("tx1"), Paint("tx2"), Paint("accent1")),
    panel=Surface(Paint("bg2"), Paint("tx1"), Paint("tx2"), Paint("accent1")),
    card=Paint("bg2"),
    rule=Paint("tx2", lum_mod=45),
    logo=(
        Decor(Rect(0, 0.5, 0.24, 0.5), Paint("@accent", alpha=45)),
        Decor(Rect(0.38, 0.25, 0.24, 0.75), Paint("@accent", alpha=70)),
        Decor(Rect(0.76, 0, 0.24, 1), Paint("@accent")),
    ),
    title_marker=(
        Decor(Rect(0, 0.15, 0.45, 0.06), Paint("@accent")),
        Decor(Rect(0.53, 0.15, 0.18, 0.06), Paint("accent2")),
    ),
    decor={
        "title": (
            Decor(Rect(0, 0, 0.14, 7.5), Paint("accent1")),
            _ring(Rect(8.6, 1.9, 6.6, 6.6), Paint("accent1", alpha=70), 1.5),
            _ring(Rect(9.6, 2.9, 4.6, 4.6), Paint("accent2", alpha=45)),
            *_dot_grid(10.55, 0.75, 6, 3, Paint("tx2", alpha=55)),
        ),
        "agenda": (_ring(Rect(-1.7, 4.6, 4.4, 4.4), Paint("accent1", alpha=60)),),
        "section": (
            _ring(Rect(8.8, 1.6, 6.2, 6.2), Paint("accent1", alpha=70), 1.5),
            _ring(Rect(9.8, 2.6, 4.2, 4.2), Paint("accent2", alpha=45)),
            *_dot_grid(10.55, 0.75, 6, 3, Paint("tx2", alpha=55)),
        ),
        "quote": (_ring(Rect(9.9, 3.7, 5.2, 5.2), Paint("accent1", alpha=35)),),
        "closing": (
            Decor(Rect(0, 0, 0.14, 7.5), Paint("accent1")),
            _ring(Rect(8.8, 1.6, 6.2, 6.2), Paint("accent1", alpha=70), 1.5),
            *_dot_grid(10.55, 0.75, 6, 3, Paint("tx2", alpha=55)),
        ),
    },
    artwork=("bg2", "accent1", "accent2"),
)

JADE = Theme(
    key="jade",
    name="Slidewright Jade",
    palette=Palette(
        dk1="1E2A2B",
        lt1="FFFFFF",
        dk2="5C6B6E",
        lt2="F1F5F3",
        accent1="12A37F",
        accent2="0B6B53",
        accent3="7FD3B6",
        accent4="8A9A9D",
        accent5="C9D3D1",
        accent6="2E7D9A",
        hlink="0B6B53",
        folHlink="5C6B6E",
    ),
    fonts=Fonts(heading="Calibri", body="Calibri", heading_bold=False),
    dark=False,
    base=Surface(Paint("bg1"), Paint("tx1"), Paint("tx2"), Paint("accent1")),
    panel=Surface(Paint("accent2"), Paint("bg1"), Paint("accent3"), Paint("accent3")),
    card=Paint("bg2"),
    rule=Paint("bg2", lum_mod=88),
    logo=(
        Decor(Rect(0, 0, 1, 1), Paint("@accent"), prst="diamond"),
        Decor(Rect(0.32, 0.32, 0.36, 0.36), Paint("@fill"), prst="diamond"),
    ),
    title_marker=(
        Decor(Rect(0, 0.18, 2.4, 0.015), Paint("accent5")),
        Decor(Rect(0, 0.165, 0.6, 0.045), Paint("@accent")),
    ),
    decor={
        "title": (
            Decor(Rect(9.2, 0, 4.133, 7.5), Paint("bg2")),
            Decor(Rect(9.2, 1.75, 0.1, 2.3), Paint("accent1")),
            Decor(Rect(9.57, 2.05, 3.4, 3.4), None, "diamond", Paint("accent5"), 1.0),
            Decor(Rect(10.72, 3.2, 1.1, 1.1), Paint("accent1"), "diamond"),
            Decor(Rect(11.55, 4.05, 0.5, 0.5), Paint("accent3"), "diamond"),
        ),
        "section": (
            _disc(Rect(9.6, 2.2, 5.8, 5.8), Paint("accent1", alpha=40)),
            Decor(Rect(0.75, 6.55, 11.833, 0.02), Paint("accent3", alpha=60)),
        ),
        "quote": (Decor(Rect(0, 0, 0.12, 7.5), Paint("accent1")),),
        "closing": (_disc(Rect(9.6, 2.2, 5.8, 5.8), Paint("accent1", alpha=40)),),
    },
    artwork=("accent3", "accent2", "accent1"),
)

THEMES: tuple[Theme, ...] = (TERRACOTTA, MIDNIGHT, JADE)
