"""Any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, DeepSeek, Qwen compatible mode, and
the servers companies run themselves: llama.cpp, Ollama, vLLM, LM Studio) through the openai
SDK.

- The server is probed on first use (`ai.endpoint`): its context window, whether it counts
  tokens, and which structured-output mode works (`ai.structured_modes`); an unsupported mode
  is never why every call fails: a refusal probes again and steps down.
- Every prompt fits the window (`ai.prompt_budget`); the answer gets the rest of it.
- One deadline per user action (`ai.deadline`) across every request and the one repair
  request; at most `ai_max_concurrent` requests at once (a one-slot local server gets one).
- The answer is read leniently (a cut-off JSON object is repaired), its unsupported facts are
  left out (`ai.invented`), and what is still missing or wrong is completed by the offline
  assistant field by field (`ai.fallback`), with the completed parts named in the answer.
- Failures are typed: HTTP 429 `ai_rate_limited`; 5xx, connection errors `ai_unavailable`;
  the deadline `ai_timeout`; credentials or a missing model `ai_unavailable` with the reason;
  a refused request (content policy, 400) `ai_request_rejected`. Where the offline assistant
  can do the task, the error says so (`details.offlineAvailable`). Nothing is applied by a
  provider, so a failure never leaves anything half done.
- Vision sends the image as a base64 data URL; image generation asks for base64 JSON.
- The SDK's own retries are off (`max_retries=0`): the deadline decides.
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal, NoReturn, TypeVar

import openai
from pydantic import ValidationError

from slidewright.ai import (
    deadline,
    endpoint,
    fallback,
    invented,
    prompt_budget,
    prompting,
    structured_modes,
)
from slidewright.ai.answer_json import extract_json, lenient_json
from slidewright.ai.errors import (
    AiBadResponseError,
    AiImagesUnavailableError,
    AiProviderUnavailableError,
    AiRateLimitedError,
    AiRejectedError,
    AiTimeoutError,
    AiVisionUnavailableError,
    PromptTooLongError,
)
from slidewright.ai.model_health import ModelHealth
from slidewright.ai.provider import Usage
from slidewright.ai.providers.offline import OfflineProvider
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
from slidewright.core.errors import AppError

log = logging.getLogger("slidewright.ai")

MAX_ATTEMPTS = 2  # the answer, and one repair request when it cannot be used
MIN_REPAIR_SECONDS = 5.0  # left in the action, for a repair request to be worth sending
MIN_REQUEST_SECONDS = 0.5
# Left in the action when a streamed answer is cut: time to read it and complete the rest.
STREAM_STOP_SECONDS = 2.0
MAX_SHRINK_STEPS = 40
PROFILE_MAX_AGE = 3600.0  # seconds: the server's profile is asked again after an hour
REPROBE_AFTER = 60.0  # a failure probes again, at most once a minute
PROBE_REQUEST_TIMEOUT = 30.0
SMALL_WINDOW = 8192  # tokens: up to this, the rules are said in fewer words
SMALL_WINDOW_OUTPUT = 600  # tokens an answer may take with such a window
MIN_ANSWER_TOKENS = 96  # the least an answer is given, whatever the task's own estimate
# Errors after which the offline assistant can still do the task, and the tasks it can do.
_OFFLINE_CAN_HELP = frozenset(
    {"ai_unavailable", "ai_timeout", "ai_bad_response", "ai_rate_limited", "ai_prompt_too_long"}
)
_OFFLINE_TASKS = {
    "recommend_deck": "recommend_deck",
    "outline": "outline",
    "outline_edits": "outline_edits",
    "slide_descriptions": "slide_descriptions",
    "template_slide": "template_slide",
    "element_value": "element_value",
    "slide_data": "slide_data",
    "template_description": "template_description",
    "template_slides": "template_slides",
}
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
        json_mode: str = "auto",
        timeout_seconds: float = 90.0,
        deadline_seconds: float = 90.0,
        max_concurrent: int = 4,
        context_tokens: int | None = None,
    ) -> None:
        self.base_url = base_url
        self.model: str | None = model
        self.vision_model = vision_model
        self.image_model = image_model
        self.json_mode = json_mode
        self.timeout_seconds = timeout_seconds
        self.deadline_seconds = deadline_seconds
        self.context_tokens = context_tokens
        self.can_describe_images = bool(vision_model)
        self.can_generate_images = bool(image_model)
        self.usage = Usage()
        self.health = ModelHealth()
        self.offline = OfflineProvider()  # completes what the model gets wrong
        self._api_key = api_key
        self.max_concurrent = max_concurrent
        self._slots = threading.BoundedSemaphore(max_concurrent)
        self._slot_count = max_concurrent
        self._profile: endpoint.EndpointProfile | None = None
        self._profiled_at = 0.0
        self._profile_lock = threading.Lock()  # guards the cached profile, briefly
        self._probe_lock = threading.Lock()  # held by the one thread asking the server
        self._count_http = endpoint.new_http(api_key, timeout=endpoint.COUNT_TIMEOUT)
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
            deadline_seconds=settings.ai_deadline_seconds,
            max_concurrent=settings.ai_max_concurrent,
            context_tokens=settings.ai_context_tokens,
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

    # -- the server's profile -------------------------------------------------------------

    def profile(self, *, refresh: bool = False) -> endpoint.EndpointProfile:
        """What the server is and can do, probed on first use and cached; `refresh` probes
        again (at most once a minute, so a failing server is not hammered). One thread asks
        the server at a time; meanwhile the others go on with the profile they have."""
        with self._profile_lock:
            current = self._profile
            if current is not None and self._fresh(refresh):
                return current
        if not self._probe_lock.acquire(blocking=current is None):
            assert current is not None
            return current  # being asked right now: the cached profile serves meanwhile
        try:
            with self._profile_lock:
                if self._profile is not None and self._profile is not current:
                    return self._profile  # asked by another thread while this one waited
            profile = self._probe(every_mode=False)
            with self._profile_lock:
                self._set_profile(profile)
            return profile
        finally:
            self._probe_lock.release()

    def _fresh(self, refresh: bool) -> bool:
        age = time.monotonic() - self._profiled_at
        return age < PROFILE_MAX_AGE and (not refresh or age < REPROBE_AFTER)

    def cached_profile_summary(self) -> dict[str, Any] | None:
        """The profile as last probed (None before the first use): never asks the server."""
        with self._profile_lock:
            return self._profile.summary() if self._profile else None

    def check(self) -> endpoint.EndpointProfile:
        """A full probe for a report (every mode tried); it also becomes the cached profile."""
        with self._probe_lock:
            profile = self._probe(every_mode=True)
            with self._profile_lock:
                self._set_profile(profile)
            return profile

    def _set_profile(self, profile: endpoint.EndpointProfile) -> None:
        """Caches `profile`; a server that runs fewer requests at once than
        `ai_max_concurrent` gets no more than it runs (the rest would only queue there, and a
        request abandoned at its deadline keeps the server busy)."""
        self._profile, self._profiled_at = profile, time.monotonic()
        slots = min(self.max_concurrent, profile.slots or self.max_concurrent)
        if slots != self._slot_count:
            self._slots, self._slot_count = threading.BoundedSemaphore(slots), slots

    def _probe(self, *, every_mode: bool) -> endpoint.EndpointProfile:
        return endpoint.probe(
            base_url=self.base_url,
            api_key=self._api_key,
            model=self.model or "",
            mode_setting=self.json_mode,
            context_setting=self.context_tokens,
            try_mode=self._try_mode,
            every_mode=every_mode,
        )

    def _try_mode(self, mode: str) -> endpoint.ModeTrial:
        """One small request in `mode`: does a schema-shaped answer come back?"""
        schema = strict_json_schema(_ProbeAnswer)
        ask = 'Reply with exactly this JSON object: {"colour": "blue", "count": 3}'
        if structured_modes.needs_schema_in_prompt(mode):
            ask = f"{ask}\n\n{prompting.schema_hint(schema)}"
        params: dict[str, Any] = {
            "model": self.model or "",
            "messages": [
                {"role": "system", "content": "You answer with one JSON object only."},
                {"role": "user", "content": ask},
            ],
            "max_tokens": 60,
            "timeout": min(self.timeout_seconds, PROBE_REQUEST_TIMEOUT),
            **structured_modes.request_fields(mode, "probe", schema),
        }
        slots = self._slots  # a one-slot server: the trial waits its turn like any request
        if not slots.acquire(timeout=PROBE_REQUEST_TIMEOUT):
            return endpoint.ModeTrial(mode, False, "busy", 0.0)
        try:
            response = self._client.chat.completions.create(**params)
        except openai.APIStatusError as exc:
            return endpoint.ModeTrial(mode, False, f"HTTP {exc.status_code}", 0.0)
        except openai.APITimeoutError:
            return endpoint.ModeTrial(mode, False, "timeout", 0.0)
        except openai.OpenAIError as exc:
            return endpoint.ModeTrial(mode, False, type(exc).__name__, 0.0)
        finally:
            slots.release()
        choice = response.choices[0] if response.choices else None
        text = (choice.message.content if choice and choice.message else None) or ""
        try:
            _ProbeAnswer.model_validate(extract_json(text))
        except (ValueError, ValidationError):
            return endpoint.ModeTrial(mode, False, endpoint.NOT_IN_SCHEMA, 0.0)
        return endpoint.ModeTrial(mode, True, "valid", 0.0)

    # -- the structured call: budgeted, under one deadline, completed field by field ------

    def _structured(
        self,
        task: TaskInput,
        output: type[Out],
        *,
        images: list[tuple[str, bytes, str]] | None = None,
        model: str | None = None,
    ) -> Out:
        with deadline.action(self.deadline_seconds):
            try:
                return self._answer(task, output, images or [], model or self.model or "")
            except AppError as exc:
                if exc.code in _OFFLINE_CAN_HELP and task.TASK in _OFFLINE_TASKS:
                    exc.details.setdefault("offlineAvailable", True)
                raise

    def _answer(
        self,
        task: TaskInput,
        output: type[Out],
        images: list[tuple[str, bytes, str]],
        model: str,
    ) -> Out:
        schema = strict_json_schema(output)
        if not self.profile().reachable:  # probed again in a minute at most
            self.profile(refresh=True)
            if not self.profile().reachable:
                raise AiProviderUnavailableError(reason="connection failed")
        fitted, messages, max_tokens = self._fit(task, output, images)
        # What a picture shows is not in the text input: a vision answer is not checked.
        known = (
            None if images else invented.known_from(fitted.model_dump(mode="json", by_alias=True))
        )
        data: Any = None
        cut = False  # the answer kept was stopped before its end
        dropped: list[str] = []
        emptied: list[str] = []
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                reply = self._request(task.TASK, model, messages, schema, max_tokens)
            except (AiTimeoutError, AiProviderUnavailableError):
                if data is None:
                    raise
                break  # a repair that did not come in time: complete the first answer
            answer = reply.text
            parsed = lenient_json(answer, cut=reply.cut)
            if parsed is None:
                error = "the answer contains no JSON object. Answer with a JSON object only."
            else:
                facts: list[str] = []
                if known is not None:
                    parsed, facts, emptied = invented.scrub(parsed, known)
                dropped.extend(facts)
                data, cut = parsed, reply.cut
                fault = self._fault(fitted, output, parsed)
                if fault is None and reply.cut and task.TASK in _OFFLINE_TASKS:
                    break  # valid but cut short: what it did not write yet is completed
                if fault is None:
                    result = output.model_validate(parsed)
                    self.health.answered(with_fallback=False)
                    return result.with_origin([], _unique(dropped), emptied)
                error = fault
                if facts and not error.startswith("the JSON"):  # a dropped fact is no fault
                    break
            log.warning("ai task=%s attempt=%d unusable answer: %s", task.TASK, attempt, error)
            if attempt == MAX_ATTEMPTS or deadline.remaining() < MIN_REPAIR_SECONDS:
                break
            repair = [
                *messages,
                {"role": "assistant", "content": answer[:_MAX_ECHO]},
                {"role": "user", "content": prompting.retry_prompt(error[:_MAX_ECHO])},
            ]
            if max_tokens is not None:  # a window to respect: the repair must fit it too
                used = prompt_budget.messages_tokens(repair)
                room = self.profile().context_tokens - used - prompt_budget.SAFETY
                if room < min(max_tokens, prompt_budget.MIN_OUTPUT):
                    break  # no room to ask again: complete the answer instead
                # No longer than the first answer was allowed: a repair given the whole room
                # let a small model write whitespace until the deadline.
                max_tokens = min(max_tokens, room)
            messages = repair
        if task.TASK not in _OFFLINE_TASKS:
            raise AiBadResponseError(attempts=MAX_ATTEMPTS)
        offline_answer: Out = getattr(self.offline, _OFFLINE_TASKS[task.TASK])(task)
        merged, fields = fallback.merge(task, data, offline_answer, cut=cut)
        self.health.answered(with_fallback=bool(fields))
        log.info("ai task=%s completed by the offline assistant: %s", task.TASK, fields)
        return merged.with_origin(fields, _unique(dropped), emptied)

    @staticmethod
    def _fault(task: TaskInput, output: type[Out], parsed: Any) -> str | None:
        """What is wrong with a parsed answer, said for the model; None when it is usable."""
        try:
            result = output.model_validate(parsed)
        except ValidationError as exc:
            details = "; ".join(
                f"{'.'.join(str(p) for p in error['loc']) or '(root)'}: {error['msg']}"
                for error in exc.errors(include_url=False)[:20]
            )
            return f"the JSON does not follow the schema: {details}"
        problems = task.problems(result)
        return "\n".join(f"- {problem}" for problem in problems) if problems else None

    def _fit(
        self, task: TaskInput, output: type[OutputModel], images: list[tuple[str, bytes, str]]
    ) -> tuple[TaskInput, list[dict[str, Any]], int | None]:
        """The task made small enough for the context window, its messages, and the answer's
        token limit (None for a cloud service, whose own limit applies)."""
        profile = self.profile()
        budget = prompt_budget.prompt_budget(profile.context_tokens)
        compact = profile.context_tokens <= SMALL_WINDOW
        fitted = task
        for _ in range(MAX_SHRINK_STEPS):
            messages = self._first_messages(fitted, output, images, profile.mode, compact)
            # The estimate first (free), then the server's own count once it looks close.
            used = prompt_budget.messages_tokens(messages)
            if used <= budget * 0.8 or profile.tokenizer is None:
                if used <= budget:
                    break
            else:
                used = prompt_budget.messages_tokens(messages, self._counter(profile))
                if used <= budget:
                    break
            smaller = prompt_budget.shrink(fitted)
            if smaller is None:
                raise PromptTooLongError(tokens=used, context=profile.context_tokens)
            fitted = smaller
        else:
            raise PromptTooLongError(tokens=used, context=profile.context_tokens)
        if fitted is not task:
            log.info(
                "ai task=%s prompt cut to %d tokens for a %d-token window",
                task.TASK,
                used,
                profile.context_tokens,
            )
        limit = None
        if profile.server != "unknown" or endpoint.is_private(self.base_url):
            room = profile.context_tokens - used - prompt_budget.SAFETY
            # A small model on a CPU writes a few tokens a second: a short answer in time
            # beats a long one past the deadline (a cut-off answer is repaired and completed).
            cap = SMALL_WINDOW_OUTPUT if compact else room
            hint = task.answer_tokens() if compact else None
            if hint is not None:  # the answer's own size, when the task knows it
                cap = min(cap, max(MIN_ANSWER_TOKENS, hint))
            limit = max(min(MIN_ANSWER_TOKENS, room), min(room, cap))
        return fitted, messages, limit

    def _counter(self, profile: endpoint.EndpointProfile) -> Any:
        http = self._count_http
        tokenizer = profile.tokenizer or ""

        def count(text: str) -> int | None:
            return endpoint.count_tokens(http, self.base_url, tokenizer, self.model or "", text)

        return count

    def _first_messages(
        self,
        task: TaskInput,
        output: type[OutputModel],
        images: list[tuple[str, bytes, str]],
        mode: str,
        compact: bool,
    ) -> list[dict[str, Any]]:
        text = prompting.user_prompt(task)
        if structured_modes.needs_schema_in_prompt(mode):
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
            {"role": "system", "content": prompting.system_prompt(task.lang, compact=compact)},
            {"role": "user", "content": content},
        ]

    def _request(
        self,
        task_name: str,
        model: str,
        messages: list[dict[str, Any]],
        schema: dict[str, Any],
        max_tokens: int | None,
    ) -> _Reply:
        """One completion in the profile's mode. A refusal that a different mode may cure
        (the server rejects the structured-output field) probes the server again and, when
        another mode is found, asks once more in it."""
        mode = self.profile().mode
        try:
            return self._complete(task_name, model, messages, mode, schema, max_tokens)
        except _Refused as refused:
            context = endpoint.context_from_error(refused.message)
            profile = self.profile(refresh=True)
            if context and context < profile.context_tokens:
                # The window is smaller than believed: the next request is cut to it.
                profile.context_tokens, profile.context_source = context, "error"
                used = prompt_budget.messages_tokens(messages)
                raise PromptTooLongError(tokens=used, context=context) from None
            if profile.mode == mode:
                raise refused.error from None
            log.warning("ai endpoint refused mode %s; now using %s", mode, profile.mode)
        try:
            return self._complete(task_name, model, messages, profile.mode, schema, max_tokens)
        except _Refused as again:
            raise again.error from None

    def _complete(
        self,
        task_name: str,
        model: str,
        messages: list[dict[str, Any]],
        mode: str,
        schema: dict[str, Any],
        max_tokens: int | None,
    ) -> _Reply:
        deadline.check(MIN_REQUEST_SECONDS)
        params: dict[str, Any] = {
            "model": model,
            "messages": messages,
            "timeout": min(self.timeout_seconds, deadline.remaining()),
            **structured_modes.request_fields(mode, task_name, schema),
        }
        if max_tokens is not None:
            params["max_tokens"] = max_tokens
        slots = self._slots  # the one acquired is the one released, if the profile changes
        if not slots.acquire(timeout=max(0.0, deadline.remaining())):
            self.health.failure("ai_timeout", "no free model slot")
            deadline.check(float("inf"))  # raises ai_timeout: the slots stayed busy
        # The answer is streamed: at the deadline the request is closed (a local server then
        # stops writing, and its one slot is free for the next request) and what came is kept.
        # The read timeout bounds the wait for the first token; the deadline the rest.
        params["timeout"] = min(self.timeout_seconds, max(0.1, deadline.remaining()))
        params["stream"] = True
        started = time.perf_counter()
        try:
            stream = self._send(lambda: self._client.chat.completions.create(**params))
            reply = self._read_stream(stream)
        finally:
            slots.release()
        seconds = time.perf_counter() - started
        self.health.success(seconds)
        text = reply.text
        prompt_tokens = getattr(reply.usage, "prompt_tokens", None)
        completion_tokens = getattr(reply.usage, "completion_tokens", None)
        if prompt_tokens is None:  # not reported (most servers leave it out of a stream)
            prompt_tokens = prompt_budget.messages_tokens(messages)
        if completion_tokens is None:
            completion_tokens = prompt_budget.estimate_tokens(text)
        self.usage.add(task_name, int(prompt_tokens), int(completion_tokens))
        log.info(
            "ai call task=%s model=%s mode=%s prompt_tokens=%s completion_tokens=%s seconds=%.2f%s",
            task_name,
            model,
            mode,
            prompt_tokens,
            completion_tokens,
            seconds,
            " (cut)" if reply.cut else "",
        )
        return reply

    def _read_stream(self, stream: Any) -> _Reply:
        """The streamed answer, read until it ends or the action's deadline is near (then
        cut: the rest is completed by the offline assistant). A stream that breaks after some
        text keeps that text; one that gave none is a typed failure (`ai_timeout` when the
        deadline came first). A server that answers a stream request with one JSON body (it
        ignores `stream`) is read as such."""
        parts: list[str] = []
        usage: Any = None
        cut = finished = False
        try:
            whole = _whole_answer(stream)
            if whole is not None:
                return whole
            for chunk in stream:
                usage = getattr(chunk, "usage", None) or usage
                for choice in getattr(chunk, "choices", None) or []:
                    delta = getattr(choice, "delta", None)
                    if delta is not None and delta.content:
                        parts.append(delta.content)
                    reason = getattr(choice, "finish_reason", None)
                    if reason:
                        finished = True
                        cut = reason == "length"  # stopped by its token limit, maybe mid-value
                if not finished and deadline.remaining() <= STREAM_STOP_SECONDS:
                    cut = True
                    break
        except Exception as exc:  # a timeout, a broken connection, a line that is no JSON
            typed = (
                self._typed(exc)
                if isinstance(exc, openai.OpenAIError)
                else AiProviderUnavailableError(reason="server error")
            )
            if not parts:
                self._failed(typed, margin=STREAM_STOP_SECONDS)
            log.warning("ai stream broke after %d parts: %s", len(parts), type(exc).__name__)
            cut = True
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    close()
        if not parts and not finished:  # the deadline came before any text
            self._failed(AiTimeoutError(seconds=round(self.deadline_seconds)))
        return _Reply("".join(parts), cut, usage)

    def _failed(self, error: AppError, margin: float = MIN_REQUEST_SECONDS) -> NoReturn:
        """Counts `error` in the model's health and raises it; a request that timed out with
        less than `margin` seconds left in the action is the action's `ai_timeout`."""
        self.health.failure(error.code, str(error.details.get("reason") or ""))
        timed_out = isinstance(error, AiProviderUnavailableError) and (
            error.details.get("reason") == "timeout"
        )
        if timed_out and deadline.remaining() <= margin:
            deadline.check(float("inf"))  # the action's time is up: say so
        raise error

    def _send(self, request: Any) -> Any:
        """`_call`, with a refusal of the request's form kept apart (`_Refused`) and every
        failure counted in the model's health."""
        try:
            return self._call(request, refusals=True)
        except _Refused as refused:
            self.health.failure(refused.error.code, refused.message[:200])
            raise
        except AppError as exc:
            self._failed(exc)

    @staticmethod
    def _call(request: Any, *, refusals: bool = False) -> Any:
        """Runs one SDK request, its failures as typed errors. With `refusals`, an answer of
        400, 422 or 500 (what servers say to a field they do not understand, or to a prompt
        longer than their window) is raised as `_Refused`."""
        try:
            return request()
        except openai.APIStatusError as exc:
            if refusals and exc.status_code in (400, 422, 500):
                raise _Refused(exc, OpenAICompatProvider._typed(exc)) from exc
            raise OpenAICompatProvider._typed(exc) from exc
        except openai.OpenAIError as exc:
            raise OpenAICompatProvider._typed(exc) from exc

    @staticmethod
    def _typed(exc: openai.OpenAIError) -> AppError:
        """The typed error an SDK failure stands for."""
        if isinstance(exc, openai.RateLimitError):
            return AiRateLimitedError(source="provider")
        if isinstance(exc, openai.APITimeoutError):
            return AiProviderUnavailableError(reason="timeout")
        if isinstance(exc, openai.APIConnectionError):
            return AiProviderUnavailableError(reason="connection failed")
        if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
            log.error("AI provider refused the credentials: %s", exc.status_code)
            return AiProviderUnavailableError(reason="credentials refused")
        if isinstance(exc, openai.NotFoundError):
            return AiProviderUnavailableError(reason="model or endpoint not found")
        if isinstance(exc, openai.APIStatusError):
            if exc.status_code >= 500:
                return AiProviderUnavailableError(reason=f"HTTP {exc.status_code}")
            return AiRejectedError(reason=f"HTTP {exc.status_code}")
        log.warning("AI provider answer unreadable: %s", type(exc).__name__)
        return AiProviderUnavailableError(reason="server error")  # an unreadable payload


@dataclass(frozen=True)
class _Reply:
    """A model's answer: its text, whether it was cut short (by the deadline or its token
    limit), and the token counts when the server reported them."""

    text: str
    cut: bool
    usage: Any = None


class _Refused(Exception):
    """A request the server refused as asked (400/422/500): maybe the structured-output
    field, maybe a prompt longer than its window. `error` is what it means to the user."""

    def __init__(self, exc: openai.APIStatusError, error: AppError) -> None:
        super().__init__(str(exc))
        self.message = str(exc)
        self.error = error


class _ProbeAnswer(OutputModel):
    colour: Literal["blue", "green"]
    count: int


def _whole_answer(stream: Any) -> _Reply | None:
    """The answer of a server that ignored `stream` and sent one JSON completion."""
    response = getattr(stream, "response", None)
    content_type = str(getattr(response, "headers", {}).get("content-type", ""))
    if response is None or not content_type.startswith("application/json"):
        return None
    try:
        body = json.loads(response.read())
        choice = (body.get("choices") or [{}])[0]
        text = str((choice.get("message") or {}).get("content") or "")
    except (ValueError, AttributeError, IndexError, TypeError) as exc:
        raise AiProviderUnavailableError(reason="server error") from exc
    usage = body.get("usage") or {}
    counts = _Usage(usage.get("prompt_tokens"), usage.get("completion_tokens"))
    return _Reply(text, choice.get("finish_reason") == "length", counts)


@dataclass(frozen=True)
class _Usage:
    prompt_tokens: int | None
    completion_tokens: int | None


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
