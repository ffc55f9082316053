"""Password hashing (Argon2id via pwdlib) and access tokens (HS256 JWTs).

A token carries the user id (`sub`), an expiry, its own id (`jti`, which is also the id of its
sign-in session, so one session can be ended alone) and the user's token version (`ver`);
bumping the version on a user row revokes every token issued before ("sign out everywhere",
password change).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from slidewright.core.clock import utcnow
from slidewright.core.ids import new_id

# Argon2id at pwdlib's defaults (time cost 3, 64 MiB, 4 lanes): about 0.2 s of CPU per hash or
# check. The test suite swaps `_hasher` for a cheap one (thousands of sign-ups); a hash records its
# own parameters, so either kind verifies with either hasher.
PRODUCTION_HASHER = PasswordHash((Argon2Hasher(),))
_hasher = PRODUCTION_HASHER
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


@dataclass(frozen=True)
class IssuedToken:
    token: str
    token_id: str  # the `jti`
    issued_at: datetime
    expires_at: datetime


def issue_token(user_id: str, version: int, *, secret: str, minutes: int) -> IssuedToken:
    # Whole seconds, as the token states them, so the session row and the token agree.
    now = utcnow().replace(microsecond=0)
    token_id, expires_at = new_id(), now + timedelta(minutes=minutes)
    claims = {"sub": user_id, "ver": version, "jti": token_id, "iat": now, "exp": expires_at}
    token = jwt.encode(claims, secret, algorithm=_ALGORITHM)
    return IssuedToken(token=token, token_id=token_id, issued_at=now, expires_at=expires_at)


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
