"""Material parsers: uploaded .txt, .md and .docx files to plain text for search and the AI.

`parse_material` is the single entry point. It picks the parser by file extension (the spec
accepts exactly these three), applies the upload size cap, and refuses binary data sent under
a text extension. Failures are `MaterialParseError` or, from the upload guard,
`core.uploads.UploadRejected`; nothing else escapes for any input.

An empty (or whitespace-only) file is a valid material with empty text: whether to accept it
is a product decision for the service, not a parsing failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from slidewright.core.uploads import DEFAULT_LIMITS, UploadLimits, check_size, sniff_type
from slidewright.materials.parsers.docx import parse_docx
from slidewright.materials.parsers.errors import (
    INVALID_DOCX,
    INVALID_TEXT,
    UNSUPPORTED_MATERIAL_TYPE,
    MaterialParseError,
)
from slidewright.materials.parsers.md import parse_md
from slidewright.materials.parsers.txt import parse_txt

MaterialType = Literal["txt", "md", "docx"]

__all__ = [
    "INVALID_DOCX",
    "INVALID_TEXT",
    "UNSUPPORTED_MATERIAL_TYPE",
    "MaterialParseError",
    "MaterialType",
    "ParsedMaterial",
    "material_type",
    "parse_material",
]

_TYPES: Final[dict[str, MaterialType]] = {".txt": "txt", ".md": "md", ".docx": "docx"}
# Containers that are never text, whatever the extension says.
_BINARY_KINDS: Final = frozenset({"zip", "ole", "pdf", "jpeg", "png", "gif", "webp"})


@dataclass(frozen=True, slots=True)
class ParsedMaterial:
    type: MaterialType
    text: str


def material_type(filename: str) -> MaterialType:
    """'txt', 'md' or 'docx' from the file name's extension (case-insensitive), else
    `unsupported_material_type`."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]
    dot = name.rfind(".")
    extension = name[dot:].lower() if dot > 0 else ""
    kind = _TYPES.get(extension)
    if kind is None:
        raise MaterialParseError(
            UNSUPPORTED_MATERIAL_TYPE,
            "Only .txt, .md and .docx files can be uploaded as materials.",
            {"extension": extension, "allowed": sorted(_TYPES)},
        )
    return kind


def parse_material(
    filename: str, data: bytes, *, limits: UploadLimits = DEFAULT_LIMITS
) -> ParsedMaterial:
    """Parse an uploaded material to text ('\\n' newlines).

    Raises `MaterialParseError` (`unsupported_material_type`, `invalid_text`, `invalid_docx`)
    or `UploadRejected` (`file_too_large`; for .docx also `encrypted_or_legacy_file` and
    `unsafe_archive`).
    """
    kind = material_type(filename)
    check_size(data, limits)
    if kind == "docx":
        return ParsedMaterial(kind, parse_docx(data, limits))
    detected = sniff_type(data)
    if detected in _BINARY_KINDS:
        raise MaterialParseError(
            INVALID_TEXT, "The file is not readable text.", {"detected": detected}
        )
    text = parse_md(data) if kind == "md" else parse_txt(data)
    return ParsedMaterial(kind, text)
