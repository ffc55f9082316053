"""Backup and restore of a whole deployment as one archive file: `slidewright backup FILE`
and `slidewright restore FILE` (see `archive` for the layout, `create` for the order)."""

from slidewright.backup.create import create_backup
from slidewright.backup.errors import BackupError, BackupErrorCode
from slidewright.backup.manifest import Entry, Manifest
from slidewright.backup.restore import restore_backup

__all__ = [
    "BackupError",
    "BackupErrorCode",
    "Entry",
    "Manifest",
    "create_backup",
    "restore_backup",
]
