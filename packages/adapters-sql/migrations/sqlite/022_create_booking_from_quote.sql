-- Version 022 gives PostgreSQL a procedure that creates a booking from a quote (or by site type, or with priced
-- lines) in one call (docs/database-rules.md §6). SQLite has no stored procedures, and its group commit already runs
-- a create's statements on the spot (§5); the version exists so that both engines count their schema alike.
SELECT 1;
