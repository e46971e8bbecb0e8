-- Postgres makes its rate-limit table UNLOGGED in this version. SQLite has no such table mode and its single process
-- counts in memory, so nothing changes here; the file keeps the two dialects on the same version numbers.
SELECT 1;
