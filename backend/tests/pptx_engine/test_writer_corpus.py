"""Every real deck of the shared corpus exports: each slide used twice, filled with generated
text, tables, charts and pictures, and the result passes the same checks as the built decks.

Charts of kinds that cannot take category data (bubble, stock, surface, ...) are reported as
`chart_not_filled` and keep the template's chart; that is the expected outcome there.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from slidewright.pptx_engine.accessibility import PROBLEM_CODES
from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
    Value,
)
from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.model import ParsedDeck, TemplateElement
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.render import SofficeRenderer
from slidewright.pptx_engine.writer import fill_deck
from tests.corpus import corpus_files
from tests.pptx_engine.builders import png_bytes
from tests.pptx_engine.fill_builders import open_deck
from tests.pptx_engine.package_checks import package_problems

FILLABLE = ("text", "table", "chart")
PICTURE = png_bytes(64, 48, "purple")
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def fillable_decks() -> list[Path]:
    decks = []
    for path in corpus_files("pptx"):
        try:
            deck = read_presentation(path)
        except PptxEngineError:
            continue
        if any(e.type in FILLABLE for s in deck.slides for e in s.elements):
            decks.append(path)
    return decks


def generated_value(element: TemplateElement, copy: int) -> Value | None:
    if element.is_locked or element.hidden:
        return None
    if element.type == "text":
        return TextValue(f"{element.name} copy {copy}\nSecond line 第二行")
    if element.type == "table":
        return TableValue(tuple(tuple(f"r{r}c{c}/{copy}" for c in range(3)) for r in range(3)))
    if element.type == "chart":
        series = (ChartSeries("A", (1.0, 2.0, 3.0)), ChartSeries("B", (2.0, 1.0, None)))
        return ChartValue(("1", "2", "3"), series)
    if element.type == "picture":
        return PictureValue(PICTURE)
    return None


def twice_spec(deck: ParsedDeck) -> DeckSpec:
    slides = []
    for parsed in deck.slides:
        for copy in (1, 2):
            values = {
                e.name: value
                for e in parsed.elements
                if (value := generated_value(e, copy)) is not None
            }
            slides.append(SlideSpec(parsed.slide_number, values, notes=f"Notes {copy}"))
    return DeckSpec(tuple(slides), lang="zh-CN")


def first_series_values(chart: Any) -> list[float]:
    """From the XML: python-pptx cannot proxy every plot kind (3-D area, ...) it can write."""
    series = next(chart.element.iter(f"{C}ser"))
    values = series.find(f"{C}val")
    values = values if values is not None else series.find(f"{C}yVal")
    return [float(v.text) for v in values.iter(f"{C}v")]


def read_back(deck: ParsedDeck, spec: DeckSpec, data: bytes, warnings: Any) -> None:
    """Text and tables read back as written; charts hold the new values."""
    exported = read_presentation(data)
    assert len(exported.slides) == len(spec.slides)
    skipped_charts = {(w.slide_index, w.element) for w in warnings if w.code == "chart_not_filled"}
    prs = open_deck(data)
    for index, (slide_spec, parsed) in enumerate(zip(spec.slides, exported.slides, strict=True)):
        template = deck.slides[slide_spec.template_slide - 1]
        assert parsed.layout_name == template.layout_name
        assert parsed.notes == slide_spec.notes
        by_name = {e.name: e for e in parsed.elements}
        for name, value in slide_spec.values.items():
            element = by_name[name]
            if isinstance(value, TextValue):
                assert element.inner_text == value.text, name
            elif isinstance(value, TableValue):
                assert element.inner_text == "\n".join("\t".join(r) for r in value.rows), name
            elif isinstance(value, ChartValue) and (index + 1, name) not in skipped_charts:
                shape = next(s for s in prs.slides[index].shapes if s.shape_id == element.shape_id)
                assert first_series_values(shape.chart) == [1.0, 2.0, 3.0], name


@pytest.mark.parametrize("path", fillable_decks(), ids=lambda p: p.name)
def test_corpus_deck_exports_every_slide_twice(path: Path) -> None:
    deck = read_presentation(path)
    spec = twice_spec(deck)
    result = fill_deck(path.read_bytes(), spec)
    assert package_problems(result.pptx) == []
    # Accessibility warnings are expected too: corpus slides without any text get no title,
    # their pictures (filled here without alt text) none. test_accessibility checks them.
    assert {w.code for w in result.warnings} <= {
        "chart_not_filled",
        "text_overflow",
        "value_type_mismatch",
        *PROBLEM_CODES,
    }, [str(w) for w in result.warnings]
    read_back(deck, spec, result.pptx, result.warnings)


HAVE_LO = all(shutil.which(tool) for tool in ("soffice", "pdftoppm"))
SAMPLE = ("cht-charts.pptx", "ph-populated-placeholders.pptx", "tbl-cell.pptx", "txt-text.pptx")


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_LO, reason="LibreOffice or poppler-utils not installed")
@pytest.mark.parametrize("name", SAMPLE)
def test_libreoffice_opens_exported_corpus_decks(name: str, tmp_path: Path) -> None:
    path = next((p for p in fillable_decks() if p.name == name), None)
    if path is None:
        pytest.skip(f"{name} is not in the corpus")
    deck = read_presentation(path)
    result = fill_deck(path.read_bytes(), twice_spec(deck))
    thumbnails = SofficeRenderer(work_root=tmp_path).render(result.pptx, timeout_s=180)
    assert len(thumbnails) == 2 * len(deck.slides)
