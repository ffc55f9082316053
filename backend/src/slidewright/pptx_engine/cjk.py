"""Chinese (and other East Asian) text in runs: script splitting, `lang` and the `a:ea` font.

PowerPoint picks a run's font per character class: Latin letters use `a:latin`, CJK ideographs
`a:ea`. A Western template usually leaves its theme's East Asian slot empty, and then the
Chinese text falls back to whatever the viewer's machine has, often a bitmap-looking SimSun. So
a run holding CJK gets `lang="zh-CN"` (spell-check, line breaking) and an East Asian font that
really exists: the one the run already inherits when it names a face, else the theme's
(`+mn-ea` / `+mj-ea`), else Microsoft YaHei (JhengHei for Hong Kong), which every Windows and
Mac Office installation has. Mixed text is split into runs per script so the Latin parts keep
their own language for spell-checking.
"""

from __future__ import annotations

from typing import Literal

from slidewright.pptx_engine.fonts import DEFAULT_EAST_ASIAN
from slidewright.pptx_engine.textprops import RunProps, ThemeFonts

EastAsianLang = Literal["zh-CN", "zh-HK"]

# Code point ranges written with an East Asian font: CJK punctuation, kana, bopomofo, Hangul,
# ideographs (with extensions and compatibility forms) and full-width forms.
_RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation (、。「」)
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x3130, 0x318F),  # Hangul compatibility Jamo
    (0x31A0, 0x31FF),  # Bopomofo extended, CJK strokes, Katakana extensions
    (0x3200, 0x33FF),  # Enclosed CJK letters, CJK compatibility
    (0x3400, 0x4DBF),  # CJK Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # Half-width and full-width forms (，：！)
    (0x20000, 0x3134F),  # Extensions B to G
)
# The same ranges as a regular-expression character class body, for tokenizers.
CHAR_CLASS = "".join(f"{chr(low)}-{chr(high)}" for low, high in _RANGES)


def is_east_asian(char: str) -> bool:
    code = ord(char)
    if code < 0x1100:
        return False
    return any(low <= code <= high for low, high in _RANGES)


def has_east_asian(text: str) -> bool:
    return any(is_east_asian(char) for char in text)


def _is_neutral(char: str) -> bool:
    """Spaces, digits and ASCII punctuation belong to whichever script surrounds them."""
    return char.isspace() or (char.isascii() and not char.isalpha())


def split_by_script(text: str) -> list[tuple[str, bool]]:
    """`text` cut into (segment, is_east_asian) runs; neutral characters join the run before.

    "Revenue 收入 2025" -> [("Revenue ", False), ("收入 2025", True)]. Leading neutral
    characters join the first real run, so a segment never consists of spaces alone.
    """
    if text.isascii():  # the common case, and all below 0x1100: one Latin run
        return [(text, False)] if text else []
    segments: list[tuple[str, bool]] = []
    current: list[str] = []
    current_kind: bool | None = None
    for char in text:
        if _is_neutral(char):
            current.append(char)
            continue
        kind = is_east_asian(char)
        if current_kind is None or kind == current_kind:
            current_kind = kind
            current.append(char)
        else:
            segments.append(("".join(current), current_kind))
            current, current_kind = [char], kind
    if current:
        segments.append(("".join(current), bool(current_kind)))
    return segments


def east_asian_lang(deck_lang: str) -> EastAsianLang:
    """The `lang` for CJK runs: the deck's Chinese variant; Simplified in an English deck."""
    return "zh-HK" if deck_lang == "zh-HK" else "zh-CN"


def east_asian_typeface(props: RunProps, theme: ThemeFonts, lang: EastAsianLang) -> str | None:
    """The `a:ea` typeface to write on a CJK run, or None when what it inherits is fine.

    None when the run's chain already names a real face (directly or through a non-empty theme
    slot). Otherwise the theme reference when the theme defines one, else the Office default
    for the language.
    """
    if props.ea_declared and props.ea:
        return None
    theme_ea = theme.major_ea if props.major else theme.minor_ea
    if theme_ea:
        return "+mj-ea" if props.major else "+mn-ea"
    # Not the theme's per-script fallback: in Office's older default themes that is SimSun /
    # PMingLiU, the dated serif faces a Western template never chose on purpose.
    return DEFAULT_EAST_ASIAN[lang]
