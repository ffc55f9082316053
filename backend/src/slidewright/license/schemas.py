from __future__ import annotations

from datetime import date

from slidewright.core.schemas import ApiModel


class LicenseStatus(ApiModel):
    client_name: str
    max_users: int
    issued_at: date
    expire_date: date
    days_remaining: int
