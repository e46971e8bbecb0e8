-- docs/channel-managers.md, "Retrying safely": an idempotency record holds the booking as its create inserted it
-- (`booking`, the row's values in the order the service reads a booking), so that a replay shows exactly what the
-- first answer showed, whatever happened to the booking since. It replaces `response`, which held the answer as text.
-- Records completed before this version take the booking as it is now; one whose booking is gone is forgotten, and a
-- retry with its key creates afresh.
ALTER TABLE idempotency_keys ADD COLUMN booking text;
UPDATE idempotency_keys SET booking = (
  SELECT json_array(b.id, b.tenant_id, b.booking_reference, b.guest_first_name, b.guest_last_name, b.guest_email, b.site_id,
    (SELECT s.site_number FROM sites s WHERE s.tenant_id = b.tenant_id AND s.id = b.site_id), b.check_in_date,
    b.check_out_date, b.num_adults, b.num_youth, b.num_children, b.status, b.total_price, b.created_at, b.source,
    b.updated_at, b.customer_id)
  FROM bookings b WHERE b.tenant_id = idempotency_keys.tenant_id AND b.id = idempotency_keys.booking_id
) WHERE response IS NOT NULL;
DELETE FROM idempotency_keys WHERE response IS NOT NULL AND booking IS NULL;
ALTER TABLE idempotency_keys DROP COLUMN response;

-- The key rows are read on every request, so nothing keeps them in memory any more: the key stamp of version 017 goes.
-- A key's change still moves the data version, as before version 017.
DROP TRIGGER api_keys_stamp_insert;
DROP TRIGGER api_keys_stamp_delete;
DROP TRIGGER api_keys_stamp_update;
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
ALTER TABLE tenant_counters DROP COLUMN key_version;
