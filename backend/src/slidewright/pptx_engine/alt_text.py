"""Alternative text of a shape: its description (`p:cNvPr/@descr`) or the decorative mark.

Screen readers read a picture's `descr`; a picture marked decorative is skipped, and
PowerPoint's Accessibility Checker accepts either. Office 2019+ writes the mark ("Mark as
decorative" in the Alt Text pane) as an extension of the shape's `p:cNvPr`:

    <p:cNvPr id="4" name="Picture 3">
      <a:extLst>
        <a:ext uri="{C183D7F6-B498-43B3-948B-1728B52AA6E4}">
          <adec:decorative xmlns:adec="http://schemas.microsoft.com/office/drawing/2017/decorative"
                           val="1"/>
        </a:ext>
      </a:extLst>
    </p:cNvPr>

Older Office versions ignore an extension they do not know (that is what `a:ext` is for), so the
mark is safe everywhere. A decorative shape carries no description (PowerPoint clears it).
"""

from __future__ import annotations

import re
from typing import Any

from slidewright.pptx_engine.ooxml import bool_attr, non_visual_props, qn
from slidewright.pptx_engine.xmledit import new

DECORATIVE_URI = "{C183D7F6-B498-43B3-948B-1728B52AA6E4}"
DECORATIVE_NS = "http://schemas.microsoft.com/office/drawing/2017/decorative"
_DECORATIVE = f"{{{DECORATIVE_NS}}}decorative"
_EXT_LST = qn("a:extLst")
_EXT = qn("a:ext")
# What python-pptx and older Office versions put into `descr` when inserting a picture: its
# file name. It tells a screen-reader user nothing, so it does not count as alt text.
_FILE_NAME = re.compile(r"[^\s/\\]+\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|webp|heic)", re.I)


def alt_text_of(shape: Any) -> str:
    """The shape's description, stripped ("" when it has none)."""
    c_nv_pr = non_visual_props(shape)
    return "" if c_nv_pr is None else (c_nv_pr.get("descr") or "").strip()


def is_decorative(shape: Any) -> bool:
    c_nv_pr = non_visual_props(shape)
    if c_nv_pr is None:
        return False
    return any(bool_attr(mark, "val", True) for mark in c_nv_pr.iter(_DECORATIVE))


def has_alternative(shape: Any) -> bool:
    """Whether a screen reader gets something right for this shape: a description to read
    (a bare file name is none), or the mark telling it to skip the shape."""
    alt = alt_text_of(shape)
    return (bool(alt) and not _FILE_NAME.fullmatch(alt)) or is_decorative(shape)


def set_alt_text(shape: Any, text: str | None) -> None:
    """Describe the shape with `text` (blank or None removes the description); either way a
    decorative mark goes, since the shape is now content."""
    c_nv_pr = non_visual_props(shape)
    if c_nv_pr is None:
        return
    _remove_decorative(c_nv_pr)
    if text and text.strip():
        c_nv_pr.set("descr", text.strip())
    elif "descr" in c_nv_pr.attrib:
        del c_nv_pr.attrib["descr"]


def mark_decorative(shape: Any) -> None:
    c_nv_pr = non_visual_props(shape)
    if c_nv_pr is None or is_decorative(shape):
        return
    _remove_decorative(c_nv_pr)  # a mark with val="0"
    if "descr" in c_nv_pr.attrib:
        del c_nv_pr.attrib["descr"]
    ext_lst = c_nv_pr.find(_EXT_LST)
    if ext_lst is None:
        # `a:extLst` is the last child of `p:cNvPr` (after the hyperlinks).
        ext_lst = new("a:extLst")
        c_nv_pr.append(ext_lst)
    ext = ext_lst.makeelement(_EXT, {"uri": DECORATIVE_URI})
    ext.append(ext.makeelement(_DECORATIVE, {"val": "1"}, nsmap={"adec": DECORATIVE_NS}))
    ext_lst.append(ext)


def _remove_decorative(c_nv_pr: Any) -> None:
    ext_lst = c_nv_pr.find(_EXT_LST)
    if ext_lst is None:
        return
    for ext in ext_lst.findall(_EXT):
        if ext.get("uri") == DECORATIVE_URI or ext.find(_DECORATIVE) is not None:
            ext_lst.remove(ext)
    if len(ext_lst) == 0:
        c_nv_pr.remove(ext_lst)
