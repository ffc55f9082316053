"""Typed inputs and outputs of every AI task.

An input holds everything the provider may use, gathered (and scoped to the caller) by
`ai.service`: providers never touch the database, so no other user's data can reach a prompt.
An output is what a provider must answer; the OpenAI-compatible provider sends its JSON schema
and validates the answer against it, the offline provider builds it directly.

Each input names its task (the prompt file and the schema name), its output type, and checks
an answer for problems the schema cannot express (an element that does not exist, a slide
number out of range): the OpenAI-compatible provider feeds those back to the model once or
twice, and the service drops whatever is still wrong.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from pydantic.alias_generators import to_camel
from pydantic.json_schema import SkipJsonSchema

Lang = Literal["en", "zh-CN", "zh-HK"]
FillableType = Literal["text", "picture", "table", "chart"]
ImageSize = Literal[
    "square_hd", "square", "portrait_4_3", "portrait_16_9", "landscape_4_3", "landscape_16_9"
]
EditOp = Literal["replace", "insert", "delete", "move"]

# The predefined instructions of the spec (§9), by id; clients may send the id or the label.
PRESETS: dict[str, tuple[str, ...]] = {
    "rewrite": ("rewrite", "重写", "改写"),
    "expand": ("expand", "扩写", "扩展", "擴寫"),
    "summarize": ("summarize", "summarise", "总结", "概括", "總結"),
    "formal_tone": ("formal tone", "formal", "正式语气", "正式", "正式語氣"),
    "casual_tone": ("casual tone", "casual", "轻松语气", "口语化", "輕鬆語氣"),
    "add_details": ("add details", "添加细节", "补充细节", "添加細節"),
    "add_examples": ("add examples", "添加示例", "举例", "添加例子", "添加示例"),
    "add_statistics": ("add statistics", "添加数据", "添加统计数据", "添加統計數據"),
    "add_quotes": ("add quotes", "添加引用", "添加引言", "添加引語"),
}


class TaskModel(BaseModel):
    """camelCase when serialized into prompts, like the rest of the API."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class OutputModel(BaseModel):
    """A provider's answer. Unknown keys are ignored (json_object mode may add some).

    A model's answer completed by the offline assistant says which parts it completed
    (`fallback_fields`) and which facts of the model's it left out (`dropped_facts`)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")
    _fallback_fields: list[str] = PrivateAttr(default_factory=list)
    _dropped_facts: list[str] = PrivateAttr(default_factory=list)
    _unsupported_names: list[str] = PrivateAttr(default_factory=list)

    @property
    def fallback_fields(self) -> list[str]:
        return self._fallback_fields

    @property
    def dropped_facts(self) -> list[str]:
        return self._dropped_facts

    @property
    def unsupported_names(self) -> list[str]:
        """Elements whose whole value the model made up (every line had an unknown fact)."""
        return self._unsupported_names

    def with_origin(
        self,
        fallback_fields: list[str],
        dropped_facts: list[str],
        unsupported_names: list[str] = (),  # type: ignore[assignment]
    ) -> Self:
        copy = self.model_copy()
        copy._fallback_fields = list(fallback_fields)
        copy._dropped_facts = list(dropped_facts)
        copy._unsupported_names = list(unsupported_names)
        return copy


# ---------------------------------------------------------------------------------------------
# Context pieces


class ElementSpec(TaskModel):
    """One fillable, unlocked element of a template slide, with its capacity.

    Text: `maxChars` (Latin characters) / `maxCharsCjk` (Chinese characters) and `maxItems`
    (paragraphs). Table: the template's `rows` x `cols` and the most allowed. Chart: the
    template's type, categories and series and the most allowed.
    """

    name: str
    type: FillableType
    role: str = Field(description="title, subtitle, body, agenda, key_figure, ... (a hint)")
    position: str = Field(default="", description="where on the slide: left, right, top...")
    sample: str = Field(default="", description="the template's sample content, shortened")
    max_chars: int | None = None
    max_chars_cjk: int | None = None
    max_items: int | None = None
    rows: int | None = None
    cols: int | None = None
    max_rows: int | None = None
    max_cols: int | None = None
    chart_type: str | None = None
    categories: int | None = None
    series: int | None = None
    max_categories: int | None = None
    max_series: int | None = None
    current: Any = Field(default=None, description="the slide's current value, if any")


class TemplateSlideBrief(TaskModel):
    slide_number: int
    kind: str = Field(description="title, agenda, section, bullets, comparison, chart, ...")
    layout_name: str = ""
    description: str = ""
    elements: list[ElementSpec] = Field(default_factory=list)


class TemplateBrief(TaskModel):
    id: str
    filename: str
    description: str = ""
    slide_kinds: list[str] = Field(default_factory=list)
    slides: list[TemplateSlideBrief] = Field(default_factory=list)


class ProjectInfo(TaskModel):
    title: str = ""
    description: str = ""


class DeckSlide(TaskModel):
    index: int = Field(description="0-based position in the project")
    content_description: str = ""
    pptx_slide_number: int | None = None
    content: str = Field(default="", description="a summary of the slide's current text values")


class MaterialDoc(TaskModel):
    id: str
    filename: str
    text: str


class Passage(TaskModel):
    """A piece of a material chosen for its relevance to the slide."""

    material_id: str
    filename: str
    text: str


class GalleryImage(TaskModel):
    id: str
    alt: str


class PlanSlide(TaskModel):
    """A slide of the deck as the deck plan sees it: what it is about, what its template slide
    holds, and what it already shows (accepted values: those are its own)."""

    index: int
    description: str = ""
    kind: str = Field(default="", description="its template slide's kind")
    elements: list[ElementSpec] = Field(default_factory=list)
    shown_text: list[str] = Field(default_factory=list)
    shown_values: list[list[float]] = Field(
        default_factory=list, description="the values of its charts' series and tables' columns"
    )


class DeckContext(TaskModel):
    """The whole deck and the whole of the enabled materials, so that an assistant filling one
    slide knows what the others say: a sentence or a series is used once per deck."""

    slides: list[PlanSlide] = Field(default_factory=list)
    materials: list[MaterialDoc] = Field(default_factory=list)


class Instruction(TaskModel):
    preset: str | None = Field(default=None, description="a predefined instruction id")
    text: str = ""


# ---------------------------------------------------------------------------------------------
# Outputs


class TableOut(OutputModel):
    rows: list[list[str]] = Field(description="first row = header")


class SeriesOut(OutputModel):
    name: str
    values: list[float | None]


class ChartOut(OutputModel):
    categories: list[str]
    series: list[SeriesOut]


class ValueOut(OutputModel):
    """One element's value: set exactly the field of the element's type, the others null."""

    name: str
    text: str | None = None
    image_id: str | None = None
    table: TableOut | None = None
    chart: ChartOut | None = None


class DeckRecommendation(OutputModel):
    title: str
    pptx_file_id: str | None
    num_slides: int
    match_reason: str


class OutlineSlide(OutputModel):
    content_description: str
    pptx_slide_number: int | None = None
    reason: str = ""


class Outline(OutputModel):
    slides: list[OutlineSlide]


class OutlineEditSlide(OutputModel):
    content_description: str
    pptx_slide_number: int | None = None


class OutlineEdit(OutputModel):
    op: EditOp
    path: str = Field(description="'slides/3', 'slides/3/contentDescription', 'slides/-'")
    value: str | int | OutlineEditSlide | None = None
    reason: str = ""


class OutlineEdits(OutputModel):
    edits: list[OutlineEdit]
    not_understood: list[str] = Field(
        default_factory=list,
        description="the parts of the instruction no edit carries out (quoted as written)",
    )
    unmet_slide_count: int | None = Field(
        default=None,
        description="a number of slides the instruction asks for that the content cannot fill "
        "without padding, else null",
    )


class SlideDescriptionOut(OutputModel):
    slide_index: int
    description: str
    reason_for_recommendation: str


class SlideDescriptions(OutputModel):
    descriptions: list[SlideDescriptionOut]


class TemplateSlideChoice(OutputModel):
    slide_number: int
    reason: str


class ValueOrigin(OutputModel):
    """Where one item of a suggested value came from (a line of text, a chart category, a table
    row). `source`: material, description, instruction, project, deck (other slides), profile
    (the user's name), assistant (its own fixed words) or layout (a running number)."""

    text: str
    source: str
    excerpt: str = ""
    material_id: str = ""
    filename: str = ""
    section: str = ""


class ElementSuggestion(OutputModel):
    value: ValueOut
    reason: str = ""
    # Filled by the offline assistant, which knows; a model is not asked for it.
    provenance: SkipJsonSchema[list[ValueOrigin]] = Field(default_factory=list)


class SlideData(OutputModel):
    values: list[ValueOut]
    notes: str = ""
    provenance: SkipJsonSchema[dict[str, list[ValueOrigin]]] = Field(default_factory=dict)


class TemplateDescription(OutputModel):
    description: str


class TemplateSlideDescriptionOut(OutputModel):
    slide_number: int
    description: str


class TemplateSlideDescriptions(OutputModel):
    slides: list[TemplateSlideDescriptionOut]


class ImageDescription(OutputModel):
    description: str


class GeneratedImage(BaseModel):
    data: bytes
    mime: str = "image/png"


# ---------------------------------------------------------------------------------------------
# Inputs (one per task)


class TaskInput(TaskModel):
    """Base of every task input: its name (prompt file and schema name) and output type."""

    TASK: ClassVar[str]
    OUTPUT: ClassVar[type[OutputModel]]

    lang: Lang = "en"
    # The interface language of the person asking, for the reasons and notes they read (the
    # deck's own text follows `lang`). Not sent to a model: its prompts ask for `lang`.
    ui_lang: Lang | None = Field(default=None, exclude=True)

    @property
    def reason_lang(self) -> str:
        return self.ui_lang or self.lang

    def problems(self, output: Any) -> list[str]:
        """What is wrong with a schema-valid answer (empty when it is usable)."""
        return []

    def answer_tokens(self) -> int | None:
        """About how many tokens a good answer takes at most (None: no bound known). A small
        model on a CPU writes a few tokens a second and sometimes goes on repeating itself:
        with a small window its answer is capped near this, so that it ends in time."""
        return None


def _slide_numbers(slides: list[TemplateSlideBrief]) -> set[int]:
    return {slide.slide_number for slide in slides}


class RecommendDeckInput(TaskInput):
    TASK: ClassVar[str] = "recommend_deck"
    OUTPUT: ClassVar[type[OutputModel]] = DeckRecommendation

    description: str
    duration_minutes: int
    default_num_slides: int
    templates: list[TemplateBrief]

    def problems(self, output: Any) -> list[str]:
        ids = {template.id for template in self.templates}
        issues = []
        if output.pptx_file_id is not None and output.pptx_file_id not in ids:
            issues.append(f"pptxFileId must be one of {sorted(ids)} or null")
        if not 1 <= output.num_slides <= 200:
            issues.append("numSlides must be between 1 and 200")
        if not output.title.strip():
            issues.append("title must not be empty")
        return issues

    def answer_tokens(self) -> int | None:
        return round((60 + 2 * _REASON_TOKENS) * _cjk(self.lang))  # title, id, number, reason


class OutlineInput(TaskInput):
    TASK: ClassVar[str] = "outline"
    OUTPUT: ClassVar[type[OutputModel]] = Outline

    project: ProjectInfo
    instruction: str = ""
    num_slides: int
    materials: list[MaterialDoc] = Field(default_factory=list)
    material_is_outline: bool = False
    template_slides: list[TemplateSlideBrief] = Field(default_factory=list)

    def problems(self, output: Any) -> list[str]:
        issues = []
        if not output.slides:
            issues.append("slides must not be empty")
        if len(output.slides) > max(self.num_slides * 2, 10):
            issues.append(f"give about {self.num_slides} slides")
        numbers = _slide_numbers(self.template_slides)
        for index, slide in enumerate(output.slides):
            if slide.pptx_slide_number is not None and slide.pptx_slide_number not in numbers:
                issues.append(
                    f"slides[{index}].pptxSlideNumber must be one of {sorted(numbers)} or null"
                )
            if not slide.content_description.strip():
                issues.append(f"slides[{index}].contentDescription must not be empty")
        return issues

    def answer_tokens(self) -> int | None:
        per_slide = (60 + _REASON_TOKENS // 2) * _cjk(self.lang)  # a description, a reason
        return round(self.num_slides * per_slide) + 20


class OutlineEditsInput(TaskInput):
    TASK: ClassVar[str] = "outline_edits"
    OUTPUT: ClassVar[type[OutputModel]] = OutlineEdits

    project: ProjectInfo
    instruction: str
    slides: list[DeckSlide]
    template_slides: list[TemplateSlideBrief] = Field(default_factory=list)


class SlideDescriptionsInput(TaskInput):
    TASK: ClassVar[str] = "slide_descriptions"
    OUTPUT: ClassVar[type[OutputModel]] = SlideDescriptions

    project: ProjectInfo
    deck: list[DeckSlide]
    targets: list[int] = Field(description="the indexes to describe")
    template_slides: list[TemplateSlideBrief] = Field(default_factory=list)
    passages: list[Passage] = Field(default_factory=list)
    materials_outline: list[str] = Field(
        default_factory=list, description="the headings of the enabled materials, in order"
    )

    def problems(self, output: Any) -> list[str]:
        got = [item.slide_index for item in output.descriptions]
        missing = sorted(set(self.targets) - set(got))
        extra = sorted(set(got) - set(self.targets))
        issues = []
        if missing:
            issues.append(f"describe every requested slide; missing slideIndex {missing}")
        if extra:
            issues.append(f"only describe the requested slides; not {extra}")
        for index, item in enumerate(output.descriptions):
            # Empty (written so, or every line of it left out as unsupported): not a
            # description; the offline assistant's stands in, named.
            if not item.description.strip():
                issues.append(f"descriptions[{index}]: description must not be empty")
        return issues

    def answer_tokens(self) -> int | None:
        return round(len(self.targets) * (60 + _REASON_TOKENS) * _cjk(self.lang)) + 20


class TemplateSlideInput(TaskInput):
    TASK: ClassVar[str] = "template_slide"
    OUTPUT: ClassVar[type[OutputModel]] = TemplateSlideChoice

    project: ProjectInfo
    slide: DeckSlide
    slide_count: int
    template_slides: list[TemplateSlideBrief]

    def problems(self, output: Any) -> list[str]:
        numbers = _slide_numbers(self.template_slides)
        if output.slide_number not in numbers:
            return [f"slideNumber must be one of {sorted(numbers)}"]
        return []

    def answer_tokens(self) -> int | None:
        return round((20 + 2 * _REASON_TOKENS) * _cjk(self.lang))  # a number and a reason


def _value_problems(value: ValueOut, elements: list[ElementSpec], where: str) -> list[str]:
    by_name = {element.name: element for element in elements}
    element = by_name.get(value.name)
    if element is None:
        return [f"{where}: no element named {value.name!r}; use one of {sorted(by_name)}"]
    field = {"text": "text", "picture": "imageId", "table": "table", "chart": "chart"}[element.type]
    present = {
        "text": value.text is not None,
        "imageId": value.image_id is not None,
        "table": value.table is not None,
        "chart": value.chart is not None,
    }
    # All null means "nothing for this element": allowed. The wrong field is not.
    if any(present.values()) and not present[field]:
        return [f"{where}: element {value.name!r} is a {element.type}: set {field!r}"]
    if value.chart is not None:
        for series in value.chart.series:
            if len(series.values) != len(value.chart.categories):
                return [f"{where}: every series needs one value per category"]
    return []


_REASON_TOKENS = 80  # a short reason, and the JSON around the answer


def _cjk(lang: str) -> float:
    """How many more tokens the same answer takes in Chinese (a character is about a token)."""
    return 1.5 if lang.startswith("zh") else 1.0


def _element_tokens(element: ElementSpec, lang: str) -> int:
    """The tokens one element's value may take, from its capacity."""
    if element.type == "text":
        if lang.startswith("zh") and element.max_chars_cjk:
            return round(element.max_chars_cjk * 1.3) + 10
        return round(element.max_chars / 3) + 10 if element.max_chars else 150
    if element.type == "table":
        cells = (element.max_rows or element.rows or 4) * (element.max_cols or element.cols or 3)
        return round(cells * 12 * _cjk(lang)) + 20
    if element.type == "chart":
        points = (element.max_categories or element.categories or 4) + 1
        return round(points * ((element.max_series or element.series or 1) + 1) * 6 * _cjk(lang))
    return 50  # a picture: an image id and the other fields set to null


class ElementValueInput(TaskInput):
    TASK: ClassVar[str] = "element_value"
    OUTPUT: ClassVar[type[OutputModel]] = ElementSuggestion

    project: ProjectInfo
    slide: DeckSlide
    template_slide: TemplateSlideBrief
    element: ElementSpec
    instruction: Instruction
    passages: list[Passage] = Field(default_factory=list)
    images: list[GalleryImage] = Field(default_factory=list)
    # Not sent to a model (the prompt has the passages): the offline deck plan reads it.
    context: DeckContext | None = Field(default=None, exclude=True)

    def problems(self, output: Any) -> list[str]:
        return _value_problems(output.value, [self.element], "value")

    def answer_tokens(self) -> int | None:
        return _element_tokens(self.element, self.lang) + round(_REASON_TOKENS * _cjk(self.lang))


class SlideDataInput(TaskInput):
    TASK: ClassVar[str] = "slide_data"
    OUTPUT: ClassVar[type[OutputModel]] = SlideData

    project: ProjectInfo
    slide: DeckSlide
    slide_count: int
    deck: list[DeckSlide] = Field(default_factory=list)
    template_slide: TemplateSlideBrief
    elements: list[ElementSpec]
    instruction: str = ""
    passages: list[Passage] = Field(default_factory=list)
    images: list[GalleryImage] = Field(default_factory=list)
    author: str = ""
    # Not sent to a model (the prompt has the passages): the offline deck plan reads it.
    context: DeckContext | None = Field(default=None, exclude=True)

    def problems(self, output: Any) -> list[str]:
        issues: list[str] = []
        for index, value in enumerate(output.values):
            issues.extend(_value_problems(value, self.elements, f"values[{index}]"))
        return issues

    def answer_tokens(self) -> int | None:
        values = sum(_element_tokens(e, self.lang) + 15 for e in self.elements)
        return values + round(2 * _REASON_TOKENS * _cjk(self.lang))  # and the speaker notes


class TemplateDescriptionInput(TaskInput):
    TASK: ClassVar[str] = "template_description"
    OUTPUT: ClassVar[type[OutputModel]] = TemplateDescription

    filename: str
    slides: list[TemplateSlideBrief]

    def problems(self, output: Any) -> list[str]:
        return [] if output.description.strip() else ["description: must not be empty"]

    def answer_tokens(self) -> int | None:
        return round((150 + _REASON_TOKENS) * _cjk(self.lang))  # a paragraph


class TemplateSlidesInput(TaskInput):
    """Describe one or more slides of a template. `thumbnails` (JPEG bytes by slide number) are
    sent to a vision model when one is configured; they never go into the text prompt."""

    TASK: ClassVar[str] = "template_slides"
    OUTPUT: ClassVar[type[OutputModel]] = TemplateSlideDescriptions

    filename: str
    template_description: str = ""
    slides: list[TemplateSlideBrief]
    thumbnails: dict[int, bytes] = Field(default_factory=dict, exclude=True)

    def problems(self, output: Any) -> list[str]:
        wanted = _slide_numbers(self.slides)
        got = {item.slide_number for item in output.slides}
        if wanted - got:
            return [f"describe every slide; missing slideNumber {sorted(wanted - got)}"]
        return [
            f"slides[{index}]: description must not be empty"
            for index, item in enumerate(output.slides)
            if not item.description.strip()
        ]

    def answer_tokens(self) -> int | None:
        return round(len(self.slides) * 70 * _cjk(self.lang)) + 20


class ImageDescribeInput(TaskInput):
    TASK: ClassVar[str] = "image_describe"
    OUTPUT: ClassVar[type[OutputModel]] = ImageDescription

    image: bytes = Field(exclude=True)
    mime: str = "image/png"
    prompt: str = ""


class ImageGenerateInput(TaskModel):
    prompt: str
    size: ImageSize = "landscape_4_3"
