-- Issues 10 and 16: the database itself records every change and keeps every derived value, whoever writes (this
-- service, its CLI, the admin console, psql). See docs/database-rules.md and docs/change-feed.md.
--
-- * updated_at on bookings, sites, users and invoices: the given value on insert, else the row's creation time; now()
--   on every update that does not set it itself.
-- * change_log: one row per (tenant, type, id) at its latest position. Positions come from
--   tenant_counters.last_change, which the writing transaction updates and so locks until it commits: positions
--   become visible in commit order, so a reader that resumes after position P never misses a later commit.
-- * tenant_counters.data_version (the read cache's stamp), the list totals, booking_counts and last_booking_id follow
--   every insert, update and delete, in the writing transaction.
-- * change_capture_paused: a tenant listed there (only ever inside the importing transaction, which removes it again)
--   is skipped by the triggers; the bulk import then derives the same log and totals itself in a few set-based
--   statements (SqlTenantImporter).

-- ---------------------------------------------------------------------------------------------------------------
-- updated_at
ALTER TABLE bookings ADD COLUMN updated_at timestamptz;
UPDATE bookings SET updated_at = created_at;
ALTER TABLE bookings ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE sites ADD COLUMN updated_at timestamptz;
UPDATE sites SET updated_at = now();
ALTER TABLE sites ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE users ADD COLUMN updated_at timestamptz;
UPDATE users SET updated_at = date_joined;
ALTER TABLE users ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE invoices ADD COLUMN updated_at timestamptz;
UPDATE invoices SET updated_at = issued_at;
ALTER TABLE invoices ALTER COLUMN updated_at SET NOT NULL;

-- updated_at lists (updated_since) read these.
CREATE INDEX bookings_updated ON bookings (tenant_id, updated_at);
CREATE INDEX sites_updated ON sites (tenant_id, updated_at);
CREATE INDEX users_updated ON users (tenant_id, updated_at) WHERE role = 'customer';
CREATE INDEX invoices_updated ON invoices (tenant_id, updated_at);

-- ---------------------------------------------------------------------------------------------------------------
-- Issue 16: references and ranges. Status values stay unconstrained: the platform may add new ones.
ALTER TABLE bookings ADD CONSTRAINT bookings_site_fkey FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_site_fkey;
ALTER TABLE invoices ADD CONSTRAINT invoices_booking_fkey FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) NOT VALID;
ALTER TABLE invoices VALIDATE CONSTRAINT invoices_booking_fkey;
ALTER TABLE bookings ADD CONSTRAINT bookings_stay_check CHECK (check_out_date > check_in_date);
ALTER TABLE bookings ADD CONSTRAINT bookings_guests_check CHECK (num_adults >= 0 AND num_youth >= 0 AND num_children >= 0);
-- The foreign keys' referencing side, so that deleting a site or a booking checks its references through an index.
CREATE INDEX invoices_booking ON invoices (tenant_id, booking_id) WHERE booking_id IS NOT NULL;

-- ---------------------------------------------------------------------------------------------------------------
-- The change log and its per-tenant position counter.
ALTER TABLE tenant_counters ADD COLUMN last_change bigint NOT NULL DEFAULT 0;
-- Binds a feed cursor to its tenant without a server secret: a cursor carries the token of the tenant it came from.
ALTER TABLE tenant_counters ADD COLUMN feed_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

-- No foreign key to tenants: the import writes a whole tenant's log at once, and a check per row doubled its cost.
CREATE TABLE change_log (
  tenant_id integer NOT NULL,
  type text NOT NULL,
  id integer NOT NULL,
  position bigint NOT NULL,
  deleted boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, type, id)
);
CREATE INDEX change_log_position ON change_log (tenant_id, position) INCLUDE (type);

CREATE TABLE change_capture_paused (tenant_id integer PRIMARY KEY);

-- Every tenant gets its counter row from the database, whoever inserts the tenant.
CREATE FUNCTION campsite_tenant_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_counters (tenant_id, data_version) VALUES (NEW.id, nextval('data_versions')) ON CONFLICT (tenant_id) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER tenants_counters AFTER INSERT ON tenants FOR EACH ROW EXECUTE FUNCTION campsite_tenant_counters();

-- Records a set of changes (unique per tenant, type and id): each tenant's counter row is updated first, in tenant
-- order (which locks it until commit and moves the data stamp), and the records move to the new positions.
CREATE FUNCTION campsite_log_changes(p_tenant integer[], p_type text[], p_id integer[], p_deleted boolean[], p_at timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_tenant IS NULL THEN RETURN; END IF;
  -- Locked one by one in tenant order, so two statements that touch several tenants cannot deadlock here.
  PERFORM 1 FROM tenant_counters WHERE tenant_id = ANY (p_tenant) ORDER BY tenant_id FOR NO KEY UPDATE;
  WITH c AS (
    SELECT * FROM unnest(p_tenant, p_type, p_id, p_deleted, p_at) AS c(tenant_id, type, id, deleted, changed_at)
  ), per_tenant AS (
    SELECT tenant_id, count(*) AS n FROM c GROUP BY tenant_id
  ), bumped AS (
    UPDATE tenant_counters tc SET last_change = tc.last_change + p.n, data_version = nextval('data_versions')
    FROM per_tenant p WHERE tc.tenant_id = p.tenant_id
    RETURNING tc.tenant_id, tc.last_change - p.n AS base
  )
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT c.tenant_id, c.type, c.id, b.base + row_number() OVER (PARTITION BY c.tenant_id ORDER BY c.type, c.id), c.deleted, c.changed_at
  FROM c JOIN bumped b USING (tenant_id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END $$;

-- Adds per-tenant deltas to the list totals of tenant_counters (rows with all-zero deltas are left alone).
CREATE FUNCTION campsite_add_totals(p_tenant integer[], p_sites bigint[], p_customers bigint[], p_invoices bigint[])
RETURNS void LANGUAGE sql AS $$
  UPDATE tenant_counters tc SET sites = tc.sites + d.sites, customers = tc.customers + d.customers, invoices = tc.invoices + d.invoices
  FROM (
    SELECT tenant_id, sum(sites) AS sites, sum(customers) AS customers, sum(invoices) AS invoices
    FROM unnest(p_tenant, p_sites, p_customers, p_invoices) AS d(tenant_id, sites, customers, invoices) GROUP BY tenant_id
  ) d
  WHERE tc.tenant_id = d.tenant_id AND (d.sites <> 0 OR d.customers <> 0 OR d.invoices <> 0)
$$;

-- updated_at: the writer's value on insert (else creation time, set by each table's own trigger below); now() on an
-- update that leaves it as it was.
CREATE FUNCTION campsite_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;

CREATE FUNCTION campsite_booking_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := NEW.created_at;
  RETURN NEW;
END $$;
CREATE FUNCTION campsite_site_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE FUNCTION campsite_user_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := NEW.date_joined;
  RETURN NEW;
END $$;
CREATE FUNCTION campsite_invoice_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := NEW.issued_at;
  RETURN NEW;
END $$;

-- The WHEN conditions keep these out of the way of writers that set updated_at themselves (the importer, the API):
-- Postgres then does not call the function at all.
CREATE TRIGGER bookings_updated_at_insert BEFORE INSERT ON bookings FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_booking_created();
CREATE TRIGGER sites_updated_at_insert BEFORE INSERT ON sites FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_site_created();
CREATE TRIGGER users_updated_at_insert BEFORE INSERT ON users FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_user_created();
CREATE TRIGGER invoices_updated_at_insert BEFORE INSERT ON invoices FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_invoice_created();
CREATE TRIGGER bookings_updated_at_update BEFORE UPDATE ON bookings FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();
CREATE TRIGGER sites_updated_at_update BEFORE UPDATE ON sites FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();
CREATE TRIGGER users_updated_at_update BEFORE UPDATE ON users FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();
CREATE TRIGGER invoices_updated_at_update BEFORE UPDATE ON invoices FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();

-- Change capture: statement triggers with transition tables, so a statement of many rows (a bulk UPDATE, an import
-- chunk) is recorded in a few set-based statements. Each function gathers the rows the statement added and removed
-- (an update both removes its old and adds its new version), leaving out paused tenants, then derives everything.

CREATE FUNCTION campsite_capture_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bookings[];
  removed bookings[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(n) INTO added FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = n.tenant_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(o) INTO removed FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = o.tenant_id);
  END IF;
  IF added IS NULL AND removed IS NULL THEN RETURN NULL; END IF;
  -- Counter rows first (via the log), then booking_counts in (tenant, status) order: every writer locks in this order.
  PERFORM campsite_log_changes(array_agg(tenant_id), array_agg(type), array_agg(id), array_agg(deleted), array_agg(changed_at))
  FROM (
    SELECT a.tenant_id, 'booking' AS type, a.id, false AS deleted, a.updated_at AS changed_at FROM unnest(added) a
    UNION ALL
    SELECT r.tenant_id, 'booking', r.id, true, now() FROM unnest(removed) r
    WHERE NOT EXISTS (SELECT 1 FROM unnest(added) a WHERE a.tenant_id = r.tenant_id AND a.id = r.id)
  ) c;
  INSERT INTO booking_counts (tenant_id, status, n)
  SELECT tenant_id, status, sum(delta) FROM (
    SELECT tenant_id, status, 1 AS delta FROM unnest(added)
    UNION ALL SELECT tenant_id, status, -1 FROM unnest(removed)
  ) d GROUP BY tenant_id, status HAVING sum(delta) <> 0 ORDER BY tenant_id, status
  ON CONFLICT (tenant_id, status) DO UPDATE SET n = booking_counts.n + excluded.n;
  -- Issue 16: the id counter moves past any id another writer inserted, so the API's next id is free.
  UPDATE tenant_counters tc SET last_booking_id = m.max_id
  FROM (SELECT tenant_id, max(id) AS max_id FROM unnest(added) GROUP BY tenant_id) m
  WHERE tc.tenant_id = m.tenant_id AND tc.last_booking_id < m.max_id;
  RETURN NULL;
END $$;

CREATE FUNCTION campsite_capture_sites() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added sites[];
  removed sites[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(n) INTO added FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = n.tenant_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(o) INTO removed FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = o.tenant_id);
  END IF;
  IF added IS NULL AND removed IS NULL THEN RETURN NULL; END IF;
  PERFORM campsite_log_changes(array_agg(tenant_id), array_agg(type), array_agg(id), array_agg(deleted), array_agg(changed_at))
  FROM (
    SELECT a.tenant_id, 'site' AS type, a.id, false AS deleted, a.updated_at AS changed_at FROM unnest(added) a
    UNION ALL
    SELECT r.tenant_id, 'site', r.id, true, now() FROM unnest(removed) r
    WHERE NOT EXISTS (SELECT 1 FROM unnest(added) a WHERE a.tenant_id = r.tenant_id AND a.id = r.id)
  ) c;
  PERFORM campsite_add_totals(array_agg(tenant_id), array_agg(delta), array_agg(0::bigint), array_agg(0::bigint))
  FROM (SELECT tenant_id, 1::bigint AS delta FROM unnest(added) UNION ALL SELECT tenant_id, -1 FROM unnest(removed)) d;
  -- A booking renders its site's number: a renumbered site changes its bookings too (their update is recorded by
  -- the bookings trigger).
  IF TG_OP = 'UPDATE' THEN
    UPDATE bookings b SET updated_at = now()
    FROM unnest(removed) r JOIN unnest(added) a ON a.tenant_id = r.tenant_id AND a.id = r.id
    WHERE a.site_number IS DISTINCT FROM r.site_number AND b.tenant_id = a.tenant_id AND b.site_id = a.id;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION campsite_capture_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added users[];
  removed users[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(n) INTO added FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = n.tenant_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(o) INTO removed FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = o.tenant_id);
  END IF;
  IF added IS NULL AND removed IS NULL THEN RETURN NULL; END IF;
  -- Only customers are records of the API: a user who stops being one is a deleted customer, one who becomes one is new.
  PERFORM campsite_log_changes(array_agg(tenant_id), array_agg(type), array_agg(id), array_agg(deleted), array_agg(changed_at))
  FROM (
    SELECT a.tenant_id, 'customer' AS type, a.id, false AS deleted, a.updated_at AS changed_at FROM unnest(added) a WHERE a.role = 'customer'
    UNION ALL
    SELECT r.tenant_id, 'customer', r.id, true, now() FROM unnest(removed) r
    WHERE r.role = 'customer' AND NOT EXISTS (SELECT 1 FROM unnest(added) a WHERE a.tenant_id = r.tenant_id AND a.id = r.id AND a.role = 'customer')
  ) c;
  PERFORM campsite_add_totals(array_agg(tenant_id), array_agg(0::bigint), array_agg(delta), array_agg(0::bigint))
  FROM (
    SELECT tenant_id, 1::bigint AS delta FROM unnest(added) WHERE role = 'customer'
    UNION ALL SELECT tenant_id, -1 FROM unnest(removed) WHERE role = 'customer'
  ) d;
  RETURN NULL;
END $$;

CREATE FUNCTION campsite_capture_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added invoices[];
  removed invoices[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(n) INTO added FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = n.tenant_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(o) INTO removed FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = o.tenant_id);
  END IF;
  IF added IS NULL AND removed IS NULL THEN RETURN NULL; END IF;
  PERFORM campsite_log_changes(array_agg(tenant_id), array_agg(type), array_agg(id), array_agg(deleted), array_agg(changed_at))
  FROM (
    SELECT a.tenant_id, 'invoice' AS type, a.id, false AS deleted, a.updated_at AS changed_at FROM unnest(added) a
    UNION ALL
    SELECT r.tenant_id, 'invoice', r.id, true, now() FROM unnest(removed) r
    WHERE NOT EXISTS (SELECT 1 FROM unnest(added) a WHERE a.tenant_id = r.tenant_id AND a.id = r.id)
  ) c;
  PERFORM campsite_add_totals(array_agg(tenant_id), array_agg(0::bigint), array_agg(0::bigint), array_agg(delta))
  FROM (SELECT tenant_id, 1::bigint AS delta FROM unnest(added) UNION ALL SELECT tenant_id, -1 FROM unnest(removed)) d;
  RETURN NULL;
END $$;

-- A transition table serves one event per trigger, so each table has three.
CREATE TRIGGER bookings_capture_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_bookings();
CREATE TRIGGER bookings_capture_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_bookings();
CREATE TRIGGER bookings_capture_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_bookings();
CREATE TRIGGER sites_capture_insert AFTER INSERT ON sites REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_sites();
CREATE TRIGGER sites_capture_update AFTER UPDATE ON sites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_sites();
CREATE TRIGGER sites_capture_delete AFTER DELETE ON sites REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_sites();
CREATE TRIGGER users_capture_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_users();
CREATE TRIGGER users_capture_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_users();
CREATE TRIGGER users_capture_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_users();
CREATE TRIGGER invoices_capture_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_invoices();
CREATE TRIGGER invoices_capture_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_invoices();
CREATE TRIGGER invoices_capture_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_invoices();

-- A renamed site type changes how its sites render.
CREATE FUNCTION campsite_site_type_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sites SET updated_at = now() WHERE tenant_id = NEW.tenant_id AND site_type_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER site_types_renamed AFTER UPDATE ON site_types FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION campsite_site_type_renamed();

-- A key added, changed (revoked, expired, rescoped) or deleted moves the stamp, so a server's kept copy of the key
-- row is read again on the next request. last_used_at alone is bookkeeping no read depends on.
CREATE FUNCTION campsite_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE tenant_counters SET data_version = nextval('data_versions') WHERE tenant_id = OLD.tenant_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE tenant_counters SET data_version = nextval('data_versions') WHERE tenant_id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER api_keys_changed_insert AFTER INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION campsite_api_key_changed();
CREATE TRIGGER api_keys_changed_delete AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION campsite_api_key_changed();
CREATE TRIGGER api_keys_changed_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.tenant_id, OLD.name, OLD.prefix, OLD.secret_hash, OLD.scopes, OLD.expires_at, OLD.revoked_at, OLD.created_at)
    IS DISTINCT FROM (NEW.tenant_id, NEW.name, NEW.prefix, NEW.secret_hash, NEW.scopes, NEW.expires_at, NEW.revoked_at, NEW.created_at))
  EXECUTE FUNCTION campsite_api_key_changed();

-- ---------------------------------------------------------------------------------------------------------------
-- Existing data: every record enters the log once, in updated_at order; the totals are recounted.
INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
SELECT tenant_id, type, id, row_number() OVER (PARTITION BY tenant_id ORDER BY changed_at, type, id), false, changed_at FROM (
  SELECT tenant_id, 'site' AS type, id, updated_at AS changed_at FROM sites
  UNION ALL SELECT tenant_id, 'customer', id, updated_at FROM users WHERE role = 'customer'
  UNION ALL SELECT tenant_id, 'booking', id, updated_at FROM bookings
  UNION ALL SELECT tenant_id, 'invoice', id, updated_at FROM invoices
) c;
INSERT INTO tenant_counters (tenant_id) SELECT id FROM tenants ON CONFLICT (tenant_id) DO NOTHING;
UPDATE tenant_counters tc SET
  last_change = (SELECT count(*) FROM change_log l WHERE l.tenant_id = tc.tenant_id),
  sites = (SELECT count(*) FROM sites s WHERE s.tenant_id = tc.tenant_id),
  customers = (SELECT count(*) FROM users u WHERE u.tenant_id = tc.tenant_id AND u.role = 'customer'),
  invoices = (SELECT count(*) FROM invoices i WHERE i.tenant_id = tc.tenant_id),
  last_booking_id = GREATEST(tc.last_booking_id, (SELECT COALESCE(max(id), 0) FROM bookings b WHERE b.tenant_id = tc.tenant_id)),
  data_version = nextval('data_versions');
DELETE FROM booking_counts;
INSERT INTO booking_counts (tenant_id, status, n) SELECT tenant_id, status, count(*) FROM bookings GROUP BY tenant_id, status;
ANALYZE change_log;
