from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

QUEUED, RUNNING, SUCCEEDED, FAILED = "queued", "running", "succeeded", "failed"
# Stopped at the owner's request: `result` holds what the handler finished before it stopped.
CANCELLED = "cancelled"
FINISHED = (SUCCEEDED, FAILED, CANCELLED)


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_status_heartbeat_at", "status", "heartbeat_at"),)

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(50))
    # What the job works on (e.g. a template id), so the UI can find a running job again.
    subject_id: Mapped[str | None] = mapped_column(String(26), index=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(20), default=QUEUED)
    progress: Mapped[int] = mapped_column(default=0)
    error_code: Mapped[str | None] = mapped_column(String(64))
    error_message: Mapped[str | None] = mapped_column(Text)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # How many times a process has started it, and when the process running it last said it
    # is alive: a job whose worker was killed is found by its silence and run again (or failed).
    attempts: Mapped[int] = mapped_column(default=0, server_default="0")
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set by `POST /api/jobs/{id}/cancel`: in the row, not in memory, so the process running the
    # job (an embedded worker or a `slidewright worker` elsewhere) sees it at its next check.
    cancel_requested_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
