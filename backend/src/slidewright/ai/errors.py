"""AI errors. `ai_unavailable` is shared with the images domain (one code, one UI message);
the subclasses here only say more precisely what is missing."""

from typing import Any

from slidewright.core.errors import AppError
from slidewright.images.errors import AiUnavailableError

__all__ = [
    "AiBadResponseError",
    "AiImagesUnavailableError",
    "AiProviderUnavailableError",
    "AiRateLimitedError",
    "AiRejectedError",
    "AiTimeoutError",
    "AiUnavailableError",
    "AiVisionUnavailableError",
    "DescriptionRequiredError",
    "ElementLockedError",
    "ElementNotFillableError",
    "InstructionRequiredError",
    "InvalidOutlineEditError",
    "ProjectHasNoTemplateError",
    "PromptTooLongError",
    "SlideHasNoTemplateSlideError",
    "SlideIndexOutOfRangeError",
]


class AiVisionUnavailableError(AiUnavailableError):
    en = (
        "Describing images needs an AI model that can see images. The built-in offline "
        "assistant cannot; an administrator can connect one with SLIDEWRIGHT_AI_BASE_URL, "
        "SLIDEWRIGHT_AI_API_KEY and SLIDEWRIGHT_AI_VISION_MODEL."
    )
    zh = (
        "描述图片需要能识别图片的 AI 模型，内置的离线助手无法做到。管理员可以通过 "
        "SLIDEWRIGHT_AI_BASE_URL、SLIDEWRIGHT_AI_API_KEY 和 SLIDEWRIGHT_AI_VISION_MODEL 进行配置。"
    )


class AiImagesUnavailableError(AiUnavailableError):
    en = (
        "Generating images needs an AI image model. The built-in offline assistant cannot "
        "draw; an administrator can connect one with SLIDEWRIGHT_AI_BASE_URL, "
        "SLIDEWRIGHT_AI_API_KEY and SLIDEWRIGHT_AI_IMAGE_MODEL."
    )
    zh = (
        "生成图片需要 AI 绘图模型，内置的离线助手无法绘图。管理员可以通过 "
        "SLIDEWRIGHT_AI_BASE_URL、SLIDEWRIGHT_AI_API_KEY 和 SLIDEWRIGHT_AI_IMAGE_MODEL 进行配置。"
    )


# Why a model could not be used, in both languages (`reason` stays English for logs and API
# clients that match on it; a Chinese user reads `reasonZh`).
_REASONS_ZH = {
    "timeout": "请求超时",
    "connection failed": "无法连接",
    "credentials refused": "凭据被拒绝",
    "model or endpoint not found": "找不到模型或接口",
    "busy": "模型正忙",
    "server error": "服务器出错",
    "no structured output": "无法返回结构化结果",
}


class AiProviderUnavailableError(AiUnavailableError):
    en = (
        "The AI service could not be reached or failed ({reason}). Nothing was changed; "
        "please try again in a moment."
    )
    zh = "无法连接 AI 服务或其出错（{reasonZh}）。未做任何更改，请稍后重试。"

    def __init__(self, *, reason: str, **extra: Any) -> None:
        zh = _REASONS_ZH.get(reason) or reason.replace("HTTP", "HTTP 状态码")
        super().__init__(reason=reason, reasonZh=zh, **extra)


class AiTimeoutError(AppError):
    code, status = "ai_timeout", 504
    en = (
        "The AI model did not finish within {seconds} seconds. Nothing was changed. Try again, "
        "or use the offline assistant for this."
    )
    zh = "AI 模型未能在 {seconds} 秒内完成。未做任何更改。请重试，或改用离线助手完成此操作。"


class PromptTooLongError(AppError):
    code, status = "ai_prompt_too_long", 422
    en = (
        "This request needs about {tokens} tokens even at its shortest, more than the AI "
        "model's window of {context} tokens. Shorten the instruction or the slide, use a model "
        "with a larger window, or use the offline assistant for this."
    )
    zh = (
        "即使压缩到最短，此请求仍需约 {tokens} 个词元，"
        "超过了 AI 模型 {context} 个词元的上下文窗口。"
        "请缩短指令或幻灯片内容、换用上下文更大的模型，或改用离线助手完成此操作。"
    )


class AiRateLimitedError(AppError):
    code, status = "ai_rate_limited", 429
    en = "Too many AI requests. Please wait a minute and try again."
    zh = "AI 请求过于频繁，请稍等一分钟后再试。"


class AiBadResponseError(AppError):
    code, status = "ai_bad_response", 502
    en = (
        "The AI answered in an unexpected form, even after {attempts} attempts. Nothing was "
        "changed; please try again."
    )
    zh = "AI 的回答格式不符合要求（已尝试 {attempts} 次）。未做任何更改，请重试。"


class AiRejectedError(AppError):
    code, status = "ai_request_rejected", 422
    en = "The AI service refused this request ({reason})."
    zh = "AI 服务拒绝了此请求（{reason}）。"


class DescriptionRequiredError(AppError):
    code, status = "description_required", 422
    en = "Description is required for recommendation."
    zh = "获取推荐需要填写描述。"


class InstructionRequiredError(AppError):
    code, status = "instruction_required", 422
    en = "Say how the outline should change."
    zh = "请说明大纲应如何修改。"


class SlideIndexOutOfRangeError(AppError):
    code, status = "slide_index_out_of_range", 422
    en = "The project has no slide at index {slideIndex} (it has {slideCount}; indexes start at 0)."
    zh = "项目中没有索引为 {slideIndex} 的幻灯片（共 {slideCount} 页，索引从 0 开始）。"


class ProjectHasNoTemplateError(AppError):
    code, status = "project_has_no_template", 422
    en = "Choose a PPTX template for this project first."
    zh = "请先为此项目选择 PPTX 模板。"


class SlideHasNoTemplateSlideError(AppError):
    code, status = "slide_has_no_template_slide", 422
    en = (
        "Slide {slideNumber} has no template slide yet: choose one (or ask for a suggestion) first."
    )
    zh = "第 {slideNumber} 页尚未指定模板页：请先选择一个（或让 AI 推荐）。"


class ElementLockedError(AppError):
    code, status = "element_locked", 422
    en = "“{element}” is locked: the assistant leaves locked elements alone."
    zh = "“{element}”已锁定：AI 助手不会修改锁定的元素。"


class ElementNotFillableError(AppError):
    code, status = "element_not_fillable", 422
    en = "“{element}” is decorative and takes no value."
    zh = "“{element}”为装饰元素，不接受内容。"


class InvalidOutlineEditError(AppError):
    code, status = "invalid_outline_edit", 422
    en = "Edit {index} cannot be applied: {reason}"
    zh = "第 {index} 项修改无法应用：{reasonZh}"
