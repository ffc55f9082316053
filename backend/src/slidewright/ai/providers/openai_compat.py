"""Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, DeepSeek, Qwen compatible mode, Ollama,
vLLM...) through the openai SDK.

- Structured output: `json_schema` (strict schema from the task's Pydantic output model),
  `json_object` (the schema is described in the prompt) or `none` (the first JSON object in
  the text is used). The answer is validated with Pydantic; when it does not validate, or
  breaks a rule of the task (`TaskInput.problems`), the error is sent back to the model as a
  user message, at most `MAX_RETRIES` times. A schema failure after that is `ai_bad_response`;
  remaining task problems are left for the service to drop.
- Failures are typed: HTTP 429 `ai_rate_limited`; 5xx, connection errors and timeouts
  `ai_unavailable`; credentials or a missing model `ai_unavailable` with the reason; a refused
  request (content policy, 400) `ai_request_rejected`. Nothing is applied by a provider, so a
  failure never leaves anything half done.
- Vision sends the image as a base64 data URL; image generation asks for base64 JSON.
- The SDK's own retries are off (`max_retries=0`): one request, one bounded timeout, and the
  caller decides.
"""

from __future__ import annotations

import base64
import json
import logging
import time
from typing import Any, TypeVar

import openai
from pydantic import ValidationError

from slidewright.ai import prompting
from slidewright.ai.errors import (
    AiBadResponseError,
    AiImagesUnavailableError,
    AiProviderUnavailableError,
    AiRateLimitedError,
    AiRejectedError,
    AiVisionUnavailableError,
)
from slidewright.ai.provider import Usage
from slidewright.ai.schema import strict_json_schema
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
    OutputModel,
    RecommendDeckInput,
    SlideData,
    SlideDataInput,
    SlideDescriptions,
    SlideDescriptionsInput,
    TaskInput,
    TemplateDescription,
    TemplateDescriptionInput,
    TemplateSlideChoice,
    TemplateSlideDescriptions,
    TemplateSlideInput,
    TemplateSlidesInput,
)
from slidewright.core.config import Settings

log = logging.getLogger("slidewright.ai")

MAX_RETRIES = 2  # after an answer that is not JSON or breaks the schema
MAX_PROBLEM_RETRIES = 1  # after a schema-valid answer that breaks a task rule (droppable)
DEFAULT_BASE_URL = "https://api.openai.com/v1"
_MAX_ECHO = 4000  # characters of a bad answer sent back with the retry message
Out = TypeVar("Out", bound=OutputModel)

# The spec's aspect options, as sizes the common image models accept.
_SIZES_WIDE = {
    "square_hd": "1024x1024",
    "square": "1024x1024",
    "portrait_4_3": "1024x1536",
    "portrait_16_9": "1024x1536",
    "landscape_4_3": "1536x1024",
    "landscape_16_9": "1536x1024",
}
_SIZES_DALLE3 = {
    **_SIZES_WIDE,
    "portrait_4_3": "1024x1792",
    "portrait_16_9": "1024x1792",
    "landscape_4_3": "1792x1024",
    "landscape_16_9": "1792x1024",
}


def image_size(model: str, aspect: str) -> str:
    if model.startswith("dall-e-2"):
        return "1024x1024"
    table = _SIZES_DALLE3 if model.startswith("dall-e-3") else _SIZES_WIDE
    return table.get(aspect, "1024x1024")


def extract_json(text: str) -> Any:
    """The first JSON object in `text` (after any ```json fence or prose)."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    raise ValueError("the answer contains no JSON object")


class _Unusable(Exception):
    """An answer that cannot be used; the message goes back to the model."""


class OpenAICompatProvider:
    name = "openai_compat"
    metered = True

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        model: str,
        vision_model: str | None = None,
        image_model: str | None = None,
        json_mode: str = "json_schema",
        timeout_seconds: float = 60.0,
    ) -> None:
        self.model: str | None = model
        self.vision_model = vision_model
        self.image_model = image_model
        self.json_mode = json_mode
        self.can_describe_images = bool(vision_model)
        self.can_generate_images = bool(image_model)
        self.usage = Usage()
        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key, timeout=timeout_seconds, max_retries=0
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAICompatProvider:
        if not settings.ai_model:
            raise ValueError(
                "SLIDEWRIGHT_AI_MODEL is required with the openai_compat AI provider "
                "(or set SLIDEWRIGHT_AI_PROVIDER=offline)"
            )
        key = settings.ai_api_key.get_secret_value() if settings.ai_api_key else ""
        return cls(
            base_url=settings.ai_base_url or DEFAULT_BASE_URL,
            # Local servers (Ollama, vLLM) need no key, but the SDK insists on one.
            api_key=key or "not-needed",
            model=settings.ai_model,
            vision_model=settings.ai_vision_model,
            image_model=settings.ai_image_model,
            json_mode=settings.ai_json_mode,
            timeout_seconds=settings.ai_timeout_seconds,
        )

    # -- tasks ----------------------------------------------------------------------------

    def recommend_deck(self, task: RecommendDeckInput) -> DeckRecommendation:
        return self._structured(task, DeckRecommendation)

    def outline(self, task: OutlineInput) -> Outline:
        return self._structured(task, Outline)

    def outline_edits(self, task: OutlineEditsInput) -> OutlineEdits:
        return self._structured(task, OutlineEdits)

    def slide_descriptions(self, task: SlideDescriptionsInput) -> SlideDescriptions:
        return self._structured(task, SlideDescriptions)

    def template_slide(self, task: TemplateSlideInput) -> TemplateSlideChoice:
        return self._structured(task, TemplateSlideChoice)

    def element_value(self, task: ElementValueInput) -> ElementSuggestion:
        return self._structured(task, ElementSuggestion)

    def slide_data(self, task: SlideDataInput) -> SlideData:
        return self._structured(task, SlideData)

    def template_description(self, task: TemplateDescriptionInput) -> TemplateDescription:
        return self._structured(task, TemplateDescription)

    def template_slides(self, task: TemplateSlidesInput) -> TemplateSlideDescriptions:
        images: list[tuple[str, bytes, str]] = []
        model = self.model
        if task.thumbnails and self.vision_model:
            model = self.vision_model
            images = [
                (f"Slide {number}", data, "image/jpeg")
                for number, data in sorted(task.thumbnails.items())
            ]
        return self._structured(task, TemplateSlideDescriptions, images=images, model=model)

    def describe_image(self, task: ImageDescribeInput) -> ImageDescription:
        if not self.vision_model:
            raise AiVisionUnavailableError(feature="image_describe")
        return self._structured(
            task,
            ImageDescription,
            images=[("", task.image, task.mime)],
            model=self.vision_model,
        )

    def generate_image(self, task: ImageGenerateInput) -> GeneratedImage:
        if not self.image_model:
            raise AiImagesUnavailableError(feature="image_generate")
        model = self.image_model
        params: dict[str, Any] = {
            "model": model,
            "prompt": task.prompt,
            "n": 1,
            "size": image_size(model, task.size),
        }
        # gpt-image models always answer base64 and refuse the parameter; others need it.
        if not model.startswith("gpt-image"):
            params["response_format"] = "b64_json"
        started = time.perf_counter()
        response = self._call(lambda: self._client.images.generate(**params))
        self.usage.add("image_generate", 0, 0)
        log.info(
            "ai call task=image_generate model=%s seconds=%.2f",
            model,
            time.perf_counter() - started,
        )
        items = getattr(response, "data", None) or []
        encoded = getattr(items[0], "b64_json", None) if items else None
        if not encoded:
            raise AiBadResponseError(attempts=1, reason="no base64 image in the answer")
        try:
            return GeneratedImage(data=base64.b64decode(encoded, validate=False))
        except (ValueError, TypeError) as exc:
            raise AiBadResponseError(attempts=1, reason="undecodable image") from exc

    # -- the structured call with validation and retries ------------------------------------

    def _response_format(self, task: TaskInput, output: type[OutputModel]) -> dict[str, Any] | None:
        if self.json_mode == "json_schema":
            return {
                "type": "json_schema",
                "json_schema": {
                    "name": task.TASK,
                    "strict": True,
                    "schema": strict_json_schema(output),
                },
            }
        if self.json_mode == "json_object":
            return {"type": "json_object"}
        return None

    def _first_messages(
        self,
        task: TaskInput,
        output: type[OutputModel],
        images: list[tuple[str, bytes, str]],
    ) -> list[dict[str, Any]]:
        text = prompting.user_prompt(task)
        if self.json_mode != "json_schema":
            text = f"{text}\n\n{prompting.schema_hint(strict_json_schema(output))}"
        content: str | list[dict[str, Any]] = text
        if images:
            parts: list[dict[str, Any]] = [{"type": "text", "text": text}]
            for label, data, mime in images:
                if label:
                    parts.append({"type": "text", "text": label})
                url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
                parts.append({"type": "image_url", "image_url": {"url": url}})
            content = parts
        return [
            {"role": "system", "content": prompting.system_prompt(task.lang)},
            {"role": "user", "content": content},
        ]

    def _structured(
        self,
        task: TaskInput,
        output: type[Out],
        *,
        images: list[tuple[str, bytes, str]] | None = None,
        model: str | None = None,
    ) -> Out:
        messages = self._first_messages(task, output, images or [])
        response_format = self._response_format(task, output)
        attempts = MAX_RETRIES + 1
        best: Out | None = None
        problem_retries = 0
        for attempt in range(1, attempts + 1):
            answer = self._complete(task.TASK, model or self.model or "", messages, response_format)
            try:
                parsed = self._parse(answer, output)
            except _Unusable as exc:
                log.warning("ai task=%s attempt=%d unusable answer: %s", task.TASK, attempt, exc)
                error = str(exc)
            else:
                problems = task.problems(parsed)
                if not problems:
                    return parsed
                best = parsed
                error = "\n".join(f"- {problem}" for problem in problems)
                log.warning("ai task=%s attempt=%d problems: %s", task.TASK, attempt, error)
                if problem_retries >= MAX_PROBLEM_RETRIES:
                    return parsed  # usable: the service drops what is still wrong
                problem_retries += 1
            if attempt < attempts:
                messages = [
                    *messages,
                    {"role": "assistant", "content": answer[:_MAX_ECHO]},
                    {"role": "user", "content": prompting.retry_prompt(error)},
                ]
        if best is not None:
            return best  # schema-valid: the service drops what is still wrong
        raise AiBadResponseError(attempts=attempts)

    @staticmethod
    def _parse(answer: str, output: type[Out]) -> Out:
        try:
            data = extract_json(answer)
        except ValueError as exc:
            raise _Unusable(f"{exc}. Answer with a JSON object only.") from exc
        try:
            return output.model_validate(data)
        except ValidationError as exc:
            details = "; ".join(
                f"{'.'.join(str(p) for p in error['loc']) or '(root)'}: {error['msg']}"
                for error in exc.errors(include_url=False)[:20]
            )
            raise _Unusable(f"the JSON does not follow the schema: {details}") from exc

    def _complete(
        self,
        task_name: str,
        model: str,
        messages: list[dict[str, Any]],
        response_format: dict[str, Any] | None,
    ) -> str:
        params: dict[str, Any] = {"model": model, "messages": messages}
        if response_format is not None:
            params["response_format"] = response_format
        started = time.perf_counter()
        response = self._call(lambda: self._client.chat.completions.create(**params))
        choice = response.choices[0] if response.choices else None
        text = (choice.message.content if choice and choice.message else None) or ""
        usage = getattr(response, "usage", None)
        prompt_tokens = getattr(usage, "prompt_tokens", None)
        completion_tokens = getattr(usage, "completion_tokens", None)
        if prompt_tokens is None:  # not reported: about four characters a token
            prompt_tokens = len(json.dumps(messages, ensure_ascii=False)) // 4
        if completion_tokens is None:
            completion_tokens = len(text) // 4
        self.usage.add(task_name, int(prompt_tokens), int(completion_tokens))
        log.info(
            "ai call task=%s model=%s prompt_tokens=%s completion_tokens=%s seconds=%.2f",
            task_name,
            model,
            prompt_tokens,
            completion_tokens,
            time.perf_counter() - started,
        )
        return text

    @staticmethod
    def _call(request: Any) -> Any:
        """Runs one SDK request, its failures as typed errors."""
        try:
            return request()
        except openai.RateLimitError as exc:
            raise AiRateLimitedError(source="provider") from exc
        except openai.APITimeoutError as exc:
            raise AiProviderUnavailableError(reason="timeout") from exc
        except openai.APIConnectionError as exc:
            raise AiProviderUnavailableError(reason="connection failed") from exc
        except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
            log.error("AI provider refused the credentials: %s", exc.status_code)
            raise AiProviderUnavailableError(reason="credentials refused") from exc
        except openai.NotFoundError as exc:
            raise AiProviderUnavailableError(reason="model or endpoint not found") from exc
        except openai.APIStatusError as exc:
            if exc.status_code >= 500:
                raise AiProviderUnavailableError(reason=f"HTTP {exc.status_code}") from exc
            raise AiRejectedError(reason=f"HTTP {exc.status_code}") from exc
        except openai.OpenAIError as exc:  # bad payloads the SDK could not read
            raise AiProviderUnavailableError(reason=type(exc).__name__) from exc
