-- Issue 6: a per-tenant change counter, bumped in the same transaction as every write to the tenant's data, so that
-- a read can be reused while it is unchanged (DataVersions). A write made outside this application (psql) must bump
-- it too, or servers keep answering from what they read before.
ALTER TABLE tenant_counters ADD COLUMN data_version bigint NOT NULL DEFAULT 0;
