"""`UnoserverRenderer.warming`, which readiness reports as `renderer: starting`: true from the
start of the boot warm-up until LibreOffice has done a conversion (the warm-up's, or a job's
that took the warm server first), never again after that (a second warm-up call finds it warm),
and never longer than `WARMING_GATE_S`. The server and the conversion are stand-ins here; the
real LibreOffice is `test_render.py`'s."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from slidewright.pptx_engine import render
from slidewright.pptx_engine.render import FakeRenderer, UnoserverRenderer


class _Alive:
    def poll(self) -> None:
        return None


@pytest.fixture
def renderer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> UnoserverRenderer:
    monkeypatch.setattr(render._Poppler, "find", staticmethod(lambda: None))
    made = UnoserverRenderer(
        soffice="/bin/true", launcher=("/bin/true",), fallback=FakeRenderer(), work_root=tmp_path
    )
    server: Any = SimpleNamespace(jobs=0, proc=_Alive())
    monkeypatch.setattr(made, "_ensure_server", lambda: server)
    made._server = server
    return made


def _warm_up_held(renderer: UnoserverRenderer) -> tuple[threading.Thread, threading.Event]:
    """A warm-up whose conversion waits until the returned event is set."""
    release = threading.Event()

    def converting(*_args: Any, **_kwargs: Any) -> list[bytes]:
        release.wait(10)
        renderer._server.jobs += 1  # type: ignore[union-attr]
        return [b""]

    renderer.render = converting  # type: ignore[method-assign]
    thread = threading.Thread(target=renderer.warm_up)
    thread.start()
    return thread, release


def _eventually(check: Any) -> bool:
    for _ in range(200):
        if check():
            return True
        threading.Event().wait(0.01)
    return False


def test_warming_until_the_first_conversion_then_never_again(renderer: UnoserverRenderer) -> None:
    assert not renderer.warming  # no warm-up asked for
    thread, release = _warm_up_held(renderer)
    try:
        assert _eventually(lambda: renderer.warming)
    finally:
        release.set()
        thread.join(10)
    assert not renderer.warming
    # A second caller (the app's lifespan after the early start) finds it warm: no new warm-up.
    renderer.render = lambda *_a, **_k: pytest.fail("warmed up twice")  # type: ignore[method-assign]
    renderer.warm_up()
    assert not renderer.warming


def test_a_job_that_converts_first_ends_the_warming(renderer: UnoserverRenderer) -> None:
    thread, release = _warm_up_held(renderer)
    try:
        assert _eventually(lambda: renderer.warming)
        renderer._server.jobs += 1  # type: ignore[union-attr]  # a job took the warm server first
        assert not renderer.warming  # LibreOffice is warm, whatever the warm-up call waits for
    finally:
        release.set()
        thread.join(10)


def test_a_slow_start_is_not_warming_forever(
    renderer: UnoserverRenderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    thread, release = _warm_up_held(renderer)
    try:
        assert _eventually(lambda: renderer.warming)
        monkeypatch.setattr(render, "WARMING_GATE_S", 0.0)
        assert _eventually(lambda: not renderer.warming)
    finally:
        release.set()
        thread.join(10)
