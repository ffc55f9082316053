"""Identifiers: ULIDs as 26-character strings (sortable by creation time)."""

from ulid import ULID


def new_id() -> str:
    return str(ULID())
