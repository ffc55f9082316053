"""Progress lines for the operator (the CLI prints them; tests pass `quiet`)."""

from __future__ import annotations

from collections.abc import Callable

Say = Callable[[str], None]


def quiet(_line: str) -> None:
    """Says nothing."""
