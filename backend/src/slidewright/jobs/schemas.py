from __future__ import annotations

from datetime import datetime
from typing import Any

from slidewright.core.schemas import ReadModel


class JobRead(ReadModel):
    kind: str
    subject_id: str | None
    status: str
    progress: int
    error_code: str | None
    error_message: str | None
    result: dict[str, Any] | None
    # When its owner asked it to stop (it may still be running until its next check).
    cancel_requested_at: datetime | None = None
    created_at: datetime
    updated_at: datetime
