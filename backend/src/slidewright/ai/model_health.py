"""How the model has been doing in this process: the last success and failure, the median
time of a request, what share of answers needed the offline assistant. Shown to admins (AI
status in the profile's settings, `GET /api/ai/status`) and in `/api/health`."""

from __future__ import annotations

import statistics
import threading
from collections import deque
from datetime import UTC, datetime
from typing import Any

WINDOW = 50  # the last requests the median is taken over


class ModelHealth:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latencies: deque[float] = deque(maxlen=WINDOW)
        self._answers: deque[bool] = deque(maxlen=WINDOW)  # True: completed by the offline one
        self.last_success_at: datetime | None = None
        self.last_failure_at: datetime | None = None
        self.last_error: str | None = None
        self.requests = 0
        self.failures = 0

    def success(self, seconds: float) -> None:
        with self._lock:
            self.requests += 1
            self._latencies.append(seconds)
            self.last_success_at = datetime.now(UTC)

    def failure(self, error_code: str, reason: str = "") -> None:
        with self._lock:
            self.requests += 1
            self.failures += 1
            self.last_failure_at = datetime.now(UTC)
            self.last_error = f"{error_code}: {reason}" if reason else error_code

    def answered(self, *, with_fallback: bool) -> None:
        with self._lock:
            self._answers.append(with_fallback)

    def state(self) -> str:
        """ok (the last request succeeded), failing, or unknown (no request yet)."""
        with self._lock:
            if self.last_success_at is None and self.last_failure_at is None:
                return "unknown"
            if self.last_failure_at is None:
                return "ok"
            if self.last_success_at is None or self.last_failure_at > self.last_success_at:
                return "failing"
            return "ok"

    def snapshot(self) -> dict[str, Any]:
        state = self.state()
        with self._lock:
            latencies = list(self._latencies)
            answers = list(self._answers)
            return {
                "state": state,
                "lastSuccessAt": _iso(self.last_success_at),
                "lastFailureAt": _iso(self.last_failure_at),
                "lastError": self.last_error,
                "medianLatencyMs": round(statistics.median(latencies) * 1000)
                if latencies
                else None,
                "requests": self.requests,
                "failures": self.failures,
                "fallbackShare": round(sum(answers) / len(answers), 2) if answers else None,
            }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None
