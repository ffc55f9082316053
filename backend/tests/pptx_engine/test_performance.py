"""The reader stays fast: a 30-slide deck reads well under half a second."""

from __future__ import annotations

import time
from collections.abc import Callable

from slidewright.pptx_engine.reader import read_presentation
from tests.pptx_engine.builders import build_deck


def test_thirty_slide_deck_reads_in_well_under_half_a_second() -> None:
    data = build_deck(30)
    deck = read_presentation(data)  # warm-up: imports and first-use caches
    assert len(deck.slides) == 30
    best = min(_timed(lambda: read_presentation(data)) for _ in range(3))
    assert best < 0.5, f"reading 30 slides took {best:.3f} s"


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start
