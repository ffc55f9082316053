"""Lists keep their bullets: every item written into a template's list draws the bullet, and
carries the paragraph properties (bullet, level, margins, spacing) of a template item.

Templates come from `list_builders` (lists as real decks hold them: a lead-in, a spacer or a
sub-item first), the shared corpus and the built-in templates. "Draws a bullet" is resolved
through the same inheritance chain the writer uses (own `a:pPr`, list styles, master styles).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from slidewright.builtin import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.deck_spec import DeckSpec, SlideSpec, TextValue
from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.fill_text import draws_bullet
from slidewright.pptx_engine.ooxml import placeholder_idx, placeholder_of, placeholder_type, qn
from slidewright.pptx_engine.placeholders import PlaceholderResolver
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.render import SofficeRenderer
from slidewright.pptx_engine.textprops import TextStyle
from slidewright.pptx_engine.writer import fill_deck, find_shape
from tests.corpus import corpus_files
from tests.pptx_engine.fill_builders import open_deck, shape_named
from tests.pptx_engine.list_builders import (
    ITEM,
    LEAD_IN,
    LIST_SLIDES,
    STEP,
    SUB_ITEM,
    ListSlide,
    canonical,
    list_template,
)

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
LEVEL_STEP = 457200  # EMU, PowerPoint's indent per level when the styles do not say


@pytest.fixture(scope="module")
def template() -> bytes:
    return list_template()


def fill(template: bytes, number: int, name: str, text: str) -> Any:
    """The filled shape (python-pptx) of a one-slide deck built from template slide `number`."""
    spec = DeckSpec((SlideSpec(number, {name: TextValue(text)}),))
    slide = open_deck(fill_deck(template, spec).pptx).slides[0]
    return slide, shape_named(slide, name)


def text_style(slide: Any, shape: Any) -> TextStyle:
    """The inheritance chain of a python-pptx shape's text, built as the writer builds it."""
    element = shape._element
    body = element.find(qn("p:txBody"))
    ph = placeholder_of(element)
    if ph is None:
        default = slide.part.package.presentation_part._element.find(qn("p:defaultTextStyle"))
        return TextStyle(body, default_text_style=default, shape=element)
    ph_type = placeholder_type(ph)
    chain = PlaceholderResolver().chain(slide.slide_layout, ph_type, placeholder_idx(ph))
    return TextStyle(body, ancestors=chain.ancestors, master=chain.master_element, ph_type=ph_type)


def paragraph_props(shape: Any) -> list[bytes]:
    return [canonical(p._p.find(f"{A}pPr")) for p in shape.text_frame.paragraphs]


def items(count: int) -> str:
    return "\n".join(f"Item {n}" for n in range(1, count + 1))


@pytest.mark.parametrize("count", [1, 3, 7])
@pytest.mark.parametrize("spec", LIST_SLIDES, ids=lambda s: f"slide{s.number}")
def test_every_item_keeps_the_template_items_bullet_and_properties(
    template: bytes, spec: ListSlide, count: int
) -> None:
    slide, shape = fill(template, spec.number, spec.shape, items(count))
    style = text_style(slide, shape)
    paragraphs = shape.text_frame.paragraphs
    assert [p.text for p in paragraphs] == [f"Item {n}" for n in range(1, count + 1)]
    assert all(draws_bullet(p._p, style) for p in paragraphs)
    # Margins, spacing, bullet font and colour too: byte for byte the template item's.
    assert paragraph_props(shape) == [canonical(spec.item)] * count


def test_a_first_line_ending_with_a_colon_keeps_the_lead_in(template: bytes) -> None:
    _, shape = fill(template, 1, "Body", "Why teams switch:\nSetup in minutes\nNo IT ticket")
    assert paragraph_props(shape) == [canonical(LEAD_IN), canonical(ITEM), canonical(ITEM)]


def test_tabbed_lines_take_the_templates_sub_items(template: bytes) -> None:
    _, shape = fill(template, 1, "Body", "Fast\n\tSetup in minutes\n\tNo IT ticket\nSafe")
    assert [p.level for p in shape.text_frame.paragraphs] == [0, 1, 1, 0]
    expected = [canonical(x) for x in (ITEM, SUB_ITEM, SUB_ITEM, ITEM)]
    assert paragraph_props(shape) == expected


def test_a_level_the_template_lacks_is_indented_one_step_from_its_parent(template: bytes) -> None:
    # The text box's steps are all top-level; the presentation's default text style puts
    # level 2 half an inch further in than level 1.
    slide, shape = fill(template, 2, "Steps", "Download\n\tFrom the App Store\nSign in")
    first, sub, last = (p._p.find(f"{A}pPr") for p in shape.text_frame.paragraphs)
    assert sub.get("lvl") == "1"
    assert int(sub.get("marL")) == int(first.get("marL")) + LEVEL_STEP
    assert sub.get("indent") == first.get("indent")
    assert draws_bullet(sub.getparent(), text_style(slide, shape))
    assert canonical(last) == canonical(STEP)


def test_a_deeper_level_follows_the_masters_indent_step(template: bytes) -> None:
    # Level 3 is not in the sample: it is cloned from the sub-item (level 2), moved by the
    # master's step between levels 2 and 3 (742950 -> 1143000 EMU in python-pptx's theme).
    _, shape = fill(template, 1, "Body", "Fast\n\tSetup\n\t\tIn minutes")
    deep = shape.text_frame.paragraphs[2]._p.find(f"{A}pPr")
    assert (deep.get("lvl"), deep.get("marL")) == ("2", "1143000")
    assert deep.find(f"{A}buChar").get("char") == "\u2013"


def test_a_single_line_is_one_item_of_the_list(template: bytes) -> None:
    _, shape = fill(template, 2, "Steps", "Download the app")
    assert paragraph_props(shape) == [canonical(STEP)]


# -- as LibreOffice draws it --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("soffice", "pdftotext")),
    reason="LibreOffice or poppler-utils not installed",
)
def test_libreoffice_draws_every_items_bullet_and_number(template: bytes, tmp_path: Path) -> None:
    # The PDF's text holds the bullets and numbers LibreOffice drew, in reading order.
    spec = DeckSpec(
        (
            SlideSpec(1, {"Body": TextValue("Setup in minutes\nWorks offline\n\tNo data lost")}),
            SlideSpec(2, {"Steps": TextValue("Download\nSign in\nInvite\nImport")}),
        )
    )
    data = fill_deck(template, spec).pptx
    pdf = SofficeRenderer().convert_to_pdf(data, tmp_path, deadline=time.monotonic() + 180)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert lines == [
        "Highlights",
        "\u2022 Setup in minutes",
        "\u2022 Works offline",
        "\u2013 No data lost",
        "1. Download",
        "2. Sign in",
        "3. Invite",
        "4. Import",
    ]


# -- real decks: the corpus and the built-in templates ----------------------------------------

ListRef = tuple[int, str, tuple[int, ...], int]  # slide, element name, shape path, level


def bulleted_elements(data: bytes) -> list[ListRef]:
    """Every text element of a deck whose sample draws a bullet on a paragraph with text (on
    an empty one when it has no text), with that paragraph's level."""
    try:
        deck = read_presentation(data)
    except PptxEngineError:
        return []
    prs = open_deck(data)
    found = []
    for parsed, slide in zip(deck.slides, prs.slides, strict=True):
        tree = slide.element.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
        for element in parsed.elements:
            if element.type != "text" or element.is_locked or element.hidden:
                continue
            shape = find_shape(tree, element.path)
            body = None if shape is None else shape.find(qn("p:txBody"))
            if body is None:
                continue
            style = text_style(slide, _Shape(shape))
            paragraphs = body.findall(f"{A}p")
            with_text = [p for p in paragraphs if "".join(p.itertext()).strip()]
            # An empty placeholder's list is its (inherited) empty paragraph's.
            bulleted = [p for p in with_text or paragraphs if draws_bullet(p, style)]
            if bulleted:
                ppr = bulleted[0].find(f"{A}pPr")
                level = 0 if ppr is None else int(ppr.get("lvl", "0"))
                found.append((parsed.slide_number, element.name, element.path, level))
    return found


class _Shape:
    """Just enough of a python-pptx shape for `text_style`."""

    def __init__(self, element: Any) -> None:
        self._element = element


def _decks() -> list[tuple[str, bytes]]:
    corpus = [(p.name, p.read_bytes()) for p in corpus_files("pptx")]
    return corpus + [(f"builtin-{t.key}", build(t.key)) for t in BUILTIN_TEMPLATES]


DECK_LISTS = [(name, data, found) for name, data in _decks() if (found := bulleted_elements(data))]


def test_the_corpus_has_lists() -> None:
    if not corpus_files("pptx"):
        pytest.skip("the shared corpus is absent")
    # Four python-pptx acceptance decks hold lists (7 in all); fewer means the check went blind.
    assert len([name for name, _, _ in DECK_LISTS if not name.startswith("builtin-")]) >= 4


@pytest.mark.parametrize("count", [1, 3, 7])
@pytest.mark.parametrize(("name", "data", "lists"), DECK_LISTS, ids=[d[0] for d in DECK_LISTS])
def test_every_item_of_a_real_decks_list_keeps_its_bullet(
    name: str, data: bytes, lists: list[ListRef], count: int
) -> None:
    # One exported slide per list, every item at the level of the sample's bullets.
    slides = tuple(
        SlideSpec(number, {element: TextValue("\n".join(["\t" * level + "Item"] * count))})
        for number, element, _, level in lists
    )
    prs = open_deck(fill_deck(data, DeckSpec(slides)).pptx)
    for slide, (number, element, shape_path, _) in zip(prs.slides, lists, strict=True):
        tree = slide.element.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
        shape = find_shape(tree, shape_path)
        style = text_style(slide, _Shape(shape))
        paragraphs = shape.find(qn("p:txBody")).findall(f"{A}p")
        assert len(paragraphs) == count, (number, element)
        missing = [i for i, p in enumerate(paragraphs) if not draws_bullet(p, style)]
        assert missing == [], f"slide {number} {element!r}: items {missing} lost their bullet"
