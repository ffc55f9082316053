from slidewright.core.errors import AppError, NotFoundError


class TemplateNotFoundError(NotFoundError):
    code = "template_not_found"
    en = "File not found."
    zh = "文件不存在。"


class SlideNotFoundError(NotFoundError):
    code = "slide_not_found"
    en = "This template has no slide {slideNumber}."
    zh = "此模板没有第 {slideNumber} 页。"


class ElementNotFoundError(NotFoundError):
    code = "element_not_found"
    en = "Slide {slideNumber} has no element {elementIndex}."
    zh = "第 {slideNumber} 页没有第 {elementIndex} 个元素。"


class ThumbnailNotFoundError(NotFoundError):
    code = "thumbnail_not_found"
    en = "This slide has no thumbnail yet."
    zh = "此页还没有缩略图。"


class InvalidPptxError(AppError):
    code, status = "invalid_pptx", 400
    en = "This file is not a PowerPoint presentation that can be read ({reason})."
    zh = "无法读取此文件，它不是有效的 PowerPoint 演示文稿（{reason}）。"


class AlreadyPublishedError(AppError):
    code, status = "already_published", 409
    en = "This template is already published."
    zh = "此模板已发布。"


class RenderFailedError(AppError):
    code, status = "render_failed", 500
    en = "LibreOffice could not render this presentation ({reason})."
    zh = "LibreOffice 无法渲染此演示文稿（{reason}）。"


class RenderTimeoutError(AppError):
    code, status = "render_timeout", 500
    en = "Rendering the thumbnails took too long and was stopped."
    zh = "渲染缩略图耗时过长，已停止。"


class RenderUnavailableError(AppError):
    code, status = "render_unavailable", 503
    en = "Thumbnails cannot be rendered: LibreOffice is not installed on the server."
    zh = "无法渲染缩略图：服务器未安装 LibreOffice。"
