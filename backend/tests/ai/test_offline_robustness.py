"""The offline assistant never fails on odd input: any text as materials, descriptions and
instructions gives a schema-valid answer (generated inputs, hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slidewright.ai.classify import element_role, fillable_elements, template_slide_kind
from slidewright.ai.providers.offline import OfflineProvider
from slidewright.ai.service import element_spec
from slidewright.ai.tasks import (
    DeckSlide,
    ElementValueInput,
    GalleryImage,
    Instruction,
    MaterialDoc,
    OutlineEditsInput,
    OutlineInput,
    Passage,
    ProjectInfo,
    SlideDataInput,
    SlideDescriptionsInput,
    TemplateSlideBrief,
    TemplateSlideInput,
)
from slidewright.builtin.catalog import BUILTIN_TEMPLATES, build
from slidewright.pptx_engine.reader import read_presentation
from slidewright.templates.models import PptxFile

PROVIDER = OfflineProvider()
_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400
) | st.sampled_from(
    [
        "# A\n## B\n- 1\n- 2\n| a | b |\n| 1 | 2 |",
        "增长 25%；下降 3%。“引言。”——某人",
        "move slide 99 to 0; delete slide 0; 删除第零页; add a slide about",
        "",
        "\n\n\n",
        "vs vs vs : : ——",
    ]
)
RELAXED = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def template() -> PptxFile:
    deck = read_presentation(build(BUILTIN_TEMPLATES[1].key))
    return PptxFile(
        parsed_slides=[s.to_json_dict() for s in deck.slides],
        slide_width_in=deck.slide_width_in,
        slide_height_in=deck.slide_height_in,
    )


def _briefs(template: PptxFile) -> list[TemplateSlideBrief]:
    briefs = []
    for slide in template.parsed_slides:
        kind = template_slide_kind(slide)
        briefs.append(
            TemplateSlideBrief(
                slide_number=slide["slideNumber"],
                kind=kind,
                elements=[element_spec(e, kind, template) for e in fillable_elements(slide)],
            )
        )
    return briefs


@RELAXED
@given(material=_TEXT, instruction=_TEXT, description=_TEXT, count=st.integers(1, 40))
def test_outline_is_always_valid(
    template: PptxFile, material: str, instruction: str, description: str, count: int
) -> None:
    task = OutlineInput(
        lang="zh-CN",
        project=ProjectInfo(title="", description=description),
        instruction=instruction,
        num_slides=count,
        materials=[MaterialDoc(id="m", filename="f.md", text=material)] if material else [],
        template_slides=_briefs(template),
    )
    outline = PROVIDER.outline(task)
    assert 1 <= len(outline.slides) <= count
    assert all(s.content_description.strip() for s in outline.slides)
    assert not task.problems(outline)


@RELAXED
@given(description=_TEXT, passage=_TEXT, instruction=_TEXT, number=st.integers(1, 10))
def test_slide_data_and_element_values_are_always_valid(
    template: PptxFile, description: str, passage: str, instruction: str, number: int
) -> None:
    slide = template.parsed_slides[number - 1]
    kind = template_slide_kind(slide)
    specs = [element_spec(e, kind, template) for e in fillable_elements(slide)]
    brief = TemplateSlideBrief(slide_number=number, kind=kind)
    deck_slide = DeckSlide(index=min(number - 1, 4), content_description=description)
    passages = [Passage(material_id="m", filename="f.md", text=passage)] if passage else []
    task = SlideDataInput(
        lang="en",
        project=ProjectInfo(title="T", description=description[:50]),
        slide=deck_slide,
        slide_count=5,
        deck=[deck_slide],
        template_slide=brief,
        elements=specs,
        instruction=instruction,
        passages=passages,
        images=[GalleryImage(id="01ARZ3NDEKTSV4RRFFQ69G5FAV", alt=description[:30])],
        author="Ann",
    )
    data = PROVIDER.slide_data(task)
    assert not task.problems(data)
    for spec in specs:
        for preset in (None, "expand", "summarize", "add_quotes"):
            single = ElementValueInput(
                lang="zh-HK",
                project=task.project,
                slide=deck_slide,
                template_slide=brief,
                element=spec.model_copy(update={"current": description or None}),
                instruction=Instruction(preset=preset, text=instruction if not preset else ""),
                passages=passages,
            )
            PROVIDER.element_value(single)


@RELAXED
@given(instruction=_TEXT, descriptions=st.lists(_TEXT, min_size=1, max_size=8))
def test_outline_edits_and_descriptions_are_always_valid(
    template: PptxFile, instruction: str, descriptions: list[str]
) -> None:
    deck = [DeckSlide(index=i, content_description=d) for i, d in enumerate(descriptions)]
    project = ProjectInfo(title="T", description=instruction[:80])
    edits = PROVIDER.outline_edits(
        OutlineEditsInput(lang="en", project=project, instruction=instruction, slides=deck)
    )
    assert all(e.op in ("replace", "insert", "delete", "move") for e in edits.edits)
    task = SlideDescriptionsInput(
        lang="zh-CN",
        project=project,
        deck=deck,
        targets=list(range(len(deck))),
        passages=[Passage(material_id="m", filename="f", text=instruction)],
    )
    assert not task.problems(PROVIDER.slide_descriptions(task))
    choice = TemplateSlideInput(
        lang="en",
        project=project,
        slide=deck[0],
        slide_count=len(deck),
        template_slides=_briefs(template),
    )
    assert not choice.problems(PROVIDER.template_slide(choice))


def test_roles_exist_for_every_element_of_every_built_in(template: PptxFile) -> None:
    roles: set[str] = set()
    for slide in template.parsed_slides:
        kind = template_slide_kind(slide)
        roles.update(element_role(e, kind) for e in fillable_elements(slide))
    assert {"title", "body", "chart", "table", "picture", "quote"} <= roles
