from slidewright.core.errors import AppError


class NoTemplateToExportError(AppError):
    code, status = "export_no_template", 422
    en = "Choose a PPTX template for the project before exporting."
    zh = "导出前请先为项目选择 PPTX 模板。"


class NothingToExportError(AppError):
    code, status = "export_no_slides", 422
    en = "No slide has a template slide assigned yet, so there is nothing to export."
    zh = "还没有任何一页指定了模板页，因此没有可导出的内容。"


class ExportFailedError(AppError):
    code, status = "export_failed", 500
    en = "The presentation could not be exported ({reason})."
    zh = "无法导出演示文稿（{reason}）。"
