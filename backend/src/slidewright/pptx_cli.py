"""`slidewright pptx ...`: the PPTX engine without a server (inspect, render)."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    """Adds the pptx commands; they are filled in as the engine lands."""
    commands.add_parser("pptx", help="inspect, render and fill PPTX files")
