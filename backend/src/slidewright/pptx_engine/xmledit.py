"""Small, schema-aware XML edits shared by the fillers.

OOXML elements have a fixed child order (an `a:ea` after `a:latin`, `a:hlinkClick` after the
fonts, autofit before `a:scene3d`); PowerPoint refuses (repairs) a file whose children are out
of order, so every insertion goes through `insert_ordered` with the schema's sequence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pptx.oxml.xmlchemy import OxmlElement

from slidewright.pptx_engine.ooxml import NS, qn

R_NS = NS["r"]

# CT_TextCharacterProperties (a:rPr, a:endParaRPr, a:defRPr).
RPR_ORDER = tuple(
    qn(f"a:{name}")
    for name in (
        "ln",
        "noFill",
        "solidFill",
        "gradFill",
        "blipFill",
        "pattFill",
        "grpFill",
        "effectLst",
        "effectDag",
        "highlight",
        "uLnTx",
        "uLn",
        "uFillTx",
        "uFill",
        "latin",
        "ea",
        "cs",
        "sym",
        "hlinkClick",
        "hlinkMouseOver",
        "rtl",
        "extLst",
    )
)
# CT_TextBodyProperties (a:bodyPr).
BODY_PR_ORDER = tuple(
    qn(f"a:{name}")
    for name in (
        "prstTxWarp",
        "noAutofit",
        "normAutofit",
        "spAutoFit",
        "scene3d",
        "sp3d",
        "flatTx",
        "extLst",
    )
)
# CT_BlipFillProperties (a:blipFill / p:blipFill).
BLIP_FILL_ORDER = (qn("a:blip"), qn("a:srcRect"), qn("a:tile"), qn("a:stretch"))

# Characters XML 1.0 cannot carry (lxml refuses them); pasted text sometimes has them.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: str) -> str:
    return _XML_INVALID.sub("", text)


def insert_ordered(parent: Any, child: Any, order: Sequence[str]) -> Any:
    """Insert `child` into `parent` at its schema position (before the first later sibling).

    An existing child with the same tag is replaced in place.
    """
    existing = parent.find(child.tag)
    if existing is not None:
        existing.addprevious(child)
        parent.remove(existing)
        return child
    rank = order.index(child.tag)
    later = set(order[rank + 1 :])
    for sibling in parent:
        if sibling.tag in later:
            sibling.addprevious(child)
            return child
    parent.append(child)
    return child


def new(tag: str, attrib: dict[str, str] | None = None) -> Any:
    """A new element made by python-pptx's parser, so python-pptx proxies it with its own
    element classes when it later reads the tree (tests and `replace_data` do)."""
    element = OxmlElement(tag)
    for name, value in (attrib or {}).items():
        element.set(name, value)
    return element


def sub(parent: Any, tag: str, attrib: dict[str, str] | None = None) -> Any:
    """Append a new child `tag` ('a:r') to `parent`."""
    child = new(tag, attrib)
    parent.append(child)
    return child


def rel_ids_in(element: Any) -> set[str]:
    """Every relationship id an element's subtree refers to (`r:id`, `r:embed`, `r:link`, ...).

    python-pptx's own reference count only looks at `r:id`; pictures use `r:embed`, so removing
    a relationship on that count alone would leave dangling `r:embed`s.
    """
    found: set[str] = set()
    prefix = f"{{{R_NS}}}"
    for node in element.iter():
        if not isinstance(node.tag, str):
            continue
        for name, value in node.attrib.items():
            if name.startswith(prefix):
                found.add(value)
    return found
