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
        EncryptedOrLegacyFileError,
    )
}


def upload_error(code: str, details: dict[str, Any] | None = None) -> AppError:
    """The typed error for a guard code; unknown codes read as an unsupported file."""
    return _BY_CODE.get(code, UnsupportedFileTypeError)(details or {})
