"""The offline assistant: the embedded default AI provider.

Deterministic (the same input gives the same answer), always schema-valid, no network, and
honest: answers are labelled `offline` by the API, drawn only from the project, its
materials, the template and the gallery, and image generation and description answer
`ai_unavailable` with how to connect a real model.
"""

from __future__ import annotations

from slidewright.ai.errors import AiImagesUnavailableError, AiVisionUnavailableError
from slidewright.ai.provider import Usage
from slidewright.ai.providers.offline import describe, fill, outline
from slidewright.ai.tasks import (
    DeckRecommendation,
    ElementSuggestion,
    ElementValueInput,
    GeneratedImage,
    ImageDescribeInput,
    ImageDescription,
    ImageGenerateInput,
    Outline,
    OutlineEdits,
    OutlineEditsInput,
    OutlineInput,
    RecommendDeckInput,
    SlideData,
    SlideDataInput,
    SlideDescriptions,
    SlideDescriptionsInput,
    TemplateDescription,
    TemplateDescriptionInput,
    TemplateSlideChoice,
    TemplateSlideDescriptions,
    TemplateSlideInput,
    TemplateSlidesInput,
)


class OfflineProvider:
    name = "offline"
    model: str | None = None
    metered = False  # local work, no model: not counted against the AI rate limit
    can_describe_images = False
    can_generate_images = False

    def __init__(self) -> None:
        self.usage = Usage()

    def recommend_deck(self, task: RecommendDeckInput) -> DeckRecommendation:
        return outline.recommend(task)

    def outline(self, task: OutlineInput) -> Outline:
        return outline.outline(task)

    def outline_edits(self, task: OutlineEditsInput) -> OutlineEdits:
        return outline.outline_edits(task)

    def slide_descriptions(self, task: SlideDescriptionsInput) -> SlideDescriptions:
        return outline.slide_descriptions(task)

    def template_slide(self, task: TemplateSlideInput) -> TemplateSlideChoice:
        chosen = outline.template_choice_for(
            task.slide.content_description,
            task.slide.index,
            task.slide_count,
            task.template_slides,
            task.reason_lang,
        )
        if chosen is None:  # the service never asks without template slides
            first = task.template_slides[0].slide_number if task.template_slides else 1
            return TemplateSlideChoice(slide_number=first, reason="")
        number, reason = chosen
        return TemplateSlideChoice(slide_number=number, reason=reason)

    def element_value(self, task: ElementValueInput) -> ElementSuggestion:
        return fill.element_value(task)

    def slide_data(self, task: SlideDataInput) -> SlideData:
        return fill.slide_data(task)

    def template_description(self, task: TemplateDescriptionInput) -> TemplateDescription:
        return describe.template_description(task)

    def template_slides(self, task: TemplateSlidesInput) -> TemplateSlideDescriptions:
        return describe.template_slides(task)

    def describe_image(self, task: ImageDescribeInput) -> ImageDescription:
        raise AiVisionUnavailableError(feature="image_describe")

    def generate_image(self, task: ImageGenerateInput) -> GeneratedImage:
        raise AiImagesUnavailableError(feature="image_generate")


_shared: OfflineProvider | None = None


def offline_provider() -> OfflineProvider:
    """One offline assistant for the requests that ask for it by name (it keeps no state but
    its usage counters)."""
    global _shared
    if _shared is None:
        _shared = OfflineProvider()
    return _shared
