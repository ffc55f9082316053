"""Filling a picture element: a new image relationship, cover-cropped into the original frame.

The template's image part is never overwritten (other slides, and other copies of this one,
still show it); the picture gets a relationship to a new (or an identical, shared) image part.
The frame keeps its position and size, and the image is cropped through `a:srcRect` to fill it
without distortion, centred, like PowerPoint's "Fill" crop. An empty picture placeholder (an
`p:sp` with `<p:ph type="pic"/>`) becomes a `p:pic` placeholder, as PowerPoint's own
"insert picture" does.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageOps, UnidentifiedImageError
from pptx.opc.constants import RELATIONSHIP_TYPE as RT

from slidewright.pptx_engine.alt_text import set_alt_text
from slidewright.pptx_engine.ooxml import qn
from slidewright.pptx_engine.xmledit import BLIP_FILL_ORDER, insert_ordered, new, sub

# Formats python-pptx (and PowerPoint) embed as they are; anything else is re-encoded to PNG.
_NATIVE_FORMATS = {"PNG": "png", "JPEG": "jpg", "GIF": "gif", "BMP": "bmp", "TIFF": "tiff"}
_ORIENTATION_TAG = 0x0112
# Never decode a pixel bomb; real photos are far below this.
MAX_PIXELS = 80_000_000


class InvalidImage(ValueError):
    """The bytes are not an image we can place."""


@dataclass(frozen=True)
class PreparedImage:
    blob: bytes
    width_px: int
    height_px: int
    sha1: str


def prepare_image(data: bytes) -> PreparedImage:
    """Check the bytes are an image and normalise what PowerPoint would show differently.

    JPEGs with an EXIF rotation are turned upright (PowerPoint and LibreOffice disagree about
    honouring the tag, and the crop is computed from the upright size); formats PowerPoint does
    not embed (WebP, ...) are re-encoded to PNG.
    """
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.width * image.height > MAX_PIXELS:
                raise InvalidImage("the image has too many pixels")
            image_format = image.format or ""
            orientation = image.getexif().get(_ORIENTATION_TAG, 1) if image_format == "JPEG" else 1
            if image_format in _NATIVE_FORMATS and orientation in (1, None):
                width, height = image.size
                blob = data
            else:
                image.load()
                upright = ImageOps.exif_transpose(image) or image
                buffer = io.BytesIO()
                if image_format == "JPEG":
                    upright.save(buffer, "JPEG", quality=92)
                else:
                    if upright.mode not in ("RGB", "RGBA", "L", "LA", "P"):
                        upright = upright.convert("RGBA")
                    upright.save(buffer, "PNG")
                width, height = upright.size
                blob = buffer.getvalue()
    except InvalidImage:
        raise
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
        raise InvalidImage("not a supported image") from exc
    if width <= 0 or height <= 0:
        raise InvalidImage("the image is empty")
    return PreparedImage(blob, width, height, hashlib.sha1(blob).hexdigest())


class ImageParts:
    """Image parts by content hash for one export: one part per distinct image in the deck."""

    def __init__(self) -> None:
        self._by_sha1: dict[str, Any] = {}

    def relate(self, slide_part: Any, image: PreparedImage) -> str:
        """The rId of a relationship from `slide_part` to the image's (possibly shared) part."""
        part = self._by_sha1.get(image.sha1)
        if part is None:
            # python-pptx reuses an identical image already in the package (its own SHA-1
            # lookup) and names new parts /ppt/media/imageN.ext.
            part, r_id = slide_part.get_or_add_image_part(io.BytesIO(image.blob))
            self._by_sha1[image.sha1] = part
            return str(r_id)
        return str(slide_part.relate_to(part, RT.IMAGE))


def cover_crop(image_w: float, image_h: float, frame_w: float, frame_h: float) -> dict[str, str]:
    """`a:srcRect` attributes (1/1000 %) cropping the image to the frame's aspect, centred."""
    if min(image_w, image_h, frame_w, frame_h) <= 0:
        return {}
    image_ratio = image_w / image_h
    frame_ratio = frame_w / frame_h
    if abs(image_ratio - frame_ratio) < 1e-6:
        return {}
    if image_ratio > frame_ratio:  # too wide: crop left and right
        each = round((1 - frame_ratio / image_ratio) / 2 * 100000)
        return {"l": str(each), "r": str(each)} if each else {}
    each = round((1 - image_ratio / frame_ratio) / 2 * 100000)
    return {"t": str(each), "b": str(each)} if each else {}


def fill_picture(
    shape: Any,
    *,
    image: PreparedImage,
    r_id: str,
    frame_emu: tuple[float, float],
    alt: str | None,
) -> Any:
    """Point the picture at `r_id` (already related) and crop it into its frame.

    Returns the picture element: `shape` itself, or the `p:pic` that replaced an empty picture
    placeholder.
    """
    if shape.tag == qn("p:sp"):
        shape = _placeholder_to_picture(shape)
    blip_fill = shape.find(qn("p:blipFill"))
    if blip_fill is None:
        blip_fill = new("p:blipFill")
        sp_pr = shape.find(qn("p:spPr"))
        if sp_pr is not None:
            sp_pr.addprevious(blip_fill)
        else:
            shape.append(blip_fill)
    blip = blip_fill.find(qn("a:blip"))
    if blip is None:
        blip = insert_ordered(blip_fill, new("a:blip"), BLIP_FILL_ORDER)
    blip.set(qn("r:embed"), r_id)
    if qn("r:link") in blip.attrib:  # a linked picture would keep showing the linked file
        del blip.attrib[qn("r:link")]
    # The blip's extensions describe the old image: an SVG original (shown instead of the
    # bitmap by Office 2016+), or the source layer of an artistic effect. Both would bring the
    # sample image back.
    for extensions in blip.findall(qn("a:extLst")):
        blip.remove(extensions)
    tile = blip_fill.find(qn("a:tile"))
    if tile is not None:
        blip_fill.remove(tile)
    crop = cover_crop(image.width_px, image.height_px, *frame_emu)
    insert_ordered(blip_fill, new("a:srcRect", crop), BLIP_FILL_ORDER)
    if blip_fill.find(qn("a:stretch")) is None:
        stretch = insert_ordered(blip_fill, new("a:stretch"), BLIP_FILL_ORDER)
        sub(stretch, "a:fillRect")
    # The template's description (or decorative mark) was about its sample image; the new
    # picture is the user's content, described by the gallery's alt text or not at all (the
    # writer's accessibility check then reports it).
    set_alt_text(shape, alt)
    return shape


def _placeholder_to_picture(sp: Any) -> Any:
    """A `p:pic` placeholder in place of an empty picture placeholder `p:sp`, same id/name."""
    old_nv = sp.find(qn("p:nvSpPr"))
    pic = new("p:pic")
    nv = sub(pic, "p:nvPicPr")
    c_nv_pr = old_nv.find(qn("p:cNvPr")) if old_nv is not None else None
    nv.append(c_nv_pr if c_nv_pr is not None else new("p:cNvPr", {"id": "0", "name": ""}))
    c_nv_pic_pr = sub(nv, "p:cNvPicPr")
    sub(c_nv_pic_pr, "a:picLocks", {"noGrp": "1", "noChangeAspect": "1"})
    nv_pr = old_nv.find(qn("p:nvPr")) if old_nv is not None else None
    nv.append(nv_pr if nv_pr is not None else new("p:nvPr"))
    sub(pic, "p:blipFill")
    sp_pr = sp.find(qn("p:spPr"))
    pic.append(sp_pr if sp_pr is not None else new("p:spPr"))
    sp.addprevious(pic)
    sp.getparent().remove(sp)
    return pic
