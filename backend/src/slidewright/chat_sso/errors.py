"""Chat sign-on failures. The browser flow turns each into `/login?error=<code>`; the web app
translates the code (errors.json), so a person never sees a raw JSON page or a 500."""

from slidewright.core.errors import AppError


class ChatSsoNotConfiguredError(AppError):
    code, status = "chat_sso_not_configured", 404
    en = "Sign-in with the chat product is not set up on this server."
    zh = "此服务器未配置聊天产品登录。"


class ChatSsoFailedError(AppError):
    """The provider could not be reached, or what it answered does not check out.

    `details.reason` says which check failed, for the server log and support; the user is only
    told to try again.
    """

    code, status = "chat_sso_failed", 502
    en = "Sign-in with the chat product failed. Please try again."
    zh = "聊天产品登录失败，请重试。"


class ChatSsoDeniedError(AppError):
    code, status = "chat_sso_denied", 403
    en = "Sign-in was cancelled at the chat product."
    zh = "已在聊天产品中取消登录。"


class ChatSsoExpiredError(AppError):
    """The callback's `state` is unknown: too old, already used, or not started here."""

    code, status = "chat_sso_expired", 400
    en = "This sign-in took too long or was already used. Please sign in again."
    zh = "本次登录已超时或已被使用，请重新登录。"


class ChatSsoEmailMissingError(AppError):
    code, status = "chat_sso_email_missing", 422
    en = "The chat product did not share a verified email address, so no account can be created."
    zh = "聊天产品未提供经过验证的邮箱地址，无法创建账户。"


class ChatAccountExistsError(AppError):
    """A local account already uses the email the provider reports.

    It is never taken over silently: whoever controls the chat account is not proven to be the
    person who owns the local one. The person signs in with their password; an Admin may link the
    account (`slidewright users link-chat EMAIL`).
    """

    code, status = "chat_account_exists", 409
    en = (
        "An account with this email already exists. Sign in with your password, or ask an "
        "administrator to link it to the chat product."
    )
    zh = "已存在使用此邮箱的账户。请用密码登录，或请管理员将其关联到聊天产品。"


class ChatSignInCodeInvalidError(AppError):
    code, status = "chat_code_invalid", 400
    en = "This sign-in link has expired or was already used. Please sign in again."
    zh = "此登录链接已过期或已被使用，请重新登录。"
