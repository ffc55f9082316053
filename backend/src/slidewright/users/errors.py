from slidewright.core.errors import AppError, NotFoundError


class UserNotFoundError(AppError):
    code, status = "user_not_found", 404
    en = "User not found."
    zh = "用户不存在。"


class IncorrectPasswordError(AppError):
    """Carries the account's `authType` in details so the UI can say which sign-in it uses."""

    code, status = "incorrect_password", 401
    en = "Incorrect password."
    zh = "密码错误。"


class PasswordManagedByChatError(AppError):
    """A chat account has no password here: it is managed at the chat product (spec §6)."""

    code, status = "password_managed_by_chat", 409
    en = "This account signs in through the chat product; change its password there."
    zh = "此账户通过聊天产品登录，请在聊天产品中修改密码。"


class InvalidEmailError(AppError):
    code, status = "invalid_email", 422
    en = "Invalid email address."
    zh = "邮箱地址无效。"


class EmailAlreadyExistsError(AppError):
    code, status = "email_already_exists", 409
    en = "Email already in use."
    zh = "该邮箱已被使用。"


class PasswordTooShortError(AppError):
    code, status = "password_too_short", 422
    en = "Password must be at least {minLength} characters."
    zh = "密码至少需要 {minLength} 个字符。"


class NameRequiredError(AppError):
    code, status = "name_required", 422
    en = "Name is required."
    zh = "请输入姓名。"


class ProfileNotFoundError(NotFoundError):
    code = "user_not_found"
    en = "User not found."
    zh = "用户不存在。"
