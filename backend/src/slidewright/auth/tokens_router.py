"""`/users/me/tokens`: the caller's API tokens for scripts and assistants."""

from __future__ import annotations

from fastapi import APIRouter, status

from slidewright.auth import api_tokens
from slidewright.auth.dependencies import SignedInUser
from slidewright.auth.schemas import ApiTokenCreate, ApiTokenCreated, ApiTokenRead
from slidewright.core.deps import SessionDep

router = APIRouter(prefix="/users/me/tokens", tags=["api tokens"])


@router.get("", operation_id="listApiTokens")
def list_api_tokens(user: SignedInUser, session: SessionDep) -> list[ApiTokenRead]:
    """Your API tokens (never their secrets), oldest first, with when each was last used."""
    return [ApiTokenRead.model_validate(token) for token in api_tokens.list_own(session, user)]


@router.post("", status_code=status.HTTP_201_CREATED, operation_id="createApiToken")
def create_api_token(
    body: ApiTokenCreate, user: SignedInUser, session: SessionDep
) -> ApiTokenCreated:
    """Create an API token. The answer's `token` is the only time the secret is shown: send it
    as `Authorization: Bearer <token>`. Only a signed-in session (not another API token) may
    create tokens.

    Errors: `api_token_name_required`, `api_token_not_allowed` (called with an API token).
    """
    token, secret = api_tokens.create(
        session, user, name=body.name, scope=body.scope, expires_in_days=body.expires_in_days
    )
    return ApiTokenCreated.model_validate(
        {**ApiTokenRead.model_validate(token).model_dump(), "token": secret}
    )


@router.delete("/{token_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="deleteApiToken")
def delete_api_token(token_id: str, user: SignedInUser, session: SessionDep) -> None:
    """Revoke one of your API tokens at once. Errors: `api_token_not_found`."""
    api_tokens.delete_own(session, user, token_id)
