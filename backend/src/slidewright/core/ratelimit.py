"""Rate limiting on the `limits` library (memory by default, Redis when configured).

Used for failed sign-in attempts (per email and per IP) and, later, AI calls per user. With
several API replicas, point SLIDEWRIGHT_RATELIMIT_STORAGE_URL at Redis so they share counts.
"""

from __future__ import annotations

from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter


class RateLimiter:
    def __init__(self, storage_url: str = "memory://") -> None:
        self._storage = storage_from_string(storage_url)
        self._limiter = MovingWindowRateLimiter(self._storage)

    def exhausted(self, rule: str, *keys: str) -> bool:
        """True when `rule` (e.g. '5/minute') is already used up for these keys."""
        item: RateLimitItem = parse(rule)
        return not self._limiter.test(item, *keys)

    def hit(self, rule: str, *keys: str) -> bool:
        """Count one event; False when the limit was already reached."""
        return self._limiter.hit(parse(rule), *keys)

    def clear(self, rule: str, *keys: str) -> None:
        self._limiter.clear(parse(rule), *keys)

    def reset(self) -> None:
        self._storage.reset()
