"""Filling a text body (shape, table cell or notes) at run level, keeping the template's look.

The value's lines become paragraphs cloned from the template's own paragraphs, so alignment,
bullets, numbering, spacing and level styling survive; each line's text takes the formatting
of the first run of the paragraph it was cloned from. A line's level comes from its leading
tabs (or pairs of spaces), and the clone source is the template paragraph at the same position
when its level matches, else the nearest earlier paragraph of that level: plain lines on a body
whose sample alternates bullets and sub-bullets all stay top-level bullets. Surplus sample
paragraphs are dropped. Runs keep `a:endParaRPr`, so an empty line keeps its size.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from pptx.opc.constants import RELATIONSHIP_TYPE as RT

from slidewright.pptx_engine import cjk
from slidewright.pptx_engine.deck_spec import TextValue
from slidewright.pptx_engine.links import Segment, split_links
from slidewright.pptx_engine.ooxml import int_attr, qn
from slidewright.pptx_engine.textprops import TextStyle
from slidewright.pptx_engine.xmledit import RPR_ORDER, insert_ordered, new, sub, xml_safe

_P = qn("a:p")
_R = qn("a:r")
_BR = qn("a:br")
_FLD = qn("a:fld")
_T = qn("a:t")
_PPR = qn("a:pPr")
_RPR = qn("a:rPr")
_END_RPR = qn("a:endParaRPr")
_BODY_PR = qn("a:bodyPr")
_LST_STYLE = qn("a:lstStyle")
_P_TX_BODY = qn("p:txBody")
_LINK_TAGS = (qn("a:hlinkClick"), qn("a:hlinkMouseOver"))
_BULLETS = (qn("a:buChar"), qn("a:buAutoNum"), qn("a:buBlip"))
_BULLET_NONE = qn("a:buNone")
# Run attributes that describe the sample text, not its look: spelling-error and smart-tag
# marks would otherwise flag the new text.
_SAMPLE_ONLY_ATTRS = ("err", "smtClean", "smtId", "noProof", "dirty")
# Markdown-style bullet markers, dropped when the paragraph draws its own bullet.
_BULLET_MARKER = re.compile(r"^[-*•·▪–]\s+")
MAX_LEVEL = 8
_SOFT_BREAK = "\u2028"


@dataclass
class TextContext:
    """What filling needs beyond the body: the part owning hyperlink relationships, the
    inheritance chain (for CJK fonts) and the deck language."""

    part: Any
    style: TextStyle
    deck_lang: str
    parse_links: bool = True
    dropped_links: int = 0


def text_body_of(shape: Any, create: bool = False) -> Any:
    """The shape's `p:txBody`; with `create`, one is added (after `p:spPr` / `p:style`)."""
    body = shape.find(_P_TX_BODY)
    if body is not None or not create:
        return body
    body = new("p:txBody")
    sub(body, "a:bodyPr")
    sub(body, "a:lstStyle")
    sub(body, "a:p")
    anchor = shape.find(qn("p:style"))
    if anchor is None:
        anchor = shape.find(qn("p:spPr"))
    if anchor is not None:
        anchor.addnext(body)
    else:
        shape.append(body)
    return body


def fill_body(body: Any, value: TextValue, ctx: TextContext) -> int:
    """Replace the body's paragraphs with the value's lines; returns the paragraph count."""
    template = body.findall(_P)
    if not template:
        template = [sub(body, "a:p")]
    levels = [_level(p) for p in template]
    # A vertical tab is PowerPoint's soft line break (Shift+Enter) in copied text; it is not
    # allowed in XML, so it becomes U+2028 (line separator) and then an `a:br`.
    text = value.text.replace("\r\n", "\n").replace("\r", "\n").replace("\v", _SOFT_BREAK)
    text = xml_safe(text)
    lines = text.split("\n")
    created = []
    for index, raw_line in enumerate(lines):
        level, line = _indent_level(raw_line) if len(lines) > 1 else (None, raw_line)
        source, relevel = _pick(template, levels, index, level)
        paragraph = _clone_empty(source)
        if relevel and level is not None:
            ppr = paragraph.find(_PPR)
            if ppr is None:
                ppr = new("a:pPr")
                paragraph.insert(0, ppr)
            if level:
                ppr.set("lvl", str(level))
            elif "lvl" in ppr.attrib:
                del ppr.attrib["lvl"]
        if _draws_bullet(paragraph, ctx.style):
            line = _BULLET_MARKER.sub("", line, count=1)
        _write_line(paragraph, _run_format(source), line, value.link, ctx)
        created.append(paragraph)
    first = template[0]
    for paragraph in created:
        first.addprevious(paragraph)
    for paragraph in template:
        body.remove(paragraph)
    return len(created)


def clear_body(body: Any) -> None:
    """Remove the sample text but keep one empty paragraph with its properties, so an empty
    placeholder shows its prompt again in PowerPoint and new typing keeps the look."""
    paragraphs = body.findall(_P)
    if not paragraphs:
        sub(body, "a:p")
        return
    first = paragraphs[0]
    run_format = _run_format(first)
    for paragraph in paragraphs[1:]:
        body.remove(paragraph)
    for child in list(first):
        if child.tag not in (_PPR, _END_RPR):
            first.remove(child)
    if first.find(_END_RPR) is None and run_format is not None:
        first.append(_as_end_rpr(run_format))


# -- paragraphs ---------------------------------------------------------------------------------


def _level(paragraph: Any) -> int:
    return min(max(int_attr(paragraph.find(_PPR), "lvl", 0), 0), MAX_LEVEL)


def _indent_level(line: str) -> tuple[int, str]:
    """Leading tabs, or pairs of spaces, give the level of a line of a multi-line value."""
    stripped = line.lstrip("\t")
    level = len(line) - len(stripped)
    spaces = len(stripped) - len(stripped.lstrip(" "))
    if spaces >= 2:
        level += spaces // 2
        stripped = stripped[spaces:]
    return min(level, MAX_LEVEL), stripped


def _pick(
    template: list[Any], levels: list[int], index: int, level: int | None
) -> tuple[Any, bool]:
    """The template paragraph line `index` is cloned from, and whether its level must change.

    A single-line value (`level` None) clones the first paragraph as it is.
    """
    last = len(template) - 1
    if level is None:
        return template[0], False
    position = min(index, last)
    if levels[position] == level:
        return template[position], False
    for candidate in range(position, -1, -1):
        if levels[candidate] == level:
            return template[candidate], False
    for candidate in range(position + 1, last + 1):
        if levels[candidate] == level:
            return template[candidate], False
    return template[position], True


def _clone_empty(paragraph: Any) -> Any:
    """A copy of `paragraph` with its properties and end mark but no content."""
    clone = copy.deepcopy(paragraph)
    for child in list(clone):
        if child.tag not in (_PPR, _END_RPR):
            clone.remove(child)
    end = clone.find(_END_RPR)
    if end is not None:
        _strip_sample_marks(end)
    return clone


def _draws_bullet(paragraph: Any, style: TextStyle) -> bool:
    ppr = paragraph.find(_PPR)
    chain = ([ppr] if ppr is not None else []) + style.level_chain(_level(paragraph))
    for props in chain:
        for child in props:
            if child.tag in _BULLETS:
                return True
            if child.tag == _BULLET_NONE:
                return False
    return False


def _run_format(paragraph: Any) -> Any:
    """A copy of the formatting of the paragraph's first run (field, else end mark), or None."""
    for child in paragraph:
        if child.tag in (_R, _FLD):
            rpr = child.find(_RPR)
            return None if rpr is None else _cleaned(copy.deepcopy(rpr))
    end = paragraph.find(_END_RPR)
    if end is None:
        return None
    rpr = _cleaned(copy.deepcopy(end))
    rpr.tag = _RPR
    return rpr


def _cleaned(rpr: Any) -> Any:
    # A sample run's hyperlink points at the sample's target; new text must not inherit it.
    for tag in _LINK_TAGS:
        for link in rpr.findall(tag):
            rpr.remove(link)
    _strip_sample_marks(rpr)
    return rpr


def _strip_sample_marks(rpr: Any) -> None:
    for name in _SAMPLE_ONLY_ATTRS:
        if name in rpr.attrib:
            del rpr.attrib[name]


def _as_end_rpr(rpr: Any) -> Any:
    end = copy.deepcopy(rpr)
    end.tag = _END_RPR
    return end


# -- runs ---------------------------------------------------------------------------------------


def _write_line(
    paragraph: Any, run_format: Any, line: str, whole_link: str | None, ctx: TextContext
) -> None:
    end = paragraph.find(_END_RPR)

    def add(element: Any) -> None:
        if end is not None:
            end.addprevious(element)
        else:
            paragraph.append(element)

    if end is None and run_format is not None and not line:
        paragraph.append(_as_end_rpr(run_format))
        return
    level = _level(paragraph)
    for number, piece in enumerate(line.split(_SOFT_BREAK)):
        if number:
            br = new("a:br")
            if run_format is not None:
                br.append(copy.deepcopy(run_format))
            add(br)
        if ctx.parse_links or whole_link is not None:
            segments, dropped = split_links(piece, whole_link)
            ctx.dropped_links += dropped
        else:
            segments = [Segment(piece)]
        for segment in segments:
            for text, east_asian in cjk.split_by_script(segment.text):
                add(_run(text, run_format, segment.link, east_asian, level, ctx))


def _run(
    text: str, run_format: Any, link: str | None, east_asian: bool, level: int, ctx: TextContext
) -> Any:
    run = new("a:r")
    rpr = copy.deepcopy(run_format) if run_format is not None else None
    if east_asian or link:
        if rpr is None:
            rpr = new("a:rPr")
        if east_asian:
            _mark_east_asian(rpr, run_format, level, ctx)
        if link:
            r_id = ctx.part.relate_to(link, RT.HYPERLINK, is_external=True)
            hlink = new("a:hlinkClick")
            hlink.set(qn("r:id"), r_id)
            insert_ordered(rpr, hlink, RPR_ORDER)
    if rpr is not None:
        run.append(rpr)
    sub(run, "a:t").text = text
    return run


def _mark_east_asian(rpr: Any, run_format: Any, level: int, ctx: TextContext) -> None:
    lang = cjk.east_asian_lang(ctx.deck_lang)
    rpr.set("lang", lang)
    if rpr.get("altLang") is None:
        rpr.set("altLang", "en-US")
    props = ctx.style.run_props(run_format, level)
    typeface = cjk.east_asian_typeface(props, ctx.style.theme, lang)
    if typeface is not None:
        insert_ordered(rpr, new("a:ea", {"typeface": typeface}), RPR_ORDER)
