"""Sign-up, sign-in, sign-out and the current-user dependency."""
