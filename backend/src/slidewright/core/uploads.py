"""The guard every upload passes before any parser sees it (ARCHITECTURE §1.4, §4 "Files").

Pure functions over bytes: size cap, magic-byte sniffing, a zip guard for OOXML packages
(.pptx, .docx) and image re-encoding through Pillow with a pixel cap. Nothing here knows about
HTTP: a failure is an `UploadRejected` with a stable `code`, which the error handler turns into a
400 (413 for `file_too_large`) and the caller may translate into a domain code (an upload
refused as `unsupported_file_type` by the zip guard is an `invalid_pptx` for templates).
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from PIL import Image, ImageCms, ImageOps

MIB: Final = 1024 * 1024

# Stable error codes (the UI translates them).
FILE_TOO_LARGE: Final = "file_too_large"
UNSUPPORTED_FILE_TYPE: Final = "unsupported_file_type"
UNSAFE_ARCHIVE: Final = "unsafe_archive"
INVALID_IMAGE: Final = "invalid_image"
IMAGE_TOO_LARGE: Final = "image_too_large"
ENCRYPTED_OR_LEGACY_FILE: Final = "encrypted_or_legacy_file"


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
    image_max_pixels: int = 40_000_000


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
      a suspicious compression ratio, unsafe entry names ('..', absolute, drive letters,
      backslashes, NUL) or a DOCTYPE in any XML part (XXE, entity expansion).
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
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as exc:
        raise _not_ooxml("corrupt_archive", "The file is not a readable zip package.") from exc

    with archive:
        _check_declared(infos, limits)
        names = {info.filename for info in infos}
        missing = sorted(set(expected) - names)
        if missing:
            raise _not_ooxml(
                "missing_parts", "The package misses its main document part.", missing=missing
            )
        _check_contents(archive, infos, limits)


def _check_declared(infos: list[zipfile.ZipInfo], limits: UploadLimits) -> None:
    if len(infos) > limits.zip_max_entries:
        raise _unsafe(
            "too_many_entries", "The archive has too many entries.", limit=limits.zip_max_entries
        )
    total = 0
    for info in infos:
        _check_name(info)
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
        if total > limits.zip_max_total_uncompressed:
            raise _unsafe(
                "total_too_large",
                "The archive is too large when uncompressed.",
                limit=limits.zip_max_total_uncompressed,
            )


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


def _check_contents(
    archive: zipfile.ZipFile, infos: list[zipfile.ZipInfo], limits: UploadLimits
) -> None:
    """Decompress every entry as a stream, counting real bytes against the caps.

    The declared sizes were checked already, but they are attacker-controlled, so the real
    output is counted too, and every XML part is scanned for a DOCTYPE on the way.
    """
    total = 0
    for info in infos:
        if info.is_dir():
            continue
        scan = info.filename.lower().endswith(_XML_SUFFIXES)
        size = 0
        tail = b""
        try:
            with archive.open(info) as stream:
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
                    if total > limits.zip_max_total_uncompressed:
                        raise _unsafe(
                            "total_too_large",
                            "The archive is too large when uncompressed.",
                            limit=limits.zip_max_total_uncompressed,
                        )
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
            # A bad CRC lands here too, which is what a lying declared size produces.
            raise _not_ooxml(
                "corrupt_archive", "The package is damaged.", entry=info.filename
            ) from exc


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
    including SVG, which can carry scripts), `image_too_large` (over `limits.image_max_pixels`)
    or `invalid_image` (corrupt or truncated).
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
    try:
        image = Image.open(io.BytesIO(data), formats=[_IMAGE_KINDS[kind]])
        width, height = image.size
        if width <= 0 or height <= 0:
            raise _invalid_image()
        if width * height > limits.image_max_pixels:
            raise _too_large(width, height, limits)
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
