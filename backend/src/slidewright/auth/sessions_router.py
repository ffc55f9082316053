"""`/auth/sessions`: where the caller is signed in, and ending any of those sessions."""

from __future__ import annotations

from fastapi import APIRouter, status

from slidewright.auth import sign_in_sessions
from slidewright.auth.dependencies import CurrentClaims, SignedInUser
from slidewright.auth.schemas import SignInSessionRead, SignInSessionsEnded
from slidewright.core.deps import SessionDep

router = APIRouter(prefix="/auth/sessions", tags=["auth"])


@router.get("", operation_id="listSignInSessions")
def list_sign_in_sessions(
    user: SignedInUser, claims: CurrentClaims, session: SessionDep
) -> list[SignInSessionRead]:
    """Your active sign-in sessions (one per browser sign-in), the most recently seen first;
    `current` marks the one making this request. API tokens are listed apart
    (`/users/me/tokens`) and may not call this: `api_token_not_allowed`."""
    listed = []
    for row in sign_in_sessions.list_active(session, user):
        item = SignInSessionRead.model_validate(row)
        item.current = row.id == claims.token_id
        listed.append(item)
    return listed


@router.post("/end-others", operation_id="endOtherSignInSessions")
def end_other_sign_in_sessions(
    user: SignedInUser, claims: CurrentClaims, session: SessionDep
) -> SignInSessionsEnded:
    """End every session but this one: their tokens stop working at once."""
    return SignInSessionsEnded(ended=sign_in_sessions.end_others(session, user, claims))


@router.delete(
    "/{session_id}", status_code=status.HTTP_204_NO_CONTENT, operation_id="endSignInSession"
)
def end_sign_in_session(session_id: str, user: SignedInUser, session: SessionDep) -> None:
    """End one of your sessions: its token stops working at once (ending the current one is a
    logout). Errors: `sign_in_session_not_found` (unknown, already ended, or not yours)."""
    sign_in_sessions.end_one(session, user, session_id)
