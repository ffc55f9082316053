"""The `AiProvider` seam: one typed method per AI task.

Two implementations: `providers.offline.OfflineProvider` (the embedded default: deterministic,
no network) and `providers.openai_compat.OpenAICompatProvider` (any OpenAI-compatible
endpoint). `build_provider` picks one from the settings; tests swap `services.ai`.

A provider gets everything it may use in the task input (gathered and scoped to the caller
by `ai.service`) and returns the task's output model, or raises a typed `AppError`
(`ai_unavailable`, `ai_rate_limited`, `ai_bad_response`, `ai_request_rejected`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

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

if TYPE_CHECKING:
    from slidewright.core.config import Settings


@dataclass
class Usage:
    """Counters of model calls and tokens (reported by the server, else estimated)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    by_task: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, task: str, prompt_tokens: int, completion_tokens: int) -> None:
        with self._lock:
            self.calls += 1
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens
            self.by_task[task] = self.by_task.get(task, 0) + 1

    def snapshot(self) -> dict[str, object]:
        with self._lock:
            return {
                "calls": self.calls,
                "promptTokens": self.prompt_tokens,
                "completionTokens": self.completion_tokens,
                "byTask": dict(self.by_task),
            }

    def reset(self) -> None:
        with self._lock:
            self.calls = self.prompt_tokens = self.completion_tokens = 0
            self.by_task.clear()


class AiProvider(Protocol):
    name: str  # "offline" or "openai_compat"
    model: str | None  # the chat model, None offline
    metered: bool  # calls count against the per-user AI rate limit
    can_describe_images: bool
    can_generate_images: bool
    usage: Usage

    def recommend_deck(self, task: RecommendDeckInput) -> DeckRecommendation: ...

    def outline(self, task: OutlineInput) -> Outline: ...

    def outline_edits(self, task: OutlineEditsInput) -> OutlineEdits: ...

    def slide_descriptions(self, task: SlideDescriptionsInput) -> SlideDescriptions: ...

    def template_slide(self, task: TemplateSlideInput) -> TemplateSlideChoice: ...

    def element_value(self, task: ElementValueInput) -> ElementSuggestion: ...

    def slide_data(self, task: SlideDataInput) -> SlideData: ...

    def template_description(self, task: TemplateDescriptionInput) -> TemplateDescription: ...

    def template_slides(self, task: TemplateSlidesInput) -> TemplateSlideDescriptions: ...

    def describe_image(self, task: ImageDescribeInput) -> ImageDescription: ...

    def generate_image(self, task: ImageGenerateInput) -> GeneratedImage: ...


def build_provider(settings: Settings) -> AiProvider:
    """The provider the settings ask for (see `Settings.resolved_ai_provider`)."""
    if settings.resolved_ai_provider == "openai_compat":
        from slidewright.ai.providers.openai_compat import OpenAICompatProvider

        return OpenAICompatProvider.from_settings(settings)
    from slidewright.ai.providers.offline import OfflineProvider

    return OfflineProvider()
