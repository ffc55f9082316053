"""Text of text frames and table cells, the effective font size, and a capacity estimate.

Text is read from the XML directly (runs, fields, line breaks) rather than through python-pptx's
proxies: it is the hot path of a deck read and needs no part access. A line break inside a
paragraph (`a:br`) is reported as a newline, like a paragraph end, because that is how a reader of
the text sees it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from slidewright.pptx_engine.model import TextCapacity
from slidewright.pptx_engine.ooxml import int_attr, qn
from slidewright.pptx_engine.units import EMU_PER_PT, centipoints_to_pt

_P = qn("a:p")
_R = qn("a:r")
_FLD = qn("a:fld")
_BR = qn("a:br")
_T = qn("a:t")
_BODY_PR = qn("a:bodyPr")
_LST_STYLE = qn("a:lstStyle")
_LVL1 = qn("a:lvl1pPr")
_DEF_RPR = qn("a:defRPr")
_RPR = qn("a:rPr")
_END_RPR = qn("a:endParaRPr")
_P_TX_BODY = qn("p:txBody")

# Capacity model: an average Latin glyph is about half an em wide (spaces included), a CJK glyph
# a full em, and a line is 1.2 em tall. Good enough to tell a title from a paragraph box.
LATIN_EM_PER_CHAR = 0.5
CJK_EM_PER_CHAR = 1.0
LINE_HEIGHT_EM = 1.2
DEFAULT_FONT_PT = 18.0  # the DrawingML default run size (sz="1800")

# bodyPr default insets: 0.1 in left/right, 0.05 in top/bottom.
_DEFAULT_INSETS = {"lIns": 91440, "rIns": 91440, "tIns": 45720, "bIns": 45720}
_VERTICAL = frozenset(
    {"vert", "vert270", "eaVert", "wordArtVert", "mongolianVert", "wordArtVertRtl"}
)


def text_body(shape: Any) -> Any:
    """The `p:txBody` of a shape, or None."""
    return shape.find(_P_TX_BODY)


def paragraph_text(paragraph: Any) -> str:
    parts: list[str] = []
    for child in paragraph:
        if child.tag in (_R, _FLD):
            t = child.find(_T)
            if t is not None and t.text:
                parts.append(t.text)
        elif child.tag == _BR:
            parts.append("\n")
    return "".join(parts)


def paragraphs(body: Any) -> list[str]:
    if body is None:
        return []
    return [paragraph_text(p) for p in body.iterfind(_P)]


def body_text(body: Any) -> str:
    return "\n".join(paragraphs(body))


def _lvl1_size(body_or_style_owner: Any) -> int | None:
    """`a:lstStyle/a:lvl1pPr/a:defRPr/@sz` of a text body, in centipoints."""
    if body_or_style_owner is None:
        return None
    defrpr = body_or_style_owner.find(f"{_LST_STYLE}/{_LVL1}/{_DEF_RPR}")
    size = int_attr(defrpr, "sz", 0)
    return size or None


def _explicit_size(body: Any) -> int | None:
    """The first run (or empty-paragraph end mark) size set directly in the text body."""
    for rpr in body.iter(_RPR, _END_RPR):
        size = int_attr(rpr, "sz", 0)
        if size:
            return size
    return None


def _master_style_size(master: Any, ph_type: str) -> int | None:
    if master is None:
        return None
    style = "titleStyle" if ph_type in ("title", "ctrTitle") else "bodyStyle"
    defrpr = master.find(f"{qn('p:txStyles')}/{qn('p:' + style)}/{_LVL1}/{_DEF_RPR}")
    size = int_attr(defrpr, "sz", 0)
    return size or None


def font_size_pt(
    body: Any,
    *,
    placeholder_ancestors: Iterable[Any] = (),
    master: Any = None,
    ph_type: str | None = None,
    default_text_style: Any = None,
) -> float | None:
    """The size of the body's first-level text, in points, or None when nothing sets it.

    Order: a size on the runs themselves, the shape's own list style, then for placeholders the
    layout's and master's placeholder list styles and the master's title/body text style; for
    other shapes the presentation's default text style.
    """
    size = None if body is None else (_explicit_size(body) or _lvl1_size(body))
    if not size and ph_type is not None:
        inherited = (_lvl1_size(text_body(ancestor)) for ancestor in placeholder_ancestors)
        size = next((found for found in inherited if found), None)
        size = size or _master_style_size(master, ph_type)
    elif not size and default_text_style is not None:
        size = int_attr(default_text_style.find(f"{_LVL1}/{_DEF_RPR}"), "sz", 0) or None
    return centipoints_to_pt(size) if size else None


def _usable_box(body: Any, width_emu: float, height_emu: float) -> tuple[float, float]:
    body_pr = None if body is None else body.find(_BODY_PR)
    insets = {key: int_attr(body_pr, key, default) for key, default in _DEFAULT_INSETS.items()}
    usable_w = width_emu - insets["lIns"] - insets["rIns"]
    usable_h = height_emu - insets["tIns"] - insets["bIns"]
    if body_pr is not None and body_pr.get("vert") in _VERTICAL:
        usable_w, usable_h = usable_h, usable_w
    return max(usable_w, 0.0), max(usable_h, 0.0)


def estimate_capacity(
    body: Any,
    width_emu: float,
    height_emu: float,
    size_pt: float | None,
) -> TextCapacity:
    texts = paragraphs(body)
    size = size_pt or DEFAULT_FONT_PT
    usable_w, usable_h = _usable_box(body, width_emu, height_emu)
    em = size * EMU_PER_PT
    # A box shorter than one line still shows one line (autofit or overflow), so at least 1.
    lines = max(1, math.floor(usable_h / (em * LINE_HEIGHT_EM)))
    latin_per_line = math.floor(usable_w / (em * LATIN_EM_PER_CHAR))
    cjk_per_line = math.floor(usable_w / (em * CJK_EM_PER_CHAR))
    return TextCapacity(
        sample_chars=sum(len(text.replace("\n", "")) for text in texts),
        paragraph_count=sum(1 for text in texts if text.strip()),
        font_size_pt=size_pt,
        max_chars=lines * latin_per_line,
        max_chars_cjk=lines * cjk_per_line,
    )
