"""Run as root (sudo, a root timer), backup and restore must not leave files the service user
can no longer write: what they create is handed to the owner of a reference path."""

from __future__ import annotations

import os
from pathlib import Path


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def give_to_owner_of(reference: Path, *paths: Path) -> None:
    """As root, makes `paths` (folders recursively) belong to `reference`'s owner."""
    if not running_as_root() or not reference.exists():
        return
    owner = reference.stat()
    for path in paths:
        if not path.exists():
            continue
        todo = [path]
        if path.is_dir():
            todo += [
                Path(folder) / name
                for folder, dirs, files in os.walk(path)
                for name in dirs + files
            ]
        for item in todo:
            os.chown(item, owner.st_uid, owner.st_gid, follow_symlinks=False)
