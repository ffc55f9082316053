"""The license file format and its Ed25519 signature.

A license file is JSON: `{"license": {clientName, maxUsers, issuedAt, expireDate},
"signature": base64}`. The signature covers the canonical JSON of the `license` object (sorted
keys, no spaces), so re-formatting the file does not break it but changing any value does.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey


@dataclass(frozen=True)
class License:
    client_name: str
    max_users: int
    issued_at: date
    expire_date: date

    def to_json(self) -> dict[str, Any]:
        return {
            "clientName": self.client_name,
            "maxUsers": self.max_users,
            "issuedAt": self.issued_at.isoformat(),
            "expireDate": self.expire_date.isoformat(),
        }


def _canonical(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def generate_keypair() -> tuple[str, str]:
    """A new (private PEM, public PEM) pair."""
    private = Ed25519PrivateKey.generate()
    private_pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private_pem, public_pem


def sign(license_: License, private_pem: str) -> str:
    """The license file's text, signed with the private key."""
    key = serialization.load_pem_private_key(private_pem.encode(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError("the private key is not an Ed25519 key")
    payload = license_.to_json()
    signature = base64.b64encode(key.sign(_canonical(payload))).decode()
    return json.dumps({"license": payload, "signature": signature}, indent=2, ensure_ascii=False)


def verify(text: str, public_pem: str) -> License | None:
    """The license in `text` when its signature verifies with the key, else None."""
    try:
        document = json.loads(text)
        payload = document["license"]
        signature = base64.b64decode(document["signature"], validate=True)
        key = serialization.load_pem_public_key(public_pem.encode())
        if not isinstance(key, Ed25519PublicKey):
            return None
        key.verify(signature, _canonical(payload))
        return License(
            client_name=str(payload["clientName"]),
            max_users=int(payload["maxUsers"]),
            issued_at=date.fromisoformat(payload["issuedAt"]),
            expire_date=date.fromisoformat(payload["expireDate"]),
        )
    except (InvalidSignature, ValueError, KeyError, TypeError, json.JSONDecodeError):
        return None
