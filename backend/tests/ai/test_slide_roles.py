"""Template slide roles from placeholders, geometry and names, on the built-in templates, decks
built here from PowerPoint's own default template (English and Chinese layout names, the way a
real uploaded template looks) and corpus decks; and the layout choice that rests on them."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from pptx import Presentation
from pptx.util import Inches, Pt

from slidewright.ai import matching
from slidewright.ai.classify import content_kind, element_role, template_slide_kind
from slidewright.ai.slide_roles import slide_role, title_element
from slidewright.ai.tasks import ElementSpec, TemplateSlideBrief
from slidewright.builtin.catalog import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.reader import read_presentation
from tests.corpus import CORPUS_DIR

Deck = dict[str, Any]

# PowerPoint's default layout names in Simplified Chinese.
ZH_LAYOUTS = {
    "Title Slide": "标题幻灯片",
    "Title and Content": "标题和内容",
    "Section Header": "节标题",
    "Two Content": "两栏内容",
    "Picture with Caption": "图片与标题",
}


def _read(data: bytes | str) -> Deck:
    return read_presentation(data).to_json_dict()


def office_template(*, chinese: bool = False) -> bytes:
    """An uploaded-template look-alike: a cover, six content slides whose body holds a one-line
    sample (as most real templates do), a section header, two columns, a picture slide and a
    closing slide on the cover layout."""
    prs = Presentation()
    layouts = {layout.name: layout for layout in prs.slide_layouts}
    if chinese:
        for english, chinese_name in ZH_LAYOUTS.items():
            layouts[english].name = chinese_name

    def add(layout: str, *texts: str) -> None:
        slide = prs.slides.add_slide(layouts[layout])
        for placeholder, text in zip(slide.placeholders, texts, strict=False):
            if text:
                placeholder.text = text

    add("Title Slide", "Company name", "Presenter · date")
    for number in range(1, 7):
        add("Title and Content", f"Slide title {number}", "Click to add text")
    add("Section Header", "Section title", "Section subtitle")
    add("Two Content", "Compare", "Left point", "Right point")
    add("Picture with Caption", "Picture title", "", "Caption")
    add("Title Slide", "Thank you" if not chinese else "谢谢", "Questions?")
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


OFFICE_ROLES = [
    "title",
    *["bullets"] * 6,
    "section",
    "comparison",
    "picture",
    "closing",
]


def _roles(deck: Deck) -> list[str]:
    return [
        slide_role(slide, deck["slideWidthIn"], deck["slideHeightIn"], len(deck["slides"]))
        for slide in deck["slides"]
    ]


@pytest.mark.parametrize("template", BUILTIN_TEMPLATES, ids=lambda t: t.key)
def test_built_in_templates_roles_from_their_structure(template: Any) -> None:
    assert _roles(_read(build(template.key))) == [slide.kind for slide in template.slides]


@pytest.mark.parametrize("chinese", [False, True], ids=["en-layouts", "zh-layouts"])
def test_content_layouts_with_one_line_samples_are_content_not_covers(chinese: bool) -> None:
    assert _roles(_read(office_template(chinese=chinese))) == OFFICE_ROLES


def test_closing_on_the_cover_layout_is_found_by_position_without_words() -> None:
    deck = _read(office_template())
    last = deck["slides"][-1]
    for element in last["elements"]:
        element["innerText"] = "Company name"  # no "thank you" to go by
    assert slide_role(last, 10, 7.5, len(deck["slides"])) == "closing"
    assert slide_role(last, 10, 7.5, len(deck["slides"]) + 1) == "title"  # not the last


def test_a_description_naming_the_kind_still_wins() -> None:
    content = _read(office_template())["slides"][1]
    assert template_slide_kind(content, "Chart slide: revenue by region") == "chart"
    assert template_slide_kind(content, "") == "bullets"


def _corpus(name: str) -> Deck:
    path = CORPUS_DIR / "pptx" / name
    if not path.is_file():
        pytest.skip(f"corpus file {path} is absent")
    return _read(str(path))


def test_corpus_placeholder_deck_roles() -> None:
    deck = _corpus("ph-populated-placeholders.pptx")
    # picture, clip art, table, chart, a title alone, an object body, a text body, SmartArt
    # and media (nothing the assistant fills: dividers).
    assert _roles(deck) == [
        "picture",
        "picture",
        "table",
        "chart",
        "section",
        "bullets",
        "bullets",
        "section",
        "section",
    ]


def test_corpus_title_only_deck() -> None:
    assert _roles(_corpus("test.pptx")) == ["title"]


def _text_box_cover() -> Deck:
    """A cover made of plain text boxes (no placeholders): a big title on top, a small line
    for the author at the bottom."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank
    for name, top, height, size, text in (
        ("TextBox 3", 2.0, 1.4, 40, "Annual review"),
        ("TextBox 7", 6.4, 0.4, 12, "Jordan Lee"),
    ):
        box = slide.shapes.add_textbox(Inches(0.8), Inches(top), Inches(8), Inches(height))
        box.name = name
        box.text_frame.text = text
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(size)
    out = io.BytesIO()
    prs.save(out)
    return _read(out.getvalue())


def test_title_box_found_by_size_and_position_and_the_small_box_is_the_presenters() -> None:
    slide = _text_box_cover()["slides"][0]
    title = title_element(slide)
    assert title is not None and title["name"] == "TextBox 3"
    kind = slide_role(slide, 10, 7.5, 3)
    assert kind == "title"
    roles = {e["name"]: element_role(e, kind, is_title=e is title) for e in slide["elements"]}
    # The section or deck name goes to the big box; the small one holds who presents.
    assert roles == {"TextBox 3": "title", "TextBox 7": "presenter"}


def _briefs(deck: Deck) -> list[TemplateSlideBrief]:
    briefs = []
    for slide, role in zip(deck["slides"], _roles(deck), strict=True):
        title = title_element(slide)
        elements = [
            ElementSpec(
                name=e["name"], type=e["type"], role=element_role(e, role, is_title=e is title)
            )
            for e in slide["elements"]
            if e["type"] in ("text", "picture", "table", "chart")
        ]
        briefs.append(
            TemplateSlideBrief(
                slide_number=slide["slideNumber"],
                kind=role,
                layout_name=slide.get("layoutName") or "",
                elements=elements,
            )
        )
    return briefs


DECK = [
    "Title slide: “Q3 review” — for the leadership team",
    "Agenda: Results; Regions; Online; Service; Priorities",
    "Results — Revenue grew 18% to £4.2m; margin rose 2 points",
    "Regions — London remains the largest region",
    "Online — Orders rose after the checkout redesign",
    "Service — 93 customer interviews this quarter",
    "Priorities — ERP migration; Bristol store; head of data",
    "Closing: thank the audience and invite questions",
]


@pytest.mark.parametrize("chinese", [False, True], ids=["en-layouts", "zh-layouts"])
def test_a_deck_uses_the_content_layouts_and_the_cover_and_closing_at_its_ends(
    chinese: bool,
) -> None:
    briefs = _briefs(_read(office_template(chinese=chinese)))
    kinds = {b.slide_number: b.kind for b in briefs}
    used: Counter[int] = Counter()
    chosen = []
    for index, description in enumerate(DECK):
        kind = content_kind(description, index, len(DECK))
        choice = matching.choose(description, kind, briefs, used)
        assert choice is not None
        used[choice.slide_number] += 1
        chosen.append(choice.slide_number)
    assert kinds[chosen[0]] == "title" and kinds[chosen[-1]] == "closing"
    assert all(kinds[number] not in ("title", "closing") for number in chosen[1:-1])
    # The six content layouts take turns instead of one taking every slide.
    assert len({n for n in chosen[1:-1] if kinds[n] == "bullets"}) >= 4


def test_content_falls_back_to_the_cover_only_when_there_is_nothing_else() -> None:
    deck = _corpus("test.pptx")
    choice = matching.choose("Results — revenue grew 18%", "bullets", _briefs(deck))
    assert choice is not None and choice.slide_number == 1
