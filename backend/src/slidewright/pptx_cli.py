"""`slidewright pptx ...`: the PPTX engine without a server.

Every failure prints one line and exits 2 (see `cli.main`); nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from slidewright.core.config import Settings


class PptxCliError(Exception):
    """A bad input file, reported as one line with exit status 2."""


def _inspect(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.pptx_engine.errors import PptxEngineError
    from slidewright.pptx_engine.reader import read_presentation
    from slidewright.pptx_engine.summary import inspect_summary

    try:
        deck = read_presentation(Path(args.file))
    except PptxEngineError as exc:
        raise PptxCliError(f"{args.file}: {exc.message}") from exc
    if args.json:
        sys.stdout.write(json.dumps(deck.to_json_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(inspect_summary(deck) + "\n")
    return 0


def _render(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.pptx_engine.errors import PptxEngineError
    from slidewright.pptx_engine.reader import read_presentation
    from slidewright.pptx_engine.render import RenderError, render_to_dir

    try:
        read_presentation(Path(args.file))  # a clear message for a bad file, before LibreOffice
        paths = render_to_dir(Path(args.file), Path(args.outdir))
    except (PptxEngineError, RenderError) as exc:
        raise PptxCliError(f"{args.file}: {getattr(exc, 'message', exc)}") from exc
    print(f"{len(paths)} thumbnails written to {args.outdir}")
    return 0


def register(commands: Any) -> None:
    pptx = commands.add_parser("pptx", help="inspect, render and fill PPTX files")
    actions = pptx.add_subparsers(dest="pptx_command", required=True, metavar="ACTION")

    inspect = actions.add_parser("inspect", help="print the slides and elements of a PPTX")
    inspect.add_argument("file")
    inspect.add_argument("--json", action="store_true", help="machine-readable output")
    inspect.set_defaults(handler=_inspect)

    render = actions.add_parser("render", help="render every slide to OUTDIR/1.jpg, 2.jpg, ...")
    render.add_argument("file")
    render.add_argument("outdir")
    render.set_defaults(handler=_render)
