"""`python -m slidewright.builtin OUTDIR`: write every built-in template as a .pptx file."""

from __future__ import annotations

import sys

from slidewright.builtin.catalog import write_all


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m slidewright.builtin OUTDIR", file=sys.stderr)
        return 2
    for path in write_all(args[0]):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
