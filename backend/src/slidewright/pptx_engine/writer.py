"""The export engine: the template's own slides, copied in deck order and filled in.

`fill_deck(template, spec)` opens the template package, reads it with the same reader the
upload used (so element names and paths match what the user filled), then for each deck slide
duplicates the template slide it names (`duplicate.py`) and fills its values at run level
(`fill_text.py`, `fill_picture.py`, `fill_table.py`, `fill_chart.py`), fits filled text
(`fit.py`), makes the slide accessible and reports what still is not (`accessibility.py`) and
writes speaker notes. Finally the template's own slides are removed cleanly and
the package saved. Masters, layouts, theme, fonts and everything not filled stay byte for byte
as the customer made them; a locked element, or one without a value, keeps the template's XML
(but for the accessibility fixes: an undescribed picture's decorative mark, the shapes' order).
"""

from __future__ import annotations

import copy
import hashlib
import io
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from pptx.enum.chart import XL_CHART_TYPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.presentation import Presentation as PresentationObject
from pptx.shapes.shapetree import SlideShapeFactory

from slidewright.pptx_engine import timing
from slidewright.pptx_engine.accessibility import make_accessible, slide_problems
from slidewright.pptx_engine.deck_spec import (
    ChartValue,
    DeckSpec,
    DeckSpecError,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
    Value,
)
from slidewright.pptx_engine.duplicate import (
    PartNames,
    SlideCopier,
    add_relationship,
    drop_thumbnail,
    ensure_notes_master_listed,
    next_r_id,
    remove_original_slides,
    rename_in_order,
)
from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.fill_chart import ChartFillError, category_chart_data, fill_chart
from slidewright.pptx_engine.fill_picture import (
    ImageParts,
    InvalidImage,
    PreparedImage,
    fill_picture,
    prepare_image,
)
from slidewright.pptx_engine.fill_table import fill_table, table_of
from slidewright.pptx_engine.fill_text import TextContext, clear_body, fill_body, text_body_of
from slidewright.pptx_engine.fit import apply_fit, grow_to_fit, measure_fit
from slidewright.pptx_engine.locks import FURNITURE_PLACEHOLDERS
from slidewright.pptx_engine.model import ParsedDeck, ParsedSlide, TemplateElement
from slidewright.pptx_engine.ooxml import (
    ALTERNATE_CONTENT,
    SHAPE_TAGS,
    int_attr,
    non_visual_props,
    placeholder_idx,
    placeholder_of,
    placeholder_type,
    qn,
)
from slidewright.pptx_engine.package import one_line, open_presentation
from slidewright.pptx_engine.placeholders import PlaceholderResolver
from slidewright.pptx_engine.reader import _DeckReader
from slidewright.pptx_engine.results import FillResult, FillWarning, WarningCode
from slidewright.pptx_engine.textprops import TextStyle, ThemeFonts
from slidewright.pptx_engine.units import EMU_PER_INCH
from slidewright.pptx_engine.xmledit import rel_ids_in

__all__ = ["ExportError", "FillResult", "FillWarning", "fill_deck"]

_SP_TREE = f"{qn('p:cSld')}/{qn('p:spTree')}"
_GROUP = qn("p:grpSp")
_CHART_REF = f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('c:chart')}"
_VALUE_TYPES: dict[type, tuple[str, ...]] = {
    TextValue: ("text", "shape"),
    PictureValue: ("picture",),
    TableValue: ("table",),
    ChartValue: ("chart",),
}
_VALUE_NAMES = {
    TextValue: "text",
    PictureValue: "picture",
    TableValue: "table",
    ChartValue: "chart",
}


log = logging.getLogger("slidewright.export")


class ExportError(PptxEngineError):
    """The deck could not be built from this template (a broken package beyond our repair)."""

    code = "export_failed"


def fill_deck(template: bytes, spec: DeckSpec, *, list_problems: bool = True) -> FillResult:
    """Build the deck `spec` describes from the template's own slides.

    With `list_problems` false only the file is wanted: the accessibility problems the fixes
    leave are not looked for (a pass of its own over every slide, about a tenth of a build), so
    the warnings lack them; the file is the same either way.

    Raises DeckSpecError (`invalid_deck_spec`) for a template slide number the template does not
    have, InvalidPptxError / EncryptedOrLegacyFileError for a template that is not a readable
    presentation, ExportError (`export_failed`) for anything else; never another exception.
    Problems with single values are warnings in the result, not errors.
    """
    presentation = open_presentation(template)
    try:
        parsed = _read_template(template, presentation)
        return _DeckWriter(presentation, spec, parsed, list_problems=list_problems).write()
    except PptxEngineError:
        raise
    except Exception as exc:
        raise ExportError(f"The deck could not be built: {one_line(exc)}") from exc


# What the reader found in a template, by the sha256 of its bytes: the same few templates are
# filled over and over (every export, every slide preview), and reading one again took an
# eighth of a fill. ParsedDeck is frozen plain data, so a cached one cannot be changed by the
# fill that uses it.
_READ_CACHE_SIZE = 16
_read_cache: OrderedDict[bytes, ParsedDeck] = OrderedDict()
_read_cache_lock = threading.Lock()


def _read_template(template: Any, presentation: PresentationObject) -> ParsedDeck:
    if not isinstance(template, bytes):  # a path: read it as it is now
        return _DeckReader(presentation).read()
    key = hashlib.sha256(template).digest()
    with _read_cache_lock:
        parsed = _read_cache.get(key)
        if parsed is not None:
            _read_cache.move_to_end(key)
            return parsed
    parsed = _DeckReader(presentation).read()
    with _read_cache_lock:
        _read_cache[key] = parsed
        while len(_read_cache) > _READ_CACHE_SIZE:
            _read_cache.popitem(last=False)
    return parsed


@dataclass
class _SlideJob:
    index: int  # 1-based position in the deck
    part: Any
    parsed: ParsedSlide
    spec: SlideSpec
    warnings: list[FillWarning] = field(default_factory=list)
    placed_pictures: set[int] = field(default_factory=set)  # shape ids of filled pictures

    def warn(
        self, code: WarningCode, element: str | None, message: str, needed: float | None = None
    ) -> None:
        self.warnings.append(FillWarning(code, self.index, element, message, needed))


class _DeckWriter:
    def __init__(
        self,
        presentation: PresentationObject,
        spec: DeckSpec,
        parsed: ParsedDeck,
        *,
        list_problems: bool = True,
    ) -> None:
        self._presentation = presentation
        self._spec = spec
        self._list_problems = list_problems
        self._prs_part = presentation.part
        self._package = presentation.part.package
        # Read before writing (`parsed`): names, paths and geometry exactly as the upload
        # reported them.
        self._parsed = parsed
        sld_id_lst = self._prs_part._element.get_or_add_sldIdLst()
        self._originals = [
            (sld_id, self._prs_part.related_part(sld_id.get(qn("r:id"))))
            for sld_id in list(sld_id_lst)
        ]
        self._sld_id_lst = sld_id_lst
        self._check_slide_numbers()
        self._names = PartNames(self._package)
        self._copier = SlideCopier(self._package, self._names)
        self._images = ImageParts()
        self._prepared: dict[str, PreparedImage | InvalidImage] = {}
        self._placeholders = PlaceholderResolver()
        self._themes: dict[str, ThemeFonts] = {}
        self._default_text_style = self._prs_part._element.find(qn("p:defaultTextStyle"))
        self._slide_height = presentation.slide_height or 6858000
        self._slide_width = presentation.slide_width or 12192000

    def _check_slide_numbers(self) -> None:
        count = len(self._originals)
        for position, slide in enumerate(self._spec.slides):
            if slide.template_slide > count:
                raise DeckSpecError(
                    f"slides[{position}].templateSlide: the template has {count} slide(s), "
                    f"there is no slide {slide.template_slide}."
                )

    # -- the deck -------------------------------------------------------------------------------

    def write(self) -> FillResult:
        warnings: list[FillWarning] = []
        first_copies: dict[int, Any] = {}
        for index, slide_spec in enumerate(self._spec.slides, start=1):
            source = self._originals[slide_spec.template_slide - 1][1]
            new_part = self._copier.duplicate(source, keep_notes=True)
            r_id = next_r_id(self._prs_part)
            add_relationship(self._prs_part, r_id, RT.SLIDE, new_part, False)
            self._sld_id_lst.add_sldId(r_id)
            first_copies.setdefault(id(source), new_part)
            job = _SlideJob(
                index, new_part, self._parsed.slides[slide_spec.template_slide - 1], slide_spec
            )
            self._fill_slide(job)
            # Parts python-pptx added while filling (images, workbooks, notes) take names too.
            self._names.register_tree(new_part)
            warnings.extend(job.warnings)
        remove_original_slides(self._prs_part, self._originals, first_copies)
        ensure_notes_master_listed(self._prs_part)
        rename_in_order(self._prs_part)
        drop_thumbnail(self._package)
        buffer = io.BytesIO()
        self._presentation.save(buffer)
        return FillResult(buffer.getvalue(), tuple(warnings))

    # -- one slide ------------------------------------------------------------------------------

    def _fill_slide(self, job: _SlideJob) -> None:
        elements = {element.name: element for element in job.parsed.elements}
        tree = job.part._element.find(_SP_TREE)
        for name, value in job.spec.values.items():
            element = elements.get(name)
            if element is None:
                job.warn(
                    "unknown_element",
                    name,
                    f"template slide {job.spec.template_slide} has no element named {name!r}",
                )
                continue
            if name in job.spec.locked:
                job.warn("locked_element", name, "the element is locked; its value was ignored")
                continue
            if element.type not in _VALUE_TYPES[type(value)]:
                job.warn(
                    "value_type_mismatch",
                    name,
                    f"a {_VALUE_NAMES[type(value)]} value cannot fill a {element.type} element",
                )
                continue
            shape = find_shape(tree, element.path) if tree is not None else None
            if shape is None:
                continue
            self._fill_guarded(job, element, shape, value, tree)
        if self._spec.remove_unfilled_sample_text and tree is not None:
            self._clear_unfilled(job, tree)
        self._make_accessible(job)
        if job.spec.notes is not None:
            self._write_notes(job, job.spec.notes)

    def _fill_guarded(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: Value, tree: Any
    ) -> None:
        """Fill one element; if anything unforeseen breaks, put the template's element back.

        One odd shape in a customer's template must cost that value (with a warning), never
        the export, and never leave half-written XML behind.
        """
        backup = copy.deepcopy(shape)
        parent = shape.getparent()
        position = parent.index(shape)
        try:
            self._fill_element(job, element, shape, value)
        except PptxEngineError:
            raise
        except Exception as exc:
            current = find_shape(tree, element.path)
            if current is not None and current.getparent() is not None:
                current.addprevious(backup)
                current.getparent().remove(current)
            else:
                parent.insert(position, backup)
            job.warn(
                "element_not_filled",
                element.name,
                f"the value could not be written ({one_line(exc)}); the template's element stays",
            )

    def _fill_element(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: Value
    ) -> None:
        if isinstance(value, TextValue):
            self._fill_text(job, element, shape, value)
        elif isinstance(value, PictureValue):
            self._fill_picture(job, element, shape, value)
        elif isinstance(value, TableValue):
            self._fill_table(job, element, shape, value)
        else:
            self._fill_chart(job, element, shape, value)

    # -- text -----------------------------------------------------------------------------------

    def _fill_text(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: TextValue
    ) -> None:
        if shape.tag != qn("p:sp"):
            job.warn("value_type_mismatch", element.name, "this shape cannot hold text")
            return
        body = text_body_of(shape, create=True)
        style = self._style(job.part, element, shape, body)
        context = TextContext(job.part, style, self._spec.lang)
        count = fill_body(body, value, context)
        timing.prune_paragraph_targets(job.part._element, element.shape_id, count)
        if context.dropped_links:
            job.warn(
                "link_dropped",
                element.name,
                "links other than http, https and mailto were removed (their text is kept)",
            )
        width = element.boundary.width * EMU_PER_INCH
        height = element.boundary.height * EMU_PER_INCH
        result = measure_fit(body, style, width, height, self._spec.lang)
        if result is None:
            return
        box = style.body_props()
        if (
            result.shrunk
            and box.autofit == "spAutoFit"
            and grow_to_fit(shape, result, box.anchor, self._slide_height)
        ):
            return
        apply_fit(body, result)
        if not result.fits:
            job.warn(
                "text_overflow",
                element.name,
                f"the text needs {result.needed:.0%} of the box even at 60% size",
                needed=round(result.needed, 3),
            )

    def _clear_unfilled(self, job: _SlideJob, tree: Any) -> None:
        for element in job.parsed.elements:
            if (
                element.type != "text"
                or element.name in job.spec.values
                or element.name in job.spec.locked
                or (element.placeholder and element.placeholder.type in FURNITURE_PLACEHOLDERS)
            ):
                continue
            shape = find_shape(tree, element.path)
            body = None if shape is None else text_body_of(shape)
            if body is not None:
                clear_body(body)
                timing.prune_paragraph_targets(job.part._element, element.shape_id, 1)

    def _style(
        self, slide_part: Any, element: TemplateElement | None, shape: Any, body: Any
    ) -> TextStyle:
        layout = _layout_of(slide_part)
        placeholder = None if element is None else element.placeholder
        ancestors: tuple[Any, ...] = ()
        master = None
        if placeholder is not None and layout is not None:
            chain = self._placeholders.chain(layout, placeholder.type, placeholder.idx)
            ancestors, master = chain.ancestors, chain.master_element
        return TextStyle(
            body,
            ancestors=ancestors,
            master=master,
            ph_type=None if placeholder is None else placeholder.type,
            default_text_style=self._default_text_style,
            theme=self._theme_of_layout(layout),
            shape=shape,
        )

    def _theme_of_layout(self, layout: Any) -> ThemeFonts:
        if layout is None:
            return ThemeFonts()
        key = str(layout.part.partname)
        theme = self._themes.get(key)
        if theme is None:
            try:
                master_part = layout.part.part_related_by(RT.SLIDE_MASTER)
                theme = _theme_fonts(master_part)
            except (KeyError, ValueError):
                theme = ThemeFonts()
            self._themes[key] = theme
        return theme

    # -- pictures -------------------------------------------------------------------------------

    def _image(self, data: bytes) -> PreparedImage | InvalidImage:
        key = hashlib.sha1(data).hexdigest()
        prepared = self._prepared.get(key)
        if prepared is None:
            try:
                prepared = prepare_image(data)
            except InvalidImage as exc:
                prepared = exc
            self._prepared[key] = prepared
        return prepared

    def _fill_picture(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: PictureValue
    ) -> None:
        image = self._image(value.data)
        if isinstance(image, InvalidImage):
            job.warn("invalid_image", element.name, f"the picture was not placed: {image}")
            return
        blip = shape.find(f"{qn('p:blipFill')}/{qn('a:blip')}")
        old_r_id = None if blip is None else blip.get(qn("r:embed"))
        r_id = self._images.relate(job.part, image)
        fill_picture(
            shape,
            image=image,
            r_id=r_id,
            frame_emu=(
                element.boundary.width * EMU_PER_INCH,
                element.boundary.height * EMU_PER_INCH,
            ),
            alt=value.alt,
        )
        job.placed_pictures.add(element.shape_id)
        # The copy's relationship to the sample image goes when nothing else on the slide uses
        # it; the image part itself stays for the template's other users.
        if old_r_id and old_r_id != r_id and old_r_id not in rel_ids_in(job.part._element):
            job.part.rels.pop(old_r_id)

    # -- accessibility --------------------------------------------------------------------------

    def _make_accessible(self, job: _SlideJob) -> None:
        """Titles, alt text of template pictures and reading order (see accessibility.py),
        then what is still missing as warnings, named by element where there is one."""
        slide = job.part.slide
        tree = job.part._element.find(_SP_TREE)
        if tree is None:
            return
        backup = copy.deepcopy(tree)
        try:
            make_accessible(
                slide,
                resolver=self._placeholders,
                placed_pictures=job.placed_pictures,
                write_heading=lambda shape, text: self._write_heading(job, shape, text),
                slide_size=(self._slide_width, self._slide_height),
                lang=self._spec.lang,
            )
        except Exception:
            # A shape tree too odd for the fixes stays as the fill left it: never half-fixed,
            # never the export's failure. Logged, since it is a gap in the fixes to look at.
            tree.getparent().replace(tree, backup)
            log.exception("slide %d: the accessibility fixes failed; left as filled", job.index)
            return
        if not self._list_problems:
            return
        try:
            # Only reads the slide: whether it runs, or fails, never changes the file.
            problems = slide_problems(slide, job.index, self._placeholders)
        except Exception:
            log.exception("slide %d: the accessibility check failed; nothing listed", job.index)
            return
        names: dict[int, str] = {}
        for element in job.parsed.elements:
            names.setdefault(element.shape_id, element.name)
        for problem in problems:
            shape_id = problem.shape_id
            name = None if shape_id is None else names.get(shape_id, problem.shape_name)
            job.warn(problem.code, name, problem.message)

    def _write_heading(self, job: _SlideJob, shape: Any, text: str) -> None:
        """The slide's heading into a title placeholder, written like any filled text."""
        body = text_body_of(shape, create=True)
        ph = placeholder_of(shape)
        ph_type = placeholder_type(ph)
        layout = _layout_of(job.part)
        chain = self._placeholders.chain(layout, ph_type, placeholder_idx(ph))
        style = TextStyle(
            body,
            ancestors=chain.ancestors,
            master=chain.master_element,
            ph_type=ph_type,
            default_text_style=self._default_text_style,
            theme=self._theme_of_layout(layout),
            shape=shape,
        )
        context = TextContext(job.part, style, self._spec.lang, parse_links=False)
        fill_body(body, TextValue(text), context)

    # -- tables ---------------------------------------------------------------------------------

    def _fill_table(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: TableValue
    ) -> None:
        frame = shape
        if table_of(shape) is None:
            if shape.tag != qn("p:sp"):
                return
            # An empty table placeholder: python-pptx inserts a table with the default style.
            placeholder: Any = SlideShapeFactory(shape, job.part.slide.shapes)
            frame = placeholder.insert_table(value.row_count, value.col_count)._element
        lang = self._spec.lang
        theme = self._theme_of_layout(_layout_of(job.part))

        def fill_cell(body: Any, text: str) -> None:
            style = TextStyle(body, default_text_style=self._default_text_style, theme=theme)
            fill_body(body, TextValue(text), TextContext(job.part, style, lang))

        fill_table(frame, value, fill_cell)

    # -- charts ---------------------------------------------------------------------------------

    def _fill_chart(
        self, job: _SlideJob, element: TemplateElement, shape: Any, value: ChartValue
    ) -> None:
        reference = shape.find(_CHART_REF)
        try:
            if reference is None:
                if shape.tag != qn("p:sp"):
                    return
                data, notes = category_chart_data(value)
                placeholder: Any = SlideShapeFactory(shape, job.part.slide.shapes)
                placeholder.insert_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, data)
            else:
                chart_part = job.part.related_part(reference.get(qn("r:id")))
                notes = fill_chart(chart_part, value)
            for note in notes:
                job.warn("chart_data_adjusted", element.name, note)
        except ChartFillError as exc:
            job.warn("chart_not_filled", element.name, str(exc))

    # -- notes ----------------------------------------------------------------------------------

    def _write_notes(self, job: _SlideJob, notes: str) -> None:
        part = job.part
        notes_part = _notes_part_of(part)
        placeholder = None if notes_part is None else _notes_body(notes_part._element)
        if notes_part is not None and placeholder is None:
            # A notes page without a notes body: start a fresh one from the notes master.
            for r_id, rel in list(part.rels.items()):
                if rel.reltype == RT.NOTES_SLIDE:
                    part.rels.pop(r_id)
            notes_part = None
        if notes_part is None:
            if not notes:
                return
            notes_part = self._copier.add_notes_slide(part)
            placeholder = _notes_body(notes_part._element)
            if placeholder is None:
                return
        body = text_body_of(placeholder, create=True)
        if not notes:
            clear_body(body)
            return
        style = TextStyle(body, ph_type="body", theme=self._notes_theme(notes_part))
        fill_body(body, TextValue(notes), TextContext(notes_part, style, self._spec.lang, False))

    def _notes_theme(self, notes_part: Any) -> ThemeFonts:
        try:
            master_part = notes_part.part_related_by(RT.NOTES_MASTER)
        except (KeyError, ValueError):
            return ThemeFonts()
        key = str(master_part.partname)
        if key not in self._themes:
            try:
                self._themes[key] = _theme_fonts(master_part)
            except (KeyError, ValueError):
                self._themes[key] = ThemeFonts()
        return self._themes[key]


# -- helpers ------------------------------------------------------------------------------------


def find_shape(tree: Any, path: tuple[int, ...]) -> Any:
    """The shape at `path` (cNvPr ids from the spTree down through groups), or None."""
    container = tree
    for depth, shape_id in enumerate(path):
        found = None
        for child in container:
            tag = child.tag
            candidate = child
            if tag == ALTERNATE_CONTENT:
                continue  # never filled: the reader reports it as `other`
            if tag not in SHAPE_TAGS:
                continue
            if int_attr(non_visual_props(candidate), "id", -1) == shape_id:
                found = candidate
                break
        if found is None:
            return None
        if depth < len(path) - 1:
            if found.tag != _GROUP:
                return None
            container = found
        else:
            return found
    return None


def _layout_of(slide_part: Any) -> Any:
    try:
        return slide_part.slide_layout
    except (KeyError, ValueError, AttributeError):
        return None


def _notes_body(notes: Any) -> Any:
    """The notes placeholder (`<p:ph type="body"/>`) of a notes slide, or None."""
    tree = notes.find(_SP_TREE)
    for shape in () if tree is None else tree.iterfind(qn("p:sp")):
        ph = shape.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
        if ph is not None and ph.get("type") == "body":
            return shape
    return None


def _notes_part_of(slide_part: Any) -> Any:
    for rel in slide_part.rels.values():
        if rel.reltype == RT.NOTES_SLIDE and not rel.is_external:
            return rel.target_part
    return None


def _theme_fonts(master_part: Any) -> ThemeFonts:
    theme_part = master_part.part_related_by(RT.THEME)
    element = getattr(theme_part, "_element", None)
    if element is None:  # python-pptx loads themes as plain parts
        element = etree.fromstring(theme_part.blob)
    return ThemeFonts.from_theme(element)
