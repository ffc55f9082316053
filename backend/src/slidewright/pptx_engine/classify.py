"""Element type of a (non-group) shape: text, picture, table, chart, shape or other.

The type says what a project slide may put into the element, so it follows what can be filled:
- text: a text box, any shape with text, or a text-type placeholder even when empty (it is a
  slot for text: title, subtitle, body, content, date/footer/slide number);
- picture: a picture, a picture placeholder holding an image, or an empty picture placeholder
  (a slot python-pptx can fill with `insert_picture`);
- table / chart: a graphic frame holding one, or an empty table / chart placeholder;
- shape: autoshapes, freeforms and connectors without text (decoration);
- other: SmartArt, OLE objects, media, ink, newer-Office content (`mc:AlternateContent`) and
  anything unknown. These are preserved untouched, never dropped.
"""

from __future__ import annotations

from typing import Any

from slidewright.pptx_engine.model import ElementType
from slidewright.pptx_engine.ooxml import (
    URI_CHART,
    URI_TABLE,
    bool_attr,
    local_name,
    placeholder_of,
    placeholder_type,
    qn,
)
from slidewright.pptx_engine.text import paragraphs, text_body

TEXT_PLACEHOLDER_TYPES = frozenset(
    {"title", "ctrTitle", "subTitle", "body", "obj", "dt", "ftr", "sldNum", "hdr"}
)
_EMPTY_SLOT_TYPES: dict[str, ElementType] = {
    "pic": "picture",
    "clipArt": "picture",
    "tbl": "table",
    "chart": "chart",
}
# Elements of `p:nvPr` marking a p:pic as a video or sound rather than a still picture.
_MEDIA_MARKERS = frozenset({"videoFile", "audioFile", "quickTimeFile", "audioCd", "wavAudioFile"})


def is_media(picture: Any) -> bool:
    nv_pr = picture.find(f"*/{qn('p:nvPr')}")
    if nv_pr is None:
        return False
    for child in nv_pr:
        name = local_name(child)
        if name == "extLst":
            # PowerPoint 2010+ media: p:extLst/p:ext/p14:media
            if any(local_name(e) == "media" for e in child.iter()):
                return True
        elif name in _MEDIA_MARKERS:
            return True
    return False


def _has_text(shape: Any) -> bool:
    return any(text.strip() for text in paragraphs(text_body(shape)))


def classify(shape: Any, graphic_uri: str = "") -> ElementType:
    """Type of `shape`, a direct shape element (not a group, not mc:AlternateContent)."""
    name = local_name(shape)
    if name == "pic":
        return "other" if is_media(shape) else "picture"
    if name == "graphicFrame":
        if graphic_uri == URI_TABLE:
            return "table"
        if graphic_uri == URI_CHART:
            return "chart"
        return "other"  # SmartArt, OLE objects, chartex and anything newer
    if name == "cxnSp":
        return "shape"
    if name != "sp":
        return "other"  # contentPart (ink) and unknown shape kinds

    ph = placeholder_of(shape)
    if ph is not None:
        ph_type = placeholder_type(ph)
        if ph_type in TEXT_PLACEHOLDER_TYPES:
            return "text"
        if ph_type in _EMPTY_SLOT_TYPES:
            return _EMPTY_SLOT_TYPES[ph_type]
        return "text" if _has_text(shape) else "other"  # media, SmartArt, slide image slots
    text_box = bool_attr(shape.find(f"*/{qn('p:cNvSpPr')}"), "txBox")
    if text_box or _has_text(shape):
        return "text"
    return "shape"
