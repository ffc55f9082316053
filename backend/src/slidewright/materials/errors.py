from slidewright.core.errors import AppError, NotFoundError


class MaterialNotFoundError(NotFoundError):
    code = "material_not_found"
    en = "Material not found. It might have been deleted or you don't have permission to view it."
    zh = "未找到资料。它可能已被删除，或者您无权查看。"


class FilenameRequiredError(AppError):
    code, status = "filename_required", 422
    en = "Please enter a file name."
    zh = "请输入文件名。"


class ContentRequiredError(AppError):
    code, status = "content_required", 422
    en = "Please enter some content."
    zh = "请输入内容。"


class UnsupportedMaterialTypeError(AppError):
    code, status = "unsupported_material_type", 400
    en = "Only .txt, .md and .docx files can be uploaded as materials."
    zh = "资料只能上传 .txt、.md 或 .docx 文件。"


class InvalidTextError(AppError):
    code, status = "invalid_text", 400
    en = "This file is not readable text."
    zh = "此文件不是可读取的文本。"


class InvalidDocxError(AppError):
    code, status = "invalid_docx", 400
    en = "This file is not a Word document that can be read."
    zh = "无法读取此文件，它不是有效的 Word 文档。"


class MaterialTooLongError(AppError):
    code, status = "material_too_long", 413
    en = "This material's text is too long (limit {limit} characters)."
    zh = "资料文本过长（上限 {limit} 个字符）。"
