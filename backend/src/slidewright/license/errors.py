from slidewright.core.errors import AppError


class LicenseUnavailableError(AppError):
    code, status = "license_unavailable", 404
    en = "License information unavailable."
    zh = "无法获取许可证信息。"


class LicenseUserLimitError(AppError):
    code, status = "license_user_limit", 403
    en = "This server's license allows {maxUsers} users, and all seats are taken."
    zh = "本服务器的许可证最多允许 {maxUsers} 位用户，名额已满。"
