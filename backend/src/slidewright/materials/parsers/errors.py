"""Why a material could not be parsed, as a stable errorCode (the UI translates it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

UNSUPPORTED_MATERIAL_TYPE: Final = "unsupported_material_type"
INVALID_DOCX: Final = "invalid_docx"
INVALID_TEXT: Final = "invalid_text"


class MaterialParseError(Exception):
    """A material the parsers refuse. Like `core.uploads.UploadRejected` (which the docx parser
    also lets through, e.g. `encrypted_or_legacy_file`), it carries no HTTP status: the
    materials service maps both to a 400 with this `code`."""

    def __init__(self, code: str, message: str, details: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    def __repr__(self) -> str:
        return f"MaterialParseError({self.code!r}, {self.message!r}, {self.details!r})"
