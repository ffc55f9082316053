"""Accounts: profiles, roles and password changes."""
