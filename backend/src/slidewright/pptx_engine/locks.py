"""Default lock state of a template element: locked means AI and export leave it alone.

The template owner can flip any of these in the UI; the defaults aim at "content is unlocked,
design is locked":
- text, tables, charts: unlocked, except date / footer / slide-number placeholders, which hold
  fields and master furniture (filling them would break automatic numbering);
- pictures: unlocked content, except backgrounds (covering >= 60% of the slide), logos (named
  "logo", or small and sitting in the top or bottom band of the slide); picture placeholders are
  always unlocked, being slots made for content;
- shapes without text (decoration) and `other` (SmartArt, OLE, media, ...): locked.
"""

from __future__ import annotations

from slidewright.pptx_engine.geometry import Rect
from slidewright.pptx_engine.model import ElementType

BACKGROUND_MIN_AREA = 0.60  # share of the slide area
LOGO_MAX_AREA = 0.03  # share of the slide area
LOGO_MAX_WIDTH = 0.25  # share of the slide width
LOGO_MAX_HEIGHT = 0.20  # share of the slide height
EDGE_BAND = 0.12  # share of the slide height counted as the top / bottom band
LOGO_NAME_HINTS = ("logo", "标志", "徽标", "商标")
FURNITURE_PLACEHOLDERS = frozenset({"dt", "ftr", "sldNum", "hdr"})


def _visible_area(rect: Rect, slide_w: float, slide_h: float) -> float:
    """Area of the part of `rect` on the slide: a bleeding background counts what shows."""
    width = min(rect.x + rect.width, slide_w) - max(rect.x, 0.0)
    height = min(rect.y + rect.height, slide_h) - max(rect.y, 0.0)
    return max(width, 0.0) * max(height, 0.0)


def _looks_like_logo(name: str, rect: Rect, slide_w: float, slide_h: float) -> bool:
    lowered = name.lower()
    if any(hint in lowered for hint in LOGO_NAME_HINTS):
        return True
    small = (
        rect.area <= LOGO_MAX_AREA * slide_w * slide_h
        and rect.width <= LOGO_MAX_WIDTH * slide_w
        and rect.height <= LOGO_MAX_HEIGHT * slide_h
    )
    if not small:
        return False
    band = EDGE_BAND * slide_h
    near_top = rect.y <= band
    near_bottom = rect.y + rect.height >= slide_h - band
    return near_top or near_bottom


def default_locked(
    element_type: ElementType,
    *,
    name: str,
    rect: Rect,
    slide_width: float,
    slide_height: float,
    placeholder_type: str | None,
) -> bool:
    """Lengths in any one unit (the reader passes EMU)."""
    if element_type in ("shape", "other"):
        return True
    if element_type == "text":
        return placeholder_type in FURNITURE_PLACEHOLDERS
    if element_type != "picture" or placeholder_type is not None:
        return False
    slide_area = slide_width * slide_height
    if slide_area > 0 and _visible_area(rect, slide_width, slide_height) >= (
        BACKGROUND_MIN_AREA * slide_area
    ):
        return True
    return _looks_like_logo(name, rect, slide_width, slide_height)
