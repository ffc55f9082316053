"""Password hashing (Argon2id via pwdlib) and access tokens (HS256 JWTs).

A token carries the user id (`sub`), an expiry, its own id (`jti`, so one browser's logout can
revoke just that token) and the user's token version (`ver`); bumping the version on a user row
revokes every token issued before ("sign out everywhere", password change).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from slidewright.core.clock import utcnow
from slidewright.core.ids import new_id

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
    # Tokens issued before `jti` existed have none: only "sign out everywhere" ends them.
    token_id: str | None = None
    expires_at: datetime | None = None


def issue_token(user_id: str, version: int, *, secret: str, minutes: int) -> str:
    now = utcnow()
    claims = {
        "sub": user_id,
        "ver": version,
        "jti": new_id(),
        "iat": now,
        "exp": now + timedelta(minutes=minutes),
    }
    return jwt.encode(claims, secret, algorithm=_ALGORITHM)


def read_token(token: str, *, secret: str) -> TokenClaims | None:
    """The token's claims, or None when it is malformed, tampered with or expired."""
    try:
        claims = jwt.decode(
            token, secret, algorithms=[_ALGORITHM], options={"require": ["exp", "sub"]}
        )
        jti = claims.get("jti")
        return TokenClaims(
            user_id=str(claims["sub"]),
            version=int(claims.get("ver", 0)),
            token_id=str(jti) if jti else None,
            expires_at=datetime.fromtimestamp(int(claims["exp"]), tz=UTC),
        )
    except (jwt.PyJWTError, ValueError, TypeError):
        return None
