"""Deck export: a project's slides filled into copies of its template's own slides."""
