"""The installed license: reading and verifying it, and the seat limit at sign-up."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.license import signing
from slidewright.license.errors import LicenseUnavailableError, LicenseUserLimitError
from slidewright.license.schemas import LicenseStatus
from slidewright.license.signing import License


def installed_license(settings: Settings) -> License | None:
    """The license file's contents when a file and a trusted key exist and the signature holds."""
    public_pem = settings.resolved_license_public_key
    path = settings.resolved_license_file
    if public_pem is None or not path.is_file():
        return None
    return signing.verify(path.read_text(encoding="utf-8"), public_pem)


def status(settings: Settings) -> LicenseStatus:
    license_ = installed_license(settings)
    if license_ is None:
        raise LicenseUnavailableError()
    return LicenseStatus(
        client_name=license_.client_name,
        max_users=license_.max_users,
        issued_at=license_.issued_at,
        expire_date=license_.expire_date,
        days_remaining=(license_.expire_date - utcnow().date()).days,
    )


def check_seat_available(settings: Settings, people: int) -> None:
    """Without a license the server is unlimited; with one, at most `maxUsers` accounts."""
    license_ = installed_license(settings)
    if license_ is not None and people >= license_.max_users:
        raise LicenseUserLimitError(maxUsers=license_.max_users)


def keygen(settings: Settings, out_dir: Path | None = None) -> tuple[Path, Path]:
    """Writes a new key pair: the private key (0600) and the public key the server trusts."""
    folder = out_dir or settings.resolved_data_dir
    folder.mkdir(parents=True, exist_ok=True)
    private_pem, public_pem = signing.generate_keypair()
    private_path, public_path = folder / "license-private.pem", folder / "license-public.pem"
    private_path.touch(mode=0o600)
    private_path.write_text(private_pem)
    public_path.write_text(public_pem)
    return private_path, public_path


def issue(
    settings: Settings, *, client: str, max_users: int, days: int, private_key: Path | None = None
) -> Path:
    """Signs a license valid from today for `days` days and installs it as the license file."""
    key_path = private_key or settings.resolved_data_dir / "license-private.pem"
    if not key_path.is_file():
        raise FileNotFoundError(f"no private key at {key_path}; run `slidewright license keygen`")
    today = utcnow().date()
    license_ = License(client, max_users, today, today + timedelta(days=days))
    path = settings.resolved_license_file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(signing.sign(license_, key_path.read_text()), encoding="utf-8")
    return path
