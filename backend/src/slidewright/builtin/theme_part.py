"""The theme part (`ppt/theme/theme1.xml`): colour scheme, font scheme and a flat format scheme.

The font scheme names a Latin and an East Asian face for headings (major) and body (minor),
plus script-specific faces, so Chinese text typed into any placeholder picks the theme's
Chinese font in PowerPoint just as Latin text picks the Latin one. The format scheme is flat
(solid fills, hairlines, no effects): shapes a user adds in PowerPoint then look current
rather than 2007-glossy.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from slidewright.builtin.style import SCHEME_SLOTS, Fonts, Palette

THEME_NAMESPACE = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _color_scheme(name: str, palette: Palette) -> str:
    slots = "".join(
        f'<a:{slot}><a:srgbClr val="{palette.hex_of(slot)}"/></a:{slot}>' for slot in SCHEME_SLOTS
    )
    return f"<a:clrScheme name={quoteattr(name)}>{slots}</a:clrScheme>"


def _font_collection(tag: str, latin: str, fonts: Fonts) -> str:
    scripts = {
        "Hans": fonts.east_asian,
        "Hant": fonts.traditional_chinese,
        "Jpan": "Yu Gothic",
        "Hang": "Malgun Gothic",
    }
    script_fonts = "".join(
        f"<a:font script={quoteattr(script)} typeface={quoteattr(face)}/>"
        for script, face in scripts.items()
    )
    return (
        f"<a:{tag}><a:latin typeface={quoteattr(latin)}/>"
        f'<a:ea typeface={quoteattr(fonts.east_asian)}/><a:cs typeface=""/>'
        f"{script_fonts}</a:{tag}>"
    )


def _font_scheme(name: str, fonts: Fonts) -> str:
    return (
        f"<a:fontScheme name={quoteattr(name)}>"
        f"{_font_collection('majorFont', fonts.heading, fonts)}"
        f"{_font_collection('minorFont', fonts.body, fonts)}"
        "</a:fontScheme>"
    )


_SOLID = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
_LINES = "".join(
    f'<a:ln w="{width}" cap="flat" cmpd="sng" algn="ctr">{_SOLID}'
    '<a:prstDash val="solid"/><a:miter lim="800000"/></a:ln>'
    for width in (6350, 12700, 19050)  # hairline, 1 pt, 1.5 pt
)
_NO_EFFECTS = "<a:effectStyle><a:effectLst/></a:effectStyle>" * 3
_FORMAT_SCHEME = (
    '<a:fmtScheme name="Flat">'
    f"<a:fillStyleLst>{_SOLID * 3}</a:fillStyleLst>"
    f"<a:lnStyleLst>{_LINES}</a:lnStyleLst>"
    f"<a:effectStyleLst>{_NO_EFFECTS}</a:effectStyleLst>"
    f"<a:bgFillStyleLst>{_SOLID * 3}</a:bgFillStyleLst>"
    "</a:fmtScheme>"
)


def theme_xml(name: str, palette: Palette, fonts: Fonts) -> bytes:
    xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<a:theme xmlns:a="{THEME_NAMESPACE}" name={quoteattr(name)}>'
        "<a:themeElements>"
        f"{_color_scheme(name, palette)}{_font_scheme(name, fonts)}{_FORMAT_SCHEME}"
        "</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>"
    )
    return xml.encode("utf-8")
