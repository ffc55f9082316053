from __future__ import annotations

import json
from datetime import timedelta

from fastapi.testclient import TestClient

from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.license import service, signing


def test_no_license_installed_is_404(client: TestClient) -> None:
    response = client.get("/api/license/status")
    assert response.status_code == 404
    assert response.json()["errorCode"] == "license_unavailable"


def test_installed_license_status(client: TestClient, settings: Settings) -> None:
    service.keygen(settings)
    service.issue(settings, client="Acme Corp", max_users=25, days=90)
    response = client.get("/api/license/status")
    assert response.status_code == 200
    body = response.json()
    today = utcnow().date()
    assert body == {
        "clientName": "Acme Corp",
        "maxUsers": 25,
        "issuedAt": today.isoformat(),
        "expireDate": (today + timedelta(days=90)).isoformat(),
        "daysRemaining": 90,
    }


def test_tampered_license_is_rejected(client: TestClient, settings: Settings) -> None:
    service.keygen(settings)
    path = service.issue(settings, client="Acme", max_users=5, days=30)
    document = json.loads(path.read_text())
    document["license"]["maxUsers"] = 5000
    path.write_text(json.dumps(document))
    response = client.get("/api/license/status")
    assert response.status_code == 404
    assert response.json()["errorCode"] == "license_unavailable"


def test_license_signed_by_another_key_is_rejected(client: TestClient, settings: Settings) -> None:
    service.keygen(settings)
    other_private, _ = signing.generate_keypair()
    today = utcnow().date()
    forged = signing.sign(
        signing.License("Mallory", 999, today, today + timedelta(days=999)), other_private
    )
    settings.resolved_license_file.write_text(forged)
    assert client.get("/api/license/status").status_code == 404


def test_garbage_license_file_is_rejected(client: TestClient, settings: Settings) -> None:
    service.keygen(settings)
    settings.resolved_license_file.write_text("{not json")
    assert client.get("/api/license/status").json()["errorCode"] == "license_unavailable"


def test_public_key_may_be_given_as_pem_text(tmp_path, database_url: str) -> None:
    private_pem, public_pem = signing.generate_keypair()
    today = utcnow().date()
    license_file = tmp_path / "lic.json"
    license_file.write_text(signing.sign(signing.License("Pem Co", 3, today, today), private_pem))
    settings = Settings(data_dir=tmp_path, license_file=license_file, license_public_key=public_pem)
    status = service.status(settings)
    assert status.client_name == "Pem Co"
    assert status.days_remaining == 0
