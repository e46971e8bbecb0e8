-- Version 013 moves SQLite's data stamp into the tenant's `tenant_counters` row. PostgreSQL has kept it there since
-- versions 004 and 005 (`data_version`, moved by the same triggers), so nothing changes here; the version exists so
-- that both engines count their schema alike.
SELECT 1;
