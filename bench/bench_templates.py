"""Template ingest: parse time, and thumbnail render time cold and warm, against a bare
`soffice --convert-to pdf` + `pdftoppm` of the same 30-slide deck.

Targets (issue 3): parse < 0.5 s; warm render < half the bare cold soffice time.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from decks import mixed_deck

from slidewright.pptx_engine.reader import read_presentation
from slidewright.pptx_engine.render import SofficeRenderer, UnoserverRenderer

SLIDES = 30


def _timed(func) -> float:
    started = time.perf_counter()
    func()
    return time.perf_counter() - started


def _bare_soffice(data: bytes) -> float:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "deck.pptx"
        source.write_bytes(data)
        profile = Path(folder) / "profile"

        def convert() -> None:
            subprocess.run(
                [
                    "soffice",
                    f"-env:UserInstallation={profile.as_uri()}",
                    "--headless",
                    "--convert-to",
                    "pdf",
                    "--outdir",
                    folder,
                    str(source),
                ],
                check=True,
                capture_output=True,
                timeout=300,
            )
            subprocess.run(
                [
                    "pdftoppm",
                    "-jpeg",
                    "-scale-to-x",
                    "640",
                    "-scale-to-y",
                    "360",
                    str(Path(folder) / "deck.pdf"),
                    str(Path(folder) / "page"),
                ],
                check=True,
                capture_output=True,
                timeout=300,
            )

        return _timed(convert)


def run() -> list[dict]:
    data = mixed_deck(SLIDES)
    parse = [_timed(lambda: read_presentation(data)) for _ in range(5)]
    bare = _bare_soffice(data)
    soffice = SofficeRenderer()
    one_shot = _timed(lambda: soffice.render(data, timeout_s=300))
    warm_renderer = UnoserverRenderer()
    try:
        cold = _timed(lambda: warm_renderer.render(data, timeout_s=300))  # includes server start
        warm = [_timed(lambda: warm_renderer.render(data, timeout_s=300)) for _ in range(3)]
    finally:
        warm_renderer.close()
    warm_median = statistics.median(warm)
    return [
        {
            "measure": f"parse {SLIDES} slides (median of 5)",
            "seconds": round(statistics.median(parse), 3),
            "target": "< 0.5 s",
            "ok": statistics.median(parse) < 0.5,
        },
        {
            "measure": "bare soffice --convert-to pdf + pdftoppm (cold)",
            "seconds": round(bare, 2),
            "target": "reference",
            "ok": "",
        },
        {
            "measure": "render, one-shot soffice renderer (cold)",
            "seconds": round(one_shot, 2),
            "target": "",
            "ok": "",
        },
        {
            "measure": "render, unoserver first job (cold, starts LibreOffice)",
            "seconds": round(cold, 2),
            "target": "",
            "ok": "",
        },
        {
            "measure": "render, unoserver warm (median of 3)",
            "seconds": round(warm_median, 2),
            "target": f"< {bare / 2:.2f} s (half of bare)",
            "ok": warm_median < bare / 2,
        },
    ]
