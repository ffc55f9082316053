"""Effective text properties: what a run or paragraph inherits when it does not say.

DrawingML resolves a property in this order: the run's `a:rPr` (the paragraph's `a:pPr` for
paragraph properties), the text body's own list style (`a:lstStyle/a:lvlNpPr`), then for a
placeholder the matching layout and master placeholders' list styles and the master's text
style (`p:titleStyle` for titles, `p:bodyStyle` for the rest), and finally the presentation's
`p:defaultTextStyle`. Font names may be theme references (`+mn-lt`, `+mj-ea`) resolved through
the master's theme. The fitter needs sizes, fonts, margins and spacing; the CJK pass needs the
East Asian font. Both read them here, so they agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from slidewright.pptx_engine.ooxml import bool_attr, int_attr, qn
from slidewright.pptx_engine.text import text_body

_LST_STYLE = qn("a:lstStyle")
_DEF_RPR = qn("a:defRPr")
_BODY_PR = qn("a:bodyPr")
_TITLE_TYPES = frozenset({"title", "ctrTitle"})
_AUTOFIT_TAGS = frozenset(qn(f"a:{name}") for name in ("noAutofit", "normAutofit", "spAutoFit"))

DEFAULT_SIZE_PT = 18.0
DEFAULT_INSETS = {"lIns": 91440, "rIns": 91440, "tIns": 45720, "bIns": 45720}


# -- theme fonts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ThemeFonts:
    """The theme's font scheme: major (headings) and minor (body) Latin and East Asian faces."""

    major_latin: str = ""
    minor_latin: str = ""
    major_ea: str = ""
    minor_ea: str = ""

    @classmethod
    def from_theme(cls, theme: Any) -> ThemeFonts:
        """`theme` is the `a:theme` element (or None)."""
        if theme is None:
            return cls()
        scheme = theme.find(f"{qn('a:themeElements')}/{qn('a:fontScheme')}")
        if scheme is None:
            return cls()

        def collection(tag: str) -> tuple[str, str]:
            font = scheme.find(qn(tag))
            if font is None:
                return "", ""
            latin = font.find(qn("a:latin"))
            ea = font.find(qn("a:ea"))
            return (
                "" if latin is None else latin.get("typeface", ""),
                "" if ea is None else ea.get("typeface", ""),
            )

        major_latin, major_ea = collection("a:majorFont")
        minor_latin, minor_ea = collection("a:minorFont")
        return cls(major_latin, minor_latin, major_ea, minor_ea)

    def resolve(self, typeface: str) -> str:
        """A typeface with theme references (`+mj-lt`, `+mn-ea`, ...) replaced; may be ''."""
        references = {
            "+mj-lt": self.major_latin,
            "+mn-lt": self.minor_latin,
            "+mj-ea": self.major_ea,
            "+mn-ea": self.minor_ea,
        }
        return references.get(typeface, typeface)


# -- resolved properties -----------------------------------------------------------------------


@dataclass(frozen=True)
class RunProps:
    size_pt: float
    latin: str  # resolved family ('' when nothing names one)
    ea: str  # resolved East Asian family ('' when the chain resolves to an empty theme slot)
    ea_declared: bool  # some level of the chain names an East Asian typeface
    bold: bool
    italic: bool
    major: bool  # the chain's fonts are the theme's heading (major) fonts


@dataclass(frozen=True)
class Spacing:
    """`a:lnSpc` / `a:spcBef` / `a:spcAft`: a percentage of the line (1.0 = single) or points."""

    percent: float | None = None
    points: float | None = None


@dataclass(frozen=True)
class ParagraphProps:
    level: int
    margin_left_emu: int
    indent_emu: int
    line_spacing: Spacing
    space_before: Spacing
    space_after: Spacing


@dataclass(frozen=True)
class BodyProps:
    insets: dict[str, int]
    wrap: bool
    vertical: bool
    columns: int
    column_spacing_emu: int
    anchor: str  # 't', 'ctr', 'b', ...
    autofit: str | None  # 'normAutofit', 'spAutoFit', 'noAutofit' or None (none set)


# -- the chain ---------------------------------------------------------------------------------


class TextStyle:
    """The inheritance chain of one text body (a shape's `p:txBody`).

    `ancestors` are the layout and master placeholder shapes a placeholder inherits from
    (nearest first, as `PlaceholderResolver` returns them); `master` is the `p:sldMaster`,
    `default_text_style` the presentation's `p:defaultTextStyle`.
    """

    def __init__(
        self,
        body: Any,
        *,
        ancestors: tuple[Any, ...] = (),
        master: Any = None,
        ph_type: str | None = None,
        default_text_style: Any = None,
        theme: ThemeFonts | None = None,
        shape: Any = None,
    ) -> None:
        self.body = body
        self.ph_type = ph_type
        self.theme = theme or ThemeFonts()
        self._ancestor_bodies = [text_body(a) for a in ancestors]
        self._master = master
        self._default_text_style = default_text_style
        self._font_ref = _font_ref(shape)
        self._levels: dict[int, list[Any]] = {}

    # -- level chain ----------------------------------------------------------------------------

    def level_chain(self, level: int) -> list[Any]:
        """The `a:lvlNpPr` elements (nearest first) that a paragraph at `level` inherits."""
        cached = self._levels.get(level)
        if cached is not None:
            return cached
        tag = qn(f"a:lvl{level + 1}pPr")
        chain: list[Any] = []
        for body in (self.body, *self._ancestor_bodies):
            if body is not None:
                found = body.find(f"{_LST_STYLE}/{tag}")
                if found is not None:
                    chain.append(found)
        if self.ph_type is not None and self._master is not None:
            style = "p:titleStyle" if self.ph_type in _TITLE_TYPES else "p:bodyStyle"
            found = self._master.find(f"{qn('p:txStyles')}/{qn(style)}/{tag}")
            if found is not None:
                chain.append(found)
        if self._default_text_style is not None:
            found = self._default_text_style.find(tag)
            if found is not None:
                chain.append(found)
        self._levels[level] = chain
        return chain

    def _run_sources(self, rpr: Any, level: int) -> list[Any]:
        sources = [] if rpr is None else [rpr]
        for ppr in self.level_chain(level):
            defrpr = ppr.find(_DEF_RPR)
            if defrpr is not None:
                sources.append(defrpr)
        return sources

    # -- runs -----------------------------------------------------------------------------------

    def run_props(self, rpr: Any, level: int) -> RunProps:
        sources = self._run_sources(rpr, level)
        size = next((int_attr(s, "sz") for s in sources if int_attr(s, "sz") > 0), 0)
        bold = next((bool_attr(s, "b") for s in sources if s.get("b") is not None), False)
        italic = next((bool_attr(s, "i") for s in sources if s.get("i") is not None), False)
        latin_raw = _typeface(sources, "a:latin")
        ea_raw = _typeface(sources, "a:ea")
        if latin_raw is None:
            latin_raw = "+mj-lt" if self._default_major() else "+mn-lt"
        major = latin_raw.startswith("+mj") or (latin_raw[:1] != "+" and self._default_major())
        ea_declared = ea_raw is not None
        if ea_raw is None:
            ea_raw = "+mj-ea" if major else "+mn-ea"
        return RunProps(
            size_pt=size / 100 if size else DEFAULT_SIZE_PT,
            latin=self.theme.resolve(latin_raw),
            ea=self.theme.resolve(ea_raw),
            ea_declared=ea_declared,
            bold=bold,
            italic=italic,
            major=major,
        )

    def _default_major(self) -> bool:
        if self._font_ref is not None:
            return self._font_ref == "major"
        return self.ph_type in _TITLE_TYPES

    # -- paragraphs -----------------------------------------------------------------------------

    def paragraph_props(self, ppr: Any) -> ParagraphProps:
        level = min(max(int_attr(ppr, "lvl", 0), 0), 8)
        chain = ([ppr] if ppr is not None else []) + self.level_chain(level)
        return ParagraphProps(
            level=level,
            margin_left_emu=_first_int(chain, "marL"),
            indent_emu=_first_int(chain, "indent"),
            line_spacing=_spacing(chain, "a:lnSpc"),
            space_before=_spacing(chain, "a:spcBef"),
            space_after=_spacing(chain, "a:spcAft"),
        )

    def inherited_margin(self, level: int) -> int | None:
        """The left margin (EMU) a paragraph at `level` inherits, or None when no style sets it."""
        for ppr in self.level_chain(level):
            if ppr.get("marL") is not None:
                return int_attr(ppr, "marL", 0)
        return None

    # -- the body -------------------------------------------------------------------------------

    def body_props(self) -> BodyProps:
        chain = [
            body_pr
            for body in (self.body, *self._ancestor_bodies)
            if body is not None and (body_pr := body.find(_BODY_PR)) is not None
        ]

        def attr(name: str) -> str | None:
            return next((bp.get(name) for bp in chain if bp.get(name) is not None), None)

        insets = {name: _int_or(attr(name), default) for name, default in DEFAULT_INSETS.items()}
        vert = attr("vert") or "horz"
        autofit = next(
            (
                child.tag.rsplit("}", 1)[-1]
                for bp in chain
                for child in bp
                if child.tag in _AUTOFIT_TAGS
            ),
            None,
        )
        return BodyProps(
            insets=insets,
            wrap=(attr("wrap") or "square") != "none",
            vertical=vert not in ("horz", ""),
            columns=max(1, _int_or(attr("numCol"), 1)),
            column_spacing_emu=_int_or(attr("spcCol"), 0),
            anchor=attr("anchor") or "t",
            autofit=autofit,
        )


def _font_ref(shape: Any) -> str | None:
    """`p:style/a:fontRef/@idx` of a styled shape ('major' / 'minor'), or None."""
    if shape is None:
        return None
    ref = shape.find(f"{qn('p:style')}/{qn('a:fontRef')}")
    return None if ref is None else ref.get("idx")


def _typeface(sources: list[Any], tag: str) -> str | None:
    for source in sources:
        font = source.find(qn(tag))
        if font is not None and font.get("typeface") is not None:
            return str(font.get("typeface"))
    return None


def _first_int(chain: list[Any], name: str) -> int:
    for ppr in chain:
        if ppr.get(name) is not None:
            return int_attr(ppr, name, 0)
    return 0


def _spacing(chain: list[Any], tag: str) -> Spacing:
    for ppr in chain:
        spacing = ppr.find(qn(tag))
        if spacing is None:
            continue
        pct = spacing.find(qn("a:spcPct"))
        if pct is not None:
            return Spacing(percent=int_attr(pct, "val", 100000) / 100000)
        pts = spacing.find(qn("a:spcPts"))
        if pts is not None:
            return Spacing(points=int_attr(pts, "val", 0) / 100)
    return Spacing()


def _int_or(value: str | None, default: int) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        try:
            return int(float(value))
        except ValueError:
            return default
