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


def _fill(args: argparse.Namespace, settings: Settings) -> int:
    from slidewright.pptx_engine.deck_spec import DeckSpec
    from slidewright.pptx_engine.errors import PptxEngineError
    from slidewright.pptx_engine.package import load_bytes
    from slidewright.pptx_engine.writer import fill_deck

    deck_path = Path(args.deck)
    try:
        data = json.loads(deck_path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PptxCliError(f"{args.deck}: cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise PptxCliError(f"{args.deck}: not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        raise PptxCliError(f"{args.deck}: not valid JSON: {exc.msg} (line {exc.lineno})") from exc
    try:
        spec = DeckSpec.from_json(data, base_dir=deck_path.parent)
    except PptxEngineError as exc:
        raise PptxCliError(f"{args.deck}: {exc.message}") from exc
    try:
        result = fill_deck(load_bytes(Path(args.template)), spec)
    except PptxEngineError as exc:
        source = args.deck if exc.code == "invalid_deck_spec" else args.template
        raise PptxCliError(f"{source}: {exc.message}") from exc
    output = Path(args.output)
    partial = output.with_name(output.name + ".partial")
    partial.write_bytes(result.pptx)
    partial.replace(output)  # never leave a half-written deck under the real name
    if args.json:
        summary = {
            "output": str(output),
            "slides": len(spec.slides),
            "warnings": [warning.to_json_dict() for warning in result.warnings],
        }
        sys.stdout.write(json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
        return 0
    for warning in result.warnings:
        print(f"warning: {warning}")
    count = len(result.warnings)
    print(
        f"{len(spec.slides)} slide(s) written to {output}"
        + (f" with {count} warning(s)" if count else "")
    )
    return 0


def register(commands: Any) -> None:
    pptx = commands.add_parser("pptx", help="inspect, render and fill PPTX files")
    actions = pptx.add_subparsers(dest="pptx_command", required=True, metavar="ACTION")

    inspect = actions.add_parser("inspect", help="print the slides and elements of a PPTX")
    inspect.add_argument("file")
    inspect.add_argument("--json", action="store_true", help="machine-readable output")
    inspect.set_defaults(handler=_inspect)

    fill = actions.add_parser(
        "fill", help="build a deck from a template and a deck JSON (see docs/deck-json.md)"
    )
    fill.add_argument("template", help="the template .pptx / .potx")
    fill.add_argument("deck", help="the deck JSON; picture paths are relative to it")
    fill.add_argument("-o", "--output", required=True, help="the .pptx to write")
    fill.add_argument("--json", action="store_true", help="machine-readable summary")
    fill.set_defaults(handler=_fill)

    render = actions.add_parser("render", help="render every slide to OUTDIR/1.jpg, 2.jpg, ...")
    render.add_argument("file")
    render.add_argument("outdir")
    render.set_defaults(handler=_render)
