"""The off-slide titles the writer adds for screen readers never show (LibreOffice, slow).

One deck holds each slide three times: as exported (with its off-slide title), without the
title at all, and with the title moved onto the slide. The first two must render to the same
pixels; the third must not (so the comparison can tell a visible title from none).
"""

from __future__ import annotations

import io
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pptx.util import Inches

from slidewright.builtin import build
from slidewright.pptx_engine.deck_spec import DeckSpec, SlideSpec, TextValue
from slidewright.pptx_engine.render import SofficeRenderer
from slidewright.pptx_engine.writer import fill_deck
from tests.pptx_engine.accessibility_checks import title_of
from tests.pptx_engine.fill_builders import open_deck

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(shutil.which(tool) for tool in ("soffice", "pdftoppm")),
        reason="LibreOffice or poppler-utils not installed",
    ),
]

QUOTE, BULLETS = 9, 4  # built-in slides: the quote layout has no title placeholder


def pages(pptx: bytes, workdir: Path) -> list[Image.Image]:
    pdf = SofficeRenderer().convert_to_pdf(pptx, workdir, deadline=time.monotonic() + 180)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(workdir / "page")], check=True)
    return [Image.open(path).convert("RGB") for path in sorted(workdir.glob("page*.png"))]


def test_the_off_slide_titles_do_not_show(tmp_path: Path) -> None:
    quote = SlideSpec(QUOTE, {"Quote": TextValue("Productive in two days")})
    # The title is left empty: it takes the body's first line and moves off the slide.
    bullets = SlideSpec(BULLETS, {"Body": TextValue("Budget review\nDetails follow")})
    spec = DeckSpec(
        (quote, quote, quote, bullets, bullets, bullets), remove_unfilled_sample_text=True
    )
    prs = open_deck(fill_deck(build("terracotta"), spec).pptx)
    for number in (0, 3):
        assert title_of(prs.slides[number]).top < 0
    for number in (1, 4):  # the same slide without its title
        title = title_of(prs.slides[number])._element
        title.getparent().remove(title)
    for number in (2, 5):  # the same slide with the title on it
        title_of(prs.slides[number]).top = Inches(0.3)
    buffer = io.BytesIO()
    prs.save(buffer)
    images = pages(buffer.getvalue(), tmp_path)
    assert len(images) == 6
    for first in (0, 3):
        exported, without, shown = images[first : first + 3]
        assert ImageChops.difference(exported, without).getbbox() is None, first
        assert ImageChops.difference(shown, without).getbbox() is not None, first
