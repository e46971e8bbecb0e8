-- Version 014 gives PostgreSQL a procedure that creates a booking in one call (docs/database-rules.md §6). SQLite has
-- no stored procedures, and its group commit already runs a create's statements on the spot, without waiting for
-- the event loop in between (§5); the version exists so that both engines count their schema alike.
SELECT 1;
