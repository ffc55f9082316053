"""Material search: the shared analyzer (and the index built on it)."""
