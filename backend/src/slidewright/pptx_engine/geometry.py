"""Absolute shape geometry in EMU: group transforms and placeholder position inheritance.

A shape inside a group is positioned in the group's child coordinate space: the group's
`a:xfrm` maps the rectangle (chOff, chExt) onto (off, ext), so a child at x lands at
off.x + (x - chOff.x) * ext.cx / chExt.cx. Nested groups compose these maps. Rotation and
flips are ignored: the boundary we report is the unrotated frame, which is what a fill needs.

A placeholder without its own `a:off` / `a:ext` takes them from its layout placeholder, and that
one from the master's (see placeholders.py); each component is inherited separately, as
PowerPoint does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from slidewright.pptx_engine.ooxml import int_attr, local_name, qn

_OFF = qn("a:off")
_EXT = qn("a:ext")
_CH_OFF = qn("a:chOff")
_CH_EXT = qn("a:chExt")
_A_XFRM = qn("a:xfrm")
_P_XFRM = qn("p:xfrm")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in EMU (floats: group scaling yields fractions)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def area(self) -> float:
        return self.width * self.height


ZERO_RECT = Rect(0, 0, 0, 0)


def xfrm_of(shape: Any) -> Any:
    """The transform element of any shape kind, or None.

    Shapes keep it in `p:spPr/a:xfrm` (`p:grpSpPr` for groups); graphic frames in `p:xfrm`.
    """
    for child in shape:
        name = local_name(child)
        if name in ("spPr", "grpSpPr"):
            return child.find(_A_XFRM)
        if name == "xfrm" and child.tag == _P_XFRM:
            return child
    return None


def _offset_and_extent(shape: Any) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    xfrm = xfrm_of(shape)
    if xfrm is None:
        return None, None
    off = xfrm.find(_OFF)
    ext = xfrm.find(_EXT)
    offset = None if off is None else (int_attr(off, "x"), int_attr(off, "y"))
    extent = None if ext is None else (int_attr(ext, "cx"), int_attr(ext, "cy"))
    return offset, extent


def own_rect(shape: Any, inherited_from: Iterable[Any] = ()) -> Rect:
    """The shape's rectangle in its parent's coordinates.

    Missing offset or extent come from the first of `inherited_from` (layout placeholder, then
    master placeholder) that has one; a shape with neither anywhere is a zero rectangle.
    """
    offset, extent = _offset_and_extent(shape)
    if offset is None or extent is None:
        for ancestor in inherited_from:
            ancestor_offset, ancestor_extent = _offset_and_extent(ancestor)
            offset = offset or ancestor_offset
            extent = extent or ancestor_extent
            if offset is not None and extent is not None:
                break
    x, y = offset or (0, 0)
    width, height = extent or (0, 0)
    return Rect(x, y, width, height)


@dataclass(frozen=True)
class Transform:
    """Maps a rectangle from a (possibly nested) group's child space to slide space."""

    scale_x: float = 1.0
    scale_y: float = 1.0
    offset_x: float = 0.0
    offset_y: float = 0.0

    def apply(self, rect: Rect) -> Rect:
        return Rect(
            self.offset_x + self.scale_x * rect.x,
            self.offset_y + self.scale_y * rect.y,
            self.scale_x * rect.width,
            self.scale_y * rect.height,
        )

    def into_group(self, group: Any) -> Transform:
        """The transform for the children of `group` (a p:grpSp) placed by this transform."""
        xfrm = xfrm_of(group)
        if xfrm is None:  # some generators omit it: children are then in the parent's space
            return self
        off, ext = xfrm.find(_OFF), xfrm.find(_EXT)
        ch_off, ch_ext = xfrm.find(_CH_OFF), xfrm.find(_CH_EXT)
        scale_x = _ratio(int_attr(ext, "cx"), int_attr(ch_ext, "cx"), ext, ch_ext)
        scale_y = _ratio(int_attr(ext, "cy"), int_attr(ch_ext, "cy"), ext, ch_ext)
        # Group-local map: parent = off + (child - chOff) * scale, then compose with self.
        local_x = int_attr(off, "x") - int_attr(ch_off, "x") * scale_x
        local_y = int_attr(off, "y") - int_attr(ch_off, "y") * scale_y
        return Transform(
            scale_x=self.scale_x * scale_x,
            scale_y=self.scale_y * scale_y,
            offset_x=self.offset_x + self.scale_x * local_x,
            offset_y=self.offset_y + self.scale_y * local_y,
        )


IDENTITY = Transform()


def _ratio(extent: int, child_extent: int, ext: Any, ch_ext: Any) -> float:
    # A degenerate (zero or missing) child extent means "no scaling", not a division by zero.
    if ext is None or ch_ext is None or child_extent == 0:
        return 1.0
    return extent / child_extent
