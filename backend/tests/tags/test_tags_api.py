"""Tags as two users see them, and the Admin-only rules."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.helpers import SignedIn, signup


@pytest.fixture
def admin(client: TestClient) -> SignedIn:
    return signup(client, "admin@example.com", name="Admin")


@pytest.fixture
def alice(client: TestClient, admin: SignedIn) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, admin: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


def _create(client: TestClient, who: SignedIn, name: str, public: bool = False) -> dict:
    response = client.post("/api/tags", json={"name": name, "public": public}, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()


def _names(client: TestClient, who: SignedIn) -> list[str]:
    return [tag["name"] for tag in client.get("/api/tags", headers=who.headers).json()]


def test_users_see_their_own_tags_and_public_ones_only(
    client: TestClient, admin: SignedIn, alice: SignedIn, bob: SignedIn
) -> None:
    _create(client, alice, "alice-private")
    _create(client, bob, "bob-private")
    _create(client, admin, "company", public=True)
    assert _names(client, alice) == ["alice-private", "company"]
    assert _names(client, bob) == ["bob-private", "company"]


def test_tag_shape(client: TestClient, alice: SignedIn) -> None:
    tag = _create(client, alice, "  quarterly   report ")
    assert tag["name"] == "quarterly report"
    assert tag["public"] is False
    assert tag["ownerId"] == alice.user["_id"]
    assert set(tag) == {"_id", "name", "public", "ownerId", "createdAt"}


def test_blank_names_are_rejected(client: TestClient, alice: SignedIn) -> None:
    response = client.post(
        "/api/tags", json={"name": "   ", "public": False}, headers=alice.headers
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "tag_name_required"


def test_duplicate_names_for_the_same_owner_are_rejected(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    _create(client, alice, "finance")
    response = client.post("/api/tags", json={"name": "finance"}, headers=alice.headers)
    assert response.status_code == 409
    assert response.json()["errorCode"] == "tag_exists"
    _create(client, bob, "finance")  # another owner may use the same name


def test_names_differing_only_in_case_are_the_same_tag(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    product = _create(client, alice, "Product")
    for name in ("product", "PRODUCT", "  product "):
        response = client.post("/api/tags", json={"name": name}, headers=alice.headers)
        assert response.status_code == 409, name
        assert response.json()["errorCode"] == "tag_exists"
    # Renaming another tag onto the name in other letters is refused the same way...
    other = _create(client, alice, "launch")
    response = client.put(
        f"/api/tags/{other['_id']}", json={"name": "PRODUCT"}, headers=alice.headers
    )
    assert response.status_code == 409
    # ...while a tag may change the case of its own name.
    response = client.put(
        f"/api/tags/{product['_id']}", json={"name": "product"}, headers=alice.headers
    )
    assert response.status_code == 200
    assert response.json()["name"] == "product"
    _create(client, bob, "PRODUCT")  # another owner's names do not count


def test_only_admins_may_make_tags_public(
    client: TestClient, admin: SignedIn, alice: SignedIn
) -> None:
    refused = client.post("/api/tags", json={"name": "x", "public": True}, headers=alice.headers)
    assert refused.status_code == 403
    assert refused.json()["errorCode"] == "tag_public_admin_only"
    tag = _create(client, alice, "x")
    toggle = client.put(f"/api/tags/{tag['_id']}", json={"public": True}, headers=alice.headers)
    assert toggle.status_code == 403
    by_admin = client.put(f"/api/tags/{tag['_id']}", json={"public": True}, headers=admin.headers)
    assert by_admin.status_code == 200
    assert by_admin.json()["public"] is True


def test_owner_can_rename(client: TestClient, alice: SignedIn) -> None:
    tag = _create(client, alice, "old")
    response = client.put(f"/api/tags/{tag['_id']}", json={"name": "new"}, headers=alice.headers)
    assert response.json()["name"] == "new"


def test_another_users_private_tag_is_404(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    tag = _create(client, alice, "secret")
    for method in ("put", "delete"):
        kwargs = {"json": {"name": "mine"}} if method == "put" else {}
        response = getattr(client, method)(f"/api/tags/{tag['_id']}", headers=bob.headers, **kwargs)
        assert response.status_code == 404
        assert response.json()["errorCode"] == "tag_not_found"
    assert _names(client, alice) == ["secret"]


def test_non_admins_cannot_delete_public_tags_of_others(
    client: TestClient, admin: SignedIn, alice: SignedIn
) -> None:
    tag = _create(client, admin, "company", public=True)
    response = client.delete(f"/api/tags/{tag['_id']}", headers=alice.headers)
    assert response.status_code == 403
    assert "company" in _names(client, alice)


def test_users_delete_their_own_tags(client: TestClient, alice: SignedIn) -> None:
    tag = _create(client, alice, "temp")
    assert client.delete(f"/api/tags/{tag['_id']}", headers=alice.headers).status_code == 204
    assert _names(client, alice) == []


def test_admins_may_delete_any_tag(client: TestClient, admin: SignedIn, alice: SignedIn) -> None:
    tag = _create(client, alice, "private")
    assert client.delete(f"/api/tags/{tag['_id']}", headers=admin.headers).status_code == 204
    assert _names(client, alice) == []


def test_tags_need_a_signed_in_user(client: TestClient) -> None:
    assert client.get("/api/tags").status_code == 401
