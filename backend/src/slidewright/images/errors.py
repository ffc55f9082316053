from slidewright.core.errors import AppError, NotFoundError


class ImageNotFoundError(NotFoundError):
    code = "image_not_found"
    en = "Image not found."
    zh = "图片不存在。"


class ImageReadOnlyError(AppError):
    code, status = "image_read_only", 403
    en = "Public images are read-only: they cannot be edited or deleted."
    zh = "公开图片为只读，不能编辑或删除。"


class AlreadyPublicError(AppError):
    code, status = "already_public", 409
    en = "This image is already public."
    zh = "此图片已公开。"


class InvalidTagsError(AppError):
    code, status = "invalid_tags", 422
    en = "Some tags do not exist or are not yours to use."
    zh = "部分标签不存在，或您无权使用。"


class PromptRequiredError(AppError):
    code, status = "prompt_required", 422
    en = "Describe the image you want to generate."
    zh = "请描述要生成的图片。"


class InvalidBase64ImageError(AppError):
    code, status = "invalid_base64_image", 422
    en = "The image must be base64 data (optionally a data: URL) of a JPEG, PNG, GIF or WebP."
    zh = "图片须为 JPEG、PNG、GIF 或 WebP 的 base64 数据（可为 data: URL）。"


class AiUnavailableError(AppError):
    """No AI provider can do this (none configured, or it cannot see or draw images).

    Shared with the AI domain, which raises it when its provider is missing or unreachable.
    """

    code, status = "ai_unavailable", 503
    en = (
        "AI is not available for this: the server has no AI provider configured for it. "
        "An administrator can connect one (SLIDEWRIGHT_AI_BASE_URL, SLIDEWRIGHT_AI_API_KEY, "
        "SLIDEWRIGHT_AI_MODEL)."
    )
    zh = (
        "此功能暂无可用的 AI：服务器尚未为其配置 AI 服务。管理员可以配置"
        "（SLIDEWRIGHT_AI_BASE_URL、SLIDEWRIGHT_AI_API_KEY、SLIDEWRIGHT_AI_MODEL）。"
    )
