-- Version 015: each check-in month's total also bounds when its bookings were made (issue 17).
--
-- booking_month_counts gains earliest_created_at and latest_created_at (epoch ms, as bookings.created_at): no booking
-- counted in the row was created before the first or after the second. A list ordered by creation, newest first, with
-- a check-in range, starts its walk of the creation order at the latest of these over the range's months, instead of
-- passing every newer booking (those that check in after the range) on its way there (docs/database-rules.md §4).
--
-- The bounds only ever widen: an insert, or an update that moves a booking into a row or changes its created_at,
-- widens the row's bounds to hold it; a delete or a move out of the row leaves them alone. So they are always true,
-- whoever writes, if sometimes wider than the rows. A row the triggers did not make (the column defaults) claims
-- nothing: its bounds are the widest there are.

ALTER TABLE booking_month_counts ADD COLUMN earliest_created_at integer NOT NULL DEFAULT -9007199254740991;
ALTER TABLE booking_month_counts ADD COLUMN latest_created_at integer NOT NULL DEFAULT 9007199254740991;

UPDATE booking_month_counts SET (earliest_created_at, latest_created_at) = (
  SELECT min(b.created_at), max(b.created_at) FROM bookings b
  WHERE b.tenant_id = booking_month_counts.tenant_id AND b.status = booking_month_counts.status
    AND b.check_in_date >= booking_month_counts.month_start AND b.check_in_date < date(booking_month_counts.month_start, '+1 month')
)
WHERE n > 0;

DROP TRIGGER bookings_capture_days_insert;
CREATE TRIGGER bookings_capture_days_insert AFTER INSERT ON bookings FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n) VALUES (NEW.tenant_id, NEW.status, NEW.check_in_date, 1)
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n, earliest_created_at, latest_created_at)
  VALUES (NEW.tenant_id, NEW.status, substr(NEW.check_in_date, 1, 7) || '-01', 1, NEW.created_at, NEW.created_at)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n,
    earliest_created_at = min(earliest_created_at, excluded.earliest_created_at),
    latest_created_at = max(latest_created_at, excluded.latest_created_at);
END;

DROP TRIGGER bookings_capture_days_update;
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
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n, earliest_created_at, latest_created_at)
  VALUES (NEW.tenant_id, NEW.status, substr(NEW.check_in_date, 1, 7) || '-01', 1, NEW.created_at, NEW.created_at)
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = n + excluded.n,
    earliest_created_at = min(earliest_created_at, excluded.earliest_created_at),
    latest_created_at = max(latest_created_at, excluded.latest_created_at);
END;

-- A booking whose created_at changes, and nothing its totals are keyed by: only its row's bounds widen.
CREATE TRIGGER bookings_capture_bounds_update AFTER UPDATE OF created_at ON bookings FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
  AND OLD.created_at IS NOT NEW.created_at
  AND (OLD.tenant_id, OLD.status, OLD.check_in_date) IS (NEW.tenant_id, NEW.status, NEW.check_in_date)
BEGIN
  UPDATE booking_month_counts SET
    earliest_created_at = min(earliest_created_at, NEW.created_at),
    latest_created_at = max(latest_created_at, NEW.created_at)
  WHERE tenant_id = NEW.tenant_id AND month_start = substr(NEW.check_in_date, 1, 7) || '-01' AND status = NEW.status;
END;

-- The statistics keep no range samples (sqlite_stat4, written by version 012's ANALYZE). With samples at hand SQLite
-- prepares every statement that has a range on a parameter again at each run, to fit the plan to the values: about
-- 8 µs per range, more than reading the totals tables it ranges over. The importer drops them after its ANALYZE too.
DELETE FROM sqlite_stat4;
ANALYZE sqlite_schema;
