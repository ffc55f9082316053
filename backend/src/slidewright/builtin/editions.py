"""Language editions of the built-in templates: English and Simplified Chinese.

Both editions of a template are the same design, slide for slide: same layouts, geometry,
theme and slide kinds, with every word a user meets in their language (element names, layout
names, master prompts, sample text, chart and table labels) and text runs tagged with that
language, so PowerPoint proofs and picks fonts for it. Code addresses a slot by its English
name, its identity; `Edition.name` gives the name the edition shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from pptx.enum.lang import MSO_LANGUAGE_ID

from slidewright.builtin import content, content_zh
from slidewright.builtin.content import Paragraphs


@dataclass(frozen=True)
class Edition:
    lang: str  # "en" or "zh-CN", as the API's Accept-Language resolves
    language_id: MSO_LANGUAGE_ID  # the sample runs' language
    run_lang: str  # the same, as an `a:rPr/@lang` value
    element_names: dict[str, str]  # English slot name -> shown name (identity when missing)
    layout_names: dict[str, str]  # slide kind -> layout name (the layout spec's when missing)
    master_title: tuple[str, str]  # the master title placeholder's name and prompt
    master_text: tuple[str, str]  # the master body placeholder's name and prompt
    picture_prompt: str
    picture_description: str
    text: dict[str, dict[str, Paragraphs]]  # slide kind -> slot name -> sample paragraphs
    chart_categories: tuple[str, ...]
    chart_series: tuple[tuple[str, tuple[float, ...]], ...]
    chart_number_format: str
    table_rows: tuple[tuple[str, ...], ...]
    italic: bool  # Chinese has no italic: Han characters merely slanted read as a defect

    def name(self, slot_name: str) -> str:
        return self.element_names.get(slot_name, slot_name)

    def numbered(self, base: str, number: int) -> str:
        return f"{self.name(base)} {number}"

    def layout_name(self, kind: str, default: str) -> str:
        return self.layout_names.get(kind, default)


ENGLISH = Edition(
    lang="en",
    language_id=MSO_LANGUAGE_ID.ENGLISH_US,
    run_lang="en-US",
    element_names={},
    layout_names={},
    master_title=("Title Placeholder", "Click to edit the title"),
    master_text=("Text Placeholder", "Click to edit the text"),
    picture_prompt="Picture",
    picture_description="Abstract gradient artwork in the theme colours",
    text=content.TEXT,
    chart_categories=content.CHART_CATEGORIES,
    chart_series=content.CHART_SERIES,
    chart_number_format=content.CHART_NUMBER_FORMAT,
    table_rows=content.TABLE_ROWS,
    italic=True,
)

CHINESE = Edition(
    lang="zh-CN",
    language_id=MSO_LANGUAGE_ID.SIMPLIFIED_CHINESE,
    run_lang="zh-CN",
    element_names=content_zh.ELEMENT_NAMES,
    layout_names=content_zh.LAYOUT_NAMES,
    master_title=content_zh.MASTER_TITLE,
    master_text=content_zh.MASTER_TEXT,
    picture_prompt=content_zh.PICTURE_PROMPT,
    picture_description=content_zh.PICTURE_DESCRIPTION,
    text=content_zh.TEXT,
    chart_categories=content_zh.CHART_CATEGORIES,
    chart_series=content_zh.CHART_SERIES,
    chart_number_format=content_zh.CHART_NUMBER_FORMAT,
    table_rows=content_zh.TABLE_ROWS,
    italic=False,
)

EDITIONS: tuple[Edition, ...] = (ENGLISH, CHINESE)


def edition_for(lang: str) -> Edition:
    """The edition for a request language: Chinese for any Chinese, else English."""
    return CHINESE if lang.lower().startswith("zh") else ENGLISH
