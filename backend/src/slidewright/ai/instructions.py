"""Telling an instruction from content.

Users steer the assistant in the words they also use for content: a slide description may end
with "Show as a two-column list." and Fill takes "make it punchy". Those say how to present,
not what to say, so they are never written on a slide. An instruction starts with a verb of
presenting, or with a verb of editing and talks about the slide's form (columns, charts,
tone): "Expand the partner programme" stays content, "expand this into bullets" does not.
"""

from __future__ import annotations

import re

from slidewright.ai import text as t

_PRESENTING_EN = (
    r"show|display|present|format|visuali[sz]e|plot|draw|lay\s*out|arrange|render|style|"
    r"make\s+(?:it|this|them|the\s+slide)|put\s+(?:it|this|them)|turn\s+(?:it|this|them)|"
    r"use\s+(?:a|an|two|three|2|3|bullets?|columns?|charts?|tables?)\b"
)
_EDITING_EN = (
    r"add|insert|include|remove|delete|drop|move|merge|split|rename|change|rewrite|shorten|"
    r"expand|summari[sz]e|highlight|emphasi[sz]e|focus|keep|list|give|write|replace|use|make|put"
)
_FORM_EN = (
    r"columns?|charts?|graphs?|tables?|bullets?|bullet\s+points|slides?|layout|fonts?|bold|"
    r"colou?rs?|pictures?|images?|icons?|diagrams?|punchy|concise|shorter|longer|formal|casual|"
    r"tone|visual|title|heading|words|sentences?"
)
_LEAD_EN = re.compile(rf"^\s*(?:please\s+)?(?:{_PRESENTING_EN})\b", re.IGNORECASE)
_EDIT_EN = re.compile(rf"^\s*(?:please\s+)?(?:{_EDITING_EN})\b", re.IGNORECASE)
_FORM_WORD_EN = re.compile(rf"\b(?:{_FORM_EN})\b|two-column|side[- ]by[- ]side", re.IGNORECASE)
_LEAD_ZH = re.compile(
    r"^\s*(?:请|麻烦|帮我)?(?:做成|显示为|展示为|展示成|呈现为|排成|排版|画成|绘制)"
)
_EDIT_ZH = re.compile(
    r"^\s*(?:请|麻烦|帮我)?(?:用|以|改用|分成|拆成|把|将|加上|添加|增加|删除|删掉|去掉|换成|改为|改成|合并|移动|精简|"
    r"缩短|扩写|总结|列出|突出|强调|保留|放)"
)
_FORM_ZH = re.compile(
    r"栏|图表|表格|要点|幻灯片|这一?页|字体|布局|形式|简洁|正式|语气|标题|配图|图片|展示"
)
# A sentence run on without its full stop: "… churn: 7% Show as a two-column list".
_RUN_ON = re.compile(
    r"\s+(?=(?:Please\s+)?(?:Show|Display|Present|Format|Make\s+it|Use\s+(?:a|two|bullets|columns))\b)"
)


def is_instruction(text: str) -> bool:
    clause = text.strip()
    if not clause:
        return False
    if _LEAD_EN.match(clause) or _LEAD_ZH.match(clause):
        return True
    if _EDIT_EN.match(clause) and _FORM_WORD_EN.search(clause):
        return True
    return bool(_EDIT_ZH.match(clause) and _FORM_ZH.search(clause))


def split_run_ons(text: str) -> list[str]:
    """`text` cut before an instruction run on without its full stop."""
    return [part for part in _RUN_ON.split(text) if part.strip()]


# Words that say how to present; they steer nothing about what to say.
FORM_WORDS = frozenset(
    [
        "show",
        "display",
        "present",
        "format",
        "make",
        "use",
        "put",
        "turn",
        "give",
        "keep",
        "add",
        "list",
        "column",
        "columns",
        "chart",
        "charts",
        "graph",
        "table",
        "tables",
        "bullet",
        "bullets",
        "slide",
        "layout",
        "punchy",
        "concise",
        "shorter",
        "longer",
        "formal",
        "casual",
        "tone",
        "visual",
        "figures",
        "two-column",
        "two",
        "three",
        "it",
        "this",
        "them",
    ]
)


def subject_words(text: str) -> frozenset[str]:
    """The keywords of `text` that say what it is about, not how to present it."""
    return frozenset(w for w in t.keywords(text) if w not in FORM_WORDS)
