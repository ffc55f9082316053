"""LibreOffice dies with the process that started it (kill -9 included) and keeps to its
memory cap. The parent here is a real Python process that we SIGKILL, as an OOM killer would."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from slidewright.pptx_engine.tether import tethered
from tests.processes import live_processes

HAVE_LO = all(shutil.which(tool) for tool in ("soffice", "pdftoppm", "pdfinfo"))
needs_lo = pytest.mark.skipif(not HAVE_LO, reason="LibreOffice or poppler-utils not installed")


def group_members(pgid: int) -> list[int]:
    """Live processes in process group `pgid`."""
    return [p.pid for p in live_processes() if p.group == pgid]


def processes_mentioning(marker: str) -> list[int]:
    return [p.pid for p in live_processes() if marker in p.cmdline]


def wait_for(predicate, timeout: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return bool(predicate())


def start_parent(code: str, tmp_path: Path) -> subprocess.Popen[str]:
    """A Python parent process running `code`; it prints one line (a pid) when ready."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(code))
    return subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=tmp_path
    )


def test_a_tethered_group_dies_with_its_parent_when_the_parent_is_killed(tmp_path: Path) -> None:
    parent = start_parent(
        """
        import subprocess, sys, time
        from slidewright.pptx_engine.tether import tethered
        child = subprocess.Popen(tethered(["sleep", "300"]), start_new_session=True)
        print(child.pid, flush=True)
        time.sleep(300)
        """,
        tmp_path,
    )
    assert parent.stdout is not None
    pgid = int(parent.stdout.readline())
    assert wait_for(lambda: len(group_members(pgid)) == 2)  # the tether and sleep
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    assert wait_for(lambda: group_members(pgid) == [], timeout=5)


def test_a_tethered_command_runs_to_completion_and_keeps_its_exit_code(tmp_path: Path) -> None:
    done = subprocess.run(
        tethered([sys.executable, "-c", "import sys; print('hello'); sys.exit(3)"], memory_mb=0),
        capture_output=True,
        text=True,
        start_new_session=True,
        timeout=30,
    )
    assert (done.returncode, done.stdout.strip()) == (3, "hello")


def test_the_memory_cap_applies_to_everything_started_under_the_tether() -> None:
    probe = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    capped = subprocess.run(
        tethered([sys.executable, "-c", probe], memory_mb=300),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert int(capped.stdout) == 300 * 1024 * 1024
    grab = "b = bytearray(400 * 1024 * 1024)"
    refused = subprocess.run(
        tethered([sys.executable, "-c", grab], memory_mb=300), capture_output=True, timeout=30
    )
    assert refused.returncode != 0 and b"MemoryError" in refused.stderr


@pytest.mark.slow
@needs_lo
def test_kill_9_of_the_server_leaves_no_warm_libreoffice(tmp_path: Path) -> None:
    work = tmp_path / "work"
    parent = start_parent(
        f"""
        import time
        from slidewright.pptx_engine.render import UnoserverRenderer
        renderer = UnoserverRenderer(work_root={str(work)!r})
        renderer.start()
        print(renderer.server_pid, flush=True)
        time.sleep(300)
        """,
        tmp_path,
    )
    assert parent.stdout is not None
    pgid = int(parent.stdout.readline())
    assert wait_for(lambda: any("soffice" in _cmdline(pid) for pid in group_members(pgid)))
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    assert wait_for(lambda: group_members(pgid) == [], timeout=5)
    assert processes_mentioning(str(work)) == []


@pytest.mark.slow
@needs_lo
def test_kill_9_during_a_one_shot_conversion_leaves_no_libreoffice(tmp_path: Path) -> None:
    work = tmp_path / "work"
    parent = start_parent(
        f"""
        import io
        from pptx import Presentation
        from slidewright.pptx_engine.render import SofficeRenderer
        prs = Presentation()
        for number in range(60):
            prs.slides.add_slide(prs.slide_layouts[1]).shapes.title.text = f"Slide {{number}}"
        deck = io.BytesIO()
        prs.save(deck)
        print("rendering", flush=True)
        SofficeRenderer(work_root={str(work)!r}).render(deck.getvalue(), timeout_s=300)
        """,
        tmp_path,
    )
    assert parent.stdout is not None
    assert parent.stdout.readline().strip() == "rendering"
    assert wait_for(lambda: any("soffice" in _cmdline(p) for p in processes_mentioning(str(work))))
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    assert wait_for(lambda: processes_mentioning(str(work)) == [], timeout=5)


def _cmdline(pid: int) -> str:
    return next((p.cmdline for p in live_processes() if p.pid == pid), "")


def test_tether_needs_no_package_of_ours() -> None:
    # Run with -I from any directory: the script imports the standard library only.
    source = (Path(tethered(["true"])[2])).read_text()
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all(
        line.split()[1] in {"os", "resource", "signal", "subprocess", "sys"} for line in imports
    )
    assert os.path.isabs(tethered(["true"])[0])
