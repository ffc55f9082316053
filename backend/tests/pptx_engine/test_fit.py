"""Text fitting: real font metrics, PowerPoint-like wrapping, `normAutofit` written in the file."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pptx.oxml import parse_xml

from slidewright.builtin import build
from slidewright.pptx_engine.deck_spec import DeckSpec, SlideSpec, TextValue
from slidewright.pptx_engine.fit import FLOOR, FULL, FitResult, apply_fit, measure_fit
from slidewright.pptx_engine.fonts import find_face, measuring_family, metrics
from slidewright.pptx_engine.textprops import TextStyle
from slidewright.pptx_engine.units import EMU_PER_INCH
from slidewright.pptx_engine.writer import fill_deck
from tests.pptx_engine.fill_builders import open_deck, shape_named

A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
needs_fonts = pytest.mark.skipif(shutil.which("fc-match") is None, reason="fontconfig missing")


def body(paragraphs: list[str], *, size: int = 1800, body_pr: str = "<a:bodyPr/>") -> Any:
    """A text body of Calibri runs; `body_pr` replaces its (empty) body properties."""
    runs = "".join(
        f'<a:p><a:r><a:rPr lang="en-US" sz="{size}"><a:latin typeface="Calibri"/></a:rPr>'
        f"<a:t>{text}</a:t></a:r></a:p>"
        for text in paragraphs
    )
    return parse_xml(
        f'<p:txBody xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
        f'xmlns:a="{A_NS}">{body_pr}<a:lstStyle/>{runs}</p:txBody>'
    )


def fit(element: Any, width_in: float, height_in: float) -> FitResult:
    result = measure_fit(
        element, TextStyle(element), width_in * EMU_PER_INCH, height_in * EMU_PER_INCH
    )
    assert result is not None
    return result


# -- fonts --------------------------------------------------------------------------------------


@needs_fonts
@pytest.mark.parametrize(
    ("family", "file_stem"),
    [
        ("Calibri", "Carlito-Regular"),
        ("Cambria", "Caladea-Regular"),
        ("Arial", "LiberationSans-Regular"),
        ("Times New Roman", "LiberationSerif-Regular"),
        ("Microsoft YaHei", "NotoSansCJK-Regular"),
    ],
)
def test_template_fonts_map_to_metric_compatible_installed_fonts(
    family: str, file_stem: str
) -> None:
    face = find_face(family)
    assert face is not None and Path(face.path).stem == file_stem


def test_unknown_families_keep_their_name_for_fontconfig() -> None:
    assert measuring_family("Segoe UI") == "Segoe UI"
    assert measuring_family(" calibri ") == "Carlito"


@needs_fonts
def test_cjk_glyphs_measure_a_full_em_and_latin_about_half() -> None:
    assert metrics("Microsoft YaHei").width_em("中文字体") == pytest.approx(4.0, rel=0.02)
    assert 0.4 < metrics("Calibri").width_em("abcdefghij") / 10 < 0.55


# -- measuring ----------------------------------------------------------------------------------


@needs_fonts
def test_short_text_fits_at_full_size() -> None:
    result = fit(body(["Short title"]), 6, 1)
    assert (result.font_scale, result.line_reduction, result.fits) == (FULL, 0, True)


@needs_fonts
def test_long_text_is_scaled_down_in_powerpoint_steps() -> None:
    text = "Revenue grew strongly in every region this year " * 3
    result = fit(body([text] * 4), 6, 2)
    assert result.fits and result.font_scale < FULL
    assert result.font_scale % 2500 == 0


@needs_fonts
def test_text_beyond_the_floor_reports_how_much_it_needs() -> None:
    result = fit(body(["word " * 60] * 12), 4, 1)
    assert not result.fits
    assert result.font_scale == FLOOR
    assert result.needed > 1.5


@needs_fonts
def test_cjk_text_wraps_as_full_width_characters() -> None:
    # 24 CJK characters at 18 pt need 432 pt: two lines in a 4 in box (274 pt inside the
    # insets) that holds one; 24 Latin letters need about half of that and fit.
    assert fit(body(["字" * 24]), 4, 0.6).shrunk
    assert not fit(body(["a" * 24]), 4, 0.6).shrunk


@needs_fonts
def test_insets_and_columns_are_taken_into_account() -> None:
    text = ["Quarterly revenue up twelve percent"] * 3
    assert not fit(body(text), 4, 1.2).shrunk
    wide_insets = body(text, body_pr='<a:bodyPr lIns="914400" rIns="914400"/>')
    assert fit(wide_insets, 4, 1.2).shrunk


def test_vertical_text_is_not_measured() -> None:
    element = body(["Vertical"], body_pr='<a:bodyPr vert="eaVert"/>')
    assert measure_fit(element, TextStyle(element), EMU_PER_INCH, EMU_PER_INCH) is None


# -- writing the result -------------------------------------------------------------------------


def autofit_xml(element: Any) -> str:
    body_pr = element.find(f"{{{A_NS}}}bodyPr")
    return "".join(child.tag.split("}")[1] + str(dict(child.attrib)) for child in body_pr)


def test_shrinking_replaces_other_autofit_settings() -> None:
    element = body(["x"], body_pr="<a:bodyPr><a:spAutoFit/></a:bodyPr>")
    apply_fit(element, FitResult(85000, 20000, True, 0.9))
    assert autofit_xml(element) == "normAutofit{'fontScale': '85000', 'lnSpcReduction': '20000'}"


def test_text_that_fits_clears_a_stale_scale_but_keeps_other_settings() -> None:
    stale = body(["x"], body_pr='<a:bodyPr><a:normAutofit fontScale="62500"/></a:bodyPr>')
    apply_fit(stale, FitResult(FULL, 0, True, 0.5))
    assert autofit_xml(stale) == "normAutofit{}"
    grow = body(["x"], body_pr="<a:bodyPr><a:spAutoFit/></a:bodyPr>")
    apply_fit(grow, FitResult(FULL, 0, True, 0.5))
    assert autofit_xml(grow) == "spAutoFit{}"


# -- through the writer -------------------------------------------------------------------------


def export_body(text: str) -> tuple[Any, Any]:
    spec = DeckSpec((SlideSpec(4, {"Body": TextValue(text)}),))
    result = fill_deck(build("jade"), spec)
    shape = shape_named(open_deck(result.pptx).slides[0], "Body")
    return shape._element.txBody.bodyPr, result.warnings


@needs_fonts
def test_filled_long_text_opens_already_fitted() -> None:
    text = "\n".join(
        f"Point {i}: a finding that takes most of a line to explain" for i in range(10)
    )
    body_pr, warnings = export_body(text)
    autofit = body_pr.find(f"{{{A_NS}}}normAutofit")
    assert autofit is not None and int(autofit.get("fontScale", FULL)) < FULL
    assert warnings == ()


@needs_fonts
def test_overflow_beyond_the_floor_is_a_warning() -> None:
    text = "\n".join(
        "A very long point that wraps over two lines in the box " * 2 for _ in range(20)
    )
    body_pr, warnings = export_body(text)
    assert body_pr.find(f"{{{A_NS}}}normAutofit").get("fontScale") == str(FLOOR)
    assert [(w.code, w.element) for w in warnings] == [("text_overflow", "Body")]
    assert warnings[0].needed is not None and warnings[0].needed > 1


@needs_fonts
def test_text_that_fits_leaves_the_template_body_properties() -> None:
    body_pr, warnings = export_body("One short point")
    assert len(body_pr) == 0 and warnings == ()


@needs_fonts
def test_resize_to_fit_boxes_grow_instead_of_shrinking_their_text() -> None:
    from tests.pptx_engine.fill_builders import feature_template

    template = feature_template()
    spec = DeckSpec((SlideSpec(1, {"Styled": TextValue("One\nTwo\nThree\nFour")}),))
    result = fill_deck(template, spec)
    box = shape_named(open_deck(result.pptx).slides[0], "Styled")
    before = shape_named(open_deck(template).slides[0], "Styled")
    assert box.top == before.top and box.height > 1.7 * before.height  # four 20 pt lines
    body_pr = box._element.txBody.bodyPr
    assert body_pr.find(f"{{{A_NS}}}spAutoFit") is not None
    assert body_pr.find(f"{{{A_NS}}}normAutofit") is None
    assert result.warnings == ()
