"""What a template slide is for, what each of its elements holds, and what kind of slide a
piece of content wants: the vocabulary the offline assistant matches on and the hints the
model gets.

Kinds: title, agenda, section, bullets, comparison, picture, chart, table, quote, closing.
"""

from __future__ import annotations

import re
from typing import Any

from slidewright.ai import slide_roles
from slidewright.ai import text as t

KINDS = (
    "title",
    "agenda",
    "section",
    "bullets",
    "comparison",
    "picture",
    "chart",
    "table",
    "quote",
    "closing",
)
FILLABLE = frozenset({"text", "picture", "table", "chart"})

# Words that name a kind, in descriptions, layout names and content (English and Chinese).
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "closing": ("thank", "closing", "q&a", "谢谢", "致谢", "结束", "问答", "謝謝", "結束"),
    "agenda": ("agenda", "table of contents", "contents", "议程", "目录", "議程", "目錄", "大纲"),
    "quote": ("quote", "quotation", "testimonial", "引言", "引用", "名言", "語錄"),
    "section": ("section", "divider", "章节", "节标题", "分节", "章節", "節標題"),
    "title": ("title slide", "cover slide", "cover page", "标题页", "封面", "標題頁", "标题幻灯片"),
    "comparison": (
        "comparison",
        "compare",
        "two column",
        "two-column",
        "two content",
        "versus",
        " vs",
        "pros and cons",
        "before and after",
        "trade-off",
        "对比",
        "比较",
        "双栏",
        "两栏",
        "優缺點",
        "优缺点",
        "優劣",
        "优劣",
        "相比",
        "對比",
        "比較",
    ),
    "table": ("table", "tabular", "matrix", "表格", "表格页"),
    "chart": ("chart", "graph", "plot", "图表", "圖表", "柱状图", "折线图", "饼图"),
    "picture": (
        "picture",
        "photo",
        "image",
        "illustration",
        "图片",
        "照片",
        "配图",
        "圖片",
        "圖文",
        "图文",
    ),
}
# Content that is about numbers moving: a chart.
_TREND_WORDS = (
    "growth",
    "grew",
    "grow",
    "increase",
    "decrease",
    "decline",
    "trend",
    "revenue",
    "sales",
    "share",
    "rate",
    "percent",
    "year over year",
    "yoy",
    "forecast",
    "增长",
    "增長",
    "下降",
    "趋势",
    "趨勢",
    "同比",
    "环比",
    "占比",
    "收入",
    "营收",
    "销量",
    "份额",
    "增速",
)


def _has_word(text: str, words: tuple[str, ...]) -> bool:
    """Whether `text` (lowercased) holds one of `words`: Latin words from a word start (so
    'compare' finds 'compared' but 'cover' is not found in 'discover'; words of 3 letters or
    fewer must match whole), CJK words anywhere."""
    for word in words:
        word = word.strip()
        if not word.isascii():
            if word in text:
                return True
            continue
        tail = r"(?![a-z])" if len(word) <= 3 else ""
        if re.search(r"(?<![a-z])" + re.escape(word) + tail, text):
            return True
    return False


def is_locked(element: dict[str, Any], slide_locked_names: list[str] | None = None) -> bool:
    """The template's lock, inverted when the project slide lists the element's name."""
    locked = bool(element.get("isLocked"))
    if slide_locked_names and element.get("name") in slide_locked_names:
        locked = not locked
    return locked


def fillable_elements(
    template_slide: dict[str, Any], slide_locked_names: list[str] | None = None
) -> list[dict[str, Any]]:
    """The elements the assistant may fill: text, picture, table or chart, visible, unlocked."""
    return [
        element
        for element in template_slide.get("elements", [])
        if element.get("type") in FILLABLE
        and not element.get("hidden")
        and not is_locked(element, slide_locked_names)
    ]


def _description_kind(description: str) -> str | None:
    lowered = description.lower()
    # The first words say what the slide is ("Chart slide: ...", "图表页：..."): they win.
    head = re.split(r"[:：(（]", lowered, maxsplit=1)[0]
    for kind in ("closing", "agenda", "quote", "section", "title", "comparison", "table", "chart"):
        if _has_word(head, _KIND_WORDS[kind]):
            return kind
    if _has_word(head, _KIND_WORDS["picture"]):
        return "picture"
    return None


def template_slide_kind(
    slide: dict[str, Any],
    description: str = "",
    slide_size: tuple[float, float] = (13.333, 7.5),
    slide_count: int | None = None,
) -> str:
    """The kind of a template slide: what its description says it is (the user's or the
    template author's word), else its role inferred from its structure (`ai.slide_roles`)."""
    from_description = _description_kind(description) if description else None
    if from_description is not None:
        return from_description
    return slide_roles.slide_role(slide, slide_size[0], slide_size[1], slide_count)


def position(element: dict[str, Any], slide_width: float, slide_height: float) -> str:
    box = element.get("boundary") or {}
    x, y = float(box.get("x", 0)), float(box.get("y", 0))
    w, h = float(box.get("width", 0)), float(box.get("height", 0))
    if w >= slide_width * 0.6:
        horizontal = "full width"
    elif x + w <= slide_width * 0.55:
        horizontal = "left"
    elif x >= slide_width * 0.45:
        horizontal = "right"
    else:
        horizontal = "center"
    if y + h <= slide_height * 0.3:
        vertical = "top"
    elif y >= slide_height * 0.7:
        vertical = "bottom"
    else:
        vertical = "middle"
    return f"{vertical} {horizontal}"


_NUMERIC_SAMPLE = re.compile(r"^[+\-−]?[$¥€£]?\d[\d,.]*\s?(%|x|k|m|bn|亿|万)?$", re.IGNORECASE)


def element_role(element: dict[str, Any], slide_kind: str, *, is_title: bool | None = None) -> str:
    """What a fillable element holds, from its type, name, placeholder and sample text.

    `is_title`: whether it is the box that holds the slide's title
    (`slide_roles.title_element`, which also finds it by size and position on templates made
    of plain text boxes); None when unknown."""
    kind = element.get("type")
    if kind in ("picture", "table", "chart"):
        return str(kind)
    placeholder_type = (element.get("placeholder") or {}).get("type")
    # The slide's title box takes the slide's heading, whatever its sample says ("2025" is no
    # key figure there) and however it is named.
    if is_title or placeholder_type in ("title", "ctrTitle"):
        return "title"
    role = _role_from_hints(element, slide_kind)
    if role == "title" and is_title is False:
        role = "heading"  # a second box named "title": a heading under the slide's title
    if role == "text" and slide_kind in ("title", "closing") and placeholder_type != "body":
        # A short plain box on a cover, beside the title and subtitle, holds who presents (a
        # section name or a sentence of content there reads as a mistake), unless it is big.
        box = element.get("boundary") or {}
        size = float((element.get("capacity") or {}).get("fontSizePt") or 0)
        if float(box.get("height", 0)) <= 0.8 and (not size or size <= 18):
            return "presenter"
    return role


def _role_from_hints(element: dict[str, Any], slide_kind: str) -> str:
    name = str(element.get("name", "")).lower()
    placeholder = str((element.get("placeholder") or {}).get("type") or "")
    sample = str(element.get("innerText") or "").strip()
    capacity = element.get("capacity") or {}
    paragraphs = int(capacity.get("paragraphCount") or 1)
    checks: tuple[tuple[bool, str], ...] = (
        (placeholder == "subTitle" or "subtitle" in name or "副标题" in name, "subtitle"),
        (_has_word(name, ("presenter", "speaker", "author", "演讲", "主讲")), "presenter"),
        (_has_word(name, ("contact", "联系")), "contact"),
        (_has_word(name, ("date", "日期")), "date"),
        (
            _has_word(name, ("source", "来源", "footnote"))
            or sample.lower().startswith(("source", "来源", "資料來源", "数据来源")),
            "source",
        ),
        (_has_word(name, ("attribution", "出处", "署名")), "attribution"),
        (_has_word(name, ("quote", "引言", "引用")), "quote"),
        (
            ("number" in name and re.fullmatch(r"\d{1,2}", sample) is not None)
            or (slide_kind == "section" and re.fullmatch(r"\d{1,2}", sample) is not None),
            "section_number",
        ),
        (
            _has_word(name, ("figure", "kpi", "metric", "stat", "数字", "指标"))
            or (_NUMERIC_SAMPLE.match(sample) is not None and len(sample) <= 8),
            "key_figure",
        ),
        (_has_word(name, ("caption", "说明", "图注")), "caption"),
        (_has_word(name, ("takeaway", "summary", "conclusion", "结论", "总结", "概述")), "summary"),
        (
            _has_word(name, ("agenda", "toc", "contents", "议程", "目录"))
            or (slide_kind == "agenda" and paragraphs >= 2),
            "agenda",
        ),
        (_has_word(name, ("heading", "header", "小标题")), "heading"),
        (placeholder in ("title", "ctrTitle") or ("title" in name or "标题" in name), "title"),
    )
    for matched, role in checks:
        if matched:
            return role
    if slide_kind == "quote" and paragraphs <= 1 and len(sample) > 40:
        return "quote"
    big = int(capacity.get("maxChars") or 0) >= 150
    return "body" if paragraphs >= 2 or big else "text"


# "may" is a month only as "May" next to a day number ("May 30", "30 May"): "costs may rise"
# is a verb. The other month names are matched in any case.
_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?-i:May)|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# A Chinese day ("1 日", "1 号") counts only after a month ("9 月 1 日"): "3号线" (line 3) and
# "1号产品" (product no. 1) are not dates.
_DATES = re.compile(
    r"\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号號])?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}\b|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)


_QUOTATION = re.compile(r"[“\"「].{12,}?[”\"」]\s*[—–-][^\n]*")


def _mostly_a_quotation(text: str) -> bool:
    """A quotation with its attribution is most of the text: a section with figures and one
    customer's words is about the figures, not a quote slide."""
    found = _QUOTATION.search(text)
    if found is None:
        return False
    rest = (text[: found.start()] + text[found.end() :]).strip()
    return len(rest) <= len(found.group(0))


def content_kind(text: str, index: int | None = None, total: int | None = None) -> str:
    """The kind of slide a piece of content (a slide description, a section) wants; with its
    position in the deck, the first slide is a title slide."""
    lowered = f" {text.lower()} "
    if index == 0 and total is not None and total > 1:
        return "title"
    head = re.split(r"[:：]", lowered, maxsplit=1)[0]
    if _has_word(head, _KIND_WORDS["title"]):
        return "title"
    if _has_word(lowered, _KIND_WORDS["agenda"]):
        return "agenda"
    if _has_word(head, _KIND_WORDS["closing"]):
        return "closing"
    if _has_word(lowered, ("thank you", "谢谢", "致谢", "謝謝", "q&a", "问答环节")):
        return "closing"
    if re.search(r"\bsection\b|章节|第[一二三四五六七八九十\d]+部分", lowered):
        return "section"
    if _has_word(lowered, _KIND_WORDS["quote"]) or _mostly_a_quotation(text):
        return "quote"
    if _has_word(lowered, _KIND_WORDS["comparison"]):
        return "comparison"
    if _has_word(lowered, _KIND_WORDS["table"]) or text.count("|") >= 4 or "\t" in text:
        return "table"
    # Dates ("9 月 1 日", "1 September", "June 30") are a timeline, not data to plot.
    numbers = t.numbers_in(_DATES.sub(" ", text))
    meaningful = [n for n in numbers if not t.YEAR.match(n)]
    percentages = [n for n in numbers if "%" in n or "百分" in n]
    if _has_word(lowered, _KIND_WORDS["chart"]):
        return "chart"
    if (_has_word(lowered, _TREND_WORDS) and meaningful) or len(percentages) >= 2:
        return "chart"
    if len(meaningful) >= 4:
        return "chart"
    if _has_word(lowered, _KIND_WORDS["picture"]):
        return "picture"
    return "bullets"


# Which template slide kinds suit a content kind, best first.
PREFERENCES: dict[str, tuple[str, ...]] = {
    "title": ("title", "section", "closing"),
    "agenda": ("agenda", "bullets"),
    "section": ("section", "title", "bullets"),
    "bullets": ("bullets", "picture", "comparison", "section"),
    "comparison": ("comparison", "table", "bullets"),
    "picture": ("picture", "bullets"),
    "chart": ("chart", "table", "bullets"),
    "table": ("table", "chart", "bullets"),
    "quote": ("quote", "section", "bullets"),
    "closing": ("closing", "title", "section"),
}
