"""Session stores beyond the built-in memory and SQLite ones: Redis (many processes, many machines) and
encryption at rest of the sensitive fields of any store. See `penguin_guard.session` for the protocol."""
