-- Issue 17: filtered lists without scanning rows. Same design as the SQLite migration 012.
--
-- * booking_day_counts: bookings per (tenant, status, check-in date), and booking_month_counts per (tenant, status,
--   first day of the check-in month); invoice_day_counts: invoices per (tenant, status, UTC date of issued_at);
--   invoice_counts: invoices per (tenant, status). Statement triggers keep them in the writing transaction, whoever
--   writes, like booking_counts (migration 005): inserts, deletes, and updates that change the status, the date or
--   the tenant. A filtered count is a sum over at most one row per status and day of the range (bookings: per day at
--   both ends, per month in between); the list reads them to choose its access path (docs/database-rules.md).
-- * Lock order: triggers of one event fire in name order, so these ("tally") run after the change capture, which
--   locks the tenant's counter row first: every writer locks the counter row, then booking_counts, then these rows
--   (in key order), as the API's create does (it takes the counter row before its insert).
-- * Indexes: a status list of invoices reads (tenant, status, issued_at); a booking list of one status and a check-in
--   range walks (tenant, status, created_at) and filters by check_in_date from the index itself (it replaces the
--   index without check_in_date, so a write maintains no more than before).
--
-- No foreign key to tenants, as change_log: the import writes a whole tenant's totals at once.

CREATE TABLE booking_day_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  check_in_date date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, check_in_date, status)
);

CREATE TABLE booking_month_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  month_start date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, month_start, status)
);

CREATE TABLE invoice_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, status)
);

CREATE TABLE invoice_day_counts (
  tenant_id integer NOT NULL,
  status text NOT NULL,
  issued_day date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, issued_day, status)
);

-- The rows a statement added count +1, those it removed -1, per (tenant, status, check-in date); days then months.
CREATE FUNCTION campsite_tally_booking_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_tenant integer[];
  d_status text[];
  d_day date[];
  d_n bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n) INTO d_tenant, d_status, d_day, d_n FROM (
      SELECT tenant_id, status, check_in_date, count(*) AS n FROM new_rows GROUP BY 1, 2, 3
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n) INTO d_tenant, d_status, d_day, d_n FROM (
      SELECT tenant_id, status, check_in_date, -count(*) AS n FROM old_rows GROUP BY 1, 2, 3
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  ELSE
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n) INTO d_tenant, d_status, d_day, d_n FROM (
      SELECT tenant_id, status, check_in_date, sum(delta) AS n FROM (
        SELECT tenant_id, status, check_in_date, 1 AS delta FROM new_rows
        UNION ALL SELECT tenant_id, status, check_in_date, -1 FROM old_rows
      ) u GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  END IF;
  IF d_tenant IS NULL THEN RETURN NULL; END IF;
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n)
  SELECT * FROM unnest(d_tenant, d_status, d_day, d_n) ORDER BY 1, 3, 2
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = booking_day_counts.n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n)
  SELECT t, s, date_trunc('month', d)::date, sum(n) FROM unnest(d_tenant, d_status, d_day, d_n) AS u(t, s, d, n)
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 3, 2
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = booking_month_counts.n + excluded.n;
  RETURN NULL;
END $$;

-- Invoices are few and rarely written: one function for both totals, over the rows the statement added and removed.
CREATE FUNCTION campsite_tally_invoice_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added invoices[];
  removed invoices[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(r) INTO added FROM new_rows r WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = r.tenant_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(r) INTO removed FROM old_rows r WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = r.tenant_id);
  END IF;
  IF added IS NULL AND removed IS NULL THEN RETURN NULL; END IF;
  INSERT INTO invoice_counts (tenant_id, status, n)
  SELECT tenant_id, status, sum(delta) FROM (
    SELECT tenant_id, status, 1 AS delta FROM unnest(added)
    UNION ALL SELECT tenant_id, status, -1 FROM unnest(removed)
  ) d GROUP BY tenant_id, status HAVING sum(delta) <> 0 ORDER BY tenant_id, status
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = invoice_counts.n + excluded.n;
  INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
  SELECT tenant_id, status, issued_day, sum(delta) FROM (
    SELECT tenant_id, status, (issued_at AT TIME ZONE 'UTC')::date AS issued_day, 1 AS delta FROM unnest(added)
    UNION ALL SELECT tenant_id, status, (issued_at AT TIME ZONE 'UTC')::date, -1 FROM unnest(removed)
  ) d GROUP BY tenant_id, status, issued_day HAVING sum(delta) <> 0 ORDER BY tenant_id, issued_day, status
  ON CONFLICT (tenant_id, issued_day, status) DO UPDATE SET n = invoice_day_counts.n + excluded.n;
  RETURN NULL;
END $$;

CREATE TRIGGER bookings_tally_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_booking_days();
CREATE TRIGGER bookings_tally_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_booking_days();
CREATE TRIGGER bookings_tally_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_booking_days();
CREATE TRIGGER invoices_tally_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_invoice_days();
CREATE TRIGGER invoices_tally_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_invoice_days();
CREATE TRIGGER invoices_tally_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_tally_invoice_days();

INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n)
SELECT tenant_id, status, check_in_date, count(*) FROM bookings GROUP BY tenant_id, status, check_in_date;
INSERT INTO booking_month_counts (tenant_id, status, month_start, n)
SELECT tenant_id, status, date_trunc('month', check_in_date)::date, count(*) FROM bookings GROUP BY 1, 2, 3;
INSERT INTO invoice_counts (tenant_id, status, n) SELECT tenant_id, status, count(*) FROM invoices GROUP BY tenant_id, status;
INSERT INTO invoice_day_counts (tenant_id, status, issued_day, n)
SELECT tenant_id, status, (issued_at AT TIME ZONE 'UTC')::date, count(*) FROM invoices GROUP BY 1, 2, 3;

DROP INDEX bookings_status_created;
CREATE INDEX bookings_status_created_check_in ON bookings (tenant_id, status, created_at DESC, id DESC, check_in_date);
CREATE INDEX invoices_status_issued ON invoices (tenant_id, status, issued_at DESC, id DESC);
ANALYZE bookings;
ANALYZE invoices;
ANALYZE booking_day_counts;
ANALYZE booking_month_counts;
ANALYZE invoice_counts;
ANALYZE invoice_day_counts;
