"""The sample picture: an abstract gradient in the theme's colours, painted with Pillow.

A real raster picture (not a placeholder prompt) makes the picture slide parse as a picture
element and shows how a photo sits in the layout. It is painted deterministically: the same
theme always yields the same JPEG bytes.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFilter

# 180 pixels per inch of the picture frame (6.2 x 7.5 in): sharp on screen, ~100 KB as JPEG.
_SIZE = (1116, 1350)


def _rgb(hex_color: str) -> tuple[int, int, int]:
    return int(hex_color[0:2], 16), int(hex_color[2:4], 16), int(hex_color[4:6], 16)


def _diagonal_gradient(start: str, end: str) -> Image.Image:
    width, height = _SIZE
    ramp = Image.linear_gradient("L").rotate(45, resample=Image.Resampling.BICUBIC, expand=True)
    side = ramp.width
    ramp = ramp.crop((side // 4, side // 4, side - side // 4, side - side // 4))
    mask = ramp.resize(_SIZE, Image.Resampling.BICUBIC)
    return Image.composite(
        Image.new("RGB", (width, height), _rgb(end)),
        Image.new("RGB", (width, height), _rgb(start)),
        mask,
    )


def _soft_glows(glow: str) -> Image.Image:
    """Large blurred discs: depth without any recognisable object."""
    width, height = _SIZE
    layer = Image.new("RGBA", _SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    color = _rgb(glow)
    for cx, cy, radius, alpha in (
        (0.78, 0.22, 0.42, 200),
        (0.18, 0.70, 0.36, 150),
        (0.62, 0.92, 0.26, 120),
    ):
        x, y, r = cx * width, cy * height, radius * width
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(*color, alpha))
    return layer.filter(ImageFilter.GaussianBlur(radius=width // 9))


def _arcs() -> Image.Image:
    """Thin concentric rings from one corner: a quiet, architectural line pattern."""
    width, height = _SIZE
    layer = Image.new("RGBA", _SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    cx, cy = width * 0.08, height * 1.02
    for step in range(7):
        r = width * (0.35 + 0.16 * step)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(255, 255, 255, 46), width=3)
    return layer


def gradient_artwork(start: str, end: str, glow: str) -> bytes:
    """JPEG bytes of the artwork; colours are RRGGBB."""
    image = _diagonal_gradient(start, end).convert("RGBA")
    image.alpha_composite(_soft_glows(glow))
    image.alpha_composite(_arcs())
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="JPEG", quality=88, optimize=True)
    return buffer.getvalue()
