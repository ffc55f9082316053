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
    created_at: datetime
    updated_at: datetime
