"""Talking to the OpenID provider: discovery, the authorization URL, the code exchange and the
ID token check. Authlib builds the requests (PKCE S256, client authentication); PyJWT verifies
the ID token against the provider's published keys (JWKS)."""

from __future__ import annotations

import hmac
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx
import jwt
from authlib.integrations.httpx_client import OAuth2Client
from authlib.integrations.httpx_client import OAuthError as AuthlibOAuthError

from slidewright.chat_sso.errors import ChatSsoFailedError
from slidewright.core.config import Settings

HTTP_TIMEOUT_SECONDS = 10.0
# Metadata and keys are re-read after this long, and at once when a token names an unknown key.
METADATA_TTL_SECONDS = 3600
# Clocks of the provider and this server may differ a little.
CLOCK_SKEW_SECONDS = 60
# Only public-key signatures: "none" and shared-secret (HS*) ID tokens are refused.
ASYMMETRIC_ALGORITHMS = frozenset(
    {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"}
)


@dataclass(frozen=True)
class ProviderMetadata:
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    algorithms: tuple[str, ...]
    token_auth_methods: tuple[str, ...]


@dataclass(frozen=True)
class Identity:
    """What a verified ID token says about the person."""

    issuer: str
    subject: str
    email: str | None
    email_verified: bool
    name: str | None
    # The provider said outright that the email is not verified (`email_verified: false`).
    # Corporate providers often send no such claim (Entra ID): their addresses are assigned.
    email_unverified: bool = False


def _same_issuer(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


class OidcProvider:
    """One configured provider. Discovery and keys are cached per process (they are public and
    read-only, so replicas need not share them); everything per sign-in lives in the database."""

    def __init__(self, settings: Settings) -> None:
        if not settings.chat_sso_issuer or not settings.chat_sso_client_id:
            raise ValueError("chat sign-on is not configured")
        self.issuer = settings.chat_sso_issuer
        self.client_id = settings.chat_sso_client_id
        secret = settings.chat_sso_client_secret
        self.client_secret = secret.get_secret_value() if secret else None
        self.scopes = settings.chat_sso_scopes
        self._lock = threading.Lock()
        self._metadata: ProviderMetadata | None = None
        self._metadata_at = 0.0
        self._keys: jwt.PyJWKSet | None = None
        self._keys_at = 0.0

    # -- discovery and keys ------------------------------------------------------------------

    def _get_json(self, url: str, what: str) -> dict[str, Any]:
        try:
            response = httpx.get(url, timeout=HTTP_TIMEOUT_SECONDS, follow_redirects=True)
            response.raise_for_status()
            body = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise ChatSsoFailedError(reason=f"{what}_unreachable") from exc
        if not isinstance(body, dict):
            raise ChatSsoFailedError(reason=f"{what}_invalid")
        return body

    def metadata(self) -> ProviderMetadata:
        with self._lock:
            if self._metadata and time.monotonic() - self._metadata_at < METADATA_TTL_SECONDS:
                return self._metadata
        url = self.issuer.rstrip("/") + "/.well-known/openid-configuration"
        doc = self._get_json(url, "discovery")
        try:
            metadata = ProviderMetadata(
                issuer=str(doc["issuer"]),
                authorization_endpoint=str(doc["authorization_endpoint"]),
                token_endpoint=str(doc["token_endpoint"]),
                jwks_uri=str(doc["jwks_uri"]),
                algorithms=tuple(doc.get("id_token_signing_alg_values_supported") or ["RS256"]),
                token_auth_methods=tuple(
                    doc.get("token_endpoint_auth_methods_supported") or ["client_secret_basic"]
                ),
            )
        except KeyError as exc:
            raise ChatSsoFailedError(reason="discovery_invalid") from exc
        # OIDC Discovery §4.3: the document must name the issuer it was fetched for.
        if not _same_issuer(metadata.issuer, self.issuer):
            raise ChatSsoFailedError(reason="issuer_mismatch")
        with self._lock:
            self._metadata, self._metadata_at = metadata, time.monotonic()
        return metadata

    def _key_set(self, *, refresh: bool = False) -> jwt.PyJWKSet:
        with self._lock:
            fresh = time.monotonic() - self._keys_at < METADATA_TTL_SECONDS
            if self._keys is not None and fresh and not refresh:
                return self._keys
        try:
            keys = jwt.PyJWKSet.from_dict(self._get_json(self.metadata().jwks_uri, "jwks"))
        except jwt.PyJWTError as exc:
            raise ChatSsoFailedError(reason="jwks_invalid") from exc
        with self._lock:
            self._keys, self._keys_at = keys, time.monotonic()
        return keys

    def _signing_key(self, key_id: str | None) -> jwt.PyJWK:
        for refresh in (False, True):  # a new kid: the provider rotated its keys, re-read them
            keys = self._key_set(refresh=refresh).keys
            if key_id is None and len(keys) == 1:
                return keys[0]
            for key in keys:
                if key.key_id == key_id:
                    return key
        raise ChatSsoFailedError(reason="unknown_signing_key")

    # -- the flow ----------------------------------------------------------------------------

    def _client(self, redirect_uri: str) -> OAuth2Client:
        methods = self.metadata().token_auth_methods
        if self.client_secret is None:
            method = "none"
        elif "client_secret_basic" in methods or "client_secret_post" not in methods:
            method = "client_secret_basic"
        else:
            method = "client_secret_post"
        return OAuth2Client(
            client_id=self.client_id,
            client_secret=self.client_secret,
            token_endpoint_auth_method=method,
            scope=self.scopes,
            redirect_uri=redirect_uri,
            code_challenge_method="S256",
            timeout=HTTP_TIMEOUT_SECONDS,
        )

    def authorization_url(
        self, *, redirect_uri: str, state: str, nonce: str, code_verifier: str
    ) -> str:
        with self._client(redirect_uri) as client:
            url, _ = client.create_authorization_url(
                self.metadata().authorization_endpoint,
                state=state,
                code_verifier=code_verifier,
                nonce=nonce,
            )
        return str(url)

    def exchange_code(self, *, code: str, redirect_uri: str, code_verifier: str) -> str:
        """The ID token the provider gives for this authorization code."""
        try:
            with self._client(redirect_uri) as client:
                token = client.fetch_token(
                    self.metadata().token_endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=code_verifier,
                )
        except AuthlibOAuthError as exc:  # e.g. invalid_grant: a used or expired code
            raise ChatSsoFailedError(reason=f"token_{exc.error}") from exc
        except (httpx.HTTPError, ValueError) as exc:
            raise ChatSsoFailedError(reason="token_endpoint_unreachable") from exc
        id_token = token.get("id_token")
        if not isinstance(id_token, str):
            raise ChatSsoFailedError(reason="no_id_token")
        return id_token

    def verify_id_token(self, id_token: str, *, nonce: str) -> Identity:
        """Signature (JWKS), issuer, audience, expiry and nonce, as OIDC Core §3.1.3.7 asks."""
        try:
            header = jwt.get_unverified_header(id_token)
        except jwt.PyJWTError as exc:
            raise ChatSsoFailedError(reason="id_token_malformed") from exc
        algorithm = header.get("alg")
        allowed = ASYMMETRIC_ALGORITHMS.intersection(self.metadata().algorithms)
        if algorithm not in allowed:
            raise ChatSsoFailedError(reason="id_token_algorithm")
        key = self._signing_key(header.get("kid"))
        try:
            claims = jwt.decode(
                id_token,
                key,
                algorithms=[algorithm],
                audience=self.client_id,
                issuer=self.metadata().issuer,
                leeway=CLOCK_SKEW_SECONDS,
                options={"require": ["iss", "sub", "aud", "exp", "iat"]},
            )
        except jwt.InvalidSignatureError as exc:
            raise ChatSsoFailedError(reason="id_token_signature") from exc
        except jwt.InvalidAudienceError as exc:
            raise ChatSsoFailedError(reason="id_token_audience") from exc
        except jwt.InvalidIssuerError as exc:
            raise ChatSsoFailedError(reason="id_token_issuer") from exc
        except jwt.ExpiredSignatureError as exc:
            raise ChatSsoFailedError(reason="id_token_expired") from exc
        except jwt.PyJWTError as exc:
            raise ChatSsoFailedError(reason="id_token_invalid") from exc
        audiences = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
        if len(audiences) > 1 and claims.get("azp") != self.client_id:
            raise ChatSsoFailedError(reason="id_token_audience")
        if not hmac.compare_digest(str(claims.get("nonce", "")), nonce):
            raise ChatSsoFailedError(reason="id_token_nonce")
        email = claims.get("email")
        name = claims.get("name") or claims.get("preferred_username")
        return Identity(
            issuer=self.metadata().issuer,
            subject=str(claims["sub"]),
            email=email if isinstance(email, str) and email else None,
            email_verified=claims.get("email_verified") is True,
            email_unverified=claims.get("email_verified") is False,
            name=name if isinstance(name, str) and name.strip() else None,
        )
