"""Password hashing (Argon2id via pwdlib) and access tokens (HS256 JWTs).

A token carries the user id (`sub`), an expiry and the user's token version (`ver`); bumping
the version on a user row revokes every token issued before (logout, password change).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import jwt
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from slidewright.core.clock import utcnow

_hasher = PasswordHash((Argon2Hasher(),))
_ALGORITHM = "HS256"


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, password_hash: str) -> bool:
    try:
        return _hasher.verify(password, password_hash)
    except Exception:  # a corrupt or foreign hash must read as "wrong password", not a 500
        return False


@dataclass(frozen=True)
class TokenClaims:
    user_id: str
    version: int


def issue_token(user_id: str, version: int, *, secret: str, minutes: int) -> str:
    now = utcnow()
    claims = {"sub": user_id, "ver": version, "iat": now, "exp": now + timedelta(minutes=minutes)}
    return jwt.encode(claims, secret, algorithm=_ALGORITHM)


def read_token(token: str, *, secret: str) -> TokenClaims | None:
    """The token's claims, or None when it is malformed, tampered with or expired."""
    try:
        claims = jwt.decode(
            token, secret, algorithms=[_ALGORITHM], options={"require": ["exp", "sub"]}
        )
        return TokenClaims(user_id=str(claims["sub"]), version=int(claims.get("ver", 0)))
    except (jwt.PyJWTError, ValueError, TypeError):
        return None
