"""Pure rules: group transforms, unique names, default locks."""

from __future__ import annotations

from typing import Any

from lxml import etree

from slidewright.pptx_engine.geometry import IDENTITY, Rect, own_rect
from slidewright.pptx_engine.locks import default_locked
from slidewright.pptx_engine.naming import UniqueNames

NSDECL = (
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
)
SLIDE_W, SLIDE_H = 12192000, 6858000


def group(off: str, ext: str, ch_off: str, ch_ext: str) -> Any:
    return etree.fromstring(
        f"<p:grpSp {NSDECL}><p:nvGrpSpPr/><p:grpSpPr><a:xfrm>"
        f"<a:off {off}/><a:ext {ext}/><a:chOff {ch_off}/><a:chExt {ch_ext}/>"
        "</a:xfrm></p:grpSpPr></p:grpSp>"
    )


def shape(xfrm: str = "") -> Any:
    return etree.fromstring(f"<p:sp {NSDECL}><p:nvSpPr/><p:spPr>{xfrm}</p:spPr></p:sp>")


def test_group_transform_scales_and_offsets_child_space() -> None:
    transform = IDENTITY.into_group(
        group('x="100" y="200"', 'cx="400" cy="100"', 'x="10" y="20"', 'cx="200" cy="100"')
    )
    assert transform.apply(Rect(10, 20, 50, 10)) == Rect(100, 200, 100, 10)
    assert transform.apply(Rect(60, 70, 10, 10)) == Rect(200, 250, 20, 10)


def test_zero_child_extent_means_no_scaling() -> None:
    transform = IDENTITY.into_group(
        group('x="0" y="0"', 'cx="0" cy="0"', 'x="0" y="0"', 'cx="0" cy="0"')
    )
    assert transform.apply(Rect(5, 6, 7, 8)) == Rect(5, 6, 7, 8)


def test_group_without_transform_keeps_the_parent_space() -> None:
    bare = etree.fromstring(f"<p:grpSp {NSDECL}><p:nvGrpSpPr/><p:grpSpPr/></p:grpSp>")
    assert IDENTITY.into_group(bare) == IDENTITY


def test_offset_and_extent_are_inherited_separately() -> None:
    own_offset_only = shape('<a:xfrm><a:off x="1" y="2"/></a:xfrm>')
    layout = shape('<a:xfrm><a:off x="9" y="9"/><a:ext cx="30" cy="40"/></a:xfrm>')
    assert own_rect(own_offset_only, [layout]) == Rect(1, 2, 30, 40)
    assert own_rect(shape(), [shape(), layout]) == Rect(9, 9, 30, 40)
    assert own_rect(shape()) == Rect(0, 0, 0, 0)


def test_unique_names_suffix_duplicates_and_skip_taken_suffixes() -> None:
    names = UniqueNames()
    claimed = [names.claim(n, i) for i, n in enumerate(["A", "A (2)", "A", "  ", None, "B "])]
    assert claimed == ["A", "A (2)", "A (3)", "Shape 3", "Shape 4", "B"]


def _locked(kind: str, rect: Rect, name: str = "Picture 1", ph: str | None = None) -> bool:
    return default_locked(
        kind,  # type: ignore[arg-type]
        name=name,
        rect=rect,
        slide_width=SLIDE_W,
        slide_height=SLIDE_H,
        placeholder_type=ph,
    )


def test_picture_bleeding_off_the_slide_counts_only_its_visible_area() -> None:
    assert _locked("picture", Rect(-SLIDE_W, 0, SLIDE_W * 1.5, SLIDE_H)) is False
    assert _locked("picture", Rect(-100, -100, SLIDE_W + 200, SLIDE_H + 200)) is True


def test_picture_placeholder_is_never_locked_by_heuristics() -> None:
    assert _locked("picture", Rect(0, 0, SLIDE_W, SLIDE_H), ph="pic") is False


def test_small_picture_mid_slide_is_content() -> None:
    assert _locked("picture", Rect(SLIDE_W / 2, SLIDE_H / 2, 600000, 600000)) is False


def test_small_picture_in_the_bottom_band_is_a_logo() -> None:
    assert _locked("picture", Rect(100000, SLIDE_H - 500000, 900000, 400000)) is True


def test_type_defaults() -> None:
    box = Rect(0, 0, 100, 100)
    assert [_locked(kind, box) for kind in ("text", "table", "chart", "shape", "other")] == [
        False,
        False,
        False,
        True,
        True,
    ]
    assert _locked("text", box, ph="sldNum") is True
