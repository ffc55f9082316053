from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib

import pytest
from PIL import Image, ImageCms

from slidewright.core.uploads import (
    UploadLimits,
    UploadRejected,
    check_size,
    guard_ooxml,
    reencode_image,
    reencode_jpeg,
    sniff_type,
)
from tests.corpus import require_corpus
from tests.security.hostile_files import gif_many_frames, webp_flood

PPTX_MAIN = {"ppt/presentation.xml"}
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
)


def make_zip(entries: dict[str, bytes | str], *, compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def package(**extra: bytes | str) -> dict[str, bytes | str]:
    """A minimal pptx-shaped package plus `extra` entries."""
    return {
        "[Content_Types].xml": CONTENT_TYPES,
        "_rels/.rels": '<?xml version="1.0"?><Relationships/>',
        "ppt/presentation.xml": '<?xml version="1.0"?><p:presentation xmlns:p="urn:p"/>',
        **extra,
    }


def rejected(code: str) -> pytest.RaisesExc[UploadRejected]:
    return pytest.raises(UploadRejected, check=lambda exc: exc.code == code)


# -- size and sniffing --------------------------------------------------------------------------


def test_check_size_rejects_over_the_limit_with_details() -> None:
    with rejected("file_too_large") as info:
        check_size(b"x" * 11, UploadLimits(max_bytes=10))
    assert info.value.details == {"limit": 10, "size": 11}
    assert info.value.status == 413
    check_size(b"x" * 10, UploadLimits(max_bytes=10))


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"PK\x03\x04rest", "zip"),
        (bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 8, "ole"),
        (b"\xff\xd8\xff\xe0\0\x10JFIF", "jpeg"),
        (b"\x89PNG\r\n\x1a\n\0\0", "png"),
        (b"GIF89a\x01\0", "gif"),
        (b"RIFF\x10\0\0\0WEBPVP8 ", "webp"),
        (b"%PDF-1.7\n", "pdf"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "svg"),
        (b'\xef\xbb\xbf  <?xml version="1.0"?>\n<!-- x -->\n<svg/>', "svg"),
        (b"<?xml version='1.0'?><html/>", "unknown"),
        (b"hello", "unknown"),
        (b"", "unknown"),
    ],
)
def test_sniff_type_reads_magic_bytes(data: bytes, kind: str) -> None:
    assert sniff_type(data) == kind


# -- OOXML guard --------------------------------------------------------------------------------


def test_guard_accepts_a_plain_package() -> None:
    guard_ooxml(make_zip(package()), expected=PPTX_MAIN)


def test_guard_accepts_every_corpus_file() -> None:
    for path in require_corpus("pptx"):
        guard_ooxml(path.read_bytes(), expected=PPTX_MAIN)
    for path in require_corpus("docx"):
        guard_ooxml(path.read_bytes(), expected={"word/document.xml"})


def test_zip_bomb_is_rejected_by_its_compression_ratio() -> None:
    bomb = make_zip(package(**{"ppt/media/bomb.xml": b"\0" * (64 * 1024 * 1024)}))
    assert len(bomb) < 1024 * 1024
    with rejected("unsafe_archive") as info:
        guard_ooxml(bomb, expected=PPTX_MAIN)
    assert info.value.details["reason"] == "compression_ratio"


def test_small_repetitive_parts_are_not_mistaken_for_bombs() -> None:
    # 500 KB of one repeated element compresses ~1000:1, but is far too small to hurt.
    rows = "<row/>" * 80_000
    guard_ooxml(make_zip(package(**{"ppt/slides/slide1.xml": rows})), expected=PPTX_MAIN)


def test_entry_over_the_per_entry_limit_is_rejected() -> None:
    data = make_zip(package(**{"ppt/media/big.bin": os.urandom(300_000)}))
    with rejected("unsafe_archive") as info:
        guard_ooxml(data, UploadLimits(zip_max_entry_uncompressed=200_000))
    assert info.value.details["reason"] == "entry_too_large"


def test_total_uncompressed_size_is_capped() -> None:
    media = {f"ppt/media/image{i}.bin": os.urandom(100_000) for i in range(4)}
    with rejected("unsafe_archive") as info:
        guard_ooxml(make_zip(package(**media)), UploadLimits(zip_max_total_uncompressed=300_000))
    assert info.value.details["reason"] == "total_too_large"


def patch_headers(data: bytes, name: str, local: int, central: int, fmt: str, value: int) -> bytes:
    """Overwrite one field of `name`'s local and central zip headers (offsets from each)."""
    raw = bytearray(data)
    encoded = name.encode()
    for signature, offset, name_offset in (
        (b"PK\x03\x04", local, 30),
        (b"PK\x01\x02", central, 46),
    ):
        at = raw.find(signature)
        while at != -1:
            if raw[at + name_offset : at + name_offset + len(encoded)] == encoded:
                struct.pack_into(fmt, raw, at + offset, value)
            at = raw.find(signature, at + 1)
    return bytes(raw)


def test_a_lying_declared_size_does_not_let_a_bomb_through() -> None:
    honest = make_zip(package(**{"ppt/slides/slide1.xml": b" " * (8 * 1024 * 1024)}))
    # Uncompressed size: offset 22 in the local header, 24 in the central directory.
    lying = patch_headers(honest, "ppt/slides/slide1.xml", 22, 24, "<I", 1000)
    with pytest.raises(UploadRejected) as info:
        guard_ooxml(lying, expected=PPTX_MAIN)
    # zipfile stops at the declared size, so the real bytes never get decompressed and the
    # CRC check fails: a damaged package.
    assert info.value.code in {"unsafe_archive", "unsupported_file_type"}


def test_too_many_entries_is_rejected() -> None:
    entries = package(**{f"ppt/media/x{i}.bin": b"" for i in range(5000)})
    with rejected("unsafe_archive") as info:
        guard_ooxml(make_zip(entries, compression=zipfile.ZIP_STORED), expected=PPTX_MAIN)
    assert info.value.details["reason"] == "too_many_entries"


@pytest.mark.parametrize(
    "name",
    [
        "../evil.xml",
        "ppt/../../evil.xml",
        "ppt/slides/..",
        "/etc/passwd",
        "C:/Windows/evil.xml",
        "c:evil.xml",
        "ppt\\slides\\slide1.xml",
        "..\\evil.xml",
    ],
)
def test_unsafe_entry_names_are_rejected(name: str) -> None:
    with rejected("unsafe_archive") as info:
        guard_ooxml(make_zip(package(**{name: "<x/>"})), expected=PPTX_MAIN)
    assert info.value.details["reason"] == "unsafe_entry_name"


def test_nul_in_an_entry_name_is_rejected() -> None:
    data = make_zip(package(**{"ppt/slides/slideA.xml": "<x/>"}))
    data = data.replace(b"ppt/slides/slideA.xml", b"ppt/slides/slide\0.xml")
    with rejected("unsafe_archive"):
        guard_ooxml(data, expected=PPTX_MAIN)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("ppt/slides/slide1.xml", b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'),
        (
            "ppt/slides/slide1.xml",
            b"<?xml version='1.0'?>\n<!doctype x SYSTEM 'file:///etc/passwd'>",
        ),
        ("ppt/slides/_rels/slide1.xml.rels", b"<!DocType r [<!ENTITY x SYSTEM 'http://x'>]><r/>"),
        (
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE t><t/>'.encode("utf-16"),
        ),
        (
            "ppt/slides/slide2.xml",
            '<?xml version="1.0" encoding="UTF-16BE"?><!DOCTYPE t><t/>'.encode("utf-16-be"),
        ),
        # The DOCTYPE straddles the 64 KiB read boundary, after a long comment.
        ("ppt/slides/slide3.xml", b"<!--" + b"x" * (64 * 1024 - 8) + b"--><!DOCTYPE x><x/>"),
    ],
)
def test_doctype_in_an_xml_part_is_rejected(name: str, content: bytes) -> None:
    with rejected("unsafe_archive") as info:
        guard_ooxml(make_zip(package(**{name: content})), expected=PPTX_MAIN)
    assert info.value.details == {"reason": "doctype", "entry": name}


def test_doctype_text_in_a_binary_part_is_allowed() -> None:
    guard_ooxml(make_zip(package(**{"ppt/media/x.bin": b"<!DOCTYPE"})), expected=PPTX_MAIN)


def test_ole_container_is_encrypted_or_legacy() -> None:
    ole = bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 504
    with rejected("encrypted_or_legacy_file"):
        guard_ooxml(ole, expected=PPTX_MAIN)


def test_encrypted_zip_entry_is_rejected() -> None:
    data = make_zip(package(**{"ppt/slides/slide1.xml": "<x/>"}))
    # General purpose flag bit 0 (encrypted): offset 6 locally, 8 in the central directory.
    encrypted = patch_headers(data, "ppt/slides/slide1.xml", 6, 8, "<H", 0x1)
    with rejected("encrypted_or_legacy_file"):
        guard_ooxml(encrypted, expected=PPTX_MAIN)


@pytest.mark.parametrize(
    "data", [b"not a zip at all", b"PK\x03\x04" + b"\xff" * 200, b"%PDF-1.4\n", b""]
)
def test_non_zip_or_damaged_zip_is_unsupported(data: bytes) -> None:
    with rejected("unsupported_file_type"):
        guard_ooxml(data, expected=PPTX_MAIN)


def test_package_without_the_expected_main_part_is_unsupported() -> None:
    with rejected("unsupported_file_type") as info:
        guard_ooxml(make_zip(package()), expected={"word/document.xml"})
    assert info.value.details["missing"] == ["word/document.xml"]


def test_guard_applies_the_size_cap() -> None:
    with rejected("file_too_large"):
        guard_ooxml(make_zip(package()), UploadLimits(max_bytes=100), expected=PPTX_MAIN)


def test_two_entries_with_one_name_are_rejected_whatever_the_case() -> None:
    entries = [*package().items(), ("PPT/Presentation.xml", "<evil/>")]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in entries:
            archive.writestr(name, content)
    with rejected("unsafe_archive") as info:
        guard_ooxml(buffer.getvalue(), expected=PPTX_MAIN)
    assert info.value.details == {"reason": "duplicate_entry", "entry": "PPT/Presentation.xml"}


def test_many_small_entries_adding_up_to_a_bomb_are_rejected() -> None:
    # 40 x 512 KiB of zeros: each entry is below the per-entry ratio check's floor.
    zeros = {f"ppt/media/z{i}.bin": b"\0" * (512 * 1024) for i in range(40)}
    with rejected("unsafe_archive") as info:
        guard_ooxml(make_zip(package(**zeros)), expected=PPTX_MAIN)
    assert info.value.details == {"reason": "compression_ratio", "limit": 200.0}


@pytest.mark.parametrize(
    ("forge_crc", "code"), [(False, "unsafe_archive"), (True, "unsupported_file_type")]
)
def test_an_entry_holding_more_than_its_declared_size_is_rejected(
    forge_crc: bool, code: str
) -> None:
    real = os.urandom(200_000)
    data = make_zip(package(**{"ppt/media/image9.bin": real}))
    data = patch_headers(data, "ppt/media/image9.bin", 22, 24, "<I", 1000)
    if forge_crc:  # what zipfile checks when it stops at the declared size
        data = patch_headers(data, "ppt/media/image9.bin", 14, 16, "<I", zlib.crc32(real[:1000]))
    with rejected(code) as info:
        guard_ooxml(data, expected=PPTX_MAIN)
    assert info.value.details["reason"] == ("corrupt_archive" if forge_crc else "size_mismatch")


RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def rels(*relationships: str) -> str:
    ns = "http://schemas.openxmlformats.org/package/2006/relationships"
    return (
        f'<?xml version="1.0"?><Relationships xmlns="{ns}">{"".join(relationships)}</Relationships>'
    )


def relationship(kind: str, target: str, external: bool = False) -> str:
    mode = ' TargetMode="External"' if external else ""
    return f'<Relationship Id="rId1" Type="{kind}" Target="{target}"{mode}/>'


def test_active_content_is_named_by_part_and_kind() -> None:
    data = make_zip(package(**{"ppt/vbaProject.bin": b"\xd0\xcf", "ppt/activeX/x1.xml": "<a/>"}))
    with rejected("active_content") as info:
        guard_ooxml(data, expected=PPTX_MAIN)
    assert info.value.details == {
        "parts": ["ppt/activeX/x1.xml", "ppt/vbaProject.bin"],
        "kinds": ["activex", "macro"],
    }


@pytest.mark.parametrize(
    ("rel_type", "target", "external", "part", "kind"),
    [
        (
            RELS + "oleObject",
            "../embeddings/data.dat",
            False,
            "ppt/embeddings/data.dat",
            "ole_object",
        ),
        # A character reference hides nothing from an XML parser.
        (RELS + "ole&#79;bject", "/ppt/x.dat", False, "ppt/x.dat", "ole_object"),
        (
            RELS + "oleObject",
            "file:///C:/budget.xlsx",
            True,
            "file:///C:/budget.xlsx",
            "ole_object",
        ),
        (RELS + "control", "../activeX/a.xml", False, "ppt/activeX/a.xml", "activex"),
        (
            RELS + "package",
            "../embeddings/tool.exe",
            False,
            "ppt/embeddings/tool.exe",
            "embedded_file",
        ),
        (
            RELS + "package",
            "../embeddings/book.xlsm",
            False,
            "ppt/embeddings/book.xlsm",
            "embedded_file",
        ),
        # A Word file pulling its (macro) template from a server when opened.
        (
            RELS + "attachedTemplate",
            "http://203.0.113.9/t.dotm",
            True,
            "http://203.0.113.9/t.dotm",
            "linked_document",
        ),
        (
            RELS + "subDocument",
            "https://x.test/part.docx",
            True,
            "https://x.test/part.docx",
            "linked_document",
        ),
        # A "run program" action setting: the click starts the program.
        (
            RELS + "hyperlink",
            "file:///C:/Windows/System32/calc%2Eexe",
            True,
            "file:///C:/Windows/System32/calc%2Eexe",
            "executable",
        ),
        (RELS + "hyperlink", "C:\\Tools\\run.bat", True, "C:\\Tools\\run.bat", "executable"),
    ],
)
def test_active_relationships_are_found_by_type(
    rel_type: str, target: str, external: bool, part: str, kind: str
) -> None:
    slide_rels = rels(relationship(rel_type, target, external))
    data = make_zip(package(**{"ppt/slides/_rels/slide1.xml.rels": slide_rels}))
    with rejected("active_content") as info:
        guard_ooxml(data, expected=PPTX_MAIN)
    assert info.value.details == {"parts": [part], "kinds": [kind]}


def test_ordinary_links_and_a_local_attached_template_are_accepted() -> None:
    slide_rels = rels(
        relationship(RELS + "hyperlink", "https://example.com/report.pdf", True),
        relationship(RELS + "hyperlink", "file://share/finance/q3.xlsx", True),
        relationship(RELS + "hyperlink", "http://yahoo.com", True),
        relationship(RELS + "hyperlink", "https://example.com/setup.exe", True),
        relationship(RELS + "attachedTemplate", "../templates/normal.dotx"),
    )
    guard_ooxml(
        make_zip(package(**{"ppt/slides/_rels/slide1.xml.rels": slide_rels})), expected=PPTX_MAIN
    )


def workbook(**extra: bytes | str) -> bytes:
    return make_zip({"[Content_Types].xml": CONTENT_TYPES, "xl/workbook.xml": "<w/>", **extra})


def with_workbook(book: bytes) -> bytes:
    chart_rels = rels(relationship(RELS + "package", "../embeddings/Sheet1.xlsx"))
    return make_zip(
        package(
            **{
                "ppt/charts/_rels/chart1.xml.rels": chart_rels,
                "ppt/embeddings/Sheet1.xlsx": book,
                "ppt/printerSettings/printerSettings1.bin": b"\0" * 64,
            }
        )
    )


def test_chart_workbooks_pass_and_are_checked_inside() -> None:
    guard_ooxml(with_workbook(workbook()), expected=PPTX_MAIN)
    # Two levels down (a workbook in the chart's workbook) is still inspected.
    guard_ooxml(with_workbook(workbook(**{"xl/embeddings/inner.xlsx": workbook()})))
    with rejected("active_content") as info:
        guard_ooxml(with_workbook(workbook(**{"xl/vbaProject.bin": b"\xd0\xcf"})))
    assert info.value.details["parts"] == ["ppt/embeddings/Sheet1.xlsx!/xl/vbaProject.bin"]
    with rejected("active_content") as info:
        guard_ooxml(with_workbook(b"MZ not a workbook"))
    assert info.value.details["parts"] == ["ppt/embeddings/Sheet1.xlsx"]
    nested = workbook(**{"xl/embeddings/a.xlsx": workbook(**{"b.xlsx": workbook()})})
    with rejected("active_content") as info:  # too deep to be worth inspecting
        guard_ooxml(with_workbook(nested))
    assert info.value.details["parts"] == [
        "ppt/embeddings/Sheet1.xlsx!/xl/embeddings/a.xlsx!/b.xlsx"
    ]


def test_a_bomb_inside_an_embedded_workbook_is_an_unsafe_archive() -> None:
    bomb = workbook(**{"xl/big.bin": b"\0" * (8 * 1024 * 1024)})
    with rejected("unsafe_archive") as info:
        guard_ooxml(with_workbook(bomb))
    assert info.value.details["entry"] == "ppt/embeddings/Sheet1.xlsx!/xl/big.bin"


# -- images -------------------------------------------------------------------------------------


def encode(image: Image.Image, fmt: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt, **options)
    return buffer.getvalue()


def two_colour(size: tuple[int, int] = (40, 20), mode: str = "RGB") -> Image.Image:
    """Left half red, right half blue."""
    image = Image.new(mode, size, "red")
    image.paste(Image.new(mode, (size[0] // 2, size[1]), "blue"), (size[0] // 2, 0))
    return image


def exif_with_orientation(orientation: int) -> Image.Exif:
    exif = Image.Exif()
    exif[0x0112] = orientation  # Orientation
    exif[0x010F] = "Spy Camera"  # Make
    exif[0x0131] = "Secret Software"  # Software
    return exif


def is_red(pixel: tuple[int, ...]) -> bool:
    return pixel[0] > 200 and pixel[2] < 60


def is_blue(pixel: tuple[int, ...]) -> bool:
    return pixel[2] > 200 and pixel[0] < 60


def test_jpeg_orientation_is_applied_and_exif_stripped() -> None:
    data = encode(two_colour(), "JPEG", exif=exif_with_orientation(6), comment=b"secret")
    assert b"Spy Camera" in data

    result = reencode_image(data)

    assert (result.mime, result.ext) == ("image/jpeg", "jpg")
    assert (result.width, result.height) == (20, 40)  # rotated upright
    assert b"Spy Camera" not in result.data and b"secret" not in result.data
    with Image.open(io.BytesIO(result.data)) as image:
        assert image.format == "JPEG"
        assert image.size == (20, 40)
        assert not image.getexif()
        assert "exif" not in image.info and "comment" not in image.info
        rgb = image.convert("RGB")
        # Orientation 6 is "rotate 90 degrees clockwise to display": the left half is on top.
        assert is_red(rgb.getpixel((10, 5)))  # type: ignore[arg-type]
        assert is_blue(rgb.getpixel((10, 35)))  # type: ignore[arg-type]


def test_png_stays_png_without_text_chunks_and_keeps_alpha() -> None:
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Author", "Jane Secret")
    image = two_colour(mode="RGBA")
    image.putpixel((0, 0), (0, 0, 0, 0))
    data = encode(image, "PNG", pnginfo=info, exif=exif_with_orientation(1))

    result = reencode_image(data)

    assert (result.mime, result.ext) == ("image/png", "png")
    assert b"Jane Secret" not in result.data and b"Spy Camera" not in result.data
    with Image.open(io.BytesIO(result.data)) as cleaned:
        assert cleaned.mode == "RGBA"
        assert cleaned.getpixel((0, 0)) == (0, 0, 0, 0)
        assert not cleaned.getexif()


def test_palette_png_transparency_survives() -> None:
    image = Image.new("P", (4, 4), 1)
    image.putpalette([255, 255, 255, 255, 0, 0] + [0] * 762)
    image.putpixel((0, 0), 0)
    data = encode(image, "PNG", transparency=0)

    with Image.open(io.BytesIO(reencode_image(data).data)) as cleaned:
        rgba = cleaned.convert("RGBA")
        assert rgba.getpixel((0, 0))[3] == 0  # type: ignore[index]
        assert rgba.getpixel((1, 1)) == (255, 0, 0, 255)


def test_animated_gif_becomes_png_of_its_first_frame() -> None:
    frames = [Image.new("RGB", (8, 8), "red"), Image.new("RGB", (8, 8), "blue")]
    data = encode(frames[0], "GIF", save_all=True, append_images=frames[1:], comment=b"hidden")

    result = reencode_image(data)

    assert (result.mime, result.ext, result.width, result.height) == ("image/png", "png", 8, 8)
    with Image.open(io.BytesIO(result.data)) as cleaned:
        assert not getattr(cleaned, "is_animated", False)
        assert is_red(cleaned.convert("RGB").getpixel((4, 4)))  # type: ignore[arg-type]


@pytest.mark.parametrize("lossless", [True, False])
def test_webp_stays_webp(lossless: bool) -> None:
    data = encode(two_colour(), "WEBP", lossless=lossless, exif=exif_with_orientation(3))

    result = reencode_image(data)

    assert (result.mime, result.ext) == ("image/webp", "webp")
    with Image.open(io.BytesIO(result.data)) as cleaned:
        assert not cleaned.getexif()
        # Orientation 3 is a half turn: red is now on the right.
        assert is_red(cleaned.convert("RGB").getpixel((35, 10)))  # type: ignore[arg-type]


def test_cmyk_jpeg_becomes_rgb() -> None:
    data = encode(Image.new("CMYK", (8, 8), (0, 255, 255, 0)), "JPEG")
    result = reencode_image(data)
    with Image.open(io.BytesIO(result.data)) as cleaned:
        assert cleaned.mode == "RGB"
        assert is_red(cleaned.getpixel((4, 4)))  # type: ignore[arg-type]


def test_icc_profile_is_converted_to_srgb_and_dropped() -> None:
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    data = encode(Image.new("RGB", (8, 8), "red"), "JPEG", icc_profile=profile)
    with Image.open(io.BytesIO(reencode_image(data).data)) as cleaned:
        assert "icc_profile" not in cleaned.info
        assert is_red(cleaned.getpixel((4, 4)))  # type: ignore[arg-type]


def test_svg_is_rejected_explicitly() -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    with rejected("unsupported_file_type") as info:
        reencode_image(svg)
    assert info.value.details["detected"] == "svg"


@pytest.mark.parametrize("data", [b"%PDF-1.4", b"BM\x00\x00", b"plain text"])
def test_other_types_are_unsupported(data: bytes) -> None:
    with rejected("unsupported_file_type"):
        reencode_image(data)


def test_pixel_cap_rejects_before_decoding() -> None:
    data = encode(Image.new("1", (8000, 6000)), "PNG")  # 48 MP, a few KB
    with rejected("image_too_large") as info:
        reencode_image(data)
    assert info.value.details == {"width": 8000, "height": 6000, "limit": 40_000_000}
    reencode_image(encode(Image.new("1", (8, 8)), "PNG"), UploadLimits(image_max_pixels=64))


def test_png_header_claiming_gigapixels_is_rejected_without_allocating() -> None:
    data = bytearray(encode(Image.new("L", (1, 1)), "PNG"))
    struct.pack_into(">II", data, 16, 100_000, 100_000)  # IHDR width, height
    struct.pack_into(">I", data, 29, zlib.crc32(bytes(data[12:29])))
    with rejected("image_too_large"):
        reencode_image(bytes(data))


def test_truncated_jpeg_is_invalid() -> None:
    data = encode(Image.effect_noise((256, 256), 64).convert("RGB"), "JPEG")
    with rejected("invalid_image"):
        reencode_image(data[: len(data) // 2])


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xd8\xff" + b"\0" * 100,
        b"\x89PNG\r\n\x1a\n" + b"garbage",
        b"GIF89a",
        b"RIFF\0\0\0\0WEBP",
    ],
)
def test_corrupt_images_are_invalid(data: bytes) -> None:
    with rejected("invalid_image"):
        reencode_image(data)


def test_image_size_cap_applies() -> None:
    with rejected("file_too_large"):
        reencode_image(encode(two_colour(), "PNG"), UploadLimits(max_bytes=10))


def test_reencode_jpeg_accepts_only_jpeg() -> None:
    with rejected("unsupported_file_type") as info:
        reencode_jpeg(encode(two_colour(), "PNG"))
    assert info.value.details["allowed"] == ["jpeg"]


def test_reencode_jpeg_fits_inside_the_requested_box() -> None:
    data = encode(two_colour((1280, 960)), "JPEG", exif=exif_with_orientation(1))
    result = reencode_jpeg(data, size=(640, 360))
    assert (result.mime, result.width, result.height) == ("image/jpeg", 480, 360)
    assert b"Spy Camera" not in result.data
    small = reencode_jpeg(encode(two_colour((64, 36)), "JPEG"), size=(640, 360))
    assert (small.width, small.height) == (64, 36)  # never scaled up


def test_reencode_jpeg_applies_orientation() -> None:
    noisy = Image.effect_noise((300, 200), 50).convert("RGB")
    data = encode(noisy, "JPEG", exif=exif_with_orientation(8))
    result = reencode_jpeg(data)
    assert (result.width, result.height) == (200, 300)


def test_animations_over_the_frame_cap_are_rejected_without_decoding() -> None:
    frames = [Image.new("RGB", (4, 4), color) for color in ("red", "blue", "green")]
    limits = UploadLimits(image_max_frames=2)
    for fmt in ("GIF", "PNG", "WEBP"):
        data = encode(frames[0], fmt, save_all=True, append_images=frames[1:])
        with rejected("too_many_frames") as info:
            reencode_image(data, limits)
        assert info.value.details == {"frames": 3, "limit": 2}, fmt
        reencode_image(data, UploadLimits(image_max_frames=3))
    with rejected("too_many_frames") as info:
        reencode_image(gif_many_frames(10_000))
    assert info.value.details == {"frames": 1001, "limit": 1000}  # counting stops there


def test_a_webp_canvas_is_measured_before_pillow_opens_it() -> None:
    with rejected("image_too_large") as info:
        reencode_image(webp_flood(16000))
    assert info.value.details == {"width": 16000, "height": 16000, "limit": 40_000_000}
