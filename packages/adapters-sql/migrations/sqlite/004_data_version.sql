-- Issue 6: a per-tenant change counter, bumped in the same transaction as every write to the tenant's data, so that
-- a read can be reused while it is unchanged (DataVersions). SQLite also detects other connections' commits by
-- itself (PRAGMA data_version); the column keeps both schemas, and the writers, the same.
ALTER TABLE tenant_counters ADD COLUMN data_version integer NOT NULL DEFAULT 0;
