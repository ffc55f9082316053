"""Slide duplication inside one package, and the clean removal of the template's own slides.

A copy of a slide is a new slide part holding a deep copy of the slide XML (shapes, background,
transition, timing, `show`), related to the same layout. Its relationships keep their ids, so
the copied XML needs no rewriting, and point to:

- the same part for layouts, masters, themes and binary parts (images, media, OLE objects):
  sharing them is what PowerPoint itself does for identical images, and they are never edited;
- a deep copy for every other XML part (charts with their embedded workbook, chart style and
  colours, diagrams, tags, ...): those are edited per slide (`replace_data`) or owned by one
  slide in PowerPoint's model;
- the same URL and target mode for external relationships (hyperlinks, linked files);
- nothing for comments (review notes on the template are not part of a finished deck).

Notes slides are never shared: the copy gets its own notes part (copied from the template's
when kept, else created from the notes master by the writer).

Removing the template's slides takes their `p:sldId` and the presentation's relationship;
python-pptx writes only parts reachable through relationships, so their notes, charts and
images used nowhere else disappear with them. Everything else that could still point at them
is fixed first: hyperlinks from kept slides to a removed slide go to its first copy (or are
removed), custom shows and the outline view drop them, and the section list (which names
slides by id) is removed, since sections describe the template's order, not the deck's.
"""

from __future__ import annotations

import copy
import re
import zlib
from typing import Any

from lxml import etree
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TARGET_MODE as RTM
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part, XmlPart, _Relationship
from pptx.opc.packuri import PackURI
from pptx.oxml.slide import CT_NotesSlide
from pptx.parts.chart import ChartPart
from pptx.parts.slide import NotesSlidePart, SlidePart

from slidewright.pptx_engine.ooxml import NS, local_name, qn

_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
_CREATION_ID = f"{qn('p:cSld')}/{qn('p:extLst')}/{qn('p:ext')}/{{{_P14}}}creationId"
_SECTION_LIST_URI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"
_MODERN_COMMENTS = "http://schemas.microsoft.com/office/2018/10/relationships/comments"

# Parts every copy shares: the design (layouts, masters, themes) and the notes master.
_SHARED_RELTYPES = frozenset(
    {
        RT.SLIDE_LAYOUT,
        RT.SLIDE_MASTER,
        RT.NOTES_MASTER,
        RT.HANDOUT_MASTER,
        RT.THEME,
        RT.SLIDE,  # a link to another slide: retargeted when the originals go
    }
)
# Relationships a finished deck does not carry over.
_DROPPED_RELTYPES = frozenset({RT.COMMENTS, _MODERN_COMMENTS, RT.SLIDE_UPDATE_INFO})
_TRAILING_NUMBER = re.compile(r"^(?P<stem>.*?)(?P<number>\d*)(?P<ext>\.[^./]+)$")
_R_PREFIX = f"{{{NS['r']}}}"


class PartNames:
    """Allocates unused part names like the source's ("/ppt/charts/chart7.xml").

    Seeded once with every part in the package; python-pptx's own `next_partname` walks the
    whole package on every call, which a 100-slide export cannot afford. Parts python-pptx
    creates by itself (images, notes masters, new chart workbooks) are registered through
    `register_tree` before the next allocation, so the two never pick the same name.
    """

    def __init__(self, package: Any) -> None:
        self._taken = {str(part.partname) for part in package.iter_parts()}
        self._next: dict[tuple[str, str], int] = {}

    def allocate(self, like: str) -> PackURI:
        match = _TRAILING_NUMBER.match(like)
        stem, ext = (match.group("stem"), match.group("ext")) if match else (like, "")
        number = self._next.get((stem, ext), 1)
        while f"{stem}{number}{ext}" in self._taken:
            number += 1
        name = f"{stem}{number}{ext}"
        self._taken.add(name)
        self._next[(stem, ext)] = number + 1
        return PackURI(name)

    def register_tree(self, part: Any) -> None:
        """Register every part reachable from `part` without crossing into shared design."""
        stack = [part]
        seen: set[int] = set()
        while stack:
            current = stack.pop()
            if id(current) in seen:
                continue
            seen.add(id(current))
            self._taken.add(str(current.partname))
            for rel in current.rels.values():
                if rel.is_external or rel.reltype in _SHARED_RELTYPES:
                    continue
                stack.append(rel.target_part)


def add_relationship(part: Any, r_id: str, reltype: str, target: Any, external: bool) -> None:
    """A relationship with a chosen id (python-pptx only hands out the next free one)."""
    rels = part.rels
    mode = RTM.EXTERNAL if external else RTM.INTERNAL
    rels._rels[r_id] = _Relationship(rels._base_uri, r_id, reltype, mode, target)


def next_r_id(part: Any) -> str:
    """The next free relationship id of a part, without python-pptx's per-call scan of every
    relationship for an existing match (a new target never has one)."""
    return str(part.rels._next_rId)


class SlideCopier:
    """Duplicates slide parts of one package (see the module docstring for what is shared)."""

    def __init__(self, package: Any, names: PartNames) -> None:
        self._package = package
        self._names = names
        self._copies = 0
        self._notes_master: Any = None
        self._notes_prototype: Any = None

    def duplicate(self, slide_part: Any, *, keep_notes: bool) -> SlidePart:
        """A new, unlisted slide part copying `slide_part` (the caller adds it to sldIdLst)."""
        new_slide = SlidePart(
            self._names.allocate(str(slide_part.partname)),
            slide_part.content_type,
            self._package,
            copy.deepcopy(slide_part._element),
        )
        self._copies += 1
        self._renew_creation_id(new_slide._element)
        mapping: dict[int, Any] = {id(slide_part): new_slide}
        skip = set(_DROPPED_RELTYPES)
        if not keep_notes:
            skip.add(RT.NOTES_SLIDE)
        self._copy_rels(slide_part, new_slide, mapping, skip)
        return new_slide

    def add_notes_slide(self, slide_part: Any) -> NotesSlidePart:
        """A fresh notes slide for `slide_part`, from the notes master (created if missing)."""
        if self._notes_master is None:
            self._notes_master = self._package.presentation_part.notes_master_part
            self._names.register_tree(self._notes_master)
        name = self._names.allocate("/ppt/notesSlides/notesSlide1.xml")
        if self._notes_prototype is None:
            notes_part = NotesSlidePart(
                name, CT.PML_NOTES_SLIDE, self._package, CT_NotesSlide.new()
            )
            notes_part.relate_to(self._notes_master, RT.NOTES_MASTER)
            notes_part.relate_to(slide_part, RT.SLIDE)
            notes_part.notes_slide.clone_master_placeholders(self._notes_master.notes_master)
            # Cloning the master's placeholders walks it with XPath; every later notes page
            # starts from a copy of this first, still empty, one.
            self._notes_prototype = copy.deepcopy(notes_part._element)
        else:
            element = copy.deepcopy(self._notes_prototype)
            notes_part = NotesSlidePart(name, CT.PML_NOTES_SLIDE, self._package, element)
            notes_part.relate_to(self._notes_master, RT.NOTES_MASTER)
            notes_part.relate_to(slide_part, RT.SLIDE)
        add_relationship(slide_part, next_r_id(slide_part), RT.NOTES_SLIDE, notes_part, False)
        return notes_part

    # -- internals ------------------------------------------------------------------------------

    def _copy_rels(self, source: Any, target: Any, mapping: dict[int, Any], skip: set[str]) -> None:
        dropped: set[str] = set()
        for r_id, rel in source.rels.items():
            if rel.reltype in skip:
                dropped.add(r_id)
                continue
            if rel.is_external:
                add_relationship(target, r_id, rel.reltype, rel.target_ref, True)
                continue
            new_target = self._target_for(rel.target_part, rel.reltype, source, mapping)
            add_relationship(target, r_id, rel.reltype, new_target, False)
        if dropped and isinstance(target, XmlPart):
            remove_references(target._element, dropped)

    def _target_for(self, part: Any, reltype: str, source: Any, mapping: dict[int, Any]) -> Any:
        known = mapping.get(id(part))
        if known is not None:
            return known
        if reltype in _SHARED_RELTYPES:
            return part
        # A chart's embedded workbook is binary but rewritten by `replace_data`: copy it.
        if not _is_xml(part) and not isinstance(source, ChartPart):
            return part
        clone = self._clone(part)
        mapping[id(part)] = clone
        self._copy_rels(part, clone, mapping, set(_DROPPED_RELTYPES))
        return clone

    def _clone(self, part: Any) -> Any:
        name = self._names.allocate(str(part.partname))
        if isinstance(part, XmlPart):
            return type(part)(name, part.content_type, self._package, copy.deepcopy(part._element))
        return type(part).load(name, part.content_type, self._package, part.blob)

    def _renew_creation_id(self, slide: Any) -> None:
        # PowerPoint identifies slides across copy/paste and co-authoring by this id; copies
        # get their own, derived deterministically so the same input gives the same file.
        creation = slide.find(_CREATION_ID)
        if creation is not None:
            seed = f"slidewright:{creation.get('val')}:{self._copies}".encode()
            creation.set("val", str((zlib.crc32(seed) & 0x7FFFFFFF) or 1))


def _is_xml(part: Any) -> bool:
    return isinstance(part, XmlPart) or str(part.content_type).endswith("+xml")


def remove_references(root: Any, r_ids: set[str]) -> int:
    """Remove the elements of a tree that refer to any of `r_ids`; returns how many.

    An element inside an extension (`p:ext`) takes the extension with it; an extension list
    left empty goes too (an empty `p:extLst` is valid, but pointless).
    """
    doomed = []
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue
        if any(k.startswith(_R_PREFIX) and v in r_ids for k, v in node.attrib.items()):
            doomed.append(node)
    for node in doomed:
        target = node
        parent = node.getparent()
        if parent is not None and local_name(parent) == "ext":
            target, parent = parent, parent.getparent()
        if parent is None:
            continue
        parent.remove(target)
        if local_name(parent) == "extLst" and len(parent) == 0 and parent.getparent() is not None:
            parent.getparent().remove(parent)
    return len(doomed)


# -- removing the template's slides ------------------------------------------------------------


def remove_original_slides(
    presentation_part: Any, originals: list[tuple[Any, Any]], first_copies: dict[int, Any]
) -> None:
    """Drop the template's slides; `originals` are (p:sldId, slide part) pairs and
    `first_copies` maps id(original part) to the first copy made of it (when any)."""
    prs = presentation_part._element
    rels = presentation_part.rels
    removed = {id(part): part for _, part in originals}
    removed_rids = {sld_id.get(qn("r:id")) for sld_id, _ in originals}
    _fix_custom_shows(presentation_part, removed, first_copies)
    for sld_id, _ in originals:
        sld_id.getparent().remove(sld_id)
    for r_id in removed_rids:
        if r_id in rels:
            rels.pop(r_id)
    _drop_sections(prs)
    _retarget_links_to_removed(presentation_part.package, removed, first_copies)


def _fix_custom_shows(
    presentation_part: Any, removed: dict[int, Any], first_copies: dict[int, Any]
) -> None:
    show_list = presentation_part._element.find(qn("p:custShowLst"))
    if show_list is None:
        return
    rels = presentation_part.rels
    for show in list(show_list):
        for entry in list(show.iter(qn("p:sld"))):
            r_id = entry.get(qn("r:id"))
            rel = rels.get(r_id)
            if rel is None or rel.is_external or id(rel.target_part) not in removed:
                continue
            copy_part = first_copies.get(id(rel.target_part))
            if copy_part is None:
                entry.getparent().remove(entry)
            else:
                entry.set(qn("r:id"), presentation_part.relate_to(copy_part, RT.SLIDE))
        if next(show.iter(qn("p:sld")), None) is None:
            show_list.remove(show)
    if len(show_list) == 0:
        show_list.getparent().remove(show_list)


def _drop_sections(prs: Any) -> None:
    ext_list = prs.find(qn("p:extLst"))
    if ext_list is None:
        return
    for ext in list(ext_list):
        if ext.get("uri") == _SECTION_LIST_URI:
            ext_list.remove(ext)
    if len(ext_list) == 0:
        prs.remove(ext_list)


def _retarget_links_to_removed(
    package: Any, removed: dict[int, Any], first_copies: dict[int, Any]
) -> None:
    """Every remaining relationship to a removed slide goes to its first copy, or away."""
    for part in list(package.iter_parts()):
        if id(part) in removed:
            continue
        stale: set[str] = set()
        for r_id, rel in list(part.rels.items()):
            if rel.is_external or id(rel.target_part) not in removed:
                continue
            copy_part = first_copies.get(id(rel.target_part))
            if copy_part is not None:
                add_relationship(part, r_id, rel.reltype, copy_part, False)
            else:
                part.rels.pop(r_id)
                stale.add(r_id)
        if stale:
            _remove_references_in_part(part, stale)


def _remove_references_in_part(part: Any, r_ids: set[str]) -> None:
    if isinstance(part, XmlPart):
        remove_references(part._element, r_ids)
    elif _is_xml(part) and isinstance(part, Part):
        root = etree.fromstring(part.blob)
        if remove_references(root, r_ids):
            part._blob = etree.tostring(
                root, xml_declaration=True, encoding="UTF-8", standalone=True
            )


def ensure_notes_master_listed(presentation_part: Any) -> None:
    """List the notes master in `p:notesMasterIdLst`, which python-pptx forgets when it
    creates one (scanny/python-pptx#1128): without it PowerPoint's notes pages and Keynote
    lose the master."""
    prs = presentation_part._element
    r_id = next(
        (r for r, rel in presentation_part.rels.items() if rel.reltype == RT.NOTES_MASTER),
        None,
    )
    if r_id is None or prs.find(qn("p:notesMasterIdLst")) is not None:
        return
    id_list = prs.makeelement(qn("p:notesMasterIdLst"), {})
    entry = id_list.makeelement(qn("p:notesMasterId"), {qn("r:id"): r_id})
    id_list.append(entry)
    anchor = prs.find(qn("p:sldMasterIdLst"))
    if anchor is not None:
        anchor.addnext(id_list)
    else:
        prs.insert(0, id_list)


def drop_thumbnail(package: Any) -> None:
    """Remove the package thumbnail: it pictures the template's first sample slide, which the
    deck no longer has (PowerPoint writes a new one on its next save)."""
    for r_id, rel in list(package._rels.items()):
        if rel.reltype == RT.THUMBNAIL:
            package._rels.pop(r_id)


def rename_in_order(presentation_part: Any) -> None:
    """Slides (and their notes) named slide1..N in presentation order, as PowerPoint saves."""
    r_ids = [sld_id.get(qn("r:id")) for sld_id in presentation_part._element.sldIdLst]
    presentation_part.rename_slide_parts(r_ids)
    for number, r_id in enumerate(r_ids, start=1):
        slide_part = presentation_part.related_part(r_id)
        for rel in slide_part.rels.values():
            if rel.reltype == RT.NOTES_SLIDE and not rel.is_external:
                rel.target_part.partname = PackURI(f"/ppt/notesSlides/notesSlide{number}.xml")
