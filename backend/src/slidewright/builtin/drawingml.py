"""DrawingML / PresentationML snippets for masters, layouts and slide decorations.

python-pptx has no API for adding shapes to masters and layouts, so these are built as XML.
Elements are made through python-pptx's own parser, so the result behaves like any loaded
element (python-pptx later clones layout placeholders onto slides through its element classes).
"""

from __future__ import annotations

from typing import Any

from lxml.builder import ElementMaker
from pptx.oxml import oxml_parser
from pptx.oxml.ns import qn

from slidewright.builtin.style import Decor, Paint, Rect, Surface, TextStyle

EMU_PER_INCH = 914400
_NSMAP = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
}
A = ElementMaker(namespace=_NSMAP["a"], nsmap=_NSMAP, makeelement=oxml_parser.makeelement)
P = ElementMaker(namespace=_NSMAP["p"], nsmap=_NSMAP, makeelement=oxml_parser.makeelement)


def emu(inches: float) -> str:
    return str(round(inches * EMU_PER_INCH))


def scheme_color(paint: Paint) -> Any:
    color = A.schemeClr(val=paint.role)
    if paint.lum_mod is not None:
        color.append(A.lumMod(val=str(paint.lum_mod * 1000)))
    if paint.lum_off is not None:
        color.append(A.lumOff(val=str(paint.lum_off * 1000)))
    if paint.alpha is not None:
        color.append(A.alpha(val=str(paint.alpha * 1000)))
    return color


def solid_fill(paint: Paint) -> Any:
    return A.solidFill(scheme_color(paint))


def xfrm(rect: Rect, rotation: float = 0.0) -> Any:
    element = A.xfrm(A.off(x=emu(rect.x), y=emu(rect.y)), A.ext(cx=emu(rect.w), cy=emu(rect.h)))
    if rotation:
        element.set("rot", str(round(rotation * 60000)))
    return element


def next_shape_id(sp_tree: Any) -> int:
    ids = [int(el.get("id")) for el in sp_tree.iter(qn("p:cNvPr")) if el.get("id", "").isdigit()]
    return max(ids, default=1) + 1


def decor_shape(shape_id: int, name: str, decor: Decor, surface: Surface) -> Any:
    """A text-less preset shape; '@slot' colours resolve against `surface`."""
    fill = solid_fill(surface.resolve(decor.fill)) if decor.fill else A.noFill()
    if decor.line is not None and decor.line_pt > 0:
        line = A.ln(solid_fill(surface.resolve(decor.line)), w=str(round(decor.line_pt * 12700)))
    else:
        line = A.ln(A.noFill())
    return P.sp(
        P.nvSpPr(P.cNvPr(id=str(shape_id), name=name), P.cNvSpPr(), P.nvPr()),
        P.spPr(
            xfrm(decor.rect, decor.rotation), A.prstGeom(A.avLst(), prst=decor.prst), fill, line
        ),
    )


def run_properties(tag: str, style: TextStyle, surface: Surface) -> Any:
    """`a:defRPr` / `a:rPr` for `style`: size, weight, colour and the theme font pair."""
    props = A(tag, sz=str(round(style.size * 100)))
    if style.bold is not None:
        props.set("b", "1" if style.bold else "0")
    if style.italic:
        props.set("i", "1")
    props.append(solid_fill(surface.resolve(style.color)))
    major_or_minor = "mj" if style.font == "heading" else "mn"
    props.append(A.latin(typeface=f"+{major_or_minor}-lt"))
    props.append(A.ea(typeface=f"+{major_or_minor}-ea"))
    props.append(A.cs(typeface=f"+{major_or_minor}-cs"))
    return props


NUMBER_INDENT = 0.55  # inches reserved for "1." in a numbered list


def paragraph_properties(tag: str, style: TextStyle, surface: Surface) -> Any:
    """`a:lvlNpPr` for `style`: alignment, spacing, bullets, then the default run properties.

    Styles with "master" bullets leave indents and bullet characters to the master's body
    style; the others set their own indent, since the master's would leave a bullet-sized gap.
    """
    props = A(tag, algn=style.align, eaLnBrk="1", hangingPunct="1")
    if style.bullets != "master":
        indent = NUMBER_INDENT if style.bullets == "numbered" else 0.0
        props.set("marL", emu(indent))
        props.set("indent", emu(-indent))
    props.append(A.lnSpc(A.spcPct(val=str(style.line_spacing * 1000))))
    props.append(A.spcBef(A.spcPts(val=str(round(style.space_before * 100)))))
    if style.bullets == "none":
        props.append(A.buNone())
    elif style.bullets == "numbered":
        props.append(A.buClr(scheme_color(surface.accent)))
        props.append(A.buFont(typeface="+mj-lt"))
        props.append(A.buAutoNum(type="arabicPeriod"))
    props.append(run_properties("defRPr", style, surface))
    return props


def body_properties(style: TextStyle, *, autofit: bool = True) -> Any:
    """Zero side insets so text lines up with the grid; shrink-on-overflow like Office's own."""
    props = A.bodyPr(
        vert="horz",
        wrap="square",
        lIns="0",
        tIns=emu(0.04),
        rIns="0",
        bIns=emu(0.04),
        anchor=style.anchor,
        rtlCol="0",
    )
    props.append(A.normAutofit() if autofit else A.noAutofit())
    return props


def placeholder_shape(
    shape_id: int,
    name: str,
    ph: dict[str, str],
    rect: Rect | None,
    lst_style: Any,
    body_pr: Any,
    prompt: str,
    lang: str = "en-US",
) -> Any:
    """A placeholder for a master or layout; `ph` holds the `p:ph` attributes (type, idx),
    `lang` the prompt's language."""
    sp_pr = P.spPr()
    if rect is not None:
        sp_pr.append(xfrm(rect))
        sp_pr.append(A.prstGeom(A.avLst(), prst="rect"))
    return P.sp(
        P.nvSpPr(
            P.cNvPr(id=str(shape_id), name=name),
            P.cNvSpPr(A.spLocks(noGrp="1")),
            P.nvPr(P.ph(**ph)),
        ),
        sp_pr,
        P.txBody(
            body_pr,
            lst_style,
            A.p(A.r(A.rPr(lang=lang), A.t(prompt))),
        ),
    )


def text_box(
    shape_id: int, name: str, rect: Rect, text: str, style: TextStyle, surface: Surface
) -> Any:
    """A plain text box (used on layouts only, where it is design, not a fillable element)."""
    return P.sp(
        P.nvSpPr(P.cNvPr(id=str(shape_id), name=name), P.cNvSpPr(txBox="1"), P.nvPr()),
        P.spPr(xfrm(rect), A.prstGeom(A.avLst(), prst="rect"), A.noFill()),
        P.txBody(
            body_properties(style, autofit=False),
            A.lstStyle(),
            A.p(
                paragraph_properties("pPr", style, surface),
                A.r(run_properties("rPr", style, surface), A.t(text)),
            ),
        ),
    )


def background(paint: Paint) -> Any:
    return P.bg(P.bgPr(solid_fill(paint), A.effectLst()))


def empty_shape_tree() -> Any:
    return P.spTree(
        P.nvGrpSpPr(P.cNvPr(id="1", name=""), P.cNvGrpSpPr(), P.nvPr()),
        P.grpSpPr(
            A.xfrm(
                A.off(x="0", y="0"),
                A.ext(cx="0", cy="0"),
                A.chOff(x="0", y="0"),
                A.chExt(cx="0", cy="0"),
            )
        ),
    )
