"""`/api/auth/chat/*`: the browser side of chat sign-on.

`start` and `callback` are navigations, not API calls: every failure there ends on the web
app's login page as `/login?error=<errorCode>` (translated by the web app), never a JSON page or
a 500. `exchange` is an ordinary JSON call with typed errors.
"""

from __future__ import annotations

import hmac
import logging
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Cookie, Depends, Query, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import Field

from slidewright.auth import service as auth_service
from slidewright.auth.dependencies import UserAgent
from slidewright.auth.models import METHOD_CHAT
from slidewright.auth.schemas import AuthResponse
from slidewright.chat_sso import service
from slidewright.chat_sso.errors import (
    ChatSignInCodeInvalidError,
    ChatSsoDeniedError,
    ChatSsoFailedError,
    ChatSsoNotConfiguredError,
)
from slidewright.chat_sso.provider import OidcProvider
from slidewright.core.deps import SessionDep, SettingsDep
from slidewright.core.errors import AppError
from slidewright.core.schemas import ApiModel
from slidewright.users.schemas import UserRead

log = logging.getLogger("slidewright.chat_sso")
router = APIRouter(prefix="/auth/chat", tags=["auth"])

LOGIN_PAGE = "/login"
# The web app's page that trades the one-time code (frontend route).
FINISH_PAGE = "/auth/chat"
# OAuth error codes meaning the person (or the provider's policy) said no.
DENIAL_ERRORS = frozenset({"access_denied", "consent_required", "login_required"})
# Binds a sign-in to the browser that started it: without it, a link to someone else's
# callback (or to `/auth/chat#code=...`) would sign the victim in to the sender's account,
# and what the victim then uploads would land there (login CSRF). It holds the attempt's
# `state` until the callback, then the one-time code until the exchange.
BINDING_COOKIE = "slidewright_chat_sign_in"
BINDING_PATH = "/api/auth/chat"
BINDING_SECONDS = 600


def _bind(response: Response, request: Request, settings: SettingsDep, value: str) -> None:
    secure = request.url.scheme == "https" or (settings.public_url or "").startswith("https:")
    response.set_cookie(
        BINDING_COOKIE,
        value,
        max_age=BINDING_SECONDS,
        path=BINDING_PATH,
        secure=secure,
        httponly=True,
        samesite="lax",  # sent on the provider's top-level redirect back to the callback
    )


def _bound(cookie: str | None, value: str | None) -> bool:
    if not cookie or not value:
        return False
    # As bytes: compare_digest refuses non-ASCII text, and both come from the browser (a lone
    # surrogate too, which only "surrogatepass" encodes).
    return hmac.compare_digest(
        cookie.encode(errors="surrogatepass"), value.encode(errors="surrogatepass")
    )


def get_provider(request: Request, settings: SettingsDep) -> OidcProvider | None:
    """The configured provider, kept on the app so discovery and keys are cached."""
    if not settings.chat_sso_enabled:
        return None
    provider: OidcProvider | None = getattr(request.app.state, "chat_sso_provider", None)
    if provider is None:
        provider = request.app.state.chat_sso_provider = OidcProvider(settings)
    return provider


ProviderDep = Annotated[OidcProvider | None, Depends(get_provider)]


def _to_login(error: AppError) -> RedirectResponse:
    return RedirectResponse(f"{LOGIN_PAGE}?{urlencode({'error': error.code})}", status_code=302)


def _redirect_uri(request: Request, settings: SettingsDep) -> str:
    """Where the provider sends the browser back: as configured, else under the public
    address (behind a TLS proxy the request's own may say http), else the request's."""
    if settings.chat_sso_redirect_uri:
        return settings.chat_sso_redirect_uri
    if settings.public_url:
        return settings.public_url.rstrip("/") + request.app.url_path_for("chat_sso_callback")
    return str(request.url_for("chat_sso_callback"))


@router.get(
    "/start",
    operation_id="chatSsoStart",
    status_code=302,
    response_class=RedirectResponse,
    responses={302: {"description": "to the provider's sign-in page, or /login?error=..."}},
)
def chat_sso_start(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    provider: ProviderDep,
    next: Annotated[str | None, Query(max_length=2000)] = None,
) -> RedirectResponse:
    """Begin signing in with the chat product: a browser navigation (not an XHR).

    Redirects to the provider with `state`, `nonce` and PKCE (S256). `next` is the same-site
    path to land on afterwards (default /projects; anything else, such as another site, is
    ignored). On failure: /login?error=`chat_sso_not_configured` or `chat_sso_failed`.
    """
    if provider is None:
        return _to_login(ChatSsoNotConfiguredError())
    try:
        url, state = service.start(
            session, provider, redirect_uri=_redirect_uri(request, settings), next_path=next or ""
        )
    except AppError as error:
        log.warning("chat sign-on could not start: %s %s", error.code, error.details)
        return _to_login(error)
    redirect = RedirectResponse(url, status_code=302)
    _bind(redirect, request, settings, state)
    return redirect


@router.get(
    "/callback",
    operation_id="chatSsoCallback",
    status_code=302,
    response_class=RedirectResponse,
    responses={302: {"description": "to the web app with a one-time code, or /login?error=..."}},
)
def chat_sso_callback(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    provider: ProviderDep,
    state: Annotated[str | None, Query(max_length=500)] = None,
    code: Annotated[str | None, Query(max_length=4000)] = None,
    error: Annotated[str | None, Query(max_length=200)] = None,
    binding: Annotated[str | None, Cookie(alias=BINDING_COOKIE)] = None,
) -> RedirectResponse:
    """Where the provider sends the browser back (register `{base}/api/auth/chat/callback`).

    Checks `state`, exchanges `code`, verifies the ID token (JWKS signature, issuer, audience,
    nonce, expiry), finds or creates the account, then redirects to `/auth/chat#code=...`:
    a one-time code for `POST /api/auth/chat/exchange`, in the fragment so it reaches neither
    server logs nor `Referer` headers. Failures: /login?error=`chat_sso_denied`,
    `chat_sso_expired`, `chat_sso_failed`, `chat_account_exists`, `chat_sso_email_missing`,
    `license_user_limit`.
    """
    if provider is None:
        return _to_login(ChatSsoNotConfiguredError())
    try:
        if error is not None:
            # Some providers leave `state` out of error answers: the person is told what
            # happened either way, since nothing is signed in. A known state is spent.
            service.discard_attempt(session, state)
            raise (
                ChatSsoDeniedError()
                if error in DENIAL_ERRORS
                else ChatSsoFailedError(reason=f"provider_{error}")
            )
        attempt = service.consume_attempt(session, state)  # a spent one: chat_sso_expired
        if not _bound(binding, state):
            # Not the browser that started this sign-in: a forwarded link. It is spent.
            raise ChatSsoFailedError(reason="other_browser")
        if not code:
            raise ChatSsoFailedError(reason="no_code")
        one_time = service.finish(session, settings, provider, attempt, code)
    except AppError as failure:
        log.warning("chat sign-on failed: %s %s", failure.code, failure.details)
        return _to_login(failure)
    except Exception:
        # Never a 500 page in the middle of a sign-in; the attempt is void either way.
        log.exception("chat sign-on failed unexpectedly")
        session.rollback()
        return _to_login(ChatSsoFailedError())
    fragment = urlencode({"code": one_time, "next": attempt.next_path})
    redirect = RedirectResponse(f"{FINISH_PAGE}#{fragment}", status_code=302)
    _bind(redirect, request, settings, one_time)
    return redirect


class ChatSsoExchange(ApiModel):
    code: str = Field(max_length=200, description="the `code` from the callback's redirect")


@router.post("/exchange", operation_id="chatSsoExchange")
def chat_sso_exchange(
    body: ChatSsoExchange,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
    user_agent: UserAgent,
    binding: Annotated[str | None, Cookie(alias=BINDING_COOKIE)] = None,
) -> AuthResponse:
    """Trade the one-time code from the callback for a sign-in token and the user, in the
    browser the callback sent it to (its cookie comes along with this same-site call).

    A code works once, for one minute. Errors: `chat_code_invalid`.
    """
    if not _bound(binding, body.code):
        raise ChatSignInCodeInvalidError()
    response.delete_cookie(BINDING_COOKIE, path=BINDING_PATH)
    user = service.exchange(session, body.code)
    token = auth_service.sign_in(session, settings, user, method=METHOD_CHAT, user_agent=user_agent)
    return AuthResponse(token=token, user=UserRead.model_validate(user))
