-- The tenant's key stamp (docs/architecture.md, "Admission"; docs/database-rules.md §1): `key_version`, moved with
-- `data_version` by every change of an API key except its last use, and by nothing else. A server keeps key rows in
-- memory guarded by it, so that a booking written by anyone no longer makes every server read its key rows again.
-- Drawn from the same sequence as data_version, also as the default of a new counters row, so that a value never
-- comes back, not even after the tables were emptied and a tenant imported again under its old id.
ALTER TABLE tenant_counters ADD COLUMN key_version bigint NOT NULL DEFAULT nextval('data_versions');

CREATE OR REPLACE FUNCTION campsite_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE tenant_counters SET (data_version, key_version) = (SELECT v, v FROM nextval('data_versions') AS v)
      WHERE tenant_id = OLD.tenant_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE tenant_counters SET (data_version, key_version) = (SELECT v, v FROM nextval('data_versions') AS v)
      WHERE tenant_id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END $$;

-- The guarded count of a request (SqlRateLimiter) confirms the key stamp and hands back the data stamp through the
-- counted row, which its RETURNING can read.
ALTER TABLE rate_limit_windows ADD COLUMN data_stamp bigint;
