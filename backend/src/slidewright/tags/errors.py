from slidewright.core.errors import AppError, NotFoundError


class TagNotFoundError(NotFoundError):
    code = "tag_not_found"
    en = "Tag not found."
    zh = "标签不存在。"


class TagNameRequiredError(AppError):
    code, status = "tag_name_required", 422
    en = "Tag name is required."
    zh = "请输入标签名称。"


class TagExistsError(AppError):
    code, status = "tag_exists", 409
    en = "You already have a tag named “{name}”."
    zh = "您已有名为“{name}”的标签。"


class TagPublicAdminOnlyError(AppError):
    code, status = "tag_public_admin_only", 403
    en = "Only Admins can make tags public."
    zh = "只有管理员可以公开标签。"
