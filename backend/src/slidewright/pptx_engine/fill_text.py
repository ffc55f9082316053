"""Filling a text body (shape, table cell or notes) at run level, keeping the template's look.

The value's lines become paragraphs cloned from the template's own paragraphs, so alignment,
bullets, numbering, spacing and level styling survive; each line's text takes the formatting
of the first run of the paragraph it was cloned from. A line's level comes from its leading
tabs (or pairs of spaces). Each line is cloned from a template paragraph of its level (see
`_Sources.pick`): the one at the same position, else the nearest earlier one, so plain lines
on a body whose sample alternates bullets and sub-bullets all stay top-level bullets and lines
beyond the sample repeat its last paragraph of their level. Where the sample's paragraphs of a
level draw bullets, every line of that level is cloned from one that does: real templates
often open a list with a bullet-less lead-in or an empty spacer paragraph, and positional
cloning used to give the first item that paragraph, so the first bullet went missing. A level
the sample lacks is cloned from the nearest level and its explicit margin shifted. Surplus
sample paragraphs are dropped. Runs keep `a:endParaRPr`, so an empty line keeps its size.
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
# PowerPoint's own indent step between list levels (0.5 in), used when the styles do not say.
_LEVEL_STEP_EMU = 457200
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
    sources = _Sources(template, ctx.style)
    # A vertical tab is PowerPoint's soft line break (Shift+Enter) in copied text; it is not
    # allowed in XML, so it becomes U+2028 (line separator) and then an `a:br`.
    text = value.text.replace("\r\n", "\n").replace("\r", "\n").replace("\v", _SOFT_BREAK)
    text = xml_safe(text)
    lines = text.split("\n")
    created = []
    for index, raw_line in enumerate(lines):
        # A single line keeps its leading whitespace: it is text, not an outline.
        level, line = _indent_level(raw_line) if len(lines) > 1 else (None, raw_line)
        source = sources.pick(index, level, line)
        paragraph = _clone_empty(source)
        if level is not None and level != _level(source):
            _relevel(paragraph, _level(source), level, ctx.style)
        if draws_bullet(paragraph, ctx.style):
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


class _Sources:
    """The template's paragraphs, classified once, and the choice of a clone source per line."""

    def __init__(self, template: list[Any], style: TextStyle) -> None:
        self._template = template
        self._levels = [_level(p) for p in template]
        self._bullets = [draws_bullet(p, style) for p in template]
        self._texts = [_has_text(p) for p in template]

    def pick(self, index: int, level: int | None, line: str) -> Any:
        """The template paragraph line `index` (at `level`; None for a single-line value, which
        takes the sample's top level) is cloned from."""
        if level is None:
            with_text = [lvl for lvl, text in zip(self._levels, self._texts, strict=True) if text]
            level = min(with_text or self._levels)
        if level not in self._levels:
            level = self._nearest_level(level)
        same = [i for i, lvl in enumerate(self._levels) if lvl == level]
        # An empty paragraph among text ones is a spacer (or a trailing stray): its properties
        # are often not the list's (no bullet, other spacing).
        with_text = [i for i in same if self._texts[i]]
        candidates = with_text or same
        bulleted = [i for i in candidates if self._bullets[i]]
        lead_in = candidates[0]
        # A first line ending with a colon introduces the list: it may keep a bullet-less
        # lead-in paragraph the sample opens with. Anything else is a list item.
        if bulleted and not (index == 0 and not self._bullets[lead_in] and _is_lead_in(line)):
            candidates = bulleted
        earlier = [i for i in candidates if i <= index]
        return self._template[earlier[-1] if earlier else candidates[0]]

    def _nearest_level(self, level: int) -> int:
        """The sample's level a line at a level it lacks is cloned from: the deepest shallower
        one (a sub-item looks most like its parent), else the shallowest deeper one."""
        shallower = [lvl for lvl in self._levels if lvl < level]
        return max(shallower) if shallower else min(self._levels)


def _has_text(paragraph: Any) -> bool:
    return any((t.text or "").strip() for t in paragraph.iter(_T))


def _is_lead_in(line: str) -> bool:
    return line.rstrip().endswith((":", "："))


def _relevel(paragraph: Any, source_level: int, level: int, style: TextStyle) -> None:
    """Move a clone of a `source_level` paragraph to `level`.

    The level's inherited styles then apply, except what the clone's own `a:pPr` overrides:
    an explicit left margin is shifted by the step the inherited styles put between the two
    levels (half an inch per level when they do not say), so a sub-item is still indented
    from its parent. Bullets and spacing stay those of the paragraph it was cloned from.
    """
    ppr = paragraph.find(_PPR)
    if ppr is None:
        ppr = new("a:pPr")
        paragraph.insert(0, ppr)
    if level:
        ppr.set("lvl", str(level))
    elif "lvl" in ppr.attrib:
        del ppr.attrib["lvl"]
    if ppr.get("marL") is None:
        return
    inherited = style.inherited_margin(level), style.inherited_margin(source_level)
    if inherited[0] is not None and inherited[1] is not None and inherited[0] != inherited[1]:
        step = inherited[0] - inherited[1]
    else:
        step = (level - source_level) * _LEVEL_STEP_EMU
    # A hanging indent (negative) needs at least that much margin to keep the bullet on-box.
    floor = max(0, -int_attr(ppr, "indent", 0))
    ppr.set("marL", str(max(int_attr(ppr, "marL", 0) + step, floor)))


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


def draws_bullet(paragraph: Any, style: TextStyle) -> bool:
    """Whether the paragraph draws a bullet or number: the nearest of its own `a:pPr` and its
    level's inherited styles that says (`a:buChar`, `a:buAutoNum`, `a:buBlip` or `a:buNone`)."""
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
