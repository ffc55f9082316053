from slidewright.core.errors import AppError, NotFoundError


class ApiTokenNotFoundError(NotFoundError):
    code = "api_token_not_found"
    en = "API token not found."
    zh = "API 令牌不存在。"


class ApiTokenReadOnlyError(AppError):
    code, status = "api_token_read_only", 403
    en = "This API token is read-only: create a read-write token to make changes."
    zh = "此 API 令牌为只读：如需修改，请创建读写令牌。"


class ApiTokenNotAllowedError(AppError):
    code, status = "api_token_not_allowed", 403
    en = "API tokens cannot manage API tokens, passwords or sign-in sessions: sign in to do this."
    zh = "API 令牌不能管理 API 令牌、密码或登录会话：请登录后操作。"


class ApiTokenNameRequiredError(AppError):
    code, status = "api_token_name_required", 422
    en = "Give the token a name, such as the script that will use it."
    zh = "请为令牌命名，例如使用它的脚本名称。"


class SignInSessionNotFoundError(NotFoundError):
    code = "sign_in_session_not_found"
    en = "Sign-in session not found: it may have ended already."
    zh = "登录会话不存在，可能已经结束。"
