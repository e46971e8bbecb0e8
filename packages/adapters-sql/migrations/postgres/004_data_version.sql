-- Issue 6: a per-tenant change stamp, set in the same transaction as every write to the tenant's data, so that a
-- read can be reused while it is unchanged (DataVersions). Values come from one database-wide sequence rather than
-- counting up per tenant: a tenant emptied and imported again under its old id (TRUNCATE ... RESTART IDENTITY) must
-- never show a stamp an earlier incarnation had. A write made outside this application (psql) must set it too:
--   UPDATE tenant_counters SET data_version = nextval('data_versions') WHERE tenant_id = ...;
CREATE SEQUENCE data_versions;
ALTER TABLE tenant_counters ADD COLUMN data_version bigint NOT NULL DEFAULT 0;
