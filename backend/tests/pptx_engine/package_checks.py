"""Structural checks of a saved .pptx, the things PowerPoint "repairs" when they are wrong.

`package_problems(data)` reads the ZIP directly (not through python-pptx, which silently skips
broken relationships) and lists every problem found:
- duplicate ZIP entries; parts without a content type; overrides naming missing parts;
- relationships whose internal target is missing, duplicate relationship ids;
- parts no relationship reaches (orphans);
- `r:id` / `r:embed` / ... attributes naming a relationship the part does not have;
- slide list: every slide listed once, every listed id a slide relationship, ids unique;
- notes slides and charts owned by exactly one slide; shape ids unique on each slide;
- slide creation ids (`p14:creationId`) unique.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from lxml import etree

CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
R_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
P_NS = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"


@dataclass
class Rel:
    r_id: str
    type: str
    target: str  # absolute part name for internal targets, the URL for external ones
    external: bool


@dataclass
class Package:
    names: list[str]
    parts: dict[str, bytes]
    rels: dict[str, list[Rel]] = field(default_factory=dict)  # source part ("" = package)
    content_types: dict[str, str] = field(default_factory=dict)

    def xml(self, name: str) -> etree._Element:
        return etree.fromstring(self.parts[name])

    def rel_targets(self, source: str, rel_type: str) -> list[str]:
        return [r.target for r in self.rels.get(source, []) if r.type.endswith("/" + rel_type)]

    def slide_names(self) -> list[str]:
        """Slide part names in presentation order."""
        prs = self.xml("ppt/presentation.xml")
        by_id = {r.r_id: r.target for r in self.rels["ppt/presentation.xml"]}
        return [by_id[s.get(f"{R_NS}id")] for s in prs.iter(f"{P_NS}sldId")]


def _rels_name(part: str) -> str:
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def _source_of(rels_name: str) -> str:
    folder, base = posixpath.split(rels_name)
    return posixpath.join(posixpath.dirname(folder), base[: -len(".rels")])


def open_package(data: bytes) -> Package:
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    package = Package(names, {name: archive.read(name) for name in set(names)})
    types = etree.fromstring(package.parts["[Content_Types].xml"])
    defaults = {
        d.get("Extension").lower(): d.get("ContentType") for d in types.iter(f"{CT_NS}Default")
    }
    overrides = {
        o.get("PartName").lstrip("/"): o.get("ContentType") for o in types.iter(f"{CT_NS}Override")
    }
    for name in package.parts:
        ext = name.rsplit(".", 1)[-1].lower()
        found = overrides.get(name) or defaults.get(ext)
        if found:
            package.content_types[name] = found
    package.content_types.update({f"__override__{k}": v for k, v in overrides.items()})
    for name in package.parts:
        if not name.endswith(".rels"):
            continue
        source = "" if name == "_rels/.rels" else _source_of(name)
        base = posixpath.dirname(source)
        rels = []
        for rel in etree.fromstring(package.parts[name]).iter(f"{REL_NS}Relationship"):
            external = rel.get("TargetMode") == "External"
            target = rel.get("Target")
            if not external:
                target = (
                    target.lstrip("/")
                    if target.startswith("/")
                    else posixpath.normpath(posixpath.join(base, target))
                )
            rels.append(Rel(rel.get("Id"), rel.get("Type"), target, external))
        package.rels[source] = rels
    return package


def package_problems(data: bytes) -> list[str]:
    package = open_package(data)
    problems: list[str] = []
    duplicates = [name for name, n in Counter(package.names).items() if n > 1]
    problems += [f"duplicate zip entry {name}" for name in duplicates]
    parts = [n for n in package.parts if n != "[Content_Types].xml" and not n.endswith(".rels")]
    for name in parts:
        if name not in package.content_types:
            problems.append(f"no content type for {name}")
    for key in package.content_types:
        if key.startswith("__override__") and key[len("__override__") :] not in package.parts:
            problems.append(f"content type override for missing part {key[12:]}")

    # Relationships resolve, ids are unique, and every part is reachable.
    for source, rels in package.rels.items():
        if source and source not in package.parts:
            problems.append(f"relationships of missing part {source}")
        for r_id, n in Counter(r.r_id for r in rels).items():
            if n > 1:
                problems.append(f"{source}: duplicate relationship id {r_id}")
        for rel in rels:
            if not rel.external and rel.target not in package.parts:
                problems.append(f"{source}: {rel.r_id} targets missing {rel.target}")
    reachable: set[str] = set()
    stack = [""]
    while stack:
        source = stack.pop()
        for rel in package.rels.get(source, []):
            if not rel.external and rel.target not in reachable:
                reachable.add(rel.target)
                stack.append(rel.target)
    for name in parts:
        if name not in reachable:
            problems.append(f"orphan part {name}")

    # Every relationship id used in XML exists in the part's relationships.
    for name in parts:
        if not package.content_types.get(name, "").endswith("xml"):
            continue
        try:
            root = etree.fromstring(package.parts[name])
        except etree.XMLSyntaxError:
            problems.append(f"{name}: not well-formed XML")
            continue
        known = {r.r_id for r in package.rels.get(name, [])}
        for node in root.iter():
            if not isinstance(node.tag, str):
                continue
            for attr, value in node.attrib.items():
                if attr.startswith(R_NS) and value and value not in known:
                    problems.append(f"{name}: {etree.QName(node).localname} refers to {value}")

    problems += _slide_problems(package)
    return problems


def _slide_problems(package: Package) -> list[str]:
    problems: list[str] = []
    prs = package.xml("ppt/presentation.xml")
    rels = {r.r_id: r for r in package.rels.get("ppt/presentation.xml", [])}
    ids = []
    listed = []
    for sld_id in prs.iter(f"{P_NS}sldId"):
        ids.append(sld_id.get("id"))
        rel = rels.get(sld_id.get(f"{R_NS}id"))
        if rel is None or not rel.type.endswith("/slide"):
            problems.append(f"sldId {sld_id.get('id')} is not a slide relationship")
            continue
        listed.append(rel.target)
    if len(set(ids)) != len(ids):
        problems.append("duplicate slide ids")
    slides = {
        n
        for n, t in package.content_types.items()
        if t.endswith("slide+xml") and not n.startswith("__")
    }
    if set(listed) != slides or len(listed) != len(set(listed)):
        problems.append(f"slides listed {sorted(listed)} vs present {sorted(slides)}")
    owners: dict[str, list[str]] = defaultdict(list)
    for slide in slides:
        for rel in package.rels.get(slide, []):
            if rel.type.endswith(("/notesSlide", "/chart")):
                owners[rel.target].append(slide)
        shape_ids = [node.get("id") for node in package.xml(slide).iter(f"{P_NS}cNvPr")]
        for shape_id, n in Counter(shape_ids).items():
            if n > 1:
                problems.append(f"{slide}: shape id {shape_id} used {n} times")
    creation_ids = [
        node.get("val")
        for slide in slides
        for node in package.xml(slide).iter(f"{{{P14}}}creationId")
    ]
    if len(creation_ids) != len(set(creation_ids)):
        problems.append("two slides share a p14:creationId")
    for target, sources in owners.items():
        if len(sources) > 1:
            problems.append(f"{target} shared by {sorted(sources)}")
    return problems
