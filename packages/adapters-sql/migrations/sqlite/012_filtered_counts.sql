-- Issue 17: filtered lists without scanning rows. Same design as the Postgres migration 012, with row triggers.
--
-- * booking_day_counts: bookings per (tenant, status, check-in date), and booking_month_counts per (tenant, status,
--   first day of the check-in month); invoice_day_counts: invoices per (tenant, status, UTC day of issued_at, as days
--   since 1970-01-01); invoice_counts: invoices per (tenant, status). The triggers keep them in the writing
--   transaction, whoever writes, like booking_counts (migration 005): inserts, deletes, and updates that change the
--   status, the date or the tenant. A filtered count is a sum over at most one row per status and day of the range
--   (bookings: per day at both ends, per month in between); the list reads them to choose its access path
--   (docs/database-rules.md).
-- * The triggers' names contain "_capture_", so the importer drops them with the others while it loads a tenant,
--   and writes the same totals itself (SqlTenantImporter).
-- * Indexes: a status list of invoices reads (tenant, status, issued_at); a booking list of one status and a check-in
--   range walks (tenant, status, created_at) and filters by check_in_date from the index itself (it replaces the
--   index without check_in_date, so a write maintains no more than before).
--
-- No foreign key to tenants, as change_log: the import writes a whole tenant's totals at once.

CREATE TABLE booking_day_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  check_in_date text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, check_in_date, status)
) WITHOUT ROWID;

CREATE TABLE booking_month_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  month_start text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, month_start, status)
) WITHOUT ROWID;

CREATE TABLE invoice_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, status)
) WITHOUT ROWID;

CREATE TABLE invoice_day_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  issued_day integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, issued_day, status)
) WITHOUT ROWID;

CREATE TRIGGER bookings_capture_days_insert AFTER INSERT ON bookings FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) VALUES (NEW.tenant_id, NEW.status, NEW.check_in_date, 1)
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n) VALUES (NEW.tenant_id, NEW.status, substr(NEW.check_in_date, 1, 7) || '-01', 1)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER bookings_capture_days_update AFTER UPDATE OF tenant_id, status, check_in_date ON bookings FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
  AND (OLD.tenant_id, OLD.status, OLD.check_in_date) IS NOT (NEW.tenant_id, NEW.status, NEW.check_in_date)
BEGIN
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) VALUES (OLD.tenant_id, OLD.status, OLD.check_in_date, -1)
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n) VALUES (OLD.tenant_id, OLD.status, substr(OLD.check_in_date, 1, 7) || '-01', -1)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) VALUES (NEW.tenant_id, NEW.status, NEW.check_in_date, 1)
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n) VALUES (NEW.tenant_id, NEW.status, substr(NEW.check_in_date, 1, 7) || '-01', 1)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER bookings_capture_days_delete AFTER DELETE ON bookings FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) VALUES (OLD.tenant_id, OLD.status, OLD.check_in_date, -1)
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n) VALUES (OLD.tenant_id, OLD.status, substr(OLD.check_in_date, 1, 7) || '-01', -1)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n;
END;

-- The UTC day of an epoch-ms instant, rounded down also before 1970: (ms - floor-mod(ms, day)) / day.
CREATE TRIGGER invoices_capture_days_insert AFTER INSERT ON invoices FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  INSERT INTO invoice_counts (tenant_id, status, n) VALUES (NEW.tenant_id, NEW.status, 1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
  VALUES (NEW.tenant_id, NEW.status, (NEW.issued_at - ((NEW.issued_at % 86400000) + 86400000) % 86400000) / 86400000, 1)
  ON CONFLICT (tenant_id, issued_day, status) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER invoices_capture_days_update AFTER UPDATE OF tenant_id, status, issued_at ON invoices FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
  AND (OLD.tenant_id, OLD.status, OLD.issued_at) IS NOT (NEW.tenant_id, NEW.status, NEW.issued_at)
BEGIN
  INSERT INTO invoice_counts (tenant_id, status, n) VALUES (OLD.tenant_id, OLD.status, -1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO invoice_counts (tenant_id, status, n) VALUES (NEW.tenant_id, NEW.status, 1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
  VALUES (OLD.tenant_id, OLD.status, (OLD.issued_at - ((OLD.issued_at % 86400000) + 86400000) % 86400000) / 86400000, -1)
  ON CONFLICT (tenant_id, issued_day, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
  VALUES (NEW.tenant_id, NEW.status, (NEW.issued_at - ((NEW.issued_at % 86400000) + 86400000) % 86400000) / 86400000, 1)
  ON CONFLICT (tenant_id, issued_day, status) DO UPDATE SET n = n + excluded.n;
END;

CREATE TRIGGER invoices_capture_days_delete AFTER DELETE ON invoices FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  INSERT INTO invoice_counts (tenant_id, status, n) VALUES (OLD.tenant_id, OLD.status, -1)
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
  VALUES (OLD.tenant_id, OLD.status, (OLD.issued_at - ((OLD.issued_at % 86400000) + 86400000) % 86400000) / 86400000, -1)
  ON CONFLICT (tenant_id, issued_day, status) DO UPDATE SET n = n + excluded.n;
END;

INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n)
SELECT tenant_id, status, check_in_date, count(*) FROM bookings GROUP BY tenant_id, status, check_in_date;
INSERT INTO booking_month_counts (tenant_id, status, month_start, n)
SELECT tenant_id, status, substr(check_in_date, 1, 7) || '-01' AS month_start, count(*) FROM bookings GROUP BY tenant_id, status, month_start;
INSERT INTO invoice_counts (tenant_id, status, n) SELECT tenant_id, status, count(*) FROM invoices GROUP BY tenant_id, status;
INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
SELECT tenant_id, status, (issued_at - ((issued_at % 86400000) + 86400000) % 86400000) / 86400000 AS day, count(*) FROM invoices
GROUP BY tenant_id, status, day;

DROP INDEX bookings_status_created;
CREATE INDEX bookings_status_created_check_in ON bookings (tenant_id, status, created_at DESC, id DESC, check_in_date);
CREATE INDEX invoices_status_issued ON invoices (tenant_id, status, issued_at DESC, id DESC);
ANALYZE;
