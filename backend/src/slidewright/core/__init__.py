"""Cross-cutting building blocks (config, database, errors, security). Imports no domain."""
