"""Namespaces, tag names and forgiving attribute readers for the XML the engine touches.

Real files carry odd values (empty ids, "true" for booleans, floats where ints belong); the
readers here return a default instead of raising, so one sloppy attribute never fails a deck.
"""

from __future__ import annotations

from functools import cache
from typing import Any

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
}

# graphicFrame payloads, told apart by `a:graphicData/@uri`.
URI_TABLE = "http://schemas.openxmlformats.org/drawingml/2006/table"
URI_CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart"


@cache  # a few hundred tags, asked for tens of thousands of times per export
def qn(prefixed: str) -> str:
    """'p:sp' -> '{http://...presentationml/2006/main}sp' (Clark notation for lxml)."""
    prefix, local = prefixed.split(":")
    return f"{{{NS[prefix]}}}{local}"


def local_name(element: Any) -> str:
    tag = element.tag
    if not isinstance(tag, str):  # comments and processing instructions
        return ""
    return tag.rsplit("}", 1)[-1]


def int_attr(element: Any, name: str, default: int = 0) -> int:
    if element is None:
        return default
    value = element.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        try:
            return int(float(value))
        except ValueError:
            return default


def bool_attr(element: Any, name: str, default: bool = False) -> bool:
    """xsd:boolean: '1'/'true' or '0'/'false'."""
    if element is None:
        return default
    value = element.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true")


# Children of p:spTree / p:grpSp that are shapes. mc:AlternateContent wraps a shape that needs a
# newer Office (equations, 3D models, new chart kinds); python-pptx skips it, we must not.
SHAPE_TAGS = frozenset(
    qn(tag) for tag in ("p:sp", "p:grpSp", "p:graphicFrame", "p:cxnSp", "p:pic", "p:contentPart")
)
ALTERNATE_CONTENT = qn("mc:AlternateContent")
# Children of a shape tree that are never shapes.
TREE_PROPERTY_TAGS = frozenset(qn(tag) for tag in ("p:nvGrpSpPr", "p:grpSpPr", "p:extLst"))


_C_NV_PR_PATH = f"*/{qn('p:cNvPr')}"
_PH_PATH = f"*/{qn('p:nvPr')}/{qn('p:ph')}"


def non_visual_props(shape: Any) -> Any:
    """The `p:cNvPr` of a shape (inside its `p:nv*Pr` child), or None."""
    return shape.find(_C_NV_PR_PATH)


def placeholder_of(shape: Any) -> Any:
    """The `p:ph` element of a placeholder shape, or None."""
    return shape.find(_PH_PATH)


def placeholder_type(ph: Any) -> str:
    # The schema default of `type` is "obj" (a content placeholder).
    return ph.get("type") or "obj"


def placeholder_idx(ph: Any) -> int:
    return int_attr(ph, "idx", 0)
