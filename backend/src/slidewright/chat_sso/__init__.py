"""Sign in with the chat product: OpenID Connect, authorization code flow with PKCE (issue 14)."""
