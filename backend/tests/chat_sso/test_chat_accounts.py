"""Chat accounts next to local ones: email collisions, linking, passwords, the app config."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.chat_sso import service
from slidewright.core.config import Settings
from slidewright.license import service as license_service
from slidewright.license.errors import LicenseUserLimitError
from slidewright.main import create_app
from tests.chat_sso.conftest import MockProvider, callback, login_error, sign_in, start
from tests.helpers import signup


def test_app_config_tells_whether_chat_sign_on_is_offered(
    client: TestClient, settings: Settings
) -> None:
    config = client.get("/api/app/config").json()
    assert config["chatSsoEnabled"] is True
    assert config["chatSsoName"] == "TeamChat"
    unset = settings.model_copy(update={"chat_sso_issuer": None, "chat_sso_client_id": None})
    with TestClient(create_app(unset)) as plain:
        config = plain.get("/api/app/config").json()
        assert config["chatSsoEnabled"] is False
        assert config["chatSsoName"] is None
        response = plain.get("/api/auth/chat/start", follow_redirects=False)
        assert login_error(response.headers["location"]) == "chat_sso_not_configured"


def test_a_local_account_with_the_same_email_is_not_taken_over(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    local = signup(client, "owner@example.com", name="Owner", password="secret1")
    oidc_provider.set_user("intruder", email="OWNER@example.com", email_verified=True)
    location = callback(client, oidc_provider.authorize(start(client), "intruder"))
    assert login_error(location) == "chat_account_exists"
    # The local account is untouched: same password, still local.
    login = client.post(
        "/api/auth/login", json={"email": "owner@example.com", "password": "secret1"}
    )
    assert login.status_code == 200
    assert login.json()["user"] == local.user


def test_an_admin_linked_account_is_taken_over_only_with_a_verified_email(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    local = signup(client, "linked@example.com", name="Linked")
    with app.state.session_factory() as session:
        service.prepare_link(session, "linked@example.com")  # `slidewright users link-chat`
        session.commit()
    # The old sessions ended with the switch.
    assert client.get("/api/users/me", headers=local.headers).status_code == 401
    oidc_provider.set_user("linked-unverified", email="linked@example.com", email_verified=False)
    refused = callback(client, oidc_provider.authorize(start(client), "linked-unverified"))
    assert login_error(refused) == "chat_sso_email_missing"  # an unverified email claims nothing
    oidc_provider.set_user("linked-sub", email="linked@example.com", email_verified=True)
    body = sign_in(client, oidc_provider, "linked-sub")
    assert body["user"]["_id"] == local.user["_id"]
    assert body["user"]["authType"] == "chat"
    # Once linked, a second chat identity with that email cannot claim it too.
    oidc_provider.set_user("linked-other", email="linked@example.com", email_verified=True)
    other = callback(client, oidc_provider.authorize(start(client), "linked-other"))
    assert login_error(other) == "chat_account_exists"


def test_a_chat_account_has_no_password_here(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("pat", email="pat@example.com", email_verified=True, name="Pat")
    body = sign_in(client, oidc_provider, "pat")
    login = client.post(
        "/api/auth/login",
        json={"email": "pat@example.com", "password": "anything"},
        headers={"Accept-Language": "zh-CN"},
    )
    assert login.status_code == 401
    assert login.json()["errorCode"] == "incorrect_password"
    assert login.json()["details"] == {"authType": "chat"}
    change = client.put(
        "/api/users/me/password",
        json={"currentPassword": "", "newPassword": "newsecret"},
        headers={"Authorization": f"Bearer {body['token']}", "Accept-Language": "zh-CN"},
    )
    assert change.status_code == 409
    assert change.json()["errorCode"] == "password_managed_by_chat"
    assert "聊天产品" in change.json()["message"]


def test_no_email_claim_means_no_account(client: TestClient, oidc_provider: MockProvider) -> None:
    oidc_provider.set_user("anon", name="No Email")
    location = callback(client, oidc_provider.authorize(start(client), "anon"))
    assert login_error(location) == "chat_sso_email_missing"


def test_the_license_seat_limit_applies_to_chat_sign_ups(
    client: TestClient, oidc_provider: MockProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    signup(client, "first@example.com")

    def full(_settings: Settings, people: int) -> None:
        raise LicenseUserLimitError(maxUsers=people)

    monkeypatch.setattr(license_service, "check_seat_available", full)
    oidc_provider.set_user("late", email="late@example.com", email_verified=True)
    location = callback(client, oidc_provider.authorize(start(client), "late"))
    assert login_error(location) == "license_user_limit"


def test_an_email_the_provider_has_not_verified_makes_no_account(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    # Anyone could have typed it: the account would hold the address against its owner.
    oidc_provider.set_user("typed", email="boss@example.com", email_verified=False)
    location = callback(client, oidc_provider.authorize(start(client), "typed"))
    assert login_error(location) == "chat_sso_email_missing"
    taken = client.post(
        "/api/auth/signup",
        json={"name": "Boss", "email": "boss@example.com", "password": "secret123"},
    )
    assert taken.status_code == 201  # the real owner can still sign up
