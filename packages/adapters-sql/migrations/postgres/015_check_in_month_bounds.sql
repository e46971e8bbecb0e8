-- Version 015: each check-in month's total also bounds when its bookings were made (issue 17). Same design as the
-- SQLite migration 015.
--
-- booking_month_counts gains earliest_created_at and latest_created_at: no booking counted in the row was created
-- before the first or after the second. A list ordered by creation, newest first, with a check-in range, starts its
-- walk of the creation order at the latest of these over the range's months, instead of passing every newer booking
-- (those that check in after the range) on its way there (docs/database-rules.md §4).
--
-- The bounds only ever widen: an insert, or an update that moves a booking into a row or changes its created_at,
-- widens the row's bounds to hold it; a delete or a move out of the row leaves them alone. So they are always true,
-- whoever writes, if sometimes wider than the rows. A row the trigger did not make (the column defaults) claims
-- nothing: its bounds are the widest there are. Inside the trigger, "no booking added" is the other way round
-- (earliest infinity, latest -infinity), which least() and greatest() leave as they were.

ALTER TABLE booking_month_counts
  ADD COLUMN earliest_created_at timestamptz NOT NULL DEFAULT '-infinity',
  ADD COLUMN latest_created_at timestamptz NOT NULL DEFAULT 'infinity';

UPDATE booking_month_counts m SET earliest_created_at = b.lo, latest_created_at = b.hi
FROM (
  SELECT tenant_id, status, date_trunc('month', check_in_date)::date AS month_start, min(created_at) AS lo, max(created_at) AS hi
  FROM bookings GROUP BY 1, 2, 3
) b
WHERE m.tenant_id = b.tenant_id AND m.month_start = b.month_start AND m.status = b.status;

-- As version 012's, plus the bounds: per (tenant, status, check-in date) the rows a statement added count +1 and
-- bring their earliest and latest created_at, those it removed count -1. An update counts only the rows whose tenant,
-- status, check-in date or created_at it changed.
CREATE OR REPLACE FUNCTION campsite_tally_booking_days() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_tenant integer[];
  d_status text[];
  d_day date[];
  d_n bigint[];
  d_lo timestamptz[];
  d_hi timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n), array_agg(lo), array_agg(hi)
    INTO d_tenant, d_status, d_day, d_n, d_lo, d_hi FROM (
      SELECT tenant_id, status, check_in_date, count(*) AS n, min(created_at) AS lo, max(created_at) AS hi FROM new_rows GROUP BY 1, 2, 3
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n), NULL, NULL
    INTO d_tenant, d_status, d_day, d_n, d_lo, d_hi FROM (
      SELECT tenant_id, status, check_in_date, -count(*) AS n FROM old_rows GROUP BY 1, 2, 3
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  ELSE
    SELECT array_agg(tenant_id), array_agg(status), array_agg(check_in_date), array_agg(n), array_agg(lo), array_agg(hi)
    INTO d_tenant, d_status, d_day, d_n, d_lo, d_hi FROM (
      SELECT tenant_id, status, check_in_date, sum(delta) AS n, min(created_at) AS lo, max(created_at) AS hi FROM (
        SELECT n.tenant_id, n.status, n.check_in_date, 1 AS delta, n.created_at FROM new_rows n
        WHERE NOT EXISTS (
          SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.tenant_id = n.tenant_id AND o.status = n.status
            AND o.check_in_date = n.check_in_date AND o.created_at = n.created_at
        )
        UNION ALL SELECT o.tenant_id, o.status, o.check_in_date, -1, NULL FROM old_rows o
        WHERE NOT EXISTS (
          SELECT 1 FROM new_rows n WHERE o.id = n.id AND o.tenant_id = n.tenant_id AND o.status = n.status
            AND o.check_in_date = n.check_in_date AND o.created_at = n.created_at
        )
      ) u GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 OR min(created_at) IS NOT NULL
    ) d WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = d.tenant_id);
  END IF;
  IF d_tenant IS NULL THEN RETURN NULL; END IF;
  INSERT INTO booking_day_counts (tenant_id, status, check_in_date, n)
  SELECT t, s, d, n FROM unnest(d_tenant, d_status, d_day, d_n) AS u(t, s, d, n) WHERE n <> 0 ORDER BY 1, 3, 2
  ON CONFLICT (tenant_id, check_in_date, status) DO UPDATE SET n = booking_day_counts.n + excluded.n;
  INSERT INTO booking_month_counts (tenant_id, status, month_start, n, earliest_created_at, latest_created_at)
  SELECT t, s, date_trunc('month', d)::date, sum(n), coalesce(min(lo), 'infinity'), coalesce(max(hi), '-infinity')
  FROM unnest(d_tenant, d_status, d_day, d_n, d_lo, d_hi) AS u(t, s, d, n, lo, hi)
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR min(lo) IS NOT NULL ORDER BY 1, 3, 2
  ON CONFLICT (tenant_id, month_start, status) DO UPDATE SET n = booking_month_counts.n + excluded.n,
    earliest_created_at = least(booking_month_counts.earliest_created_at, excluded.earliest_created_at),
    latest_created_at = greatest(booking_month_counts.latest_created_at, excluded.latest_created_at);
  RETURN NULL;
END $$;

ANALYZE booking_month_counts;
