"""Opening a presentation package safely: typed errors for anything that is not one.

python-pptx accepts only the presentation main content types; templates (.potx), shows (.ppsx)
and their macro-enabled twins are the same package with another content type on the main part.
We accept them by rewriting that one content type in memory before python-pptx sees the package
(the file on disk is never touched). This is the usual workaround, since python-pptx offers no
switch for it.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pptx import Presentation
from pptx.presentation import Presentation as PresentationObject

from slidewright.pptx_engine.errors import (
    EncryptedOrLegacyFileError,
    InvalidPptxError,
    PptxEngineError,
)

# OLE2 compound file: password-protected OOXML ("EncryptedPackage" stream) or legacy .ppt.
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
ZIP_MAGIC = b"PK"
CONTENT_TYPES = "[Content_Types].xml"

_PRESENTATION_MAIN = (
    b"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
)
_MACRO_MAIN = b"application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"
_ALIASES = {
    b"application/vnd.openxmlformats-officedocument.presentationml.template.main+xml": (
        _PRESENTATION_MAIN
    ),
    b"application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml": (
        _PRESENTATION_MAIN
    ),
    b"application/vnd.ms-powerpoint.template.macroEnabled.main+xml": _MACRO_MAIN,
    b"application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml": _MACRO_MAIN,
}
_OTHER_OFFICE_KINDS = {
    b"wordprocessingml": "a Word document",
    b"spreadsheetml": "an Excel workbook",
}
_MESSAGE_LIMIT = 200


def one_line(exc: BaseException) -> str:
    """An exception as a short single line, for messages that end up in UIs and logs."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= _MESSAGE_LIMIT else text[: _MESSAGE_LIMIT - 1] + "…"


def load_bytes(source: bytes | str | Path) -> bytes:
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source)
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        raise InvalidPptxError(f"Cannot read {source}: {exc.strerror or one_line(exc)}") from exc


def _check_magic(data: bytes) -> None:
    if data.startswith(OLE_MAGIC):
        raise EncryptedOrLegacyFileError(
            "The file is password-protected or a legacy .ppt; "
            "save it as an unprotected .pptx and try again."
        )
    if not data.startswith(ZIP_MAGIC):
        raise InvalidPptxError("Not a PowerPoint file: the content is not a PPTX (ZIP) package.")


def _normalized_package(data: bytes) -> bytes:
    """The package with a template/show main content type renamed to the presentation one."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            try:
                content_types = archive.read(CONTENT_TYPES)
            except KeyError:
                raise InvalidPptxError(
                    f"Not a PowerPoint file: the package has no {CONTENT_TYPES}."
                ) from None
            if _PRESENTATION_MAIN in content_types or _MACRO_MAIN in content_types:
                return data
            patched = content_types
            for alias, main in _ALIASES.items():
                patched = patched.replace(alias, main)
            if patched == content_types:
                kind = next(
                    (label for key, label in _OTHER_OFFICE_KINDS.items() if key in content_types),
                    None,
                )
                detail = f"it is {kind}" if kind else "it has no presentation part"
                raise InvalidPptxError(f"Not a PowerPoint file: {detail}.")
            return _rewrite(archive, {CONTENT_TYPES: patched})
    except PptxEngineError:
        raise
    except Exception as exc:  # BadZipFile, zlib errors, unsupported compression, truncation
        raise InvalidPptxError(
            f"Not a PowerPoint file: broken ZIP package ({one_line(exc)})."
        ) from exc


def _rewrite(archive: zipfile.ZipFile, replacements: dict[str, bytes]) -> bytes:
    # Stored, not deflated: the copy only lives in memory for python-pptx to read, and
    # recompressing large images would be wasted time.
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in archive.infolist():
            payload = replacements.get(info.filename)
            target.writestr(info.filename, payload if payload is not None else archive.read(info))
    return out.getvalue()


def open_presentation(source: bytes | str | Path) -> PresentationObject:
    """A python-pptx Presentation, or InvalidPptxError / EncryptedOrLegacyFileError.

    Never raises anything else: every failure of the package layer (ZIP, missing parts, XML
    syntax, wrong content type) is a sign the file is not a presentation PowerPoint would open.
    """
    data = load_bytes(source)
    _check_magic(data)
    package = _normalized_package(data)
    try:
        return Presentation(io.BytesIO(package))
    except Exception as exc:  # python-pptx raises KeyError, ValueError, XMLSyntaxError, ...
        raise InvalidPptxError(f"Not a valid PowerPoint file: {one_line(exc)}") from exc
