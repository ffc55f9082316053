"""Templates whose lists look like real decks' lists, built in code for the list-filling tests.

Real templates rarely hold a clean run of identical bullet paragraphs: a list opens with a
bullet-less lead-in, an empty spacer or a sub-item; bullets are explicit (`a:buFont`,
`a:buChar`, `a:buAutoNum`) with their own margins and spacing. Each slide packs one such
shape, described in `LIST_SLIDES`; the paragraph properties are XML strings, so a test can
compare what the writer wrote with what the template said.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree
from pptx.util import Inches

from tests.pptx_engine.builders import BLANK, TITLE_AND_CONTENT, new_presentation, to_bytes

NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
A = f"{{{NS_A}}}"

# A phone-style card's list: round bullets in Arial, hanging indent, air above each item.
ITEM = (
    '<a:pPr marL="285750" indent="-285750"><a:lnSpc><a:spcPct val="110000"/></a:lnSpc>'
    '<a:spcBef><a:spcPts val="900"/></a:spcBef><a:buClr><a:srgbClr val="0A84FF"/></a:buClr>'
    '<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/></a:pPr>'
)
SUB_ITEM = (
    '<a:pPr marL="742950" lvl="1" indent="-228600"><a:spcBef><a:spcPts val="300"/></a:spcBef>'
    '<a:buFont typeface="Arial"/><a:buChar char="&#8211;"/></a:pPr>'
)
STEP = (
    '<a:pPr marL="400050" indent="-400050"><a:spcAft><a:spcPts val="600"/></a:spcAft>'
    '<a:buFont typeface="+mj-lt"/><a:buAutoNum type="arabicPeriod"/></a:pPr>'
)
LEAD_IN = (
    '<a:pPr marL="0" indent="0"><a:spcAft><a:spcPts val="1200"/></a:spcAft><a:buNone/></a:pPr>'
)
SPACER = '<a:pPr marL="0" indent="0"><a:buNone/></a:pPr>'


@dataclass(frozen=True)
class ListSlide:
    number: int  # 1-based template slide
    shape: str  # the filled shape's name
    paragraphs: tuple[tuple[str, str], ...]  # (a:pPr XML, sample text; '' = empty paragraph)
    item: str  # the a:pPr every top-level item must be cloned from


LIST_SLIDES = (
    # A body placeholder opening with a bullet-less lead-in, then items and a sub-item.
    ListSlide(
        1,
        "Body",
        ((LEAD_IN, "Why teams switch"), (ITEM, "Setup in minutes"), (SUB_ITEM, "No IT ticket")),
        ITEM,
    ),
    # A text box (no master bullets to inherit) whose numbered steps follow an empty spacer.
    ListSlide(
        2,
        "Steps",
        ((SPACER, ""), (STEP, "Download"), (STEP, "Sign in"), (STEP, "Invite")),
        STEP,
    ),
    # A body placeholder whose first paragraph is a sub-item.
    ListSlide(
        3,
        "Body",
        ((SUB_ITEM, "Context"), (ITEM, "Battery lasts two days"), (ITEM, "Charges in 30 min")),
        ITEM,
    ),
)


def list_template() -> bytes:
    prs = new_presentation()
    for spec in LIST_SLIDES:
        if spec.shape == "Body":
            slide = prs.slides.add_slide(prs.slide_layouts[TITLE_AND_CONTENT])
            slide.shapes.title.text = "Highlights"
            shape = slide.placeholders[1]
        else:
            slide = prs.slides.add_slide(prs.slide_layouts[BLANK])
            shape = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(4))
        shape.name = spec.shape
        body = shape.text_frame._txBody
        for paragraph in body.findall(f"{A}p"):
            body.remove(paragraph)
        for ppr, text in spec.paragraphs:
            body.append(_paragraph(ppr, text))
    return to_bytes(prs)


def _paragraph(ppr: str, text: str) -> etree._Element:
    run = f'<a:r><a:rPr lang="en-US" sz="2000" dirty="0"/><a:t>{text}</a:t></a:r>' if text else ""
    return etree.fromstring(
        f'<a:p xmlns:a="{NS_A}">{ppr}{run}<a:endParaRPr lang="en-US" sz="2000"/></a:p>'
    )


def canonical(ppr: str | etree._Element) -> bytes:
    """An `a:pPr` (XML text or element) as comparable bytes, attribute order and namespace
    declarations aside."""
    if isinstance(ppr, str):
        ppr = etree.fromstring(ppr.replace("<a:pPr", f'<a:pPr xmlns:a="{NS_A}"', 1))
    return etree.tostring(ppr, method="c14n", exclusive=True)
