"""LibreOffice dies with the process that started it, and stays within a memory cap.

Every LibreOffice we start (the warm unoserver and one-shot conversions) runs in its own process
group under `_tether_script.py`, which kills the group when our process disappears, however it
disappears: a `kill -9` or an OOM kill of the server or a worker leaves no LibreOffice behind
(85-200 MB each) and a restart loop cannot pile them up.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

TETHER_SCRIPT = Path(__file__).with_name("_tether_script.py")
# Address space, not resident memory: LibreOffice reserves far more than it touches (a deck of
# large pictures reached 760 MB of address space for about 250 MB resident). 2 GB leaves room
# for that and stops a runaway document long before it hurts the host.
DEFAULT_MEMORY_MB = 2048


def tethered(command: Sequence[str], *, memory_mb: int = DEFAULT_MEMORY_MB) -> list[str]:
    """`command` wrapped so it dies with this process (start it with `start_new_session`)."""
    return [
        sys.executable,
        "-I",
        str(TETHER_SCRIPT),
        str(os.getpid()),
        str(max(0, memory_mb)),
        "--",
        *command,
    ]
