from __future__ import annotations

from fastapi import APIRouter

from slidewright.core.deps import SettingsDep
from slidewright.license import service
from slidewright.license.schemas import LicenseStatus

router = APIRouter(prefix="/license", tags=["license"])


@router.get("/status", operation_id="getLicenseStatus")
def get_license_status(settings: SettingsDep) -> LicenseStatus:
    """The installed license. Public: the sign-in page shows it before anyone signs in.

    Errors: `license_unavailable` (404) when no license is installed or its signature fails.
    """
    return service.status(settings)
