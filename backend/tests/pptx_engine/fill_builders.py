"""Templates and read-back helpers for the writer tests, built in code with python-pptx.

`feature_template()` packs, on five slides, what the writer must carry over: a notes page, a
formatted text box with an external hyperlink, an image used on two slides, a chart, a table,
a link to another slide, an empty picture placeholder, a group, paragraph animations, a
custom show and a section list.
"""

from __future__ import annotations

import copy
import io
import zipfile
from typing import Any

from lxml import etree
from pptx import Presentation
from pptx.chart.data import XyChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml import parse_xml
from pptx.oxml.ns import qn
from pptx.util import Inches, Pt

from slidewright.pptx_engine.writer import find_shape
from tests.pptx_engine.builders import (
    BLANK,
    TITLE_AND_CONTENT,
    TITLE_ONLY,
    add_bar_chart,
    add_table,
    new_presentation,
    png_bytes,
    to_bytes,
)

PICTURE_WITH_CAPTION = 8
NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"


def feature_template() -> bytes:
    prs = new_presentation()
    image = png_bytes(80, 40, "navy")

    # 1: title + bullets (with notes and a paragraph animation), a styled box with a link.
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Agenda"
    body = slide.placeholders[1]
    body.name = "Body"
    body.text_frame.text = "First sample"
    for level, text in ((1, "Sub sample"), (0, "Second sample"), (0, "Third sample")):
        paragraph = body.text_frame.add_paragraph()
        paragraph.text, paragraph.level = text, level
    slide.notes_slide.notes_text_frame.text = "Template notes"
    box = slide.shapes.add_textbox(Inches(1), Inches(6), Inches(6), Inches(0.8))
    box.name = "Styled"
    run = box.text_frame.paragraphs[0].add_run()
    run.text = "Bold red sample"
    run.font.bold, run.font.size = True, Pt(20)
    run.font.color.rgb = RGBColor(0xC0, 0x10, 0x10)
    run.hyperlink.address = "https://template.example.com/"
    picture = slide.shapes.add_picture(
        io.BytesIO(image), Inches(8), Inches(5), Inches(2), Inches(1)
    )
    picture.name = "Logo"
    _add_paragraph_animation(slide, body.shape_id, paragraph_index=3)

    # 2: a chart and a table.
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Numbers"
    add_bar_chart(slide).name = "Chart"
    table = add_table(slide, rows=3, cols=3)
    table.name = "Table"
    table.top = Inches(5)

    # 3: a link to slide 1, the same image again, a group with text.
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "See the agenda"
    r_id = slide.part.relate_to(prs.slides[0].part, RT.SLIDE)
    title_run = slide.shapes.title.text_frame.paragraphs[0].runs[0]
    link = title_run._r.get_or_add_rPr().makeelement(
        qn("a:hlinkClick"), {qn("r:id"): r_id, "action": "ppaction://hlinksldjump"}
    )
    title_run._r.get_or_add_rPr().append(link)
    slide.shapes.add_picture(
        io.BytesIO(image), Inches(1), Inches(2), Inches(3), Inches(1.5)
    ).name = "Photo"
    group = slide.shapes.add_group_shape()
    group.name = "Group"
    inner = group.shapes.add_textbox(Inches(5), Inches(2), Inches(3), Inches(1))
    inner.name = "Grouped text"
    inner.text_frame.text = "Inside a group"

    # 4: an empty picture placeholder with a caption.
    slide = prs.slides.add_slide(prs.slide_layouts[PICTURE_WITH_CAPTION])
    slide.shapes.title.text = "A picture"
    slide.placeholders[1].name = "Picture"
    slide.placeholders[2].text = "Caption sample"

    # 5: blank.
    prs.slides.add_slide(prs.slide_layouts[BLANK])

    _add_custom_show_and_sections(prs)
    return to_bytes(prs)


def _add_paragraph_animation(slide: Any, shape_id: int, paragraph_index: int) -> None:
    effect = (
        '<p:par><p:cTn id="5" presetID="1" presetClass="entr" presetSubtype="0" fill="hold"'
        ' grpId="0" nodeType="clickEffect"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
        '<p:childTnLst><p:set><p:cBhvr><p:cTn id="6" dur="1" fill="hold"><p:stCondLst>'
        '<p:cond delay="0"/></p:stCondLst></p:cTn><p:tgtEl>'
        f'<p:spTgt spid="{shape_id}"><p:txEl>'
        f'<p:pRg st="{paragraph_index}" end="{paragraph_index}"/></p:txEl></p:spTgt>'
        "</p:tgtEl><p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst>"
        '</p:cBhvr><p:to><p:strVal val="visible"/></p:to></p:set></p:childTnLst></p:cTn></p:par>'
    )

    def wrap(inner: str, node_id: int, delay: str) -> str:
        return (
            f'<p:par><p:cTn id="{node_id}" fill="hold"><p:stCondLst><p:cond delay="{delay}"/>'
            f"</p:stCondLst><p:childTnLst>{inner}</p:childTnLst></p:cTn></p:par>"
        )

    on_click = wrap(wrap(effect, 4, "0"), 3, "indefinite")
    slide_target = "<p:tgtEl><p:sldTgt/></p:tgtEl>"
    timing = parse_xml(
        '<p:timing xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">'
        '<p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot">'
        '<p:childTnLst><p:seq concurrent="1" nextAc="seek">'
        f'<p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>{on_click}'
        "</p:childTnLst></p:cTn>"
        f'<p:prevCondLst><p:cond evt="onPrev" delay="0">{slide_target}</p:cond></p:prevCondLst>'
        f'<p:nextCondLst><p:cond evt="onNext" delay="0">{slide_target}</p:cond></p:nextCondLst>'
        "</p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>"
        f'<p:bldLst><p:bldP spid="{shape_id}" grpId="0" build="p"/></p:bldLst></p:timing>'
    )
    slide.element.append(timing)


def _add_custom_show_and_sections(prs: Any) -> None:
    root = prs.part._element
    slide_rids = [sld_id.rId for sld_id in root.sldIdLst]
    ids = [sld_id.id for sld_id in root.sldIdLst]
    shows = root.makeelement(qn("p:custShowLst"), {})
    show = etree.SubElement(shows, qn("p:custShow"), {"name": "Short", "id": "0"})
    lst = etree.SubElement(show, qn("p:sldLst"))
    for r_id in (slide_rids[0], slide_rids[2]):
        etree.SubElement(lst, qn("p:sld"), {qn("r:id"): r_id})
    root.find(qn("p:notesSz")).addnext(shows)
    ext_list = etree.SubElement(root, qn("p:extLst"))
    ext = etree.SubElement(ext_list, qn("p:ext"), {"uri": "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"})
    section_list = etree.SubElement(ext, f"{{{P14}}}sectionLst", nsmap={"p14": P14})
    section = etree.SubElement(
        section_list,
        f"{{{P14}}}section",
        {"name": "All", "id": "{00000000-0000-0000-0000-000000000001}"},
    )
    id_list = etree.SubElement(section, f"{{{P14}}}sldIdLst")
    for slide_id in ids:
        etree.SubElement(id_list, f"{{{P14}}}sldId", {"id": str(slide_id)})


def cjk_template() -> bytes:
    """python-pptx's default theme: its East Asian theme fonts are empty."""
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = "Title sample"
    slide.placeholders[1].text_frame.text = "Body sample"
    return to_bytes(prs)


def chart_kinds_template() -> bytes:
    """Slide 1: a scatter chart "Scatter". Slide 2: an empty chart placeholder "Chart Slot"
    (python-pptx's default layouts have none, so the slide carries a `type="chart"` one)."""
    prs = new_presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Points"  # titled, so only the chart warnings are reported
    data = XyChartData()
    series = data.add_series("Points")
    for x, y in ((1.0, 2.0), (2.0, 4.0), (3.0, 5.0)):
        series.add_data_point(x, y)
    frame = slide.shapes.add_chart(
        XL_CHART_TYPE.XY_SCATTER, Inches(1), Inches(1.5), Inches(6), Inches(4), data
    )
    frame.name = "Scatter"

    slide = prs.slides.add_slide(prs.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Slot"
    slot = parse_xml(
        f'<p:sp xmlns:p="{NS_P}" xmlns:a="{NS_A}"><p:nvSpPr>'
        '<p:cNvPr id="10" name="Chart Slot"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>'
        '<p:nvPr><p:ph type="chart" idx="13"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm>'
        f'<a:off x="{Inches(1)}" y="{Inches(1.5)}"/><a:ext cx="{Inches(6)}" cy="{Inches(4)}"/>'
        "</a:xfrm></p:spPr></p:sp>"
    )
    slide.shapes._spTree.append(slot)
    return to_bytes(prs)


# -- reading back -------------------------------------------------------------------------------


def open_deck(data: bytes) -> Any:
    return Presentation(io.BytesIO(data))


def shape_named(slide: Any, name: str) -> Any:
    for shape in _walk(slide.shapes):
        if shape.name == name:
            return shape
    raise KeyError(name)


def _walk(shapes: Any) -> Any:
    for shape in shapes:
        yield shape
        if shape.shape_type is not None and hasattr(shape, "shapes"):
            yield from _walk(shape.shapes)


def shape_xml(slide: Any, path: tuple[int, ...]) -> bytes:
    """The serialized XML of the shape at `path` on a python-pptx slide."""
    tree = slide.element.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    shape = find_shape(tree, path)
    assert shape is not None, path
    return etree.tostring(shape)


def zip_names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def zip_read(data: bytes, name: str) -> bytes:
    return zipfile.ZipFile(io.BytesIO(data)).read(name)


def deepcopy_xml(element: Any) -> Any:
    return copy.deepcopy(element)


def showcase_spec(picture: bytes, lang: str = "en") -> Any:
    """A deck using every built-in template slide once, every value kind filled."""
    from slidewright.pptx_engine.deck_spec import DeckSpec

    title, findings = {
        "en": ("Project Atlas: 2026 launch plan", "What customers told us"),
        "zh-CN": ("阿特拉斯项目：2026 年发布计划", "客户告诉我们的事"),
    }[lang]
    chart = {
        "categories": ["Q1", "Q2", "Q3", "Q4", "Q5"],
        "series": [
            {"name": "Teams", "values": [12, 19, 31, 44, 58]},
            {"name": "Projects", "values": [20, 35, 41, 60, 72]},
            {"name": "Reports", "values": [5, 9, 22, 30, None]},
        ],
    }
    table = {
        "rows": [
            ["Item", "H1", "H2", "Total"],
            ["Engineering", 1.2, 0.9, 2.1],
            ["Marketing", 0.4, 0.8, 1.2],
            ["Support", 0.2, 0.3, 0.5],
        ]
    }
    body = "Setup takes too long\n\tTwo weeks on average\nReporting is the top request"
    contact = "Alex Kim\n[alex@example.com](mailto:alex@example.com)"
    slides = [
        {"templateSlide": 1, "values": {"Title": title, "Subtitle": "Three markets, one year"}},
        {"templateSlide": 2, "values": {"Agenda Items": "Why now\nWhat we launch\nBudget"}},
        {"templateSlide": 3, "values": {"Section Number": "01", "Section Title": "Why now"}},
        {"templateSlide": 4, "values": {"Title": findings, "Body": body}},
        {"templateSlide": 5, "values": {"Left Body": "Own it\nSlower", "Right Body": "Fast"}},
        {"templateSlide": 6, "values": {"Picture": {"image": "picture"}, "Caption": "Pilots"}},
        {"templateSlide": 7, "values": {"Chart": chart, "Key Figure": "4.8x"}},
        {"templateSlide": 8, "values": {"Table": table}},
        {"templateSlide": 9, "values": {"Quote": "Productive in two days, not two weeks."}},
        {"templateSlide": 10, "values": {"Contact": contact}, "notes": "Questions"},
    ]
    return DeckSpec.from_json(
        {"lang": lang, "slides": slides}, image_loader=lambda reference: picture
    )


def zip_entries(pptx: bytes) -> list[tuple[str, bytes]]:
    """Every part of a saved deck, in order, byte for byte: what two builds of the same deck
    share, since the zip's entry times are the moment of export (to two seconds). Not for a deck
    with a filled chart: its embedded workbook holds the moment it was written, to the second."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as archive:
        return [(info.filename, archive.read(info)) for info in archive.infolist()]
