-- Version 016 gives PostgreSQL's change capture a short way for a statement that inserts one booking
-- (docs/database-rules.md §6). SQLite's capture triggers run per row already; the version exists so that both
-- engines count their schema alike.
SELECT 1;
