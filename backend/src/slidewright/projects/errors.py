from slidewright.core.errors import AppError, NotFoundError


class ProjectNotFoundError(NotFoundError):
    code = "project_not_found"
    en = "Project not found."
    zh = "项目不存在。"


class TitleRequiredError(AppError):
    code, status = "title_required", 422
    en = "Title is required."
    zh = "请输入标题。"


class InvalidNumSlidesError(AppError):
    code, status = "invalid_num_slides", 422
    en = "The number of slides must be between 1 and {max}."
    zh = "幻灯片数量必须在 1 到 {max} 之间。"


class VersionConflictError(AppError):
    code, status = "version_conflict", 409
    en = (
        "This project was changed elsewhere (another tab or person) since you loaded it. "
        "Reload to get the latest version, then reapply your change."
    )
    zh = (
        "此项目在您加载后已在其他地方（其他标签页或他人）被修改。"
        "请重新加载最新版本，然后重新应用您的更改。"
    )


class NoTemplateError(AppError):
    code, status = "no_template", 422
    en = "Choose a template, and a template slide for each slide, before filling in values."
    zh = "请先选择模板，并为每页指定模板页，然后再填写内容。"


class SlideNumberOutOfRangeError(AppError):
    code, status = "pptx_slide_number_out_of_range", 422
    en = "Slide {slideIndex}: the template has no slide {pptxSlideNumber} (it has {slideCount})."
    zh = "第 {slideIndex} 页：模板中没有第 {pptxSlideNumber} 页（共 {slideCount} 页）。"


class UnknownElementError(AppError):
    code, status = "unknown_element", 422
    en = "Slide {slideIndex}: the template slide has no element named “{element}”."
    zh = "第 {slideIndex} 页：模板页中没有名为“{element}”的元素。"


class InvalidElementValueError(AppError):
    code, status = "invalid_element_value", 422
    en = "Slide {slideIndex}, “{element}”: {expected}"
    zh = "第 {slideIndex} 页，“{element}”：{expectedZh}"


class TemplateNumbersClearedWarning(AppError):
    """Not raised: returned in `warnings` after a template change."""

    code, status = "template_numbers_cleared", 200
    en = "The new template has fewer slides: the template choice of slides {slides} was cleared."
    zh = "新模板的页数较少：第 {slides} 页的模板选择已被清除。"


class ProjectImageNotLinkedError(NotFoundError):
    code = "project_image_not_linked"
    en = "This image is not linked to the project."
    zh = "此图片未关联到该项目。"
