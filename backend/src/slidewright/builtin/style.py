"""The vocabulary a built-in theme is written in: colours, fonts, surfaces and decorations.

The three themes differ by data only. Colours are theme-scheme references (`accent1`, `tx1`,
`bg2`, ...) rather than RGB values wherever the file format allows, so a user who switches the
theme colours in PowerPoint recolours the whole deck, as with any corporate template. A `Paint`
may also name a slot of the surface it sits on (`@text`, `@accent`, ...), which lets one
decoration, such as the logo mark, adapt to light and coloured backgrounds alike.
"""

from __future__ import annotations

import colorsys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

SCHEME_SLOTS = (
    "dk1",
    "lt1",
    "dk2",
    "lt2",
    "accent1",
    "accent2",
    "accent3",
    "accent4",
    "accent5",
    "accent6",
    "hlink",
    "folHlink",
)
# What the text / background aliases stand for, on a light and on a dark slide master.
LIGHT_COLOR_MAP = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}
DARK_COLOR_MAP = {"bg1": "dk1", "tx1": "lt1", "bg2": "dk2", "tx2": "lt2"}


@dataclass(frozen=True)
class Rect:
    """A rectangle in inches (the slide is 13.333 x 7.5)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def place(self, unit: Rect) -> Rect:
        """`unit`, given in 0..1 coordinates of this rectangle, in slide inches."""
        return Rect(
            self.x + unit.x * self.w, self.y + unit.y * self.h, unit.w * self.w, unit.h * self.h
        )

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Paint:
    """A theme colour: a scheme role, or '@slot' of the surface underneath, plus modifiers.

    `alpha` is opacity in percent; `lum_mod` / `lum_off` are PowerPoint's own tint and shade
    percentages (what its colour picker writes for "Lighter 80%" and the like).
    """

    role: str
    alpha: int | None = None
    lum_mod: int | None = None
    lum_off: int | None = None

    def with_alpha(self, alpha: int) -> Paint:
        return replace(self, alpha=alpha)


@dataclass(frozen=True)
class Surface:
    """A background and the colours of what is set on it."""

    fill: Paint
    text: Paint
    muted: Paint
    accent: Paint

    def resolve(self, paint: Paint) -> Paint:
        """`paint` with a '@slot' role replaced by this surface's colour (modifiers kept)."""
        if not paint.role.startswith("@"):
            return paint
        base: Paint = getattr(self, paint.role[1:])
        return replace(
            base,
            alpha=paint.alpha if paint.alpha is not None else base.alpha,
            lum_mod=paint.lum_mod if paint.lum_mod is not None else base.lum_mod,
            lum_off=paint.lum_off if paint.lum_off is not None else base.lum_off,
        )


@dataclass(frozen=True)
class Decor:
    """A decorative shape without text: a preset geometry, a fill and an optional outline.

    `rect` is in inches on the slide, or in 0..1 units of a frame for logo marks and
    title markers (see `Rect.place`).
    """

    rect: Rect
    fill: Paint | None
    prst: str = "rect"
    line: Paint | None = None
    line_pt: float = 0.0
    rotation: float = 0.0


@dataclass(frozen=True)
class TextStyle:
    """How a placeholder's text looks: written into the layout so slide text inherits it."""

    size: float  # points
    font: str = "body"  # "heading" (theme major font) or "body" (minor font)
    color: Paint = Paint("@text")
    bold: bool | None = None  # None: as the master says
    italic: bool = False
    align: str = "l"  # a:pPr algn: l, ctr, r
    anchor: str = "t"  # a:bodyPr anchor: t, ctr, b
    bullets: str = "none"  # "none", "numbered", or "master" (the body style's bullets)
    space_before: float = 0.0  # points
    line_spacing: int = 100  # percent


@dataclass(frozen=True)
class Fonts:
    """Theme fonts. Latin faces are Office fonts with metric-compatible free twins installed
    (Calibri/Carlito, Cambria/Caladea, Arial/Liberation Sans), so text measures and wraps the
    same in PowerPoint and in our LibreOffice renders; the East Asian face is the standard
    Simplified Chinese UI font of Office, rendered here by Noto Sans CJK SC."""

    heading: str
    body: str
    east_asian: str = "Microsoft YaHei"
    traditional_chinese: str = "Microsoft JhengHei"
    heading_bold: bool = True
    quote_italic: bool = False


@dataclass(frozen=True)
class Palette:
    """The twelve colours of the theme's colour scheme, as RRGGBB."""

    dk1: str
    lt1: str
    dk2: str
    lt2: str
    accent1: str
    accent2: str
    accent3: str
    accent4: str
    accent5: str
    accent6: str
    hlink: str
    folHlink: str  # the OOXML slot name, hence the camel case

    def hex_of(self, slot: str) -> str:
        value: str = getattr(self, slot)
        return value


@dataclass(frozen=True)
class Theme:
    """Everything that makes one built-in template look like itself."""

    key: str
    name: str
    palette: Palette
    fonts: Fonts
    dark: bool  # a dark master maps text to the light colours (bg1 = dk1, tx1 = lt1)
    base: Surface  # content slides
    panel: Surface  # section headers, closing, coloured bands
    card: Paint  # boxes that group content on a base slide
    rule: Paint  # hairlines: table rows, chart gridlines
    logo: tuple[Decor, ...]  # the mark, in 0..1 units of its frame
    title_marker: tuple[Decor, ...]  # under or beside a slide title, in units of the title box
    # Per layout kind; left out of the hash (a dict has none) so themes stay hashable.
    decor: Mapping[str, tuple[Decor, ...]] = field(default_factory=dict, hash=False)
    artwork: tuple[str, str, str] = ("accent1", "accent2", "accent3")  # picture colours

    def scheme_slot(self, role: str) -> str:
        """The colour-scheme slot a role resolves to through this theme's colour map."""
        color_map = DARK_COLOR_MAP if self.dark else LIGHT_COLOR_MAP
        return color_map.get(role, role)

    def rgb(self, paint: Paint) -> str:
        """RRGGBB of a paint (luminance modifiers applied, alpha ignored), for the few places
        that do not follow theme colours reliably in every renderer: chart text and lines."""
        base = self.palette.hex_of(self.scheme_slot(paint.role))
        if paint.lum_mod is None and paint.lum_off is None:
            return base
        red, green, blue = (int(base[i : i + 2], 16) / 255 for i in (0, 2, 4))
        hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
        lightness = lightness * (paint.lum_mod or 100) / 100 + (paint.lum_off or 0) / 100
        rgb = colorsys.hls_to_rgb(hue, min(max(lightness, 0.0), 1.0), saturation)
        return "".join(f"{round(channel * 255):02X}" for channel in rgb)

    def surface(self, kind: str) -> Surface:
        return self.panel if kind == "panel" else self.base
