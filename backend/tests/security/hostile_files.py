"""Hostile files, all generated in code (issue 17): nothing binary is checked in.

Office packages start from a real deck (python-pptx) or document (python-docx) and get one
hostile change each, so a refusal can only come from that change. Big inputs are cheap to
build: a 400 MiB bomb repeats one compressed MiB of zeros, and zip headers are written directly
(`raw_zip`) where zipfile would be slow or would refuse to write the lie.
"""

from __future__ import annotations

import io
import random
import struct
import warnings
import zipfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

import docx
from PIL import Image

from tests.images.pictures import SVG, png_header
from tests.templates.decks import simple_deck

MIB = 1024 * 1024

RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
RT_MS = "http://schemas.microsoft.com/office/2006/relationships/"
CT_VBA = "application/vnd.ms-office.vbaProject"
CT_ACTIVEX = "application/vnd.ms-office.activeX+xml"
CT_OLE = "application/vnd.openxmlformats-officedocument.oleObject"
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
EXE = b"MZ\x90\x00\x03" + b"\x00" * 59 + b"PE\x00\x00"

Parts = dict[str, bytes]


# --------------------------------------------------------------------------------- packages


def parts_of(package: bytes) -> Parts:
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def package_of(parts: Mapping[str, bytes | str], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of `parts`, written in order; names may repeat or be unsafe ('../x', '/x')."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names
        with zipfile.ZipFile(buffer, "w", compression) as archive:
            for name, content in parts.items():
                archive.writestr(zipfile.ZipInfo(name), content, compress_type=compression)
    return buffer.getvalue()


@dataclass(frozen=True)
class Base:
    """A real Office file and the parts a hostile change hooks into."""

    kind: str  # 'pptx' or 'docx'
    folder: str  # 'ppt' or 'word'
    main_part: str
    main_rels: str
    content_rels: str  # the rels of a slide / of the document body
    main_type: str
    macro_main_type: str

    @property
    def parts(self) -> Parts:
        return parts_of(_base_bytes(self.kind))

    @property
    def filename(self) -> str:
        return f"hostile.{self.kind}"


PPTX_BASE = Base(
    kind="pptx",
    folder="ppt",
    main_part="ppt/presentation.xml",
    main_rels="ppt/_rels/presentation.xml.rels",
    content_rels="ppt/slides/_rels/slide1.xml.rels",
    main_type="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    macro_main_type="application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
)
DOCX_BASE = Base(
    kind="docx",
    folder="word",
    main_part="word/document.xml",
    main_rels="word/_rels/document.xml.rels",
    content_rels="word/_rels/document.xml.rels",
    main_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    macro_main_type="application/vnd.ms-word.document.macroEnabled.main+xml",
)


@cache
def _base_bytes(kind: str) -> bytes:
    if kind == "pptx":
        return simple_deck(1)  # one slide with a chart, whose data is an embedded .xlsx
    document = docx.Document()
    document.add_paragraph("Quarterly notes")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def with_relationship(
    parts: Parts, rels: str, rel_type: str, target: str, *, external: bool = False
) -> Parts:
    mode = ' TargetMode="External"' if external else ""
    element = (
        f'<Relationship Id="rIdHostile{len(parts)}" Type="{rel_type}" Target="{target}"{mode}/>'
    )
    xml = parts[rels].decode()
    return {**parts, rels: xml.replace("</Relationships>", element + "</Relationships>").encode()}


def with_content_type(parts: Parts, element: str) -> Parts:
    xml = parts["[Content_Types].xml"].decode()
    return {**parts, "[Content_Types].xml": xml.replace("</Types>", element + "</Types>").encode()}


def chart_workbook(parts: Parts) -> str:
    return next(name for name in parts if name.endswith(".xlsx"))


# ------------------------------------------------------------------------- active content


def macro_enabled_main(base: Base) -> tuple[bytes, str]:
    """A .pptm/.docm saved under the macro-free extension: only its main content type says so."""
    parts = base.parts
    types = parts["[Content_Types].xml"].replace(
        base.main_type.encode(), base.macro_main_type.encode()
    )
    return package_of({**parts, "[Content_Types].xml": types}), base.main_part


def vba_project(base: Base) -> tuple[bytes, str]:
    parts = {**base.parts, f"{base.folder}/vbaProject.bin": OLE_MAGIC + b"\0" * 1024}
    parts = with_relationship(parts, base.main_rels, RT_MS + "vbaProject", "vbaProject.bin")
    parts = with_content_type(
        parts, f'<Override PartName="/{base.folder}/vbaProject.bin" ContentType="{CT_VBA}"/>'
    )
    return package_of(parts), f"{base.folder}/vbaProject.bin"


def vba_project_under_another_name(base: Base) -> tuple[bytes, str]:
    """Only the relationship type gives it away: Office finds the project through it."""
    name = f"{base.folder}/media/data.dat"
    parts = {**base.parts, name: OLE_MAGIC + b"\0" * 1024}
    parts = with_relationship(parts, base.main_rels, RT_MS + "vbaProject", "media/data.dat")
    return package_of(parts), name


def activex_control(base: Base) -> tuple[bytes, str]:
    folder = f"{base.folder}/activeX"
    parts = {
        **base.parts,
        f"{folder}/activeX1.xml": b'<?xml version="1.0"?><ax:ocx xmlns:ax="urn:ax"/>',
        f"{folder}/activeX1.bin": OLE_MAGIC + b"\0" * 512,
    }
    target = "../activeX/activeX1.xml" if base.kind == "pptx" else "activeX/activeX1.xml"
    parts = with_relationship(parts, base.content_rels, RT + "control", target)
    parts = with_content_type(
        parts, f'<Override PartName="/{folder}/activeX1.xml" ContentType="{CT_ACTIVEX}"/>'
    )
    return package_of(parts), f"{folder}/activeX1.xml"


def embedded_ole_object(base: Base) -> tuple[bytes, str]:
    name = f"{base.folder}/embeddings/oleObject1.bin"
    parts = {**base.parts, name: OLE_MAGIC + b"\0" * 1024}
    target = "../embeddings/oleObject1.bin" if base.kind == "pptx" else "embeddings/oleObject1.bin"
    parts = with_relationship(parts, base.content_rels, RT + "oleObject", target)
    parts = with_content_type(parts, f'<Default Extension="bin" ContentType="{CT_OLE}"/>')
    return package_of(parts), name


def linked_ole_object(base: Base) -> tuple[bytes, str]:
    """An OLE link: the object lives in another file, which Office opens when asked to."""
    target = "file:///C:/Finance/budget.xlsm"
    parts = with_relationship(
        base.parts, base.content_rels, RT + "oleObject", target, external=True
    )
    return package_of(parts), target


def embedded_program(base: Base) -> tuple[bytes, str]:
    name = f"{base.folder}/embeddings/setup.exe"
    target = "../embeddings/setup.exe" if base.kind == "pptx" else "embeddings/setup.exe"
    parts = with_relationship({**base.parts, name: EXE}, base.content_rels, RT + "package", target)
    return package_of(parts), name


def embedded_macro_document(base: Base) -> tuple[bytes, str]:
    name = f"{base.folder}/embeddings/Report.docm"
    target = "../embeddings/Report.docm" if base.kind == "pptx" else "embeddings/Report.docm"
    parts = with_relationship(
        {**base.parts, name: macro_document()}, base.content_rels, RT + "package", target
    )
    return package_of(parts), name


def macro_document() -> bytes:
    """A .docm: a VBA project and the macro-enabled main content type."""
    parts = parts_of(vba_project(DOCX_BASE)[0])
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        DOCX_BASE.main_type.encode(), DOCX_BASE.macro_main_type.encode()
    )
    return package_of(parts)


def executable_part(base: Base) -> tuple[bytes, str]:
    """An unreferenced program: nothing in Office runs it, but it has no business in a deck."""
    name = f"{base.folder}/media/tool.exe"
    return package_of({**base.parts, name: EXE}), name


def chart_workbook_with_macros(base: Base) -> tuple[bytes, str]:
    """The chart's data workbook, an .xlsm inside under the .xlsx name."""
    parts = base.parts
    workbook_name = chart_workbook(parts)
    workbook = parts_of(parts[workbook_name])
    workbook["xl/vbaProject.bin"] = OLE_MAGIC + b"\0" * 1024
    workbook = with_content_type(
        workbook, f'<Override PartName="/xl/vbaProject.bin" ContentType="{CT_VBA}"/>'
    )
    parts[workbook_name] = package_of(workbook)
    return package_of(parts), f"{workbook_name}!/xl/vbaProject.bin"


def chart_workbook_that_is_a_program(base: Base) -> tuple[bytes, str]:
    parts = base.parts
    workbook_name = chart_workbook(parts)
    parts[workbook_name] = EXE
    return package_of(parts), workbook_name


ActiveCase = Callable[[Base], tuple[bytes, str]]
ACTIVE_CASES: dict[str, ActiveCase] = {
    "macro-enabled main part": macro_enabled_main,
    "vbaProject.bin": vba_project,
    "VBA project under another name": vba_project_under_another_name,
    "ActiveX control": activex_control,
    "embedded OLE object": embedded_ole_object,
    "linked OLE object": linked_ole_object,
    "embedded program": embedded_program,
    "embedded macro document": embedded_macro_document,
    "executable part": executable_part,
}
# These need the chart of the deck base.
CHART_CASES: dict[str, ActiveCase] = {
    "chart workbook with macros": chart_workbook_with_macros,
    "chart workbook that is a program": chart_workbook_that_is_a_program,
}


# ------------------------------------------------------------------------------- zip attacks


@dataclass(frozen=True)
class RawEntry:
    """A zip entry as its raw deflate stream, CRC and the uncompressed size its headers state
    (which may lie). Writing streams directly lets a 400 MB bomb be built in a moment."""

    name: str
    stream: bytes
    crc: int
    size: int


def raw_entry(
    name: str, content: bytes, *, size: int | None = None, crc: int | None = None
) -> RawEntry:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    stream = packer.compress(content) + packer.flush()
    checksum = zlib.crc32(content) if crc is None else crc
    return RawEntry(name, stream, checksum, len(content) if size is None else size)


def raw_entries(base: Base) -> list[RawEntry]:
    return [raw_entry(name, content) for name, content in base.parts.items()]


@cache
def zeros(mib: int) -> tuple[bytes, int]:
    """A deflate stream of `mib` MiB of zeros, and its CRC. One compressed MiB ends with a full
    flush (byte-aligned, no reference to earlier data), so repeating it is a valid stream; the
    final empty block closes it. zlib would take seconds to compress 400 MB here."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = b"\0" * MIB
    one = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(mib):
        crc = zlib.crc32(block, crc)
    return one * mib + packer.flush(), crc


def raw_zip(entries: list[RawEntry], *, zip64: bool = False) -> bytes:
    """The entries as a zip archive. With `zip64` every entry states its sizes in a Zip64 extra
    field (0xFFFFFFFF in the plain fields), in the local and the central header alike."""
    out = io.BytesIO()
    central = io.BytesIO()
    for entry in entries:
        name = entry.name.encode()
        sizes = (len(entry.stream), entry.size)
        extra = b""
        if zip64:
            extra = struct.pack("<HHQQ", 0x0001, 16, entry.size, len(entry.stream))
            sizes = (0xFFFFFFFF, 0xFFFFFFFF)
        offset = out.tell()
        # version 45, no flags, deflate, time 0, date 1980-01-01
        common = struct.pack("<HHHHHIII", 45, 0, 8, 0, 0x21, entry.crc, *sizes)
        out.write(b"PK\x03\x04" + common + struct.pack("<HH", len(name), len(extra)))
        out.write(name + extra + entry.stream)
        central.write(b"PK\x01\x02" + struct.pack("<H", 45) + common)
        central.write(struct.pack("<HHHHHII", len(name), len(extra), 0, 0, 0, 0, offset))
        central.write(name + extra)
    directory = central.getvalue()
    start = out.tell()
    count = len(entries)
    out.write(directory)
    if count > 0xFFFF:  # the count only fits the Zip64 end record (and its locator)
        record = out.tell()
        out.write(b"PK\x06\x06" + struct.pack("<QHHII", 44, 45, 45, 0, 0))
        out.write(struct.pack("<QQQQ", count, count, len(directory), start))
        out.write(b"PK\x06\x07" + struct.pack("<IQI", 0, record, 1))
        count = 0xFFFF
    out.write(b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, count, count, len(directory), start, 0))
    return out.getvalue()


@cache
def bomb_one_entry(kind: str) -> bytes:
    """A real document plus one entry of 400 MiB of zeros (about 400 KB), declared honestly."""
    base = PPTX_BASE if kind == "pptx" else DOCX_BASE
    stream, crc = zeros(400)
    bomb = RawEntry(f"{base.folder}/media/zeros.bin", stream, crc, 400 * MIB)
    return raw_zip([*raw_entries(base), bomb])


@cache
def bomb_many_entries(kind: str) -> bytes:
    """400 entries of 1 MiB of zeros: each is too small for the per-entry ratio check."""
    base = PPTX_BASE if kind == "pptx" else DOCX_BASE
    stream, crc = zeros(1)
    bombs = [RawEntry(f"{base.folder}/media/z{i}.bin", stream, crc, MIB) for i in range(400)]
    return raw_zip(raw_entries(base) + bombs)


@cache
def hundred_thousand_entries(kind: str) -> bytes:
    base = PPTX_BASE if kind == "pptx" else DOCX_BASE
    empty = raw_entry("", b"")
    many = [RawEntry(f"{base.folder}/m/{i}", empty.stream, 0, 0) for i in range(100_000)]
    return raw_zip(raw_entries(base) + many)


def duplicate_entry(base: Base) -> bytes:
    """The main part twice: zipfile (and python-pptx) read the last, other readers the first."""
    return raw_zip([*raw_entries(base), raw_entry(base.main_part, b"<evil/>")])


def entry_named(base: Base, name: str) -> bytes:
    return raw_zip([*raw_entries(base), raw_entry(name, b"planted")])


def with_main_part(base: Base, xml: bytes) -> bytes:
    return package_of({**base.parts, base.main_part: xml})


BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode()
        for i in range(1, 10)
    )
    + b']>\n<p:presentation xmlns:p="urn:p">&lol9;</p:presentation>'
)
XXE = (
    b'<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    b'<p:presentation xmlns:p="urn:p">&xxe;</p:presentation>'
)
HTML = b"<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"


def zip64_size_lie(base: Base, *, forge_crc: bool) -> bytes:
    """A Zip64 package whose picture entry declares 1000 bytes but holds 2 MiB (random, so no
    ratio check trips first). With `forge_crc` the CRC is that of the first 1000 bytes: a
    reader that stops at the declared size finds nothing wrong, one that inflates the whole
    stream gets all of it."""
    real = random.Random(17).randbytes(2 * MIB)
    crc = zlib.crc32(real[:1000]) if forge_crc else None
    liar = raw_entry(f"{base.folder}/media/image9.bin", real, size=1000, crc=crc)
    return raw_zip([*raw_entries(base), liar], zip64=True)


# ------------------------------------------------------------------------------------ images


def gif_flood(width: int = 60000, height: int = 60000) -> bytes:
    """A GIF whose screen and only frame claim `width` x `height`; one pixel of data."""
    return (
        b"GIF89a"
        + struct.pack("<HHBBB", width, height, 0, 0, 0)
        + b"\x2c"
        + struct.pack("<HHHHB", 0, 0, width, height, 0)
        + b"\x02\x02\x44\x01\x00"
        + b"\x3b"
    )


def gif_many_frames(frames: int = 10_000) -> bytes:
    """A 1x1 GIF with `frames` frames (about 20 bytes each)."""
    buffer = io.BytesIO()
    Image.new("P", (1, 1), 0).save(buffer, "GIF")
    single = buffer.getvalue()
    header_end = 13 + 3 * 2 ** ((single[10] & 7) + 1) if single[10] & 0x80 else 13
    body = single[header_end:-1]  # the frame's blocks, without the trailer
    return single[:header_end] + body * frames + b"\x3b"


def webp_flood(size: int = 16000) -> bytes:
    """An animated WebP whose canvas is `size` x `size` (256 million pixels) and whose two
    frames are one pixel each: the canvas size is all a decoder needs to allocate."""
    buffer = io.BytesIO()
    frames = [Image.new("RGB", (1, 1), color) for color in ("red", "blue")]
    frames[0].save(buffer, "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    data = bytearray(buffer.getvalue())
    at = data.find(b"VP8X")
    assert at != -1, "Pillow wrote no extended WebP header"
    # The payload after the chunk header: flags (1), reserved (3), then width-1 and height-1.
    data[at + 12 : at + 15] = (size - 1).to_bytes(3, "little")
    data[at + 15 : at + 18] = (size - 1).to_bytes(3, "little")
    return bytes(data)


def jpeg_flood(width: int = 60000, height: int = 60000) -> bytes:
    """A small baseline JPEG whose frame header claims `width` x `height`."""
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, "JPEG")
    data = bytearray(buffer.getvalue())
    at = data.find(b"\xff\xc0")
    assert at != -1, "no baseline frame header"
    # After the marker: length (2), precision (1), then height and width (2 each, big-endian).
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


@dataclass(frozen=True)
class ImageCase:
    kind: str  # what the bytes really are: 'png', 'gif', 'webp', 'jpeg', 'html', 'svg'
    code: str  # the errorCode where that kind of image is accepted
    build: Callable[[], bytes]
    filename: str = "picture.png"


IMAGE_CASES: dict[str, ImageCase] = {
    "PNG pixel flood": ImageCase("png", "image_too_large", lambda: png_header(60000, 60000)),
    "GIF pixel flood": ImageCase("gif", "image_too_large", gif_flood, "picture.gif"),
    "WebP pixel flood": ImageCase("webp", "image_too_large", webp_flood, "picture.webp"),
    "JPEG pixel flood": ImageCase("jpeg", "image_too_large", jpeg_flood, "picture.jpg"),
    "GIF of 10000 frames": ImageCase("gif", "too_many_frames", gif_many_frames, "picture.gif"),
    "HTML named .png": ImageCase("html", "unsupported_file_type", lambda: HTML),
    "SVG with a script named .png": ImageCase("svg", "unsupported_file_type", lambda: SVG),
}
