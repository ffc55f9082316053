"""Font files for measuring text: the template's font when installed, else a metric twin.

PowerPoint templates name Windows and Mac fonts (Calibri, Cambria, Arial, Microsoft YaHei) that
a Linux server rarely has. The crosextra and Liberation families are metric-compatible clones
(same advance widths, so the same line breaks), and Noto Sans/Serif CJK stand in for the Chinese
UI fonts (CJK glyphs are one em wide in all of them). Anything else goes to fontconfig's best
match (`fc-match`), which at worst is a wide sans (DejaVu) and so errs on the side of shrinking.

Widths are measured once per (font, text) at a large size with Pillow's FreeType binding and
kept in em units; scaling to a point size is a multiplication, so trying several font scales
costs no re-measurement.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageFont

# Lower-cased family -> installed metric-compatible family.
_ALIASES: dict[str, str] = {
    "calibri": "Carlito",
    "calibri light": "Carlito",
    "cambria": "Caladea",
    "cambria math": "Caladea",
    "arial": "Liberation Sans",
    "helvetica": "Liberation Sans",
    "helvetica neue": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow",
    "times new roman": "Liberation Serif",
    "times": "Liberation Serif",
    "courier new": "Liberation Mono",
    "courier": "Liberation Mono",
    # Simplified Chinese UI and print fonts.
    "microsoft yahei": "Noto Sans CJK SC",
    "microsoft yahei ui": "Noto Sans CJK SC",
    "微软雅黑": "Noto Sans CJK SC",
    "dengxian": "Noto Sans CJK SC",
    "等线": "Noto Sans CJK SC",
    "simhei": "Noto Sans CJK SC",
    "黑体": "Noto Sans CJK SC",
    "pingfang sc": "Noto Sans CJK SC",
    "source han sans sc": "Noto Sans CJK SC",
    "simsun": "Noto Serif CJK SC",
    "宋体": "Noto Serif CJK SC",
    "nsimsun": "Noto Serif CJK SC",
    "新宋体": "Noto Serif CJK SC",
    "fangsong": "Noto Serif CJK SC",
    "仿宋": "Noto Serif CJK SC",
    "kaiti": "Noto Serif CJK SC",
    "楷体": "Noto Serif CJK SC",
    # Traditional Chinese (Hong Kong / Taiwan).
    "microsoft jhenghei": "Noto Sans CJK HK",
    "microsoft jhenghei ui": "Noto Sans CJK HK",
    "微軟正黑體": "Noto Sans CJK HK",
    "pmingliu": "Noto Serif CJK HK",
    "mingliu": "Noto Serif CJK HK",
    "新細明體": "Noto Serif CJK HK",
    "pingfang hk": "Noto Sans CJK HK",
    "pingfang tc": "Noto Sans CJK TC",
    # Japanese and Korean defaults of Office themes.
    "yu gothic": "Noto Sans CJK JP",
    "游ゴシック": "Noto Sans CJK JP",
    "ms gothic": "Noto Sans CJK JP",
    "meiryo": "Noto Sans CJK JP",
    "ms mincho": "Noto Serif CJK JP",
    "malgun gothic": "Noto Sans CJK KR",
    "맑은 고딕": "Noto Sans CJK KR",
}

DEFAULT_LATIN = "Calibri"
DEFAULT_EAST_ASIAN = {"zh-CN": "Microsoft YaHei", "zh-HK": "Microsoft JhengHei"}

# Measuring size in pixels: large enough that FreeType's integer rounding is negligible.
_MEASURE_PX = 1000
_FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".fonts")


@dataclass(frozen=True)
class FontFace:
    """An installed font file (and face index inside a .ttc collection)."""

    path: str
    index: int


def measuring_family(family: str) -> str:
    """The installed family used to measure `family` (itself when no alias is known)."""
    return _ALIASES.get(family.strip().lower(), family.strip())


@functools.lru_cache(maxsize=256)
def find_face(family: str, bold: bool = False, italic: bool = False) -> FontFace | None:
    """The font file for a family and style, or None when nothing usable is installed."""
    target = measuring_family(family) or DEFAULT_LATIN
    pattern = target + (":bold" if bold else "") + (":italic" if italic else "")
    face = _fc_match(pattern)
    if face is None:
        face = _scan(target, bold, italic)
    return face


def _fc_match(pattern: str) -> FontFace | None:
    executable = shutil.which("fc-match")
    if executable is None:
        return None
    try:
        result = subprocess.run(
            [executable, "-f", "%{file}|%{index}", pattern],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    path, _, index = result.stdout.strip().partition("|")
    if result.returncode != 0 or not path or not Path(path).is_file():
        return None
    try:
        return FontFace(path, int(index or 0))
    except ValueError:
        return FontFace(path, 0)


def _scan(family: str, bold: bool, italic: bool) -> FontFace | None:
    """Without fontconfig: a file whose name starts with the family name (spaces removed)."""
    stem = family.replace(" ", "").lower()
    wanted = ("bold" if bold else "") + ("italic" if italic else "") or "regular"
    candidates: list[Path] = []
    for folder in _FONT_DIRS:
        if folder.is_dir():
            candidates.extend(
                path
                for path in folder.rglob("*")
                if path.suffix.lower() in (".ttf", ".otf", ".ttc")
                and path.name.lower().replace(" ", "").startswith(stem)
            )
    if not candidates:
        return None
    candidates.sort(key=lambda p: (wanted not in p.stem.lower().replace("-", ""), len(p.name)))
    return FontFace(str(candidates[0]), 0)


class FontMetrics:
    """Advance widths and line height of one face, in em (1.0 = the font size)."""

    def __init__(self, face: FontFace) -> None:
        self.face = face
        self._font = ImageFont.truetype(
            face.path, _MEASURE_PX, index=face.index, layout_engine=ImageFont.Layout.BASIC
        )
        # FreeType's `height` is the font's own line spacing (ascender + descender + line gap):
        # what PowerPoint and LibreOffice use for single line spacing.
        self.line_height_em = self._font.font.height / _MEASURE_PX
        self._widths: dict[str, float] = {}
        self._lock = threading.Lock()

    def width_em(self, text: str) -> float:
        width = self._widths.get(text)
        if width is None:
            # One FreeType face is not safe to use from two threads at once (exports may run
            # in parallel job threads), so measuring happens under the lock.
            with self._lock:
                width = self._font.getlength(text) / _MEASURE_PX
                if len(self._widths) > 50_000:  # a long-running server: bound the cache
                    self._widths.clear()
                self._widths[text] = width
        return width


class _Estimate:
    """The fallback when no font file is installed at all: half an em per Latin character."""

    line_height_em = 1.2

    def width_em(self, text: str) -> float:
        return 0.5 * len(text)


Metrics = FontMetrics | _Estimate


@functools.lru_cache(maxsize=128)
def _metrics_for_face(face: FontFace) -> FontMetrics:
    return FontMetrics(face)


@functools.lru_cache(maxsize=256)
def metrics(family: str, bold: bool = False, italic: bool = False) -> Metrics:
    """Metrics of a family (cached for the process; font files do not change under us)."""
    face = find_face(family, bold, italic)
    if face is None:
        return _Estimate()
    try:
        return _metrics_for_face(face)
    except OSError:
        return _Estimate()
