"""Thumbnails: the fake renderer (always) and LibreOffice through soffice and unoserver (slow).

Decks are built here with python-pptx: every slide gets its own solid background colour, so a
thumbnail's centre pixel tells which slide it shows (page N must be slide N, hidden ones too).
"""

from __future__ import annotations

import io
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE_TYPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.util import Emu, Inches

from slidewright.pptx_engine.render import (
    FakeRenderer,
    Renderer,
    RenderError,
    RenderTimeout,
    RenderUnavailable,
    SlideOutOfRange,
    SofficeRenderer,
    UnoserverRenderer,
    _warm_up_deck,
    build_renderer,
    count_slides,
    find_unoserver_launcher,
    fit_size,
    render_to_dir,
    start_early,
    write_profile,
)
from tests.canary import canary_server

RED, GREEN, BLUE = (220, 30, 30), (30, 170, 60), (40, 60, 220)
COLORS = [RED, GREEN, BLUE]
A_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R_NS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"

HAVE_LO = all(shutil.which(tool) for tool in ("soffice", "pdftoppm", "pdfinfo"))
needs_lo = pytest.mark.skipif(not HAVE_LO, reason="LibreOffice or poppler-utils not installed")


# ----------------------------------------------------------------------------------- builders


def build_deck(
    colors: list[tuple[int, int, int]] = COLORS,
    *,
    hidden: tuple[int, ...] = (2,),
    widescreen: bool = True,
    count: int | None = None,
) -> bytes:
    prs = Presentation()  # python-pptx's default is 4:3 (10 x 7.5 in)
    if widescreen:
        prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    total = count or len(colors)
    for number in range(1, total + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[5])
        slide.shapes.title.text = f"Slide {number} 幻灯片"
        fill = slide.background.fill
        fill.solid()
        fill.fore_color.rgb = RGBColor(*colors[(number - 1) % len(colors)])
        if number in hidden:
            slide._element.set("show", "0")
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def build_linked_picture_deck(url: str) -> bytes:
    """One white slide with a picture that is only *linked* (TargetMode External) to `url`."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    placeholder = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(placeholder, "PNG")
    placeholder.seek(0)
    picture = slide.shapes.add_picture(placeholder, Inches(1), Inches(1), Inches(8), Inches(5))
    blip = picture._element.blipFill.find(f"{A_NS}blip")
    rel_id = slide.part.relate_to(url, RT.IMAGE, is_external=True)
    del blip.attrib[f"{R_NS}embed"]
    blip.set(f"{R_NS}link", rel_id)
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def decode(jpeg: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(jpeg))
    assert image.format == "JPEG"
    assert image.size == (640, 360)
    return image.convert("RGB")


def close_to(pixel: tuple[int, ...], color: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color, strict=False))


def live_processes(marker: str | None = None, pgid: int | None = None) -> list[int]:
    """Pids of non-zombie processes whose command line contains `marker` / in group `pgid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (
                (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            )
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        state, group = fields[0], int(fields[2])
        if state in ("Z", "X"):
            continue
        if marker is not None and marker not in cmdline:
            continue
        if pgid is not None and group != pgid:
            continue
        found.append(int(entry.name))
    return found


def wait_until_gone(marker: str | None = None, pgid: int | None = None) -> list[int]:
    deadline = time.monotonic() + 5
    while (left := live_processes(marker, pgid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


# --------------------------------------------------------------------------- fast (no LibreOffice)


def test_count_slides_includes_hidden_and_rejects_junk() -> None:
    assert count_slides(build_deck()) == 3
    assert count_slides(build_deck(count=7)) == 7
    assert count_slides(b"not a zip") is None
    assert count_slides(b"PK\x03\x04 broken") is None


def test_fake_renderer_output_is_valid_jpeg() -> None:
    renderer = FakeRenderer()
    assert isinstance(renderer, Renderer)
    thumbs = renderer.render(build_deck(), timeout_s=5)
    assert len(thumbs) == 3
    for jpeg in thumbs:
        image = Image.open(io.BytesIO(jpeg))
        image.verify()
        decode(jpeg)
    assert len(set(thumbs)) == 3  # the slide number is drawn
    assert renderer.render(build_deck(), slides=[3, 1], timeout_s=5) == [thumbs[2], thumbs[0]]
    assert renderer.calls[-1] == ([3, 1], 5)
    with pytest.raises(SlideOutOfRange):
        renderer.render(build_deck(), slides=[4], timeout_s=5)
    with pytest.raises(RenderError):
        renderer.render(b"junk", timeout_s=5)
    assert len(FakeRenderer(slide_count=2).render(b"anything", timeout_s=5)) == 2
    boom = RenderTimeout("too slow")
    with pytest.raises(RenderTimeout):
        FakeRenderer(error=boom).render(build_deck(), timeout_s=5)
    renderer.close()
    assert renderer.closed


def test_fit_size_keeps_aspect() -> None:
    assert fit_size(960.009, 540) == (640, 360)  # 16:9 as LibreOffice writes it
    assert fit_size(720, 540) == (480, 360)  # 4:3
    assert fit_size(540, 720) == (270, 360)  # portrait
    assert fit_size(1000, 100) == (640, 64)  # banner
    with pytest.raises(RenderError):
        fit_size(0, 10)


def test_profile_disables_macros_and_remote_links(tmp_path: Path) -> None:
    xcu = write_profile(tmp_path / "profile")
    assert xcu == tmp_path / "profile" / "user" / "registrymodifications.xcu"
    root = etree.parse(str(xcu)).getroot()
    oor = "{http://openoffice.org/2001/registry}"
    values = {
        (item.get(f"{oor}path"), prop.get(f"{oor}name")): prop.findtext("value")
        for item in root
        for prop in item
    }
    scripting = "/org.openoffice.Office.Common/Security/Scripting"
    assert values[(scripting, "MacroSecurityLevel")] == "3"
    assert values[(scripting, "DisableMacrosExecution")] == "true"
    assert values[(scripting, "BlockUntrustedRefererLinks")] == "true"
    assert values[("/org.openoffice.Inet/Settings", "ooInetProxyType")] == "2"


def test_build_renderer_kinds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert isinstance(build_renderer("fake"), FakeRenderer)
    with pytest.raises(ValueError):
        build_renderer("magic")
    monkeypatch.setenv("PATH", str(tmp_path))  # no soffice anywhere
    for kind in ("auto", "soffice", "unoserver"):
        with pytest.raises(RenderUnavailable, match="LibreOffice"):
            build_renderer(kind)


def test_starting_early_without_libreoffice_is_quiet_and_the_build_still_says_why(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no soffice anywhere
    start_early("auto", memory_mb=512, recycle_after=3)  # must not raise
    with pytest.raises(RenderUnavailable, match="LibreOffice"):
        build_renderer("auto", memory_mb=512, recycle_after=3)


def test_render_to_dir_writes_numbered_jpegs(tmp_path: Path) -> None:
    deck = tmp_path / "deck.pptx"
    deck.write_bytes(build_deck())
    written = render_to_dir(deck, tmp_path / "out" / "thumbs", renderer=FakeRenderer())
    assert [p.name for p in written] == ["1.jpg", "2.jpg", "3.jpg"]
    for path in written:
        decode(path.read_bytes())
    assert sorted(p.name for p in (tmp_path / "out" / "thumbs").iterdir()) == [
        "1.jpg",
        "2.jpg",
        "3.jpg",
    ]


# ------------------------------------------------------------------------------ LibreOffice


@pytest.fixture(scope="module")
def soffice_renderer(tmp_path_factory: pytest.TempPathFactory) -> SofficeRenderer:
    if not HAVE_LO:
        pytest.skip("LibreOffice or poppler-utils not installed")
    return SofficeRenderer(work_root=tmp_path_factory.mktemp("soffice-jobs"))


@pytest.fixture(scope="module")
def warm_renderer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UnoserverRenderer]:
    if not HAVE_LO:
        pytest.skip("LibreOffice or poppler-utils not installed")
    if find_unoserver_launcher() is None:
        pytest.skip("no interpreter can import uno (python3-uno)")
    renderer = UnoserverRenderer(work_root=tmp_path_factory.mktemp("unoserver"))
    yield renderer
    pid = renderer.server_pid
    renderer.close()
    renderer.close()  # idempotent
    if pid is not None:
        assert wait_until_gone(pgid=pid) == [], "unoserver's process group survived close()"


@pytest.fixture(params=["soffice", "unoserver"])
def lo_renderer(request: pytest.FixtureRequest) -> Renderer:
    name = "soffice_renderer" if request.param == "soffice" else "warm_renderer"
    renderer: Renderer = request.getfixturevalue(name)
    return renderer


@pytest.mark.slow
@needs_lo
def test_renders_every_slide_in_order_including_hidden(lo_renderer: Renderer) -> None:
    thumbs = lo_renderer.render(build_deck(), timeout_s=90)
    assert len(thumbs) == 3
    for jpeg, color in zip(thumbs, COLORS, strict=True):
        image = decode(jpeg)
        assert close_to(image.getpixel((320, 300)), color), (image.getpixel((320, 300)), color)
        assert close_to(image.getpixel((5, 5)), color)  # 16:9: no padding
    subset = lo_renderer.render(build_deck(), slides=[3, 2], timeout_s=90)
    centres = [decode(jpeg).getpixel((320, 300)) for jpeg in subset]
    assert close_to(centres[0], BLUE) and close_to(centres[1], GREEN), centres
    with pytest.raises(SlideOutOfRange):
        lo_renderer.render(build_deck(), slides=[4], timeout_s=90)


@pytest.mark.slow
@needs_lo
def test_four_by_three_deck_is_padded_white(lo_renderer: Renderer) -> None:
    thumbs = lo_renderer.render(build_deck([BLUE], hidden=(), widescreen=False), timeout_s=90)
    image = decode(thumbs[0])
    # 4:3 fitted into 640x360 is 480x360, centred: 80 white pixels on each side.
    for x in (2, 70, 570, 637):
        assert close_to(image.getpixel((x, 180)), (255, 255, 255), 12), x
    for x in (90, 320, 550):
        assert close_to(image.getpixel((x, 300)), BLUE), x


@pytest.mark.slow
@needs_lo
def test_linked_pictures_are_never_fetched(lo_renderer: Renderer, tmp_path: Path) -> None:
    red = io.BytesIO()
    Image.new("RGB", (50, 50), RED).save(red, "PNG")
    with canary_server(red.getvalue()) as (base, hits):
        deck = build_linked_picture_deck(f"{base}/linked.png")
        remote = decode(lo_renderer.render(deck, timeout_s=90)[0])
    assert hits == []
    secret = tmp_path / "secret.png"
    Image.new("RGB", (50, 50), GREEN).save(secret)
    local = decode(lo_renderer.render(build_linked_picture_deck(secret.as_uri()), timeout_s=90)[0])
    for image, color in ((remote, RED), (local, GREEN)):
        assert not any(close_to(p, color, 30) for p in image.get_flattened_data())


@pytest.mark.slow
@needs_lo
def test_not_a_presentation_is_a_render_error(lo_renderer: Renderer) -> None:
    with pytest.raises(RenderError):
        lo_renderer.render(b"<html><img src='http://example.invalid/x.png'></html>", timeout_s=60)


@pytest.mark.slow
@needs_lo
def test_soffice_timeout_kills_the_process_group(tmp_path: Path) -> None:
    renderer = SofficeRenderer(work_root=tmp_path)
    started = time.monotonic()
    with pytest.raises(RenderTimeout):
        renderer.render(build_deck(count=30), timeout_s=0.3)
    assert time.monotonic() - started < 10
    assert wait_until_gone(marker=str(tmp_path)) == []
    assert list(tmp_path.iterdir()) == []  # the job's directory and profile are gone


@pytest.mark.slow
@needs_lo
def test_warm_is_faster_than_cold(
    soffice_renderer: SofficeRenderer, warm_renderer: UnoserverRenderer
) -> None:
    deck = build_deck(count=30)
    timings = {}
    started = time.perf_counter()
    assert len(soffice_renderer.render(deck, timeout_s=120)) == 30
    timings["cold soffice"] = time.perf_counter() - started
    warm_renderer.render(deck, slides=[1], timeout_s=120)  # starts the server if needed
    started = time.perf_counter()
    assert len(warm_renderer.render(deck, timeout_s=120)) == 30
    timings["warm unoserver"] = time.perf_counter() - started
    print(" ".join(f"{name}: {seconds:.2f}s" for name, seconds in timings.items()))
    assert timings["warm unoserver"] < timings["cold soffice"]


@pytest.mark.slow
@needs_lo
def test_warm_timeout_kills_server_falls_back_and_restarts(
    warm_renderer: UnoserverRenderer,
) -> None:
    deck = build_deck(count=30)
    warm_renderer.render(deck, slides=[1], timeout_s=120)
    pid = warm_renderer.server_pid
    assert pid is not None
    assert live_processes(pgid=pid)
    stats = dict(warm_renderer.stats)
    with pytest.raises(RenderTimeout):  # the cold fallback times out as well
        warm_renderer.render(deck, timeout_s=0.02)
    assert warm_renderer.stats["fallback"] == stats["fallback"] + 1
    assert wait_until_gone(pgid=pid) == []
    assert warm_renderer.server_pid is None
    thumbs = warm_renderer.render(build_deck(), timeout_s=120)  # a fresh server
    assert len(thumbs) == 3
    assert warm_renderer.stats["starts"] == stats["starts"] + 1
    assert warm_renderer.server_pid not in (None, pid)
    assert os.getpid() != warm_renderer.server_pid


def test_the_warm_up_deck_holds_what_real_decks_hold() -> None:
    """LibreOffice loads the code for charts, tables and pictures, and CJK fonts, on first use:
    the warm-up render must use them all, or the first user's render pays for them."""
    deck = Presentation(io.BytesIO(_warm_up_deck()))
    assert len(deck.slides) == 1
    shapes = list(deck.slides[0].shapes)
    assert any(shape.has_chart for shape in shapes)
    assert any(shape.has_table for shape in shapes)
    assert any(shape.shape_type == MSO_SHAPE_TYPE.PICTURE for shape in shapes)
    text = " ".join(shape.text_frame.text for shape in shapes if shape.has_text_frame)
    assert "季度" in text and "Revenue" in text


@pytest.mark.slow
@needs_lo
def test_a_renderer_started_early_is_warm_and_is_the_one_the_app_builds() -> None:
    if find_unoserver_launcher() is None:
        pytest.skip("no interpreter can import uno (python3-uno)")
    # Arguments no other test uses, so only this test's early renderer can match.
    started = start_early("auto", memory_mb=1536, recycle_after=17)
    assert started is not None
    renderer = build_renderer("auto", memory_mb=1536, recycle_after=17)
    try:
        assert isinstance(renderer, UnoserverRenderer)
        deadline = time.monotonic() + 90
        while renderer.server_pid is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert renderer.server_pid is not None, "LibreOffice did not start without a job"
        assert renderer.warming, "readiness would not know LibreOffice is still starting"
        # The thread ends once LibreOffice is warm (the served app waits for it, asgi.py).
        started.join(90)
        assert renderer.stats["warm"] == 1 and not renderer.warming
        renderer.render(build_deck(), slides=[1], timeout_s=60)
        assert renderer.stats["starts"] == 1 and renderer.stats["warm"] == 2
        again = build_renderer("auto", memory_mb=1536, recycle_after=17)
        assert again is not renderer  # handed over once only
        again.close()
    finally:
        pid = renderer.server_pid
        renderer.close()
        if pid is not None:
            assert wait_until_gone(pgid=pid) == []
