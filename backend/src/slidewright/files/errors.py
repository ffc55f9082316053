from slidewright.core.errors import AppError, NotFoundError


class UploadedFileNotFoundError(NotFoundError):
    code = "file_not_found"
    en = "File not found."
    zh = "文件不存在。"


class SlideTemplateNotFoundError(NotFoundError):
    code = "slide_template_not_found"
    en = "Template not found."
    zh = "模板不存在。"


class FileSlideNotFoundError(NotFoundError):
    code = "slide_not_found"
    en = "This file has no slide {slideNumber}."
    zh = "此文件没有第 {slideNumber} 页。"


class FileThumbnailNotFoundError(NotFoundError):
    code = "thumbnail_not_found"
    en = "This slide has no thumbnail yet."
    zh = "此页还没有缩略图。"


class UnsupportedKeynoteError(AppError):
    code, status = "unsupported_keynote", 400
    en = (
        "This Keynote file could not be converted. Export the presentation as PowerPoint (.pptx) "
        "from Keynote (File → Export To → PowerPoint) and upload that."
    )
    zh = (
        "无法转换此 Keynote 文件。请在 Keynote 中将演示文稿导出为 PowerPoint（.pptx）"
        "（文件 → 导出为 → PowerPoint），然后上传导出的文件。"
    )


class TooManyFilesError(AppError):
    code, status = "too_many_files", 400
    en = "Too many files selected. Expected {expected} files."
    zh = "选择的文件过多，最多应为 {expected} 个文件。"


class ConversionBusyError(AppError):
    code, status = "conversion_busy", 503
    en = "The server is busy converting other Keynote files. Please try again in a minute."
    zh = "服务器正忙于转换其他 Keynote 文件，请稍后再试。"


class TemplateNameRequiredError(AppError):
    code, status = "template_name_required", 422
    en = "Template name is required."
    zh = "请输入模板名称。"
