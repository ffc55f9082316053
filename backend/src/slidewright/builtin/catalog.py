"""The catalogue of built-in templates and the function that builds one.

`BUILTIN_TEMPLATES` is what the installer reads on first run: a key, the file name the
template is stored under, and descriptions of the file and of every slide in English and
Simplified Chinese (the slide descriptions are what AI and the offline assistant match a deck
slide against, so they say what the slide is for and what it holds).

Each template is built in two editions (see `editions.py`), English and Chinese, stored as
two templates: `edition_key` names each one's installed key ("jade", "jade@zh-CN").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from slidewright.builtin.editions import EDITIONS, ENGLISH, Edition, edition_for
from slidewright.builtin.master import write_layouts, write_master
from slidewright.builtin.package import (
    new_presentation,
    replace_theme,
    save,
    set_core_properties,
)
from slidewright.builtin.slides import SLIDE_KINDS, add_sample_slides
from slidewright.builtin.style import Theme
from slidewright.builtin.theme_part import theme_xml
from slidewright.builtin.themes import JADE, MIDNIGHT, TERRACOTTA


@dataclass(frozen=True)
class SlideDescription:
    kind: str  # title, agenda, section, bullets, comparison, picture, chart, table, quote, closing
    en: str
    zh: str


@dataclass(frozen=True)
class BuiltinTemplate:
    key: str
    filename: str  # the English edition's; see `filename_in`
    description_en: str
    description_zh: str
    slides: tuple[SlideDescription, ...]  # in slide order, one per slide
    theme: Theme
    name_zh: str  # the Chinese edition's title (the English one is the theme's name)

    def name_in(self, lang: str) -> str:
        return self.name_zh if edition_for(lang).lang == "zh-CN" else self.theme.name

    def filename_in(self, lang: str) -> str:
        return f"{self.name_in(lang)}.pptx"

    def description_in(self, lang: str) -> str:
        return self.description_zh if edition_for(lang).lang == "zh-CN" else self.description_en


_SLIDE_TEXTS: dict[str, tuple[str, str]] = {
    "title": (
        "Title slide: the deck title, a one-line subtitle, and the presenter's name and date.",
        "标题页：演示文稿标题、一行副标题，以及演讲者姓名和日期。",
    ),
    "agenda": (
        "Agenda slide: a title and a numbered list of up to six topics.",
        "议程页：标题和最多六项的编号议题列表。",
    ),
    "section": (
        "Section header: a section number, the section title and a one-sentence summary.",
        "章节页：章节编号、章节标题和一句话概述。",
    ),
    "bullets": (
        "Bullet slide: a title and a bulleted list of key points with up to two levels.",
        "要点页：标题和最多两级的项目符号列表，用于列出关键要点。",
    ),
    "comparison": (
        "Two-column comparison: a title and two headed columns of bullets, for options, "
        "before and after, or pros and cons.",
        "双栏对比页：标题和两栏带小标题的要点，适合方案对比、前后对比或优缺点分析。",
    ),
    "picture": (
        "Picture and text slide: a large picture on the left, with a title, a short "
        "paragraph and a caption on the right.",
        "图文页：左侧大图，右侧为标题、一段简短说明和图片说明。",
    ),
    "chart": (
        "Chart slide: a title, a native column chart comparing two series across "
        "categories, a key figure and a short takeaway.",
        "图表页：标题、按类别对比两组数据的原生柱状图、一个关键数字和一句简短结论。",
    ),
    "table": (
        "Table slide: a title, a native table with a header row and about six rows of "
        "figures, and a source note.",
        "表格页：标题、带表头行的原生表格（约六行数据）和数据来源说明。",
    ),
    "quote": (
        "Quote slide: a large customer or leadership quote with its attribution.",
        "引言页：一句醒目的客户或管理层引言及其出处。",
    ),
    "closing": (
        "Closing slide: a thank-you title, a subtitle inviting questions, and contact details.",
        "结束页：致谢标题、邀请提问的副标题和联系方式。",
    ),
}

SLIDE_DESCRIPTIONS: tuple[SlideDescription, ...] = tuple(
    SlideDescription(kind, *_SLIDE_TEXTS[kind]) for kind in SLIDE_KINDS
)


def _template(
    theme: Theme, name_zh: str, description_en: str, description_zh: str
) -> BuiltinTemplate:
    return BuiltinTemplate(
        key=theme.key,
        filename=f"{theme.name}.pptx",
        description_en=description_en,
        description_zh=description_zh,
        slides=SLIDE_DESCRIPTIONS,
        theme=theme,
        name_zh=name_zh,
    )


BUILTIN_TEMPLATES: list[BuiltinTemplate] = [
    _template(
        TERRACOTTA,
        "Slidewright 陶土",
        "Warm, modern template: terracotta, sand and charcoal on a cream background with "
        "serif headings. Suits strategy reviews, proposals and company updates.",
        "温暖现代的模板：奶油色底配陶土红、沙色与炭灰，标题使用衬线字体。"
        "适合战略回顾、方案提案和公司通报。",
    ),
    _template(
        MIDNIGHT,
        "Slidewright 午夜",
        "Dark navy template with teal accents and crisp sans-serif type. Suits technology, "
        "product and data-heavy presentations.",
        "深海军蓝底配青绿色点缀、简洁无衬线字体的深色模板。适合科技、产品和数据密集型演示。",
    ),
    _template(
        JADE,
        "Slidewright 青玉",
        "Clean, minimal light template with jade green and grey accents and generous white "
        "space. Suits reports, training and everyday business decks.",
        "简洁极简的浅色模板，以玉绿色和灰色点缀，留白充足。适合报告、培训和日常商务演示。",
    ),
]


def get_template(key: str) -> BuiltinTemplate:
    for template in BUILTIN_TEMPLATES:
        if template.key == key:
            return template
    raise KeyError(f"no built-in template {key!r}")


def edition_key(key: str, lang: str) -> str:
    """The installed key of a template's edition: the English one keeps the plain key (what
    installs before editions existed hold), others get "@lang"."""
    edition = edition_for(lang)
    return key if edition is ENGLISH else f"{key}@{edition.lang}"


def edition_of(installed_key: str) -> tuple[str, Edition]:
    """The catalogue key and the edition of an installed key (`edition_key`'s inverse)."""
    key, _, lang = installed_key.partition("@")
    return key, edition_for(lang or "en")


def build(key: str, lang: str = "en") -> bytes:
    """The .pptx bytes of one built-in template in the edition of `lang`; the same bytes on
    every call."""
    template = get_template(key)
    edition = edition_for(lang)
    theme = template.theme
    prs = new_presentation()
    replace_theme(prs, theme_xml(theme.name, theme.palette, theme.fonts))
    write_master(prs, theme, edition)
    layouts = write_layouts(prs, theme, edition)
    add_sample_slides(prs, layouts, theme, edition)
    set_core_properties(prs, title=template.name_in(lang), subject=template.description_in(lang))
    return save(prs)


def write_all(outdir: Path | str) -> list[Path]:
    """Write every edition of every built-in template into `outdir` (created if needed);
    returns the paths."""
    directory = Path(outdir)
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for template in BUILTIN_TEMPLATES:
        for edition in EDITIONS:
            path = directory / template.filename_in(edition.lang)
            path.write_bytes(build(template.key, edition.lang))
            paths.append(path)
    return paths
