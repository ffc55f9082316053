"""The whole offline flow a new user runs (outline -> fill every slide -> accept -> export), on
every built-in template and on real uploaded decks, with real-looking materials: the deck says
only what the materials say.

`generate_deck` returns everything a check needs (the inputs, each slide's accepted values and
what the exported file holds), so more checks can be added without running the flow again.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation

from slidewright.ai.classify import element_role, template_slide_kind
from tests.ai.conftest import add_material, apply_outline, create_project
from tests.corpus import CORPUS_DIR
from tests.helpers import SignedIn
from tests.templates.test_templates_api import upload

MATERIALS = Path(__file__).parent / "materials"
MATERIAL_NAMES = [
    "q3-review-en.md",
    "q3-review-zh.md",
    "product-launch-en.md",
    "product-launch-zh.md",
    "research-summary-en.md",
    "research-summary-zh.md",
]
BUILTIN_KEYS = ["terracotta", "midnight", "jade"]
CORPUS_DECKS = ["test.pptx", "ph-populated-placeholders.pptx", "cht-replace-data.pptx"]
# What a user types besides the material: an instruction appended to one slide's description
# and one given to Fill for another slide. Neither may show up on a slide.
DESCRIPTION_INSTRUCTION = {"en": "Show as a two-column list.", "zh-CN": "用两栏展示。"}
FILL_INSTRUCTION = {
    "en": "make it punchy and show the figures as a chart",
    "zh-CN": "用图表展示数据",
}


@dataclass
class ExportedChart:
    categories: list[str]
    series: list[tuple[str, list[float]]]


@dataclass
class GeneratedSlide:
    index: int
    description: str
    instruction: str
    pptx_slide_number: int
    form_data: dict[str, Any]
    notes: str
    roles: dict[str, str]  # element name -> role, as the assistant sees it
    texts: dict[str, str]  # exported shape name -> its text
    charts: dict[str, ExportedChart]
    tables: dict[str, list[list[str]]]

    def filled_texts(self, *, sentences_only: bool = False) -> list[str]:
        """The exported text of the elements the assistant filled; with `sentences_only`, not
        titles, headings or agenda items (labels that rightly repeat another slide's title)."""
        labels = ("title", "heading", "agenda") if sentences_only else ()
        return [
            text
            for name, text in self.texts.items()
            if name in self.form_data and self.roles.get(name) not in labels
        ]


@dataclass
class GeneratedDeck:
    lang: str
    material: str  # its text
    filename: str
    project: dict[str, Any]  # title and description
    template: dict[str, Any]
    slides: list[GeneratedSlide] = field(default_factory=list)

    @property
    def descriptions(self) -> list[str]:
        return [slide.description for slide in self.slides]

    @property
    def instructions(self) -> list[str]:
        return [DESCRIPTION_INSTRUCTION[self.lang], FILL_INSTRUCTION[self.lang]]

    def inputs(self) -> str:
        """Everything the user gave: the material, the project's title and description, the
        slide descriptions and the instructions."""
        return "\n".join(
            [
                self.material,
                self.project["title"],
                self.project["description"],
                *self.descriptions,
                *self.instructions,
            ]
        )


def _template_of(
    client: TestClient, app: FastAPI, who: SignedIn, builtins: dict[str, str], name: str
) -> dict[str, Any]:
    if name in builtins:
        return client.get(f"/api/pptx-files/{builtins[name]}", headers=who.headers).json()
    path = CORPUS_DIR / "pptx" / name
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    response = upload(client, who, path.read_bytes(), name=name)
    assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    return client.get(f"/api/pptx-files/{response.json()['_id']}", headers=who.headers).json()


def _shapes(shapes: Any) -> list[Any]:
    found = []
    for shape in shapes:
        if shape.shape_type == 6:  # a group: its children are the slide's shapes too
            found.extend(_shapes(shape.shapes))
        else:
            found.append(shape)
    return found


def _read_export(data: bytes, slides: list[GeneratedSlide]) -> None:
    deck = Presentation(io.BytesIO(data))
    exported = [s for s in slides if s.pptx_slide_number]
    assert len(deck.slides) == len(exported)
    for slide, page in zip(exported, deck.slides, strict=True):
        for shape in _shapes(page.shapes):
            if shape.has_text_frame:
                slide.texts[shape.name] = shape.text_frame.text
            if getattr(shape, "has_chart", False) and shape.has_chart:
                chart = shape.chart
                slide.charts[shape.name] = ExportedChart(
                    categories=[str(c) for c in chart.plots[0].categories],
                    series=[
                        (s.name, [float(v) for v in s.values if v is not None])
                        for s in chart.series
                    ],
                )
            if getattr(shape, "has_table", False) and shape.has_table:
                slide.tables[shape.name] = [
                    [cell.text for cell in row.cells] for row in shape.table.rows
                ]


def generate_deck(
    app: FastAPI,
    client: TestClient,
    who: SignedIn,
    builtins: dict[str, str],
    template_name: str,
    material_name: str,
    *,
    num_slides: int = 10,
) -> GeneratedDeck:
    """Outline -> Fill every slide (one call each, as Fill all does) -> Accept all -> export,
    through the API with the offline assistant."""
    lang = "zh-CN" if "-zh" in material_name else "en"
    text = (MATERIALS / material_name).read_text("utf-8")
    template = _template_of(client, app, who, builtins, template_name)
    title = text.splitlines()[0].lstrip("# ").strip()
    description = "面向管理层的汇报" if lang != "en" else "A briefing for the leadership team"
    deck = create_project(
        client,
        who,
        template["_id"],
        lang=lang,
        num_slides=num_slides,
        title=title,
        description=description,
    )
    add_material(app, who, text, project_id=deck.id, filename=material_name)
    project = apply_outline(client, deck)
    slides = project["slides"]
    # The user adds an instruction to a content slide's description.
    target = min(3, len(slides) - 1)
    slides[target]["contentDescription"] += " " + DESCRIPTION_INSTRUCTION[lang]
    project = client.put(
        f"/api/projects/{deck.id}",
        json={"version": project["version"], "slides": slides},
        headers=who.headers,
    ).json()
    generated = GeneratedDeck(
        lang, text, material_name, {"title": title, "description": description}, template
    )
    kinds = {
        s["slideNumber"]: template_slide_kind(s, s.get("description", ""))
        for s in template["parsedSlides"]
    }
    by_number = {s["slideNumber"]: s for s in template["parsedSlides"]}
    accepted = []
    for index, slide in enumerate(project["slides"]):
        number = slide.get("pptxSlideNumber")
        instruction = FILL_INSTRUCTION[lang] if index == 2 else ""
        form_data: dict[str, Any] = {}
        notes = ""
        if number:
            response = client.post(
                f"/api/projects/{deck.id}/generate-slide-data",
                json={"slideIndex": index, "instruction": instruction},
                headers=who.headers,
            )
            assert response.status_code == 200, response.text
            form_data, notes = response.json()["formData"], response.json()["notes"]
        roles = (
            {e["name"]: element_role(e, kinds[number]) for e in by_number[number]["elements"]}
            if number
            else {}
        )
        generated.slides.append(
            GeneratedSlide(
                index=index,
                description=slide["contentDescription"],
                instruction=instruction,
                pptx_slide_number=number or 0,
                form_data=form_data,
                notes=notes,
                roles=roles,
                texts={},
                charts={},
                tables={},
            )
        )
        accepted.append({**slide, "formData": form_data, "notes": notes})
    saved = client.put(
        f"/api/projects/{deck.id}",
        json={"version": project["version"], "slides": accepted},
        headers=who.headers,
    )
    assert saved.status_code == 200, saved.text
    exported = client.get(f"/api/projects/{deck.id}/export", headers=who.headers)
    assert exported.status_code == 200, exported.text
    _read_export(exported.content, generated.slides)
    return generated


# ---------------------------------------------------------------------------------------------
# What the checks read: numbers, units and sentences, parsed here independently of the
# assistant's own code, so a bug there cannot hide itself.

_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_UNIT_WORDS = re.compile(r"%|％|[$£€¥]|万元|亿元|万|亿|元|\bm\b|\(\s*gb\s*\)|（\s*gb\s*）", re.I)


def _numbers(text: str) -> set[float]:
    return {float(n.replace(",", "")) for n in _NUMBER.findall(text)}


def _units_near(line: str, number: float, header: str = "") -> frozenset[str] | None:
    """The unit marks written around `number` in a material line (or in its table header)."""
    for match in _NUMBER.finditer(line):
        if float(match.group(0).replace(",", "")) != number:
            continue
        around = line[max(0, match.start() - 2) : match.end() + 3]
        units = {u.lower() for u in _UNIT_WORDS.findall(around)}
        return frozenset(units or {u.lower() for u in _UNIT_WORDS.findall(header)} or {"count"})
    return None


def _chart_units(material: str, chart: ExportedChart) -> set[frozenset[str]]:
    """The units of a chart's values, one set of unit marks per value as the material writes
    it: a chart in one unit gives one."""
    lines = material.splitlines()
    units: set[frozenset[str]] = set()
    for name, values in chart.series:
        for category, value in zip(chart.categories, values, strict=False):
            label = category.strip().rstrip("…").strip()
            traced = False
            for number, line in enumerate(lines):
                if label and label in line:
                    header = ""
                    if "|" in line:
                        header = next(
                            (
                                lines[i]
                                for i in range(number, -1, -1)
                                if "|" in lines[i] and (i == 0 or "|" not in lines[i - 1])
                            ),
                            "",
                        )
                        cells = [c.strip() for c in header.strip("|").split("|")]
                        header = next((c for c in cells if c.strip() == name.strip()), header)
                    found = _units_near(line, value, header)
                    if found is not None:
                        units.add(found)
                        traced = True
                        break
            if not traced:  # a value no material line gives for its category
                units.add(frozenset({f"untraced {category}={value}"}))
    return units


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?。！？；;])\s*|\n", text)
    return [p for p in (re.sub(r"[\s…。.!?！？；;,，]+$", "", part.strip()) for part in parts) if p]


def _long_enough(sentence: str) -> bool:
    cjk = sum(1 for ch in sentence if "\u4e00" <= ch <= "\u9fff")
    return cjk >= 10 or len(sentence.split()) >= 6


def _norm(text: str) -> str:
    return re.sub(r"[\s…。.!?！？；;:：,，]+", " ", text).strip().casefold()


# ---------------------------------------------------------------------------------------------
# The checks


def assert_numbers_come_from_inputs(deck: GeneratedDeck) -> None:
    allowed = _numbers(deck.inputs())
    for slide in deck.slides:
        for name, text in slide.texts.items():
            if name not in slide.form_data or slide.roles.get(name) == "section_number":
                continue  # a section's running number is the deck's own counter, not a fact
            unknown = _numbers(text) - allowed
            assert not unknown, (slide.index, name, text, unknown)
        for name, chart in slide.charts.items():
            if name not in slide.form_data:
                continue
            for _, values in chart.series:
                assert set(values) <= allowed, (slide.index, name, values)
        for name, rows in slide.tables.items():
            if name in slide.form_data:
                unknown = _numbers(" ".join(" ".join(row) for row in rows)) - allowed
                assert not unknown, (slide.index, name, unknown)


def assert_charts_keep_one_unit_and_are_used_once(deck: GeneratedDeck) -> None:
    seen: dict[tuple[float, ...], int] = {}
    for slide in deck.slides:
        for name, chart in slide.charts.items():
            if name not in slide.form_data:
                continue
            units = _chart_units(deck.material, chart)
            assert len(units) == 1, (slide.index, chart, units)
            for _, values in chart.series:
                key = tuple(values)
                assert key not in seen, (
                    f"series on slides {seen.get(key)} and {slide.index}",
                    values,
                )
                seen[key] = slide.index
        for name, rows in slide.tables.items():
            if name not in slide.form_data:
                continue
            for column in zip(*rows[1:], strict=False):
                values = tuple(float(v.replace(",", "")) for v in column if _NUMBER.fullmatch(v))
                if len(values) >= 2:
                    assert values not in seen, (f"table on slide {slide.index}", values)
                    seen[values] = slide.index


def assert_no_sentence_repeats(deck: GeneratedDeck) -> None:
    seen: dict[str, int] = {}
    for slide in deck.slides:
        for text in slide.filled_texts(sentences_only=True):
            for sentence in _sentences(text):
                if not _long_enough(sentence):
                    continue
                key = _norm(sentence)
                # A sentence cut short on one slide repeats the whole one on another.
                clash = next((s for s in seen if s.startswith(key) or key.startswith(s)), None)
                assert clash is None, (slide.index, sentence, seen.get(clash or ""))
                seen[key] = slide.index


def assert_no_description_instruction_or_file_name(deck: GeneratedDeck) -> None:
    echoes = {_norm(d) for d in deck.descriptions if d.strip()}
    echoes |= {_norm(i) for i in deck.instructions}
    stem = deck.filename.rsplit(".", 1)[0]
    for slide in deck.slides:
        for text in [*slide.filled_texts(), slide.notes]:
            assert deck.filename not in text and stem not in text, (slide.index, text)
        for text in slide.filled_texts():
            assert _norm(text) not in echoes, (slide.index, text)
            for instruction in deck.instructions:
                assert _norm(instruction) not in _norm(text), (slide.index, text)


def assert_layouts_follow_slide_roles(deck: GeneratedDeck) -> None:
    """Content never takes a title-role layout while the template has content layouts; the
    first slide takes the title role and the last the closing role, when the template has
    them (a closing slide is planned from four slides on)."""
    template = deck.template
    parsed = template["parsedSlides"]
    size = (template["slideWidth"], template["slideHeight"])
    role = {
        s["slideNumber"]: template_slide_kind(s, s.get("description", ""), size, len(parsed))
        for s in parsed
    }
    roles = set(role.values())
    used = [slide.pptx_slide_number for slide in deck.slides]
    if "title" in roles:
        assert role[used[0]] == "title", used
    if "closing" in roles and len(used) >= 4:
        assert role[used[-1]] == "closing", used
    if roles - {"title", "closing"}:
        assert all(role[n] not in ("title", "closing") for n in used[1:-1]), used


def assert_agenda_names_the_sections_that_fit(deck: GeneratedDeck) -> None:
    """An agenda lists the deck's topics, one line each, as many as its box holds (at least
    four when there are): two of six leaves the audience guessing what comes."""
    for slide in deck.slides:
        if not re.match(r"(agenda|议程)", slide.description, re.IGNORECASE):
            continue
        topics = re.split(r"[;；]", re.split(r"[:：]", slide.description, maxsplit=1)[-1])
        lists = [t for t in slide.filled_texts() if "\n" in t]
        if lists:
            listed = max(len(t.split("\n")) for t in lists)
            assert listed >= min(len(topics), 4), (slide.index, lists)


ALL_CHECKS = (
    assert_numbers_come_from_inputs,
    assert_charts_keep_one_unit_and_are_used_once,
    assert_no_sentence_repeats,
    assert_no_description_instruction_or_file_name,
    assert_layouts_follow_slide_roles,
    assert_agenda_names_the_sections_that_fit,
)


@pytest.mark.parametrize("material", MATERIAL_NAMES)
@pytest.mark.parametrize("template", BUILTIN_KEYS + CORPUS_DECKS)
def test_generated_deck_says_only_what_the_material_says(
    app: FastAPI,
    client: TestClient,
    builtins: dict[str, str],
    alice: SignedIn,
    template: str,
    material: str,
) -> None:
    deck = generate_deck(app, client, alice, builtins, template, material)
    assert any(slide.form_data for slide in deck.slides)
    for check in ALL_CHECKS:
        check(deck)
