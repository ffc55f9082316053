"""Deck export: a 100-slide deck from a 20-slide template, with text, table, chart and picture
values, against python-pptx opening and saving the resulting file (the floor).

Targets (issue 6): fill_deck < 2 s on the 2-core reference machine, and within 4x the floor.
Peak memory is Python's allocation peak during one export (tracemalloc, a separate run so it
does not slow the timed ones) and the process's maximum resident set size.
"""

from __future__ import annotations

import io
import resource
import statistics
import time
import tracemalloc

from decks import mixed_deck
from PIL import Image
from pptx import Presentation

from slidewright.pptx_engine.deck_spec import (
    ChartSeries,
    ChartValue,
    DeckSpec,
    PictureValue,
    SlideSpec,
    TableValue,
    TextValue,
    Value,
)
from slidewright.pptx_engine.model import TemplateElement
from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.writer import fill_deck

TEMPLATE_SLIDES = 20
DECK_SLIDES = 100
RUNS = 3


def _photo(seed: int) -> bytes:
    image = Image.new("RGB", (1200, 800), (40 + seed * 50 % 200, 90, 160 - seed * 30 % 120))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85)
    return buffer.getvalue()


def _value(element: TemplateElement, number: int, photos: list[bytes]) -> Value | None:
    if element.type == "text":
        return TextValue(
            f"Slide {number}: results for the quarter\n"
            "Revenue grew in every region\nMargins improved for the third quarter in a row"
        )
    if element.type == "table":
        rows = [("Metric", "Q1", "Q2", "Q3")] + [
            (f"Line {r}", f"{r}.1", f"{r}.2", f"{r}.3") for r in range(1, 6)
        ]
        return TableValue(tuple(rows))
    if element.type == "chart":
        return ChartValue(
            ("North", "South", "East", "West"),
            (
                ChartSeries("2025", (1.0 + number, 2.0, 3.0, 4.0)),
                ChartSeries("2026", (2.0, 3.0 + number, 4.0, 5.0)),
            ),
        )
    if element.type == "picture":
        return PictureValue(photos[number % len(photos)])
    return None


def _spec(template: bytes) -> DeckSpec:
    parsed = read_presentation(template)
    photos = [_photo(seed) for seed in range(5)]
    slides = []
    for number in range(1, DECK_SLIDES + 1):
        source = parsed.slides[(number - 1) % TEMPLATE_SLIDES]
        values = {
            element.name: value
            for element in source.elements
            if (value := _value(element, number, photos)) is not None
        }
        slides.append(SlideSpec(source.slide_number, values, notes=f"Notes for slide {number}"))
    return DeckSpec(tuple(slides))


def _timed(func) -> float:
    started = time.perf_counter()
    func()
    return time.perf_counter() - started


def _open_and_save(data: bytes) -> None:
    prs = Presentation(io.BytesIO(data))
    prs.save(io.BytesIO())


def run() -> list[dict]:
    template = mixed_deck(TEMPLATE_SLIDES)
    spec = _spec(template)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    output = fill_deck(template, spec).pptx  # warm-up: fonts, imports, caches
    fill = statistics.median(_timed(lambda: fill_deck(template, spec)) for _ in range(RUNS))
    floor = statistics.median(_timed(lambda: _open_and_save(output)) for _ in range(RUNS))
    tracemalloc.start()
    fill_deck(template, spec)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ratio = fill / floor
    return [
        {
            "measure": f"fill_deck {DECK_SLIDES} slides from {TEMPLATE_SLIDES} (median of {RUNS})",
            "value": f"{fill:.3f} s",
            "target": "< 2 s",
            "ok": fill < 2.0,
        },
        {
            "measure": f"floor: python-pptx open + save of the result (median of {RUNS})",
            "value": f"{floor:.3f} s",
            "target": "reference",
            "ok": "",
        },
        {
            "measure": "fill_deck / floor",
            "value": f"{ratio:.2f}x",
            "target": "< 4x",
            "ok": ratio < 4.0,
        },
        {
            "measure": "peak Python-heap allocations in one export (tracemalloc; no lxml)",
            "value": f"{peak / 2**20:.1f} MiB",
            "target": "",
            "ok": "",
        },
        {
            "measure": "process max RSS: before the first export -> peak (delta)",
            "value": f"{rss_before / 1024:.0f} -> {rss_after / 1024:.0f} MiB "
            f"(+{(rss_after - rss_before) / 1024:.0f})",
            "target": "",
            "ok": "",
        },
        {
            "measure": "output size",
            "value": f"{len(output) / 2**20:.2f} MiB",
            "target": "",
            "ok": "",
        },
    ]
