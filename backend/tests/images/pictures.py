"""Small pictures built in code for the image tests."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def picture(fmt: str = "PNG", size: tuple[int, int] = (40, 20), color: str = "teal") -> bytes:
    """A solid-colour picture in `fmt` (PNG, JPEG, GIF, WEBP)."""
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, fmt)
    return buffer.getvalue()


def jpeg_with_exif(size: tuple[int, int] = (40, 20)) -> bytes:
    """A JPEG whose EXIF says "rotate 90° clockwise" and carries a camera and a GPS position."""
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: the camera was turned; display rotated 90° CW
    exif[0x010F] = "SpyCam"  # Make
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (52.0, 22.0, 1.5)
    buffer = io.BytesIO()
    Image.new("RGB", size, "red").save(buffer, "JPEG", exif=exif.tobytes())
    return buffer.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares `width` x `height` pixels but carries almost no data (a pixel bomb
    as far as the header is concerned)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


SVG = (
    b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
)
