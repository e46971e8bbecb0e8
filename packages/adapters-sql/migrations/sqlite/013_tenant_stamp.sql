-- The tenant's data stamp on SQLite (docs/database-rules.md): `feed_token`, then `last_change + data_version`.
-- Until now the stamp was the engine's own change counter, which moved with every commit of any table by anyone:
-- the webhook sender's bookkeeping, one tenant's writes and another's all threw away every kept read of every
-- tenant. last_change already moves with every change of a record the API shows (migration 005) and data_version
-- with billing details (008) and imports; these triggers move it with every change of an API key except
-- `last_used_at`, so that a key revoked by plain SQL is refused at the next request. The feed token is drawn anew when
-- a tenant's counters row is made again, so a stamp does not come back after the tables were emptied.
CREATE TRIGGER api_keys_stamp_insert AFTER INSERT ON api_keys FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = NEW.tenant_id;
END;
CREATE TRIGGER api_keys_stamp_delete AFTER DELETE ON api_keys FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = OLD.tenant_id;
END;
CREATE TRIGGER api_keys_stamp_update AFTER UPDATE ON api_keys FOR EACH ROW
WHEN NEW.tenant_id IS NOT OLD.tenant_id OR NEW.name IS NOT OLD.name OR NEW.prefix IS NOT OLD.prefix
  OR NEW.secret_hash IS NOT OLD.secret_hash OR NEW.scopes IS NOT OLD.scopes OR NEW.expires_at IS NOT OLD.expires_at
  OR NEW.revoked_at IS NOT OLD.revoked_at OR NEW.created_at IS NOT OLD.created_at
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;
