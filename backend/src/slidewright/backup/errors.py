"""The one error type of backup and restore: a code for tests and scripts, one line for people.

Messages never contain a database URL (they may hold passwords).
"""

from __future__ import annotations

from typing import Literal

BackupErrorCode = Literal[
    "archive_exists",  # backup: FILE is already there (never overwritten)
    "not_a_backup",  # restore: not a tar, or a tar without our manifest
    "unsupported_format",  # restore: a manifest of another format version
    "archive_damaged",  # restore: truncated, a member missing, a checksum differs
    "newer_schema",  # restore: the archive's schema is unknown to this release
    "kind_mismatch",  # restore: a SQLite archive into PostgreSQL or the other way round
    "target_not_empty",  # restore: the target holds data and --force was not given
    "unsupported_target",  # memory:// storage, in-memory SQLite, an unknown database URL
    "database_missing",  # backup: no SQLite file where the settings say
    "tool_missing",  # pg_dump / pg_restore absent or too old
    "tool_failed",  # pg_dump / pg_restore / sqlite failed
    "storage_failed",  # the blob store failed
]


class BackupError(Exception):
    """A failure of `slidewright backup` / `restore` the operator can act on."""

    def __init__(self, code: BackupErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: BackupErrorCode = code
