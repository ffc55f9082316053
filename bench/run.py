"""Runs every benchmark (bench/bench_*.py), prints a table per benchmark and writes JSON.

Usage (from backend/, so the project's environment is used):
    uv run python ../bench/run.py            # all of them
    uv run python ../bench/run.py templates  # only bench_templates.py
    uv run python ../bench/run.py load       # bench_load.py: several minutes, PostgreSQL + Redis
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _table(rows: list[dict]) -> str:
    columns = list(rows[0])
    widths = {c: max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns}
    line = "  ".join(c.ljust(widths[c]) for c in columns)
    rule = "  ".join("-" * widths[c] for c in columns)
    body = ["  ".join(str(r.get(c, "")).ljust(widths[c]) for c in columns) for r in rows]
    return "\n".join([line, rule, *body])


def main(names: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    RESULTS.mkdir(exist_ok=True)
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if names and name not in names:
            continue
        print(f"\n== {name} ==", flush=True)
        started = time.perf_counter()
        rows = _load(path).run()
        print(_table(rows))
        print(f"({time.perf_counter() - started:.1f} s)")
        (RESULTS / f"{name}.json").write_text(json.dumps(rows, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
