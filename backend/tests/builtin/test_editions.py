"""The Chinese edition of the built-in templates: the English design, every word in Chinese.

Both editions must share their structure (slides, layouts, shapes and geometry), so that the
Chinese names map 1:1 onto the English ones; the Chinese one must export like the English.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pptx import Presentation
from pptx.presentation import Presentation as PresentationObject

from slidewright.builtin import BUILTIN_TEMPLATES, build, edition_key, edition_of, get_template
from slidewright.builtin.content_zh import ELEMENT_NAMES, LAYOUT_NAMES
from slidewright.builtin.editions import CHINESE, ENGLISH
from slidewright.pptx_engine.deck_spec import DeckSpec, SlideSpec, TextValue
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.render import SofficeRenderer
from slidewright.pptx_engine.writer import fill_deck
from tests.builtin.test_builtin import EXPECTED_NAMES, SLIDE_KINDS

KEYS = [template.key for template in BUILTIN_TEMPLATES]
A_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
CJK = re.compile(r"[\u4e00-\u9fff]")


def deck_of(data: bytes) -> PresentationObject:
    return Presentation(io.BytesIO(data))


@cache
def deck(key: str, lang: str) -> PresentationObject:
    """Read-only: shared between tests."""
    return deck_of(build(key, lang))


def shapes(prs: PresentationObject) -> list[list[Any]]:
    return [list(slide.shapes) for slide in prs.slides]


@pytest.mark.parametrize("key", KEYS)
def test_editions_share_slides_layouts_shapes_and_geometry(key: str) -> None:
    english, chinese = deck(key, "en"), deck(key, "zh-CN")
    assert len(chinese.slides) == len(english.slides) == len(SLIDE_KINDS)
    for en_shapes, zh_shapes in zip(shapes(english), shapes(chinese), strict=True):
        assert [(s.shape_type, s.left, s.top, s.width, s.height) for s in zh_shapes] == [
            (s.shape_type, s.left, s.top, s.width, s.height) for s in en_shapes
        ]
        # Names map 1:1 (numbered decorations keep their number).
        for en, zh in zip(en_shapes, zh_shapes, strict=True):
            base, _, number = en.name.rpartition(" ")
            expected = (
                f"{ELEMENT_NAMES[base]} {number}" if number.isdigit() else ELEMENT_NAMES[en.name]
            )
            assert zh.name == expected


@pytest.mark.parametrize("key", KEYS)
def test_chinese_edition_names_its_elements_and_layouts_in_chinese(key: str) -> None:
    prs = deck(key, "zh-CN")
    for kind, slide in zip(SLIDE_KINDS, prs.slides, strict=True):
        assert {s.name for s in slide.shapes if not s.name.startswith("装饰")} == {
            ELEMENT_NAMES[name] for name in EXPECTED_NAMES[kind]
        }
        assert slide.slide_layout.name == LAYOUT_NAMES[kind]
    for layout in prs.slide_layouts:
        for placeholder in layout.placeholders:
            assert CJK.search(placeholder.name), placeholder.name
            assert CJK.search(placeholder.text_frame.text), placeholder.text_frame.text
    for placeholder in prs.slide_master.placeholders:
        assert CJK.search(placeholder.text_frame.text), placeholder.text_frame.text


@pytest.mark.parametrize("key", KEYS)
def test_chinese_sample_text_is_chinese_and_tagged_zh_cn(key: str) -> None:
    parsed = read_presentation(build(key, "zh-CN"))
    for slide in parsed.slides:
        for element in slide.elements:
            if element.type in ("text", "table") and element.inner_text.strip():
                text = element.inner_text
                # Section numbers and key figures are digits; everything else reads Chinese.
                assert CJK.search(text) or re.fullmatch(r"[\d+%.]+", text), text
    for slide in deck(key, "zh-CN").slides:
        langs = {r.get("lang") for r in slide.element.iter(f"{A_NS}rPr") if r.get("lang")}
        assert langs <= {"zh-CN"}, langs
    assert deck(key, "zh-CN").core_properties.title == get_template(key).name_zh


@pytest.mark.parametrize("key", KEYS)
def test_the_chinese_edition_sets_nothing_in_italic(key: str) -> None:
    # Han characters have no italic; they would only be slanted. The English edition sets its
    # captions (and Terracotta its quotes) in italic, which shows the check can see it.
    def italic(lang: str) -> bool:
        prs = deck(key, lang)
        parts = [layout.element for layout in prs.slide_layouts] + [prs.slide_master.element]
        return any(rpr.get("i") == "1" for part in parts for rpr in part.iter())

    assert italic("en") and not italic("zh-CN")


VALUES = {
    1: {"标题": "第三季度回顾", "副标题": "业绩与计划", "演讲人": "王芳 · 财务部"},
    4: {"标题": "要点", "正文": "收入增长 12%\n\t亚太贡献最大\n成本持平"},
    7: {"标题": "各地区收入", "关键数字": "+12%", "要点总结": "亚太领先。"},
    10: {"标题": "谢谢", "联系方式": "wang.fang@example.com"},
}
SPEC = DeckSpec(
    tuple(
        SlideSpec(number, {name: TextValue(text) for name, text in slide_values.items()})
        for number, slide_values in VALUES.items()
    ),
    lang="zh-CN",
)


@pytest.mark.parametrize("key", KEYS)
def test_chinese_edition_exports_values_given_by_chinese_names(key: str) -> None:
    result = fill_deck(build(key, "zh-CN"), SPEC)
    assert [w for w in result.warnings if w.code != "text_overflow"] == []
    exported = read_presentation(result.pptx)
    for parsed, slide_values in zip(exported.slides, VALUES.values(), strict=True):
        by_name = {e.name: e.inner_text for e in parsed.elements}
        for name, text in slide_values.items():
            assert by_name[name] == text.replace("\t", "")  # a tab is a level, not text
    body = next(s for s in deck_of(result.pptx).slides[1].shapes if s.name == "正文")
    assert [p.level for p in body.text_frame.paragraphs] == [0, 1, 0]
    assert [s.layout_name for s in exported.slides] == [
        LAYOUT_NAMES[SLIDE_KINDS[n - 1]] for n in VALUES
    ]


@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("soffice", "pdftotext")),
    reason="LibreOffice or poppler-utils not installed",
)
def test_libreoffice_draws_the_exported_chinese_edition(tmp_path: Path) -> None:
    # The PDF's text is what LibreOffice drew: the new Chinese values, the chart's Chinese
    # categories and no English sample left on the filled slides.
    result = fill_deck(build("midnight", "zh-CN"), SPEC)
    pdf = SofficeRenderer().convert_to_pdf(result.pptx, tmp_path, deadline=time.monotonic() + 180)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert text.count("\f") == len(VALUES)
    for expected in ("第三季度回顾", "王芳", "亚太贡献最大", "北美", "拉丁美洲", "亚太领先"):
        assert expected in text, expected
    assert not re.search(r"Annual|Revenue|Thank", text)


def test_edition_keys_round_trip() -> None:
    assert edition_key("jade", "en") == "jade"
    assert edition_key("jade", "zh-CN") == "jade@zh-CN"
    assert edition_key("jade", "zh-TW") == "jade@zh-CN"  # any Chinese reads Simplified
    assert edition_of("jade") == ("jade", ENGLISH)
    assert edition_of("jade@zh-CN") == ("jade", CHINESE)
