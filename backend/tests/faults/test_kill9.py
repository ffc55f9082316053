"""kill -9 in the middle of uploads and exports, for real: a `slidewright serve` process
(SQLite, local storage, fake renderer) is killed at a random moment of a template, library file
or image upload (while the body is still arriving, or while it is handled) or of an export,
restarted on the same data directory, and checked:

- every object the API lists downloads whole and is valid (a package that opens, an image that
  decodes): no partial file is ever visible;
- no row points at a missing blob;
- what was written and never referenced is swept by `slidewright doctor --fix`, after which the
  doctor finds nothing.

20 cycles by default; SLIDEWRIGHT_FAULT_CYCLES runs more (bench/bench_faults.py runs 100).
The restarts are forked from a process that has imported Slidewright already (see
`tests.fault_server.Launcher`): each is `slidewright.cli.main(["serve", ...])` in a new process
on a new port, without the 6 s of imports a cold start spends, so 20 cycles fit the suite.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.fault_server import kill_cycles

CYCLES = int(os.environ.get("SLIDEWRIGHT_FAULT_CYCLES", "20"))


def test_kill9_during_uploads_and_exports_leaves_nothing_half_done(tmp_path: Path) -> None:
    report = kill_cycles(tmp_path, CYCLES)
    summary = "\n".join(report.log)
    assert report.cycles == CYCLES
    assert report.api_problems == [], summary
    assert report.rows_with_missing_blobs == 0, summary
    assert report.leftovers_after_sweep == 0, summary
    assert report.sweep_exit_status == 0, summary
    print(
        f"\n{report.cycles} cycles in {report.seconds:.1f} s: {report.cycles_with_leftovers} "
        f"left {report.leftovers_before_sweep} unreferenced blobs or half-written files, "
        f"{report.leftovers_after_sweep} after the sweep"
    )
