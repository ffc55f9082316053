"""Text fitting: measure filled text with real font metrics and write `a:normAutofit`.

PowerPoint only recomputes "shrink text on overflow" when someone edits the box; a file that
arrives with too much text shows it spilling out until then. So the writer measures the text
the way PowerPoint lays it out (font advance widths, greedy word wrap with CJK characters as
break opportunities, each font's own line height, line and paragraph spacing, insets, margins
and columns) and stores the scale PowerPoint would have chosen: `fontScale` (font sizes) and
`lnSpcReduction` (line spacing). The steps follow PowerPoint's own (spacing first, then font
size in 7.5% steps) down to a floor of 60%; text that overflows even there keeps the floor and
is reported, because smaller text would no longer be readable on a slide.

Measurement uses the template's fonts when installed, else metric-compatible twins (see
`fonts.py`). It errs on the side of shrinking: where our layout is approximate (kerning pairs,
kinsoku rules) text measures slightly wider, never narrower.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from slidewright.pptx_engine import cjk
from slidewright.pptx_engine.fonts import DEFAULT_EAST_ASIAN, metrics
from slidewright.pptx_engine.ooxml import qn
from slidewright.pptx_engine.textprops import ParagraphProps, Spacing, TextStyle
from slidewright.pptx_engine.units import EMU_PER_PT
from slidewright.pptx_engine.xmledit import BODY_PR_ORDER, insert_ordered, new

FULL = 100000
FLOOR = 60000
# (fontScale, lnSpcReduction) in 1/1000 %, tried in order; the first that fits is written.
STEPS: tuple[tuple[int, int], ...] = (
    (FULL, 0),
    (FULL, 10000),
    (FULL, 20000),
    (92500, 20000),
    (85000, 20000),
    (77500, 20000),
    (70000, 20000),
    (62500, 20000),
    (FLOOR, 20000),
)
# Rounding slack: half a point of height, so text that exactly fits is not shrunk.
_SLACK_PT = 0.5

_P = qn("a:p")
_R = qn("a:r")
_FLD = qn("a:fld")
_BR = qn("a:br")
_T = qn("a:t")
_PPR = qn("a:pPr")
_RPR = qn("a:rPr")
_END_RPR = qn("a:endParaRPr")
_BODY_PR = qn("a:bodyPr")
_AUTOFIT_TAGS = (qn("a:noAutofit"), qn("a:normAutofit"), qn("a:spAutoFit"))
# Spaces, single East Asian characters (each is a break opportunity), Latin words.
_TOKENS = re.compile(rf"(\s+)|([{cjk.CHAR_CLASS}])|([^\s{cjk.CHAR_CLASS}]+)")

_WORD, _SPACE, _BREAK = 0, 1, 2


@dataclass(frozen=True)
class FitResult:
    font_scale: int  # 1/1000 %: 100000 is full size
    line_reduction: int  # 1/1000 %
    fits: bool
    needed: float  # text height / available height at the chosen step (<= 1.0 when it fits)
    full_size_height_emu: float = 0.0  # box height holding the text unscaled (insets included)

    @property
    def shrunk(self) -> bool:
        return (self.font_scale, self.line_reduction) != (FULL, 0)


@dataclass
class _Token:
    kind: int
    width_pt: float  # at 100 %
    text: str = ""
    metrics: Any = None
    size_pt: float = 0.0


@dataclass
class _Paragraph:
    props: ParagraphProps
    tokens: list[_Token]
    size_pt: float  # the largest run size, at 100 %
    line_pt: float  # natural (single-spaced) line height, at 100 %


def measure_fit(
    body: Any, style: TextStyle, width_emu: float, height_emu: float, lang: str = "en"
) -> FitResult | None:
    """The first step at which the body's text fits its box, or the floor with `fits=False`.

    None when the box cannot be measured (no size, or vertical text).
    """
    box = style.body_props()
    if box.vertical:
        return None
    insets = box.insets
    usable_w = (width_emu - insets["lIns"] - insets["rIns"]) / EMU_PER_PT
    usable_h = (height_emu - insets["tIns"] - insets["bIns"]) / EMU_PER_PT
    if usable_w <= 0 or usable_h <= 0:
        return None
    if box.columns > 1:
        usable_w = (usable_w - box.column_spacing_emu / EMU_PER_PT * (box.columns - 1)) / (
            box.columns
        )
        usable_h *= box.columns
    paragraphs = [_paragraph(p, style, lang) for p in body.iterfind(_P)]
    if not paragraphs:
        return FitResult(FULL, 0, True, 0.0)
    full = _height(paragraphs, 1.0, 0.0, usable_w, box.wrap)
    full_box = full / box.columns * EMU_PER_PT + insets["tIns"] + insets["bIns"]
    height = full
    for scale, reduction in STEPS:
        if (scale, reduction) != (FULL, 0):
            height = _height(paragraphs, scale / FULL, reduction / FULL, usable_w, box.wrap)
        if height <= usable_h + _SLACK_PT:
            return FitResult(scale, reduction, True, height / usable_h, full_box)
    return FitResult(FLOOR, STEPS[-1][1], False, height / usable_h, full_box)


def grow_to_fit(shape: Any, result: FitResult, anchor: str, slide_height_emu: int) -> bool:
    """For a "resize shape to fit text" box (`spAutoFit`): grow it as PowerPoint would when
    the text is edited, instead of shrinking the text. Returns False (and changes nothing) when
    the shape has no geometry of its own, sits in a group, or would leave the slide."""
    if shape.getparent() is None or shape.getparent().tag != qn("p:spTree"):
        return False
    xfrm = shape.find(f"{qn('p:spPr')}/{qn('a:xfrm')}")
    offset = None if xfrm is None else xfrm.find(qn("a:off"))
    extent = None if xfrm is None else xfrm.find(qn("a:ext"))
    if offset is None or extent is None or xfrm.get("rot") not in (None, "0"):
        return False
    y, cy = int(offset.get("y", "0")), int(extent.get("cy", "0"))
    new_cy = math.ceil(result.full_size_height_emu)
    if new_cy <= cy:
        return True
    grow = new_cy - cy
    # The text's anchor decides which edge stays put, as in PowerPoint.
    new_y = y if anchor == "t" else y - grow if anchor == "b" else y - grow // 2
    if new_y < 0 or new_y + new_cy > slide_height_emu:
        return False
    offset.set("y", str(new_y))
    extent.set("cy", str(new_cy))
    return True


def apply_fit(body: Any, result: FitResult) -> None:
    """Store the result in the body's `a:bodyPr` so PowerPoint opens the text already fitted.

    Text that fits at full size leaves the autofit setting alone, except that a stale scale
    from the template's sample text is cleared.
    """
    body_pr = body.find(_BODY_PR)
    if body_pr is None:
        body_pr = new("a:bodyPr")
        body.insert(0, body_pr)
    current = next((child for child in body_pr if child.tag in _AUTOFIT_TAGS), None)
    if not result.shrunk:
        if current is not None and current.tag == qn("a:normAutofit") and len(current.attrib):
            insert_ordered(body_pr, new("a:normAutofit"), BODY_PR_ORDER)
        return
    for child in list(body_pr):
        if child.tag in _AUTOFIT_TAGS:
            body_pr.remove(child)
    autofit = new("a:normAutofit")
    if result.font_scale != FULL:
        autofit.set("fontScale", str(result.font_scale))
    if result.line_reduction:
        autofit.set("lnSpcReduction", str(result.line_reduction))
    insert_ordered(body_pr, autofit, BODY_PR_ORDER)


# -- measuring ----------------------------------------------------------------------------------


def _paragraph(paragraph: Any, style: TextStyle, lang: str) -> _Paragraph:
    props = style.paragraph_props(paragraph.find(_PPR))
    tokens: list[_Token] = []
    sizes: list[float] = []
    lines: list[float] = []
    for child in paragraph:
        if child.tag == _BR:
            tokens.append(_Token(_BREAK, 0.0))
            continue
        if child.tag not in (_R, _FLD):
            continue
        text_element = child.find(_T)
        text = "" if text_element is None or text_element.text is None else text_element.text
        run = style.run_props(child.find(_RPR), props.level)
        latin = metrics(run.latin or "Calibri", run.bold, run.italic)
        east_asian = None
        sizes.append(run.size_pt)
        lines.append(run.size_pt * latin.line_height_em)
        for match in _TOKENS.finditer(text):
            space, east, word = match.groups()
            if space is not None:
                tokens.append(_Token(_SPACE, latin.width_em(space) * run.size_pt))
            elif east is not None:
                if east_asian is None:
                    family = run.ea or DEFAULT_EAST_ASIAN[cjk.east_asian_lang(lang)]
                    east_asian = metrics(family, run.bold, run.italic)
                    lines.append(run.size_pt * east_asian.line_height_em)
                tokens.append(_Token(_WORD, east_asian.width_em(east) * run.size_pt))
            else:
                width = latin.width_em(word) * run.size_pt
                tokens.append(_Token(_WORD, width, word, latin, run.size_pt))
    if not sizes:  # an empty paragraph still takes a line, at its end mark's size
        run = style.run_props(paragraph.find(_END_RPR), props.level)
        latin = metrics(run.latin or "Calibri", run.bold, run.italic)
        sizes.append(run.size_pt)
        lines.append(run.size_pt * latin.line_height_em)
    return _Paragraph(props, tokens, max(sizes), max(lines))


def _spacing_pt(spacing: Spacing, line_pt: float) -> float:
    if spacing.points is not None:
        return spacing.points
    if spacing.percent is not None:
        return spacing.percent * line_pt
    return 0.0


def _height(
    paragraphs: list[_Paragraph], scale: float, reduction: float, width_pt: float, wrap: bool
) -> float:
    total = 0.0
    last = len(paragraphs) - 1
    for index, paragraph in enumerate(paragraphs):
        props = paragraph.props
        natural = paragraph.line_pt * scale
        spacing = props.line_spacing
        # lnSpcReduction is subtracted from a percentage spacing (105% - 20% = 85%), per
        # ECMA-376; exact spacing in points shrinks by the same share.
        if spacing.points is not None:
            pitch = spacing.points * (1 - reduction)
        else:
            pitch = natural * max((spacing.percent or 1.0) - reduction, 0.5)
        indent = props.margin_left_emu + max(props.indent_emu, 0)
        available = width_pt - indent / EMU_PER_PT if wrap else float("inf")
        total += _line_count(paragraph.tokens, max(available, 1.0), scale) * pitch
        if index > 0:  # PowerPoint ignores space before the first paragraph of a box
            total += _spacing_pt(props.space_before, natural) * (1 - reduction)
        if index < last:
            total += _spacing_pt(props.space_after, natural) * (1 - reduction)
    return total


def _line_count(tokens: list[_Token], width: float, scale: float) -> int:
    """Greedy wrap, as PowerPoint does: spaces hang at line ends, long words break anywhere."""
    lines = 1
    x = 0.0
    pending = 0.0
    for token in tokens:
        if token.kind == _BREAK:
            lines, x, pending = lines + 1, 0.0, 0.0
            continue
        w = token.width_pt * scale
        if token.kind == _SPACE:
            pending += w
            continue
        if x > 0 and x + pending + w <= width:
            x += pending + w
        else:
            if x > 0:
                lines += 1
            if w <= width:
                x = w
            else:
                extra, x = _break_word(token, width, scale)
                lines += extra
        pending = 0.0
    return lines


def _break_word(token: _Token, width: float, scale: float) -> tuple[int, float]:
    """A word wider than the line, broken between characters: (extra lines, last width)."""
    if token.metrics is None:
        return 0, token.width_pt * scale
    extra = 0
    x = 0.0
    for char in token.text:
        w = token.metrics.width_em(char) * token.size_pt * scale
        if x > 0 and x + w > width:
            extra += 1
            x = w
        else:
            x += w
    return extra, x
