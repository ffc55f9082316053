"""LibreOffice opens every kind of exported deck and renders one page per slide (slow)."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from slidewright.builtin import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.deck_spec import DeckSpec, PictureValue, SlideSpec, TextValue
from slidewright.pptx_engine.render import SofficeRenderer
from slidewright.pptx_engine.writer import fill_deck
from tests.pptx_engine.builders import png_bytes
from tests.pptx_engine.fill_builders import cjk_template, feature_template, showcase_spec

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("soffice", "pdfinfo")),
        reason="LibreOffice or poppler-utils not installed",
    ),
]


def pdf_pages(pptx: bytes, workdir: Path) -> int:
    pdf = SofficeRenderer().convert_to_pdf(pptx, workdir, deadline=time.monotonic() + 180)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    line = next(line for line in info.stdout.splitlines() if line.startswith("Pages:"))
    return int(line.split()[1])


@pytest.mark.parametrize("key", [t.key for t in BUILTIN_TEMPLATES])
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_filled_builtin_templates_render_every_slide(key: str, lang: str, tmp_path: Path) -> None:
    result = fill_deck(build(key), showcase_spec(png_bytes(160, 90, "teal"), lang))
    assert pdf_pages(result.pptx, tmp_path) == 10


def test_feature_deck_with_repeats_renders_every_slide(tmp_path: Path) -> None:
    picture = PictureValue(png_bytes(50, 80, "olive"))
    spec = DeckSpec(
        (
            SlideSpec(3),
            SlideSpec(1, {"Body": TextValue("One\nTwo")}, notes="n"),
            SlideSpec(4, {"Picture": picture}),
            SlideSpec(2),
            SlideSpec(2),
            SlideSpec(1),
        )
    )
    assert pdf_pages(fill_deck(feature_template(), spec).pptx, tmp_path) == 6


def test_chinese_deck_on_a_western_theme_renders(tmp_path: Path) -> None:
    spec = DeckSpec((SlideSpec(1, {"Title 1": TextValue("中文标题")}),) * 3, lang="zh-CN")
    assert pdf_pages(fill_deck(cjk_template(), spec).pptx, tmp_path) == 3
