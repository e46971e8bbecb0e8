-- Issues 10 and 16: the database itself records every change and keeps every derived value, whoever writes (this
-- service, its CLI, the admin console, sqlite3). See docs/database-rules.md and docs/change-feed.md. Same design as
-- the Postgres migration 005, with row triggers (SQLite has no statement triggers):
--
-- * updated_at (epoch ms) on bookings, sites, users and invoices: the given value on insert, else the row's creation
--   time (filled in by the insert trigger, so no reader sees it empty); now on every update that does not set it.
-- * change_log: one row per (tenant, type, id) at its latest position, taken from tenant_counters.last_change.
--   SQLite has one writer at a time, so positions are handed out in commit order.
-- * The list totals, booking_counts and last_booking_id follow every insert, update and delete. (The read cache's
--   stamp needs nothing here: PRAGMA data_version already moves with every other connection's commit.)
-- * change_capture_paused: a tenant listed there (only inside the importing transaction, which removes it again) is
--   skipped by the triggers; the bulk import derives the same log and totals itself (SqlTenantImporter).
--
-- Issue 16's constraints need new tables on SQLite (ALTER TABLE cannot add them): bookings and invoices are rebuilt
-- as https://sqlite.org/lang_altertable.html describes ("other kinds of table schema changes"). Nothing references
-- them yet, the copy checks every new foreign key row by row, and their indexes are created again.

CREATE TABLE bookings_new (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  booking_reference text NOT NULL,
  guest_first_name text NOT NULL,
  guest_last_name text NOT NULL,
  guest_email text NOT NULL,
  site_id integer NOT NULL,
  check_in_date text NOT NULL,
  check_out_date text NOT NULL,
  num_adults integer NOT NULL,
  num_youth integer NOT NULL,
  num_children integer NOT NULL,
  status text NOT NULL,
  total_price integer NOT NULL,
  created_at integer NOT NULL,
  source text NOT NULL,
  updated_at integer,
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT bookings_reference_key UNIQUE (tenant_id, booking_reference),
  CONSTRAINT bookings_site_fkey FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id),
  CONSTRAINT bookings_stay_check CHECK (check_out_date > check_in_date),
  CONSTRAINT bookings_guests_check CHECK (num_adults >= 0 AND num_youth >= 0 AND num_children >= 0)
);
INSERT INTO bookings_new SELECT tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id,
  check_in_date, check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source, created_at FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;
CREATE INDEX bookings_status_created ON bookings (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX bookings_site_stay ON bookings (tenant_id, site_id, check_in_date, check_out_date);
CREATE INDEX bookings_created_check_in ON bookings (tenant_id, created_at DESC, id DESC, check_in_date);
CREATE INDEX bookings_check_in_created ON bookings (tenant_id, check_in_date, status, created_at, id);

CREATE TABLE invoices_new (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  invoice_number text NOT NULL,
  booking_id integer,
  total_chf integer NOT NULL,
  status text NOT NULL,
  issued_at integer NOT NULL,
  updated_at integer,
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT invoices_booking_fkey FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id)
);
INSERT INTO invoices_new SELECT tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at, issued_at FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE INDEX invoices_issued ON invoices (tenant_id, issued_at DESC, id DESC);
-- The foreign keys' referencing side, so that deleting a booking checks its invoices through an index.
CREATE INDEX invoices_booking ON invoices (tenant_id, booking_id) WHERE booking_id IS NOT NULL;

ALTER TABLE sites ADD COLUMN updated_at integer;
UPDATE sites SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER);
ALTER TABLE users ADD COLUMN updated_at integer;
UPDATE users SET updated_at = date_joined;

-- updated_at lists (updated_since) read these.
CREATE INDEX bookings_updated ON bookings (tenant_id, updated_at);
CREATE INDEX sites_updated ON sites (tenant_id, updated_at);
CREATE INDEX users_updated ON users (tenant_id, updated_at) WHERE role = 'customer';
CREATE INDEX invoices_updated ON invoices (tenant_id, updated_at);

ALTER TABLE tenant_counters ADD COLUMN last_change integer NOT NULL DEFAULT 0;
-- Binds a feed cursor to its tenant without a server secret: a cursor carries the token of the tenant it came from.
ALTER TABLE tenant_counters ADD COLUMN feed_token text;

-- No foreign key to tenants: the import writes a whole tenant's log at once, and a check per row doubled its cost.
CREATE TABLE change_log (
  tenant_id integer NOT NULL,
  type text NOT NULL,
  id integer NOT NULL,
  position integer NOT NULL,
  deleted integer NOT NULL,
  changed_at integer NOT NULL,
  PRIMARY KEY (tenant_id, type, id)
);
CREATE INDEX change_log_position ON change_log (tenant_id, position, type);

CREATE TABLE change_capture_paused (tenant_id integer PRIMARY KEY);

-- Every tenant gets its counter row (and feed token) from the database, whoever inserts the tenant.
CREATE TRIGGER tenants_counters AFTER INSERT ON tenants FOR EACH ROW
BEGIN
  INSERT INTO tenant_counters (tenant_id, feed_token) VALUES (NEW.id, lower(hex(randomblob(16)))) ON CONFLICT (tenant_id) DO NOTHING;
END;

-- A renamed site type changes how its sites render.
CREATE TRIGGER site_types_renamed AFTER UPDATE OF name ON site_types FOR EACH ROW WHEN NEW.name IS NOT OLD.name
BEGIN
  UPDATE sites SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND site_type_id = NEW.id;
END;

-- Change capture. An update trigger leaves alone the fill-in of updated_at that the insert trigger makes
-- (OLD.updated_at IS NULL): that row is already recorded as inserted.

CREATE TRIGGER bookings_capture_insert AFTER INSERT ON bookings FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE bookings SET updated_at = NEW.created_at WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  INSERT INTO booking_counts (tenant_id, status, n) VALUES (NEW.tenant_id, NEW.status, 1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  UPDATE tenant_counters SET last_booking_id = NEW.id WHERE tenant_id = NEW.tenant_id AND last_booking_id < NEW.id;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'booking', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, COALESCE(NEW.updated_at, NEW.created_at))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER bookings_capture_update AFTER UPDATE ON bookings FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE bookings SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  INSERT INTO booking_counts (tenant_id, status, n) VALUES (OLD.tenant_id, OLD.status, -1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_counts (tenant_id, status, n) VALUES (NEW.tenant_id, NEW.status, 1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  UPDATE tenant_counters SET last_booking_id = NEW.id WHERE tenant_id = NEW.tenant_id AND last_booking_id < NEW.id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'booking', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id);
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'booking', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM bookings WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER bookings_capture_delete AFTER DELETE ON bookings FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  INSERT INTO booking_counts (tenant_id, status, n) VALUES (OLD.tenant_id, OLD.status, -1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (OLD.tenant_id, 'booking', OLD.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = OLD.tenant_id), true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER sites_capture_insert AFTER INSERT ON sites FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE sites SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  UPDATE tenant_counters SET sites = sites + (1) WHERE tenant_id = NEW.tenant_id;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'site', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM sites WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER sites_capture_update AFTER UPDATE ON sites FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE sites SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  UPDATE tenant_counters SET sites = sites + (-1) WHERE tenant_id = OLD.tenant_id;
  UPDATE tenant_counters SET sites = sites + (1) WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'site', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id);
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'site', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM sites WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  -- A booking renders its site's number: a renumbered site changes its bookings too.
  UPDATE bookings SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND site_id = NEW.id AND NEW.site_number IS NOT OLD.site_number;
END;

CREATE TRIGGER sites_capture_delete AFTER DELETE ON sites FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE tenant_counters SET sites = sites + (-1) WHERE tenant_id = OLD.tenant_id;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (OLD.tenant_id, 'site', OLD.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = OLD.tenant_id), true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER users_capture_insert AFTER INSERT ON users FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE users SET updated_at = NEW.date_joined WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  UPDATE tenant_counters SET customers = customers + (1) WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer';
  -- (logged only for a customer)
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer';
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT NEW.tenant_id, 'customer', NEW.id, last_change, false, COALESCE(NEW.updated_at, NEW.date_joined) FROM tenant_counters WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer'
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER users_capture_update AFTER UPDATE ON users FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE users SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  UPDATE tenant_counters SET customers = customers + (-1) WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer';
  UPDATE tenant_counters SET customers = customers + (1) WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer';
  -- A user who stops being a customer (or whose key changes) is a deleted customer; one who becomes one is new.
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'customer', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer' AND (NEW.role <> 'customer' OR (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer' AND (NEW.role <> 'customer' OR (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id));
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT NEW.tenant_id, 'customer', NEW.id, last_change + 1, false, (SELECT updated_at FROM users WHERE tenant_id = NEW.tenant_id AND id = NEW.id) FROM tenant_counters
  WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer'
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id AND NEW.role = 'customer';
END;

CREATE TRIGGER users_capture_delete AFTER DELETE ON users FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE tenant_counters SET customers = customers + (-1) WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer';
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'customer', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer'
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id AND OLD.role = 'customer';
END;

CREATE TRIGGER invoices_capture_insert AFTER INSERT ON invoices FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE invoices SET updated_at = NEW.issued_at WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  UPDATE tenant_counters SET invoices = invoices + (1) WHERE tenant_id = NEW.tenant_id;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'invoice', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, COALESCE(NEW.updated_at, NEW.issued_at))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER invoices_capture_update AFTER UPDATE ON invoices FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE invoices SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  UPDATE tenant_counters SET invoices = invoices + (-1) WHERE tenant_id = OLD.tenant_id;
  UPDATE tenant_counters SET invoices = invoices + (1) WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'invoice', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id);
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'invoice', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM invoices WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER invoices_capture_delete AFTER DELETE ON invoices FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE tenant_counters SET invoices = invoices + (-1) WHERE tenant_id = OLD.tenant_id;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (OLD.tenant_id, 'invoice', OLD.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = OLD.tenant_id), true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

-- Existing data: every record enters the log once, in updated_at order; the totals are recounted.
INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
SELECT tenant_id, type, id, row_number() OVER (PARTITION BY tenant_id ORDER BY changed_at, type, id), false, changed_at FROM (
  SELECT tenant_id, 'site' AS type, id, updated_at AS changed_at FROM sites
  UNION ALL SELECT tenant_id, 'customer', id, updated_at FROM users WHERE role = 'customer'
  UNION ALL SELECT tenant_id, 'booking', id, updated_at FROM bookings
  UNION ALL SELECT tenant_id, 'invoice', id, updated_at FROM invoices
) c WHERE true;
INSERT INTO tenant_counters (tenant_id) SELECT id FROM tenants WHERE true ON CONFLICT (tenant_id) DO NOTHING;
UPDATE tenant_counters SET
  feed_token = lower(hex(randomblob(16))),
  last_change = (SELECT count(*) FROM change_log l WHERE l.tenant_id = tenant_counters.tenant_id),
  sites = (SELECT count(*) FROM sites s WHERE s.tenant_id = tenant_counters.tenant_id),
  customers = (SELECT count(*) FROM users u WHERE u.tenant_id = tenant_counters.tenant_id AND u.role = 'customer'),
  invoices = (SELECT count(*) FROM invoices i WHERE i.tenant_id = tenant_counters.tenant_id),
  last_booking_id = max(last_booking_id, (SELECT COALESCE(max(id), 0) FROM bookings b WHERE b.tenant_id = tenant_counters.tenant_id));
DELETE FROM booking_counts;
INSERT INTO booking_counts (tenant_id, status, n) SELECT tenant_id, status, count(*) FROM bookings GROUP BY tenant_id, status;
ANALYZE;
