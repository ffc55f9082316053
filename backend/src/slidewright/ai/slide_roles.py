"""The role of a template slide (title, agenda, section, content, two-column, comparison,
picture, chart, table, quote, closing) and which of its text boxes holds the slide's title,
inferred the way a designer reads a layout: from placeholder types, from the size and position
of the boxes, and from the layout's name and sample text, in English and Chinese.

Roles use the kind vocabulary of `ai.classify.KINDS`: "content" is `bullets`, and a
two-column slide is a `comparison` (every consumer fills both alike: two sides of points).

Why it matters: an uploaded template's content layouts usually carry a one-line sample
("Click to add text"), and judged by paragraph count alone they looked like title or section
slides, so a whole deck landed on the title layout. A body placeholder, or a text box that
covers a good part of the slide, is content whatever its sample says.
"""

from __future__ import annotations

import re
from typing import Any

# Placeholder types (ECMA-376 ST_PlaceholderType) as the reader records them.
_TITLE_TYPES = frozenset({"title", "ctrTitle"})
_COVER_TYPES = frozenset({"ctrTitle", "subTitle"})  # the title-slide layout's own placeholders
_BODY_TYPES = frozenset({"body", "obj", None})  # None: a plain text box
_FURNITURE_TYPES = frozenset({"dt", "ftr", "sldNum", "hdr"})

# A box covering this share of the slide holds content (a list or a paragraph), not a label.
_BODY_SHARE = 0.15
_PICTURE_SHARE = 0.15

# Layout names PowerPoint, Keynote and WPS give (English, Simplified and Traditional Chinese),
# first match wins: "title and content" must be read before "title".
_NAME_ROLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("closing", ("closing", "thank", "the end", "q&a", "结束", "结尾", "谢谢", "致谢", "封底")),
    ("closing", ("結束", "謝謝", "尾页", "尾頁")),
    ("agenda", ("agenda", "contents", "table of contents", "toc", "议程", "目录", "議程", "目錄")),
    ("section", ("section", "divider", "节标题", "章节", "分节", "章節", "節標題", "过渡页")),
    ("comparison", ("comparison", "compare", "比较", "对比", "比對", "對比", "比較")),
    ("comparison", ("two content", "two column", "2 content", "两栏", "两项内容", "兩個內容")),
    ("comparison", ("兩欄", "双栏", "雙欄")),
    ("picture", ("picture", "photo", "image", "图片", "圖片", "照片")),
    ("quote", ("quote", "quotation", "引言", "引用")),
    ("chart", ("chart", "graph", "图表", "圖表")),
    ("table", ("table", "表格")),
    ("bullets", ("title and content", "content", "bullet", "text", "body", "内容", "內容")),
    ("bullets", ("正文", "要点", "要點", "文本", "文字")),
    ("title", ("title slide", "cover", "标题幻灯片", "标题页", "封面", "標題投影片", "標題頁")),
)
# Sample text that says what a slide is for ("Thank you", "Agenda"): read on slides whose
# structure leaves it open (no content box).
_CLOSING_TEXT = re.compile(
    r"\b(?:thank(?:s| you)|questions|q\s*&\s*a|the end)\b"
    r"|谢谢|致谢|感谢|謝謝|感謝|问答|問答|结束|結束",
    re.IGNORECASE,
)
_AGENDA_TEXT = re.compile(r"\b(?:agenda|contents|outline)\b|议程|目录|議程|目錄", re.IGNORECASE)


def _says(text: str, words: tuple[str, ...]) -> bool:
    """Whether `text` (lowercased) holds one of `words`: Latin ones as whole words, CJK
    ones anywhere."""
    for word in words:
        if not word.isascii():
            if word in text:
                return True
        elif re.search(r"(?<![a-z])" + re.escape(word) + r"(?![a-z])", text):
            return True
    return False


def _name_role(name: str) -> str | None:
    lowered = name.lower()
    return next((role for role, words in _NAME_ROLES if _says(lowered, words)), None)


def _names_say(names: str, role: str) -> bool:
    lowered = names.lower()
    return any(_says(lowered, words) for named, words in _NAME_ROLES if named == role)


def _placeholder(element: dict[str, Any]) -> str | None:
    return (element.get("placeholder") or {}).get("type")


def _box(element: dict[str, Any]) -> tuple[float, float, float, float]:
    box = element.get("boundary") or {}
    return (
        float(box.get("x", 0)),
        float(box.get("y", 0)),
        float(box.get("width", 0)),
        float(box.get("height", 0)),
    )


def _area(element: dict[str, Any]) -> float:
    _, _, width, height = _box(element)
    return width * height


def _font(element: dict[str, Any]) -> float:
    return float((element.get("capacity") or {}).get("fontSizePt") or 0)


def _paragraphs(element: dict[str, Any]) -> int:
    return int((element.get("capacity") or {}).get("paragraphCount") or 1)


def _texts(slide: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        e
        for e in slide.get("elements", [])
        if e.get("type") == "text"
        and not e.get("hidden")
        and _placeholder(e) not in _FURNITURE_TYPES
    ]


def title_element(slide: dict[str, Any], slide_height: float = 7.5) -> dict[str, Any] | None:
    """The text box that holds the slide's title: the title placeholder, else a box named
    title, else the short box in the upper part of the slide with the largest type (a
    template built from plain text boxes still has a title, and it is the big one on top)."""
    texts = _texts(slide)
    for element in texts:
        if _placeholder(element) in _TITLE_TYPES:
            return element
    for element in texts:
        name = str(element.get("name", "")).lower()
        named_title = re.search(r"(?<![a-z])title", name) or "标题" in name or "標題" in name
        if named_title and not re.search(r"subtitle|副标题|副標題", name):
            return element
    # Body and object placeholders are content boxes by design, never the title.
    candidates = [
        e
        for e in texts
        if _placeholder(e) not in ("body", "obj")
        and _paragraphs(e) <= 2
        and _box(e)[1] < slide_height * 0.6
        and not e.get("isLocked")
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda e: (_font(e), -_box(e)[1], _area(e)))


def _content_boxes(
    slide: dict[str, Any], title: dict[str, Any] | None, area: float
) -> list[dict[str, Any]]:
    """Text boxes that hold content: a body or object placeholder, or a plain text box, that
    covers a good part of the slide or already holds a list."""
    boxes = []
    for element in _texts(slide):
        if element is title or _placeholder(element) not in _BODY_TYPES:
            continue
        if _area(element) >= _BODY_SHARE * area or _paragraphs(element) >= 3:
            boxes.append(element)
    return boxes


def _side_by_side(boxes: list[dict[str, Any]], width: float) -> bool:
    """Two content boxes next to each other (same row, apart): two columns."""
    for index, first in enumerate(boxes):
        x1, y1, w1, h1 = _box(first)
        for second in boxes[index + 1 :]:
            x2, y2, w2, h2 = _box(second)
            rows_overlap = min(y1 + h1, y2 + h2) - max(y1, y2) >= 0.5 * min(h1, h2)
            apart = x1 + w1 <= x2 + 0.1 or x2 + w2 <= x1 + 0.1
            narrow = max(w1, w2) <= width * 0.6
            if rows_overlap and apart and narrow:
                return True
    return False


def slide_role(
    slide: dict[str, Any],
    slide_width: float = 13.333,
    slide_height: float = 7.5,
    slide_count: int | None = None,
) -> str:
    """The role of a template slide from its structure (placeholders, geometry, names).

    `slide_count`: the template's number of slides; a cover-like slide that ends a template of
    several slides is its closing slide."""
    elements = [e for e in slide.get("elements", []) if not e.get("hidden")]
    types = {e.get("type") for e in elements}
    # Native charts and tables decide: nothing else can hold them.
    if "chart" in types or any(_placeholder(e) == "chart" for e in elements):
        return "chart"
    if "table" in types or any(_placeholder(e) == "tbl" for e in elements):
        return "table"
    named = _name_role(str(slide.get("layoutName") or ""))
    # A layout's name is the designer's own word for it; "Title Slide" and "Title and Content"
    # are checked against the structure below (a closing slide often reuses the cover layout).
    if named is not None and named not in ("bullets", "title"):
        return named
    area = slide_width * slide_height
    title = title_element(slide, slide_height)
    boxes = _content_boxes(slide, title, area)
    sample = " ".join(str(e.get("innerText") or "") for e in _texts(slide))
    title_text = str((title or {}).get("innerText") or "")
    names = " ".join(str(e.get("name", "")) for e in elements)
    for role in ("closing", "agenda", "quote"):
        if _names_say(names, role):
            return role
    pictures = [
        e
        for e in elements
        if (e.get("type") == "picture" or _placeholder(e) in ("pic", "clipArt"))
        and not e.get("isLocked")
    ]
    if any(_area(e) >= _PICTURE_SHARE * area for e in pictures):
        return "picture"
    if len(boxes) >= 2 and _side_by_side(boxes, slide_width):
        return "comparison"
    if boxes:
        return "agenda" if _AGENDA_TEXT.search(title_text) else "bullets"
    if named == "bullets":  # a content layout whose body box was removed from this slide
        return "bullets"
    # Only short text: a cover, a closing or a section divider.
    number = slide.get("slideNumber")
    if number == 1:
        return "title"
    if _CLOSING_TEXT.search(sample):
        return "closing"
    is_cover = named == "title" or any(_placeholder(e) in _COVER_TYPES for e in elements)
    if is_cover and slide_count is not None and number == slide_count and slide_count > 2:
        return "closing"
    return "title" if is_cover else "section"
