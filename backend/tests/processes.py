"""The machine's live processes, read from /proc: for tests that count LibreOffice left behind."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class Process(NamedTuple):
    pid: int
    parent: int
    group: int
    cmdline: str


def live_processes() -> list[Process]:
    """Every process that is neither a zombie nor dead."""
    table = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if fields[0] in ("Z", "X"):
            continue
        text = cmdline.decode("utf-8", "replace")
        table.append(Process(int(entry.name), int(fields[1]), int(fields[2]), text))
    return table


def libreoffice_of(pid: int) -> list[int]:
    """Every process of the LibreOffice groups process `pid` started: its tethers and what runs
    under them (unoserver, oosplash, soffice.bin)."""
    table = live_processes()
    groups = {p.group for p in table if f"_tether_script.py {pid} " in p.cmdline}
    return [p.pid for p in table if p.group in groups]
