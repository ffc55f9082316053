"""Word (.docx) materials: body text in document order, headings marked like Markdown.

The package passes `core.uploads.guard_ooxml` before python-docx opens it. The body is walked
directly (paragraphs and tables in order, content controls unwrapped) rather than through
`Document.paragraphs`, which skips tables, and the text of a paragraph is read from its runs
the way Word shows it: tracked insertions included, deletions and moved-away text excluded,
tabs and breaks kept. Text boxes anchored in a paragraph follow it as their own lines.

Output lines: '# Title' / '## Heading 2' for headings (style 'Heading N', 'Title', or an outline
level), '- item' for numbered and bulleted paragraphs (indented by list level), 'a | b | c'
for each table row, plain text otherwise.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any, Final

import docx

from slidewright.core.uploads import (
    DEFAULT_LIMITS,
    UNSUPPORTED_FILE_TYPE,
    UploadLimits,
    UploadRejected,
    guard_ooxml,
)
from slidewright.materials.parsers.errors import INVALID_DOCX, MaterialParseError

_W: Final = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_MC: Final = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def _w(tag: str) -> str:
    return f"{{{_W}}}{tag}"


_P, _TBL, _TR, _TC = _w("p"), _w("tbl"), _w("tr"), _w("tc")
_SDT, _SDT_CONTENT, _CUSTOM_XML = _w("sdt"), _w("sdtContent"), _w("customXml")
_ALTERNATE, _CHOICE = f"{{{_MC}}}AlternateContent", f"{{{_MC}}}Choice"
_TXBX = _w("txbxContent")
_VAL = _w("val")
# Wrappers whose children are blocks (or rows, or cells) of the same kind as their siblings.
_WRAPPERS: Final = frozenset({_SDT, _SDT_CONTENT, _CUSTOM_XML, _ALTERNATE, _CHOICE})
# Subtrees of a paragraph whose text is not part of it: deleted or moved-away text, text boxes
# (emitted separately), the fallback copy of alternate content, properties.
_SKIP_IN_PARAGRAPH: Final = frozenset(
    {_w("del"), _w("moveFrom"), _TXBX, f"{{{_MC}}}Fallback", _w("pPr"), _w("rPr")}
)
_TEXT_OF: Final = {_w("tab"): "\t", _w("br"): "\n", _w("cr"): "\n", _w("noBreakHyphen"): "-"}
_HEADING_NAME: Final = re.compile(r"heading\s*([1-9])")
_MAX_DEPTH: Final = 32  # nested tables / content controls; deeper content is ignored
_MAX_STYLE_CHAIN: Final = 16


class _Styles:
    """Heading levels and list-ness of paragraph styles, following `basedOn` chains."""

    def __init__(self, styles_element: Any) -> None:
        self._by_id: dict[str, Any] = {}
        if styles_element is not None:
            for style in styles_element.iterchildren(_w("style")):
                style_id = style.get(_w("styleId"))
                if style_id is not None:
                    self._by_id.setdefault(style_id, style)

    def _chain(self, style_id: str | None) -> Iterator[Any]:
        seen: set[str] = set()
        while style_id and style_id not in seen and len(seen) < _MAX_STYLE_CHAIN:
            seen.add(style_id)
            style = self._by_id.get(style_id)
            if style is None:
                return
            yield style
            based_on = style.find(_w("basedOn"))
            style_id = based_on.get(_VAL) if based_on is not None else None

    def heading_level(self, style_id: str | None) -> int:
        for style in self._chain(style_id):
            name_element = style.find(_w("name"))
            name = (name_element.get(_VAL) or "") if name_element is not None else ""
            match = _HEADING_NAME.fullmatch(name.strip().lower())
            if match:
                return int(match.group(1))
            if name.strip().lower() == "title":
                return 1
            level = _outline_level(style.find(_w("pPr")))
            if level:
                return level
        return 0

    def is_list(self, style_id: str | None) -> bool:
        return any(_num_pr(style.find(_w("pPr"))) is not None for style in self._chain(style_id))


def _child_val(parent: Any, tag: str) -> str | None:
    if parent is None:
        return None
    child = parent.find(_w(tag))
    return child.get(_VAL) if child is not None else None


def _outline_level(p_pr: Any) -> int:
    """Heading level 1-9 from an explicit outline level (0-8; 9 means body text), else 0."""
    value = _child_val(p_pr, "outlineLvl")
    return int(value) + 1 if value is not None and value.isdigit() and int(value) < 9 else 0


def _num_pr(p_pr: Any) -> Any:
    """The numbering properties that make a paragraph a list item, or None (numId 0 = none)."""
    num_pr = p_pr.find(_w("numPr")) if p_pr is not None else None
    if num_pr is None or _child_val(num_pr, "numId") == "0":
        return None
    return num_pr


def _paragraph_text(element: Any, out: list[str]) -> None:
    for child in element.iterchildren():
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIP_IN_PARAGRAPH:
            continue
        if tag == _w("t"):
            out.append(child.text or "")
        elif tag in _TEXT_OF:
            out.append(_TEXT_OF[tag])
        else:
            _paragraph_text(child, out)


class _Extractor:
    def __init__(self, styles: _Styles) -> None:
        self.styles = styles

    def blocks(self, container: Any, depth: int = 0, plain: bool = False) -> Iterator[str]:
        """Lines of the paragraphs and tables in `container`, in document order."""
        if depth > _MAX_DEPTH:
            return
        for child in container.iterchildren():
            tag = child.tag
            if tag == _P:
                yield from self.paragraph(child, depth, plain)
            elif tag == _TBL:
                yield from self.table(child, depth)
            elif tag in _WRAPPERS:
                yield from self.blocks(child, depth + 1, plain)

    def paragraph(self, p: Any, depth: int, plain: bool) -> Iterator[str]:
        parts: list[str] = []
        _paragraph_text(p, parts)
        text = "".join(parts).strip()
        if text:
            yield text if plain else self._marked(p, text)
        for box in p.iter(_TXBX):
            if not any(a.tag == f"{{{_MC}}}Fallback" for a in box.iterancestors()):
                yield from self.blocks(box, depth + 1, plain)

    def _marked(self, p: Any, text: str) -> str:
        p_pr = p.find(_w("pPr"))
        style_id = _child_val(p_pr, "pStyle")
        level = _outline_level(p_pr) or self.styles.heading_level(style_id)
        if level:
            return "#" * min(level, 6) + " " + " ".join(text.split())
        num_pr = _num_pr(p_pr)
        if num_pr is not None or self.styles.is_list(style_id):
            ilvl = _child_val(num_pr, "ilvl") if num_pr is not None else None
            indent = int(ilvl) if ilvl is not None and ilvl.isdigit() else 0
            return "  " * min(indent, 8) + "- " + text.replace("\n", " ")
        return text

    def table(self, tbl: Any, depth: int) -> Iterator[str]:
        for tr in self._children(tbl, _TR):
            cells = [
                " ".join(" ".join(self.blocks(tc, depth + 1, plain=True)).split())
                for tc in self._children(tr, _TC)
            ]
            if any(cells):
                yield " | ".join(cells)

    def _children(self, parent: Any, tag: str, depth: int = 0) -> Iterator[Any]:
        """Children with `tag`, looking through content controls and custom XML wrappers."""
        for child in parent.iterchildren():
            if child.tag == tag:
                yield child
            elif child.tag in _WRAPPERS and depth < _MAX_DEPTH:
                yield from self._children(child, tag, depth + 1)


def parse_docx(data: bytes, limits: UploadLimits = DEFAULT_LIMITS) -> str:
    """The text of a .docx material.

    Raises `UploadRejected` from the zip guard (`encrypted_or_legacy_file`, `unsafe_archive`,
    `file_too_large`; a non-zip or a zip without a Word document becomes `invalid_docx`) and
    `MaterialParseError('invalid_docx')` for a package python-docx cannot read.
    """
    try:
        guard_ooxml(data, limits, expected={"word/document.xml"})
    except UploadRejected as exc:
        if exc.code != UNSUPPORTED_FILE_TYPE:
            raise
        raise _invalid(exc.details) from exc
    try:
        document = docx.Document(io.BytesIO(data))
        root = document.element
        body = root.find(_w("body"))
        styles = _Styles(document.styles.element)
        lines = list(_Extractor(styles).blocks(body)) if body is not None else []
    except Exception as exc:
        # python-docx reports a damaged package with KeyError, ValueError, AttributeError...
        # for an upload, all of them mean "not a readable Word document".
        raise _invalid() from exc
    return "\n".join(lines)


def _invalid(details: dict[str, Any] | None = None) -> MaterialParseError:
    return MaterialParseError(INVALID_DOCX, "The file is not a readable Word document.", details)
