-- The tenant's key stamp (docs/architecture.md, "Admission"; docs/database-rules.md §1): `feed_token`, then
-- `key_version`, moved with `data_version` by every change of an API key except its last use, and by nothing else. A
-- server keeps key rows in memory guarded by it, so that a booking written by anyone no longer makes it read its key
-- rows again. The feed token keeps a value from coming back after the tables were emptied, as in the data stamp (013).
ALTER TABLE tenant_counters ADD COLUMN key_version integer NOT NULL DEFAULT 0;

DROP TRIGGER api_keys_stamp_insert;
DROP TRIGGER api_keys_stamp_delete;
DROP TRIGGER api_keys_stamp_update;
CREATE TRIGGER api_keys_stamp_insert AFTER INSERT ON api_keys FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1, key_version = key_version + 1 WHERE tenant_id = NEW.tenant_id;
END;
CREATE TRIGGER api_keys_stamp_delete AFTER DELETE ON api_keys FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1, key_version = key_version + 1 WHERE tenant_id = OLD.tenant_id;
END;
CREATE TRIGGER api_keys_stamp_update AFTER UPDATE ON api_keys FOR EACH ROW
WHEN NEW.tenant_id IS NOT OLD.tenant_id OR NEW.name IS NOT OLD.name OR NEW.prefix IS NOT OLD.prefix
  OR NEW.secret_hash IS NOT OLD.secret_hash OR NEW.scopes IS NOT OLD.scopes OR NEW.expires_at IS NOT OLD.expires_at
  OR NEW.revoked_at IS NOT OLD.revoked_at OR NEW.created_at IS NOT OLD.created_at
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1, key_version = key_version + 1
    WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;
