"""kill -9 during uploads and exports, many times: how many cycles left something behind (a
blob written and never referenced, a half-written file) before `slidewright doctor --fix`
swept it, and how much is left after the sweep (the target: nothing, and never a row pointing
at a missing blob or a partial file visible through the API).

The cycles are those of backend/tests/faults/test_kill9.py (tests/fault_server.py), here 100
by default; SLIDEWRIGHT_FAULT_CYCLES sets another number.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

BACKEND = Path(__file__).resolve().parent.parent / "backend"
CYCLES = int(os.environ.get("SLIDEWRIGHT_FAULT_CYCLES", "100"))


def run() -> list[dict]:
    sys.path.insert(0, str(BACKEND))  # the tests package holds the cycle harness
    from tests.fault_server import kill_cycles

    with tempfile.TemporaryDirectory(prefix="sw-bench-faults-") as base:
        report = kill_cycles(Path(base), CYCLES)
    kinds: dict[str, int] = {}
    for line in report.log:
        if line.startswith("cycle "):
            kind = line.split(": ", 1)[1].split(":", 1)[0]
            kinds[kind] = kinds.get(kind, 0) + 1
    return [
        {
            "cycles": report.cycles,
            "operations": ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())),
            "cycles leaving leftovers": report.cycles_with_leftovers,
            "leftovers before sweep": report.leftovers_before_sweep,
            "of which half-written": report.half_written_before_sweep,
            "leftovers after sweep": report.leftovers_after_sweep,
            "rows with missing blobs": report.rows_with_missing_blobs,
            "partial files via API": len(report.api_problems),
            "seconds": round(report.seconds, 1),
            "s per cycle": round(report.seconds / max(report.cycles, 1), 2),
        }
    ]
