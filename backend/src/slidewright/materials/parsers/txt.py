"""Plain text materials: detect the encoding, refuse binary data, normalize newlines."""

from __future__ import annotations

import codecs
import re
from typing import Final

import charset_normalizer

from slidewright.materials.parsers.errors import INVALID_TEXT, MaterialParseError

_BOMS: Final = (
    # UTF-32 first: its little-endian BOM starts with UTF-16's.
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Share of the multi-byte GB18030 sequences that must fall in the GB2312 area (common Hanzi and
# CJK punctuation) for a non-UTF-8 file to be read as Chinese. Text in a Latin code page such
# as cp1252 often decodes "successfully" as GB18030 ('Müller' does), but its byte pairs land
# outside that area, so those files go to charset-normalizer instead.
_GB2312_SHARE: Final = 0.9
_GB_SAMPLE_BYTES: Final = 64 * 1024
_TIE_PREFERENCE: Final = "cp1252"
# C0 controls other than tab, newline, vertical tab, form feed and carriage return: a few are
# dropped, more than 1% of the text means it is binary data.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


def decode_text(data: bytes) -> str:
    """Bytes of a text file to a str with '\\n' newlines; `invalid_text` for binary data.

    Order: a BOM (UTF-8, UTF-16, UTF-32) decides; else strict UTF-8; else strict GB18030 when
    the bytes look like Chinese; else charset-normalizer's best guess.
    """
    text = _decode(data)
    if text.startswith("\ufeff"):
        text = text[1:]
    controls = len(_CONTROL.findall(text))
    if controls > 2 and controls * 100 > len(text):
        raise _binary()
    if controls:
        text = _CONTROL.sub("", text)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _binary() -> MaterialParseError:
    return MaterialParseError(INVALID_TEXT, "The file is not readable text.")


def _decode(data: bytes) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                break
    if b"\x00" in data:
        raise _binary()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if _looks_like_gb(data):
        try:
            return data.decode("gb18030")
        except UnicodeDecodeError:
            pass
    results = charset_normalizer.from_bytes(data)
    best = results.best()
    if best is None:
        raise _binary()
    # Short Western texts often score exactly the same in several Latin code pages
    # ('crème' is 'crčme' in cp1250); on a tie, prefer Windows-1252, the usual one.
    for match in results:
        tied = match.chaos == best.chaos and match.coherence == best.coherence
        if tied and match.encoding == _TIE_PREFERENCE:
            return str(match)
    return str(best)


def _looks_like_gb(data: bytes) -> bool:
    """Whether most multi-byte GB18030 sequences are GB2312 Hanzi or CJK punctuation."""
    total = in_gb2312 = 0
    data = data[:_GB_SAMPLE_BYTES]
    i, n = 0, len(data)
    while i < n:
        lead = data[i]
        if lead < 0x80:
            i += 1
            continue
        trail = data[i + 1] if i + 1 < n else 0
        total += 1
        if 0x30 <= trail <= 0x39:  # four-byte sequence
            i += 4
            continue
        if 0xA1 <= lead <= 0xF7 and 0xA1 <= trail <= 0xFE:
            in_gb2312 += 1
        i += 2
    return total > 0 and in_gb2312 >= total * _GB2312_SHARE


def parse_txt(data: bytes) -> str:
    """The text of a .txt material."""
    return decode_text(data)
