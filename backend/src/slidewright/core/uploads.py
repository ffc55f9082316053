"""The guard every upload passes before any parser sees it (ARCHITECTURE §1.4, §4 "Files").

Pure functions over bytes: size cap, magic-byte sniffing, a zip guard for OOXML packages
(.pptx, .docx) that also refuses active content (macros, ActiveX, OLE objects), and image
re-encoding through Pillow with a pixel and a frame cap. Nothing here knows about HTTP: a
failure is an `UploadRejected` with a stable `code`, which the error handler turns into a 400
(413 for `file_too_large`) and the caller may translate into a domain code (an upload
refused as `unsupported_file_type` by the zip guard is an `invalid_pptx` for templates).
"""

from __future__ import annotations

import copy
import dataclasses
import io
import posixpath
import re
import sys
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Final
from urllib.parse import unquote, urlsplit

from lxml import etree
from PIL import Image, ImageCms, ImageOps

MIB: Final = 1024 * 1024

# Stable error codes (the UI translates them).
FILE_TOO_LARGE: Final = "file_too_large"
UNSUPPORTED_FILE_TYPE: Final = "unsupported_file_type"
UNSAFE_ARCHIVE: Final = "unsafe_archive"
INVALID_IMAGE: Final = "invalid_image"
IMAGE_TOO_LARGE: Final = "image_too_large"
TOO_MANY_FRAMES: Final = "too_many_frames"
ENCRYPTED_OR_LEGACY_FILE: Final = "encrypted_or_legacy_file"
ACTIVE_CONTENT: Final = "active_content"


class UploadRejected(Exception):
    """An upload refused before parsing. `code` is a stable snake_case errorCode."""

    def __init__(self, code: str, message: str, details: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    @property
    def status(self) -> int:
        """The HTTP status this rejection suggests: 413 for size, 400 for everything else."""
        return 413 if self.code == FILE_TOO_LARGE else 400

    def __repr__(self) -> str:
        return f"UploadRejected({self.code!r}, {self.message!r}, {self.details!r})"


@dataclass(frozen=True, slots=True)
class UploadLimits:
    """Caps applied to one upload. Sizes in bytes; `image_max_pixels` is width * height."""

    max_bytes: int = 100 * MIB
    zip_max_entries: int = 5000
    zip_max_total_uncompressed: int = 1024 * MIB
    zip_max_entry_uncompressed: int = 512 * MIB
    zip_max_ratio: float = 200.0
    # Small entries cannot be bombs, and tiny repetitive XML parts legitimately compress far
    # beyond any sensible ratio, so the ratio is only enforced on entries larger than this.
    zip_ratio_min_bytes: int = 1 * MIB
    # The same ratio over the whole archive (real bytes out / upload size), from this much
    # output on: many small entries, each too small for the check above, add up to a bomb too.
    zip_total_ratio_min_bytes: int = 16 * MIB
    image_max_pixels: int = 40_000_000
    # Only the first frame is ever decoded, so frames cost little; the cap just refuses
    # animations no slide needs (10,000 one-pixel frames) before anything walks them.
    image_max_frames: int = 1000


DEFAULT_LIMITS: Final = UploadLimits()


@dataclass(frozen=True, slots=True)
class ReencodedImage:
    """A cleaned image: decoded, EXIF orientation applied, metadata stripped, re-encoded."""

    data: bytes
    mime: str
    ext: str  # without the dot: 'jpg', 'png', 'webp'
    width: int
    height: int


# ---------------------------------------------------------------------------------------------
# Size and type


def check_size(data: bytes, limits: UploadLimits = DEFAULT_LIMITS) -> None:
    """Raise `file_too_large` (details: limit, size in bytes) when `data` exceeds the cap."""
    if len(data) > limits.max_bytes:
        raise UploadRejected(
            FILE_TOO_LARGE,
            f"The file is too large ({len(data)} bytes; the limit is {limits.max_bytes} bytes).",
            {"limit": limits.max_bytes, "size": len(data)},
        )


_OLE_MAGIC: Final = bytes.fromhex("D0CF11E0A1B11AE1")
_ZIP_MAGICS: Final = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_SVG_SNIFF_BYTES: Final = 8192
_SVG_PROLOGS: Final = (b"<?xml", b"<!--", b"<!doctype")


def sniff_type(data: bytes) -> str:
    """Classify bytes by their magic number, never by the file name.

    Returns one of 'zip', 'ole', 'jpeg', 'png', 'gif', 'webp', 'svg', 'pdf', 'unknown'.
    'ole' is the Compound File container: legacy .ppt/.doc, and encrypted OOXML files.
    """
    if data.startswith(_ZIP_MAGICS):
        return "zip"
    if data.startswith(_OLE_MAGIC):
        return "ole"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data.startswith(b"%PDF-"):
        return "pdf"
    if _looks_like_svg(data[:_SVG_SNIFF_BYTES]):
        return "svg"
    return "unknown"


def _looks_like_svg(head: bytes) -> bool:
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    if text.startswith(b"<svg"):
        return True
    return text.startswith(_SVG_PROLOGS) and b"<svg" in text


# ---------------------------------------------------------------------------------------------
# OOXML (zip) guard

_CHUNK: Final = 64 * 1024
_XML_SUFFIXES: Final = (".xml", ".rels", ".vml")
# '<!doctype' in UTF-8, and in UTF-16 (either byte order: the BE form is the LE form shifted
# by one byte, so the LE needle without its trailing NUL finds both).
_DOCTYPE_NEEDLES: Final = (b"<!doctype", "<!doctype".encode("utf-16-le")[:-1])
_DOCTYPE_OVERLAP: Final = max(len(n) for n in _DOCTYPE_NEEDLES) - 1
_DRIVE_LETTER: Final = re.compile(r"^[A-Za-z]:")


def _unsafe(reason: str, message: str, **details: Any) -> UploadRejected:
    return UploadRejected(UNSAFE_ARCHIVE, message, {"reason": reason, **details})


def _not_ooxml(reason: str, message: str, **details: Any) -> UploadRejected:
    return UploadRejected(UNSUPPORTED_FILE_TYPE, message, {"reason": reason, **details})


def guard_ooxml(
    data: bytes,
    limits: UploadLimits = DEFAULT_LIMITS,
    expected: Iterable[str] = (),
) -> None:
    """Check an OOXML package (zip) before any parser opens it; return quietly or raise.

    `expected` lists part names that must all be present (e.g. {'ppt/presentation.xml'}).

    Raises `UploadRejected` with:
    - `file_too_large` when over `limits.max_bytes`;
    - `encrypted_or_legacy_file` for an OLE container (legacy binary Office file, or an
      encrypted OOXML file, which Office wraps in OLE) or a zip with encrypted entries;
    - `unsupported_file_type` when it is not a readable zip, uses an unsupported compression
      method, or misses an expected part (callers map this to their domain code);
    - `unsafe_archive` for too many entries, too much uncompressed data (declared or actual),
      a suspicious compression ratio (of an entry or of the whole archive), unsafe entry names
      ('..', absolute, drive letters, backslashes, NUL), two entries with the same name, an
      entry with more data than its header declares, or a DOCTYPE in any XML part (XXE, entity
      expansion);
    - `active_content` for macros, ActiveX controls, OLE objects, embedded files other than
      macro-free Office files, or executables (`details.parts` names them; see
      `_find_active_content`). Embedded Office files (a chart's .xlsx) pass the same checks.
    """
    check_size(data, limits)
    kind = sniff_type(data)
    if kind == "ole":
        raise UploadRejected(
            ENCRYPTED_OR_LEGACY_FILE,
            "The file is encrypted or in a legacy binary Office format. "
            "Remove the password or save it in the current format, then upload it again.",
            {"detected": kind},
        )
    if kind != "zip":
        raise _not_ooxml("not_a_zip", "The file is not an Office Open XML package.", detected=kind)
    findings = _inspect_package(data, limits, expected).findings
    if findings:
        raise _active_content(findings)


@dataclass(frozen=True, slots=True)
class _Inspection:
    """What a package (and the packages embedded in it) holds: active parts (name -> kind),
    and how many uncompressed bytes were read, which count against the total budget."""

    findings: dict[str, str] = field(default_factory=dict)
    inflated: int = 0


def _inspect_package(
    data: bytes, limits: UploadLimits, expected: Iterable[str] = (), depth: int = 0
) -> _Inspection:
    """Every zip check on `data`, then its active content; `depth` counts embeddings."""
    archive, infos = _open_zip(data, limits)
    with archive:
        _check_declared(infos, limits, len(data))
        missing = sorted(set(expected) - {info.filename for info in infos})
        if missing:
            raise _not_ooxml(
                "missing_parts", "The package misses its main document part.", missing=missing
            )
        inflated = _check_contents(archive, infos, limits, len(data))
        left = limits.zip_max_total_uncompressed - inflated
        budget = dataclasses.replace(limits, zip_max_total_uncompressed=left)
        active = _find_active_content(archive, infos, budget, depth)
    return _Inspection(active.findings, inflated + active.inflated)


def _open_zip(data: bytes, limits: UploadLimits) -> tuple[zipfile.ZipFile, list[zipfile.ZipInfo]]:
    # zipfile builds one object per central directory record before we could count them, so
    # bound the count first: every record starts with this signature (an over-count only
    # makes the check stricter).
    if data.count(b"PK\x01\x02") > limits.zip_max_entries:
        raise _unsafe(
            "too_many_entries",
            "The archive has too many entries.",
            limit=limits.zip_max_entries,
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        return archive, archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as exc:
        raise _not_ooxml("corrupt_archive", "The file is not a readable zip package.") from exc


def _check_declared(infos: list[zipfile.ZipInfo], limits: UploadLimits, packed: int) -> None:
    if len(infos) > limits.zip_max_entries:
        raise _unsafe(
            "too_many_entries", "The archive has too many entries.", limit=limits.zip_max_entries
        )
    total = 0
    seen: set[str] = set()
    for info in infos:
        _check_name(info)
        # Two entries with one name (part names ignore case in OPC) let two readers see two
        # different files: this guard and python-pptx one, LibreOffice the other.
        key = info.filename.lower()
        if key in seen:
            raise _unsafe(
                "duplicate_entry",
                "The archive has two entries with the same name.",
                entry=info.filename,
            )
        seen.add(key)
        if info.flag_bits & 0x1:
            raise UploadRejected(
                ENCRYPTED_OR_LEGACY_FILE,
                "The package contains encrypted entries.",
                {"entry": info.filename},
            )
        if info.file_size > limits.zip_max_entry_uncompressed:
            raise _unsafe(
                "entry_too_large",
                "An archive entry is too large when uncompressed.",
                entry=info.filename,
                limit=limits.zip_max_entry_uncompressed,
            )
        _check_ratio(info.filename, info.file_size, info.compress_size, limits)
        total += info.file_size
        _check_total(total, packed, limits)


def _check_name(info: zipfile.ZipInfo) -> None:
    name = info.orig_filename  # before zipfile truncates at NUL
    unsafe = (
        "\x00" in name
        or "\\" in name
        or name.startswith("/")
        or _DRIVE_LETTER.match(name) is not None
        or ".." in name.split("/")
    )
    if unsafe:
        raise _unsafe("unsafe_entry_name", "The archive has an unsafe entry name.", entry=name)


def _check_ratio(name: str, size: int, compressed: int, limits: UploadLimits) -> None:
    if size > limits.zip_ratio_min_bytes and size > limits.zip_max_ratio * max(compressed, 1):
        raise _unsafe(
            "compression_ratio",
            "An archive entry is compressed suspiciously well (possible zip bomb).",
            entry=name,
            limit=limits.zip_max_ratio,
        )


def _check_total(total: int, packed: int, limits: UploadLimits) -> None:
    """The archive's uncompressed bytes so far against the cap and against its own size."""
    if total > limits.zip_max_total_uncompressed:
        raise _unsafe(
            "total_too_large",
            "The archive is too large when uncompressed.",
            limit=limits.zip_max_total_uncompressed,
        )
    if total > limits.zip_total_ratio_min_bytes and total > limits.zip_max_ratio * packed:
        raise _unsafe(
            "compression_ratio",
            "The archive is compressed suspiciously well (possible zip bomb).",
            limit=limits.zip_max_ratio,
        )


def _check_contents(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: UploadLimits, packed: int
) -> int:
    """Decompress every entry as a stream, counting real bytes against the caps; return the
    total.

    The declared sizes were checked already, but they are attacker-controlled, so the real
    output is counted too, and every XML part is scanned for a DOCTYPE on the way.
    """
    total = 0
    for info in infos:
        if not info.is_dir():
            total = _check_entry(archive, info, limits, packed, total)
    return total


def _check_entry(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: UploadLimits, packed: int, total: int
) -> int:
    """Stream one entry to the real end of its data; return the archive's total so far."""
    scan = info.filename.lower().endswith(_XML_SUFFIXES)
    size = 0
    tail = b""
    try:
        with archive.open(_to_real_end(info)) as stream:
            while chunk := stream.read(_CHUNK):
                size += len(chunk)
                total += len(chunk)
                if size > limits.zip_max_entry_uncompressed:
                    raise _unsafe(
                        "entry_too_large",
                        "An archive entry is too large when uncompressed.",
                        entry=info.filename,
                        limit=limits.zip_max_entry_uncompressed,
                    )
                _check_total(total, packed, limits)
                _check_ratio(info.filename, size, info.compress_size, limits)
                if scan:
                    window = tail + chunk.lower()
                    if any(needle in window for needle in _DOCTYPE_NEEDLES):
                        raise _unsafe(
                            "doctype",
                            "An XML part declares a DOCTYPE, which is not allowed.",
                            entry=info.filename,
                        )
                    tail = window[-_DOCTYPE_OVERLAP:]
    except NotImplementedError as exc:  # e.g. deflate64, which zipfile cannot read
        raise _not_ooxml(
            "unsupported_compression",
            "The package uses an unsupported compression method.",
            entry=info.filename,
        ) from exc
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as exc:
        # A bad CRC lands here: data that does not match its header.
        raise _not_ooxml("corrupt_archive", "The package is damaged.", entry=info.filename) from exc
    if size != info.file_size:
        raise _unsafe(
            "size_mismatch",
            "An archive entry holds more or less data than its header declares.",
            entry=info.filename,
        )
    return total


def _to_real_end(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A copy of `info` that lets zipfile read past the declared size, to the end of the
    entry's compressed data. zipfile alone stops at the declared size (and a CRC forged for
    those bytes passes), while another reader of the stored file, LibreOffice, may inflate
    everything: a size that lies must not hide data from this guard."""
    probe = copy.copy(info)
    probe.file_size = sys.maxsize
    return probe


# ---------------------------------------------------------------------------------------------
# Active content (macros, ActiveX, OLE)
#
# Such a package is refused, not cleaned. Stripping parts silently changes someone's deck (a
# button that no longer does anything, an object frozen as a picture), and the copy the app
# would keep and share would differ from the file its owner knows. The refusal names the
# parts, so the owner removes them in PowerPoint or Word (or saves a macro-free copy) and
# uploads again. What counts, in the package and in every Office file embedded in it:
# - macros: a VBA project (vbaProject*.bin, vbaData.xml, by name, content type or
#   relationship) or a macro-enabled main part (a .pptm/.docm/.xlsm renamed to .pptx...);
# - ActiveX controls: activeX/ parts, their content types and `control` relationships;
# - OLE objects: oleObject parts, the OLE content type, and `oleObject` relationships, embedded
#   or linked (TargetMode="External"): Office hands whatever they hold (an executable, a
#   script, a macro workbook) to another program when the user double-clicks the object;
# - `package` embeddings, except macro-free Office files: a chart keeps its data in an embedded
#   .xlsx through this relationship, and a slide may show a workbook the same way, so those
#   stay; each is opened and checked by these same rules (an "xlsx" that is an .xlsm inside,
#   or not a zip at all, is refused), down to `_MAX_EMBEDDING_DEPTH` levels;
# - executable files anywhere in the package (.exe, .js, .hta...), referenced or not, and
#   hyperlinks to one ("run program" action settings: a click starts it);
# - documents that load other documents from outside when opened: an external attached
#   template (a Word file pulling a macro template from a server), frame or sub-document.
# Linked pictures (an image relationship with TargetMode="External") are not active content
# and are accepted; nothing on the server ever fetches them (python-pptx does not follow
# links, and LibreOffice renders with remote links blocked: `pptx_engine.render`).

_MACRO: Final = "macro"
_ACTIVEX: Final = "activex"
_OLE_OBJECT: Final = "ole_object"
_EMBEDDED_FILE: Final = "embedded_file"
_EXECUTABLE: Final = "executable"
_LINKED_DOCUMENT: Final = "linked_document"

# Lower-cased content-type fragments: '...presentation.macroEnabled.main+xml',
# 'application/vnd.ms-office.vbaProject', '...ms-word.vbaData+xml', '...ms-office.activeX+xml',
# 'application/vnd.openxmlformats-officedocument.oleObject'.
_ACTIVE_CONTENT_TYPES: Final = (
    ("macroenabled", _MACRO),
    ("vbaproject", _MACRO),
    ("vbadata", _MACRO),
    ("activex", _ACTIVEX),
    ("oleobject", _OLE_OBJECT),
)
# The last segment of a relationship type URI, lower-cased.
_ACTIVE_RELATIONSHIPS: Final = {
    "vbaproject": _MACRO,
    "vbaprojectsignature": _MACRO,
    "wordvbadata": _MACRO,
    "control": _ACTIVEX,
    "activexcontrol": _ACTIVEX,
    "activexcontrolbinary": _ACTIVEX,
    "oleobject": _OLE_OBJECT,
}
_PACKAGE_RELATIONSHIP: Final = "package"
# Relationships that, pointing outside the file, make Office load another document on opening.
_LOADING_RELATIONSHIPS: Final = frozenset({"attachedtemplate", "frame", "subdocument"})
_HYPERLINK_RELATIONSHIP: Final = "hyperlink"
# Office files that cannot hold macros (their macro-enabled twins end in 'm').
_MACRO_FREE_OFFICE: Final = frozenset(
    {".docx", ".dotx", ".xlsx", ".xltx", ".pptx", ".potx", ".ppsx", ".sldx"}
)
_EXECUTABLES: Final = frozenset(
    {
        ".exe",
        ".dll",
        ".com",
        ".scr",
        ".pif",
        ".cpl",
        ".msi",
        ".bat",
        ".cmd",
        ".ps1",
        ".vbs",
        ".vbe",
        ".js",
        ".jse",
        ".wsf",
        ".wsh",
        ".hta",
        ".jar",
        ".lnk",
    }
)
_OLE_PART: Final = re.compile(r"oleobject\d*\.bin")
# The upload is depth 0; a chart's workbook inside it depth 1; one more level is allowed.
_MAX_EMBEDDING_DEPTH: Final = 2
_MAX_REPORTED_PARTS: Final = 20


def _active_content(findings: Mapping[str, str]) -> UploadRejected:
    parts = sorted(findings)
    return UploadRejected(
        ACTIVE_CONTENT,
        "The file contains macros, ActiveX controls or embedded objects, which are not "
        f"accepted: {', '.join(parts[:_MAX_REPORTED_PARTS])}.",
        {"parts": parts[:_MAX_REPORTED_PARTS], "kinds": sorted(set(findings.values()))},
    )


def _find_active_content(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: UploadLimits, depth: int
) -> _Inspection:
    """Active parts by name, content type and relationship, then inside embedded Office files.

    Runs after `_check_contents`, so every XML part read here has no DOCTYPE and a checked size.
    """
    files = [info for info in infos if not info.is_dir()]
    findings = _own_findings(archive, files)
    inflated = 0
    for info in files:
        if info.filename in findings or _suffix(info.filename) not in _MACRO_FREE_OFFICE:
            continue
        left = limits.zip_max_total_uncompressed - inflated
        budget = dataclasses.replace(limits, zip_max_total_uncompressed=left)
        inner = _inspect_embedded(archive, info, budget, depth + 1)
        findings.update(inner.findings)
        inflated += inner.inflated
    return _Inspection(findings, inflated)


def _own_findings(archive: zipfile.ZipFile, files: list[zipfile.ZipInfo]) -> dict[str, str]:
    """The package's own active parts (part name or link target -> kind)."""
    defaults, overrides = _content_types(archive, files)
    findings: dict[str, str] = {}
    for info in files:
        name = info.filename
        kind = _name_kind(name) or _content_type_kind(name, defaults, overrides)
        if kind is not None:
            findings.setdefault(name, kind)
        if name.lower().endswith(".rels"):
            for part, found in _relationship_findings(archive, info):
                findings.setdefault(part, found)
    return findings


def _suffix(name: str) -> str:
    return PurePosixPath(name.lower()).suffix


def _name_kind(name: str) -> str | None:
    folders, _, base = name.lower().rpartition("/")
    if (base.startswith("vbaproject") and base.endswith(".bin")) or base == "vbadata.xml":
        return _MACRO
    if "activex" in folders.split("/"):
        return _ACTIVEX
    if _OLE_PART.fullmatch(base):
        return _OLE_OBJECT
    if _suffix(base) in _EXECUTABLES:
        return _EXECUTABLE
    return None


def _content_type_kind(
    name: str, defaults: Mapping[str, str], overrides: Mapping[str, str]
) -> str | None:
    lowered = name.lower()
    content_type = overrides.get(lowered) or defaults.get(_suffix(lowered).lstrip("."), "")
    return next((kind for marker, kind in _ACTIVE_CONTENT_TYPES if marker in content_type), None)


def _content_types(
    archive: zipfile.ZipFile, files: list[zipfile.ZipInfo]
) -> tuple[dict[str, str], dict[str, str]]:
    """[Content_Types].xml as (extension -> type, part name -> type), all lower-cased."""
    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    info = next((i for i in files if i.filename.lower() == "[content_types].xml"), None)
    if info is None:  # not OOXML (a Keynote file): the other checks still apply
        return defaults, overrides
    for element in _xml_elements(archive, info):
        tag = _local_name(element)
        content_type = (element.get("ContentType") or "").lower()
        if tag == "Default":
            defaults[(element.get("Extension") or "").lower()] = content_type
        elif tag == "Override":
            overrides[(element.get("PartName") or "").lower().lstrip("/")] = content_type
    return defaults, overrides


def _relationship_findings(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo
) -> Iterator[tuple[str, str]]:
    """(target, kind) for each active relationship of a .rels part."""
    for element in _xml_elements(archive, info):
        if _local_name(element) != "Relationship":
            continue
        target = element.get("Target") or ""
        external = (element.get("TargetMode") or "").lower() == "external"
        kind = _relationship_kind(element.get("Type") or "", target, external)
        if kind is not None:
            yield (target[:300] if external else _resolve(info.filename, target)), kind


def _relationship_kind(rel_type: str, target: str, external: bool) -> str | None:
    name = rel_type.rstrip("/").rsplit("/", 1)[-1].lower()
    if name in _ACTIVE_RELATIONSHIPS:
        return _ACTIVE_RELATIONSHIPS[name]
    if name == _PACKAGE_RELATIONSHIP and (external or _suffix(target) not in _MACRO_FREE_OFFICE):
        return _EMBEDDED_FILE
    if external and name in _LOADING_RELATIONSHIPS:
        return _LINKED_DOCUMENT
    if external and name == _HYPERLINK_RELATIONSHIP and _links_to_executable(target):
        return _EXECUTABLE
    return None


def _links_to_executable(target: str) -> bool:
    """Whether a link's target is a program on the viewer's machine or network
    ('file:///C:/Windows/calc.exe', 'C:\\tools\\run.bat', 'setup.exe'); web links (even to
    'yahoo.com') and documents on a share stay ordinary links."""
    try:
        parts = urlsplit(target.replace("\\", "/"))
    except ValueError:
        return False
    # One letter: a Windows drive ('C:/...'), which urlsplit reads as a scheme.
    if parts.scheme and parts.scheme.lower() != "file" and len(parts.scheme) != 1:
        return False
    path = parts.path if len(parts.scheme) != 1 else target
    return _suffix(unquote(path)) in _EXECUTABLES


def _resolve(rels_name: str, target: str) -> str:
    """A relationship target as a part name: 'ppt/slides/_rels/slide1.xml.rels' with
    '../embeddings/oleObject1.bin' is 'ppt/embeddings/oleObject1.bin'."""
    if target.startswith("/"):
        return posixpath.normpath(target).lstrip("/")
    folder = rels_name.rpartition("_rels/")[0]
    return posixpath.normpath(posixpath.join(folder, target))


def _local_name(element: Any) -> str:
    """'Relationship' for '{namespace}Relationship' (the namespace is not checked: stricter)."""
    tag = element.tag
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _xml_elements(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[Any]:
    """The elements of an XML part as they end, streamed (no whole-part tree in memory)."""
    try:
        with archive.open(info) as stream:
            for _, element in etree.iterparse(
                stream, events=("end",), resolve_entities=False, no_network=True
            ):
                yield element
                element.clear()  # read by the caller already; keeps memory flat
    except etree.XMLSyntaxError as exc:
        raise _not_ooxml("corrupt_archive", "The package is damaged.", entry=info.filename) from exc


def _inspect_embedded(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, limits: UploadLimits, depth: int
) -> _Inspection:
    """An embedded Office file, checked like an upload. One that cannot be shown to be a
    macro-free Office file (nested too deep, not a zip, damaged, encrypted) is active content
    itself; a bomb inside stays `unsafe_archive`."""
    name = info.filename
    if depth > _MAX_EMBEDDING_DEPTH:
        return _Inspection({name: _EMBEDDED_FILE})
    data = archive.read(info)  # its real size was counted by `_check_contents`
    if sniff_type(data) != "zip":
        return _Inspection({name: _EMBEDDED_FILE})
    try:
        inner = _inspect_package(data, limits, depth=depth)
    except UploadRejected as exc:
        if exc.code != UNSAFE_ARCHIVE:
            return _Inspection({name: _EMBEDDED_FILE})
        if "entry" in exc.details:
            exc.details["entry"] = f"{name}!/{exc.details['entry']}"
        raise
    return _Inspection(
        {f"{name}!/{part}": kind for part, kind in inner.findings.items()}, inner.inflated
    )


# ---------------------------------------------------------------------------------------------
# Images

_IMAGE_KINDS: Final = {"jpeg": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WEBP"}
_ALLOWED_IMAGE_TYPES: Final = sorted(_IMAGE_KINDS)
_PNG_MODES: Final = frozenset({"1", "L", "LA", "P", "RGB", "RGBA", "I", "I;16"})
_OUTPUT: Final = {
    "JPEG": ("image/jpeg", "jpg"),
    "PNG": ("image/png", "png"),
    "WEBP": ("image/webp", "webp"),
}


def reencode_image(data: bytes, limits: UploadLimits = DEFAULT_LIMITS) -> ReencodedImage:
    """Decode a JPEG, PNG, GIF or WebP and re-encode it without metadata.

    The EXIF orientation is applied to the pixels, then EXIF, XMP, comments and text chunks
    are dropped; an embedded ICC profile is converted to sRGB (so wide-gamut and CMYK photos
    keep their colours) and not carried over. JPEG stays JPEG (quality 90), PNG stays PNG,
    WebP stays WebP (lossless stays lossless). GIF becomes PNG of its first frame: decoding one
    frame bounds the work an animated upload can cause, and slides and thumbnails are still
    images anyway. Animated WebP and APNG likewise keep their first frame.

    Raises `UploadRejected`: `file_too_large`, `unsupported_file_type` (anything else,
    including SVG, which can carry scripts), `image_too_large` (over `limits.image_max_pixels`),
    `too_many_frames` (an animation over `limits.image_max_frames`) or `invalid_image` (corrupt
    or truncated).
    """
    kind = _image_kind(data, limits, allowed=_IMAGE_KINDS)
    image = _decode(data, kind, limits)
    target = {"jpeg": "JPEG", "webp": "WEBP"}.get(kind, "PNG")
    options: dict[str, Any] = {}
    if target == "JPEG":
        options = {"quality": 90, "optimize": True}
    elif target == "WEBP":
        options = {"lossless": True} if _webp_is_lossless(data) else {"quality": 90}
    return _encode(image, target, options)


def reencode_jpeg(
    data: bytes,
    limits: UploadLimits = DEFAULT_LIMITS,
    size: tuple[int, int] | None = None,
) -> ReencodedImage:
    """Clean a JPEG (template thumbnails accept JPEG only) like `reencode_image`.

    With `size` (max width, max height in pixels) the image is scaled down to fit inside that
    box, keeping its aspect ratio; it is never scaled up. Any other type is
    `unsupported_file_type`.
    """
    kind = _image_kind(data, limits, allowed={"jpeg": "JPEG"})
    image = _decode(data, kind, limits, draft_size=size)
    if size is not None:
        image.thumbnail(size, Image.Resampling.LANCZOS)
    return _encode(image, "JPEG", {"quality": 90, "optimize": True})


def _image_kind(data: bytes, limits: UploadLimits, allowed: Mapping[str, str]) -> str:
    check_size(data, limits)
    kind = sniff_type(data)
    if kind not in allowed:
        message = (
            "SVG images are not accepted; upload a PNG or JPEG instead."
            if kind == "svg"
            else "This image type is not supported."
        )
        raise UploadRejected(
            UNSUPPORTED_FILE_TYPE, message, {"detected": kind, "allowed": sorted(allowed)}
        )
    return kind


def _invalid_image() -> UploadRejected:
    return UploadRejected(INVALID_IMAGE, "The image is damaged or cannot be read.")


def _too_large(width: int, height: int, limits: UploadLimits) -> UploadRejected:
    return UploadRejected(
        IMAGE_TOO_LARGE,
        f"The image is too large ({width} x {height} pixels; "
        f"the limit is {limits.image_max_pixels} pixels).",
        {"width": width, "height": height, "limit": limits.image_max_pixels},
    )


def _decode(
    data: bytes, kind: str, limits: UploadLimits, draft_size: tuple[int, int] | None = None
) -> Image.Image:
    """Open, check the pixel count from the header, then load the first frame upright."""
    if kind == "webp":
        # libwebp allocates the whole canvas when Pillow merely opens the file (up to
        # 16384 x 16384 x 4 bytes, twice), so its size is read from the header first.
        width, height = _webp_size(data)
        if width * height > limits.image_max_pixels:
            raise _too_large(width, height, limits)
    try:
        image = Image.open(io.BytesIO(data), formats=[_IMAGE_KINDS[kind]])
        width, height = image.size
        if width <= 0 or height <= 0:
            raise _invalid_image()
        if width * height > limits.image_max_pixels:
            raise _too_large(width, height, limits)
        _check_frames(image, data, kind, limits)
        if draft_size is not None and kind == "jpeg":
            # Let libjpeg decode at a reduced scale: cheaper for huge photos.
            image.draft("RGB", draft_size)
        image.seek(0)
        upright = ImageOps.exif_transpose(image)  # loads the pixels; returns a copy
        return _to_srgb(upright)
    except UploadRejected:
        raise
    except Image.DecompressionBombError as exc:
        # Pillow's own global cap (only reachable when our limit is configured above it).
        raise UploadRejected(
            IMAGE_TOO_LARGE, "The image is too large.", {"limit": limits.image_max_pixels}
        ) from exc
    except Exception as exc:
        # Untrusted bytes reach a C decoder here: Pillow signals damage with OSError,
        # SyntaxError, ValueError, EOFError, struct.error, IndexError... Any of them means
        # "we cannot read this image", never a server error.
        raise _invalid_image() from exc


def _webp_size(data: bytes) -> tuple[int, int]:
    """A WebP's canvas from its first chunk: VP8X (extended: animations, alpha), VP8L
    (lossless) or VP8 (lossy); (0, 0) when the header is unreadable (Pillow then refuses it)."""
    fourcc = data[12:16]
    if fourcc == b"VP8X" and len(data) >= 30:
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if fourcc == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if fourcc == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":
        width = int.from_bytes(data[26:28], "little") & 0x3FFF
        height = int.from_bytes(data[28:30], "little") & 0x3FFF
        return width, height
    return 0, 0


def _check_frames(image: Image.Image, data: bytes, kind: str, limits: UploadLimits) -> None:
    """Refuse an animation with more frames than `limits.image_max_frames`, without decoding.

    APNG and WebP state their frame count in their headers (Pillow reads it on open); Pillow
    would find a GIF's count by seeking through every frame, so its blocks are walked here.
    """
    cap = limits.image_max_frames
    if kind == "gif":
        frames = _gif_frame_count(data, stop_after=cap + 1)
    else:
        frames = int(getattr(image, "n_frames", 1))
    if frames > cap:
        raise UploadRejected(
            TOO_MANY_FRAMES,
            f"The animation has too many frames (more than {cap}).",
            {"frames": frames, "limit": cap},
        )


def _gif_frame_count(data: bytes, stop_after: int) -> int:
    """Image descriptors in a GIF, counted by skipping over its blocks (at most `stop_after`).
    A malformed stream just ends the count: Pillow judges the first frame anyway."""
    size = len(data)
    if size < 13:
        return 0
    offset = 13 + _color_table_size(data[10])  # after the header and logical screen
    frames = 0
    while offset < size and frames < stop_after:
        block = data[offset]
        if block == 0x2C:  # image descriptor: 9 bytes, a local colour table, LZW data
            frames += 1
            flags = data[offset + 9] if offset + 9 < size else 0
            offset += 10 + _color_table_size(flags) + 1  # +1: the LZW minimum code size
            offset = _skip_sub_blocks(data, offset)
        elif block == 0x21:  # extension: a label, then data sub-blocks
            offset = _skip_sub_blocks(data, offset + 2)
        else:  # the trailer (0x3B) or garbage
            break
    return frames


def _color_table_size(flags: int) -> int:
    return 3 << ((flags & 0x07) + 1) if flags & 0x80 else 0


def _skip_sub_blocks(data: bytes, offset: int) -> int:
    """The offset after a chain of data sub-blocks (length byte, data), ended by a 0 length."""
    while offset < len(data):
        length = data[offset]
        offset += 1 + length
        if length == 0:
            break
    return offset


def _to_srgb(image: Image.Image) -> Image.Image:
    icc = image.info.get("icc_profile")
    if not icc or image.mode not in ("RGB", "RGBA", "CMYK"):
        return image
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
        alpha = image.getchannel("A") if image.mode == "RGBA" else None
        color = image.convert("RGB") if alpha is not None else image
        converted = ImageCms.profileToProfile(color, source, srgb, outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return image  # a broken profile is ignored: the pixels are still fine
    if converted is None:
        return image
    if alpha is not None:
        converted.putalpha(alpha)
    return converted


def _normalize_mode(image: Image.Image, target: str) -> Image.Image:
    if target == "JPEG":
        return image if image.mode in ("L", "RGB") else image.convert("RGB")
    has_alpha = "transparency" in image.info or image.mode in ("RGBA", "LA", "PA", "RGBa", "La")
    if "transparency" in image.info:
        # The transparency lives in `info`, which is dropped below, so make it a real alpha.
        return image.convert("RGBA")
    if target == "WEBP":
        if image.mode in ("RGB", "RGBA"):
            return image
        return image.convert("RGBA" if has_alpha else "RGB")
    if image.mode in _PNG_MODES:
        return image
    return image.convert("RGBA" if has_alpha else "RGB")


def _encode(image: Image.Image, target: str, options: dict[str, Any]) -> ReencodedImage:
    try:
        clean = _normalize_mode(image, target)
        # Pillow carries some metadata from `info` into the output (PNG ICC, JPEG comments):
        # start from nothing so only pixels survive.
        clean.info = {}
        out = io.BytesIO()
        clean.save(out, format=target, **options)
    except (OSError, ValueError) as exc:
        raise _invalid_image() from exc
    mime, ext = _OUTPUT[target]
    return ReencodedImage(out.getvalue(), mime, ext, clean.width, clean.height)


def _webp_is_lossless(data: bytes) -> bool:
    """Whether the WebP's first image chunk is VP8L (lossless); walks at most a few chunks."""
    offset = 12
    for _ in range(16):
        header = data[offset : offset + 8]
        if len(header) < 8:
            return False
        fourcc = header[:4]
        if fourcc == b"VP8L":
            return True
        if fourcc in (b"VP8 ", b"ANMF"):
            return fourcc == b"ANMF" and data[offset + 24 : offset + 28] == b"VP8L"
        size = int.from_bytes(header[4:8], "little")
        offset += 8 + size + (size & 1)
    return False
