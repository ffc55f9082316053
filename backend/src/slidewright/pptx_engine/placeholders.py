"""Placeholder inheritance: which layout and master placeholders a slide placeholder inherits from.

A placeholder without its own position (or text style) takes it from the matching placeholder
on its slide layout, which may in turn take it from the slide master. PowerPoint matches a slide
placeholder to its layout placeholder by `idx` (falling back to type), and a layout placeholder to
the master placeholder by type, where every content-like type maps to the master's body.

Lookups are cached per layout and per master part, so a deck with many slides on few layouts
costs one scan of each layout and master, not one per placeholder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from slidewright.pptx_engine.ooxml import (
    placeholder_idx,
    placeholder_of,
    placeholder_type,
    qn,
)

# Master placeholder types a layout placeholder type inherits from (python-pptx's table, which
# follows PowerPoint): titles from the title, footer furniture from itself, the rest from body.
_MASTER_TYPE = {
    "title": "title",
    "ctrTitle": "title",
    "dt": "dt",
    "ftr": "ftr",
    "sldNum": "sldNum",
    "hdr": "hdr",
}

_TITLE_TYPES = frozenset({"title", "ctrTitle"})


def master_type_for(ph_type: str) -> str:
    return _MASTER_TYPE.get(ph_type, "body")


def _tree_children(part_element: Any) -> list[Any]:
    """Top-level shapes of a layout or master (placeholders are never inside groups there)."""
    tree = part_element.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    return [] if tree is None else list(tree)


@dataclass
class _PlaceholderMap:
    by_idx: dict[int, Any] = field(default_factory=dict)
    by_type: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, part_element: Any) -> _PlaceholderMap:
        found = cls()
        for shape in _tree_children(part_element):
            ph = placeholder_of(shape)
            if ph is None:
                continue
            # First one wins, as in PowerPoint's own lookup order.
            found.by_idx.setdefault(placeholder_idx(ph), shape)
            found.by_type.setdefault(placeholder_type(ph), shape)
        return found

    def match_slide_placeholder(self, ph_type: str, ph_idx: int) -> Any:
        """The layout placeholder a slide placeholder inherits from, or None.

        By idx when both inherit from the same master type (a bare `<p:ph/>` has the title's
        idx 0 but is content), else by type, titles matching either title type.
        """
        shape = self.by_idx.get(ph_idx)
        if shape is not None:
            layout_type = placeholder_type(placeholder_of(shape))
            if master_type_for(layout_type) == master_type_for(ph_type):
                return shape
        shape = self.by_type.get(ph_type)
        if shape is not None:
            return shape
        if ph_type in _TITLE_TYPES:
            return self.by_type.get("title") or self.by_type.get("ctrTitle")
        return None


@dataclass(frozen=True)
class PlaceholderChain:
    """The shapes a placeholder inherits from, nearest first (layout, then master)."""

    ancestors: tuple[Any, ...]
    master_element: Any  # the p:sldMaster, for its text styles; None when unknown


class PlaceholderResolver:
    """Resolves slide placeholders to their layout/master ancestors, with per-part caches.

    Keys are part names, which are unique in a package; the resolver lives for one deck read.
    """

    def __init__(self) -> None:
        self._layout_maps: dict[str, _PlaceholderMap] = {}
        self._master_maps: dict[str, _PlaceholderMap] = {}
        self._masters_of_layouts: dict[str, Any] = {}

    def chain(self, layout: Any, ph_type: str, ph_idx: int) -> PlaceholderChain:
        """`layout` is a python-pptx SlideLayout (or None when the slide has none)."""
        if layout is None:
            return PlaceholderChain((), None)
        layout_key = str(layout.part.partname)
        layout_map = self._layout_maps.get(layout_key)
        if layout_map is None:
            layout_map = self._layout_maps[layout_key] = _PlaceholderMap.of(layout.element)
        master = self._master_of(layout_key, layout)

        ancestors: list[Any] = []
        layout_shape = layout_map.match_slide_placeholder(ph_type, ph_idx)
        if layout_shape is not None:
            ancestors.append(layout_shape)
            layout_ph = placeholder_of(layout_shape)
            ph_type = placeholder_type(layout_ph)
        if master is None:
            return PlaceholderChain(tuple(ancestors), None)
        master_key = str(master.part.partname)
        master_map = self._master_maps.get(master_key)
        if master_map is None:
            master_map = self._master_maps[master_key] = _PlaceholderMap.of(master.element)
        master_shape = master_map.by_type.get(master_type_for(ph_type))
        if master_shape is not None:
            ancestors.append(master_shape)
        return PlaceholderChain(tuple(ancestors), master.element)

    def _master_of(self, layout_key: str, layout: Any) -> Any:
        if layout_key not in self._masters_of_layouts:
            try:
                master = layout.slide_master
            except (KeyError, AttributeError):  # a layout without a master relationship
                master = None
            self._masters_of_layouts[layout_key] = master
        return self._masters_of_layouts[layout_key]
