"""Unit conversion for OOXML lengths, in one place.

DrawingML measures lengths in EMU (English Metric Units): 914400 per inch, 12700 per point, so
both inches and points are whole numbers of EMU. Font sizes (`a:rPr/@sz`) are in hundredths of
a point. Everything that crosses the engine boundary is in inches (geometry) or points (fonts).
"""

from __future__ import annotations

EMU_PER_INCH = 914400
EMU_PER_PT = 12700
POINTS_PER_INCH = 72

# Rounding of lengths reported at the boundary: 4 dp of an inch is about 91 EMU, far below
# anything visible, and keeps JSON stable across float noise.
INCH_DECIMALS = 4


def emu_to_in(emu: float) -> float:
    return emu / EMU_PER_INCH


def emu_to_in_rounded(emu: float) -> float:
    return round(emu / EMU_PER_INCH, INCH_DECIMALS)


def in_to_emu(inches: float) -> int:
    return round(inches * EMU_PER_INCH)


def emu_to_pt(emu: float) -> float:
    return emu / EMU_PER_PT


def pt_to_emu(points: float) -> int:
    return round(points * EMU_PER_PT)


def centipoints_to_pt(centipoints: int) -> float:
    """A DrawingML font size (`sz="1800"`) in points (18.0)."""
    return centipoints / 100
