"""The upload guard's rejections (`core.uploads.UploadRejected`) as typed, bilingual errors."""

from __future__ import annotations

from typing import Any

from slidewright.core.errors import AppError


class FileTooLargeError(AppError):
    code, status = "file_too_large", 413
    en = "The file is too large (limit {limit} bytes)."
    zh = "文件过大（上限 {limit} 字节）。"


class UnsupportedFileTypeError(AppError):
    code, status = "unsupported_file_type", 400
    en = "This type of file is not accepted here."
    zh = "此处不接受此类文件。"


class UnsafeArchiveError(AppError):
    code, status = "unsafe_archive", 400
    en = "This file was not opened because it looks unsafe ({reason})."
    zh = "此文件看起来不安全，因此未被打开（{reason}）。"


class InvalidImageError(AppError):
    code, status = "invalid_image", 400
    en = "This image is damaged or not a JPEG, PNG, GIF or WebP picture."
    zh = "图片已损坏，或不是 JPEG、PNG、GIF、WebP 格式。"


class ImageTooLargeError(AppError):
    code, status = "image_too_large", 413
    en = "This image has too many pixels (limit {limit})."
    zh = "图片像素过多（上限 {limit}）。"


class TooManyFramesError(AppError):
    code, status = "too_many_frames", 400
    en = "This animated image has too many frames (limit {limit})."
    zh = "此动图帧数过多（上限 {limit} 帧）。"


class ActiveContentError(AppError):
    """Macros, ActiveX controls or embedded objects (`core.uploads._find_active_content`):
    refused, never stripped. `details.parts` names the parts found, `details.kinds` says what
    they are ('macro', 'activex', 'ole_object', 'embedded_file', 'executable')."""

    code, status = "active_content", 400
    en = (
        "This file contains macros, ActiveX controls or embedded objects, which are not "
        "accepted for safety: {parts}. Remove them (a macro-enabled file: save it as a plain "
        ".pptx or .docx), then upload the file again."
    )
    zh = (
        "此文件包含宏、ActiveX 控件或嵌入对象，出于安全考虑不予接受：{parts}。"
        "请删除这些内容（启用宏的文件请另存为普通 .pptx 或 .docx）后重新上传。"
    )

    def message(self, lang: str = "en") -> str:
        chinese = lang.lower().startswith("zh")
        parts = self.details.get("parts") or []
        listed = ("、" if chinese else ", ").join(str(part) for part in parts)
        return (self.zh if chinese else self.en).format(parts=listed)


class EncryptedOrLegacyFileError(AppError):
    code, status = "encrypted_or_legacy_file", 400
    en = (
        "This file is password-protected or in an old binary Office format (.ppt, .doc). Remove "
        "the password, or save it as .pptx/.docx, and upload it again."
    )
    zh = (
        "此文件受密码保护，或为旧版二进制 Office 格式（.ppt、.doc）。请移除密码，"
        "或另存为 .pptx/.docx 后重新上传。"
    )


_BY_CODE: dict[str, type[AppError]] = {
    cls.code: cls
    for cls in (
        FileTooLargeError,
        UnsupportedFileTypeError,
        UnsafeArchiveError,
        InvalidImageError,
        ImageTooLargeError,
        TooManyFramesError,
        EncryptedOrLegacyFileError,
        ActiveContentError,
    )
}


def upload_error(code: str, details: dict[str, Any] | None = None) -> AppError:
    """The typed error for a guard code; unknown codes read as an unsupported file."""
    return _BY_CODE.get(code, UnsupportedFileTypeError)(details or {})
