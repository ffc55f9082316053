"""Typed engine errors with stable codes.

The engine imports nothing from the web layer, so these are plain exceptions; the web layer maps
`code` to its own `AppError` (and HTTP status) and the CLI prints `message` and exits non-zero.
"""

from __future__ import annotations

from typing import ClassVar


class PptxEngineError(Exception):
    """Base of every error the engine raises on purpose; `message` is one line of English."""

    code: ClassVar[str] = "pptx_engine_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidPptxError(PptxEngineError):
    """The bytes are not a PowerPoint presentation we (or PowerPoint) could open."""

    code = "invalid_pptx"


class EncryptedOrLegacyFileError(PptxEngineError):
    """An OLE compound file: a password-protected OOXML package or a legacy binary .ppt.

    Both start with the same magic bytes and neither can be read without Office, so the user is
    asked to save an unprotected .pptx instead.
    """

    code = "encrypted_or_legacy_file"
