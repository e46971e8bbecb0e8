-- Selling a stay (docs/pricing.md, docs/channel-managers.md, docs/database-rules.md §7): the tariff the platform's
-- pricing engine keeps (seasons and stay rules per site type, extras, the tourist tax), quotes, and the priced lines
-- of a booking. Money is integer Rappen, VAT rates hundredths of a percent, quantities thousandths. The admin console
-- writes the tariff directly, so every rule about it is the database's: overlaps are refused by exclusion
-- constraints, and each change moves what it changes.

-- The exclusion constraints compare ids with `=` inside a GiST index, which needs btree_gist (a trusted extension
-- shipped with PostgreSQL). It is created in a schema of its own unless the database has it already; wherever it
-- lives, the constraints name its operator class with that schema, so they do not depend on the search_path.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gist') THEN
    CREATE SCHEMA IF NOT EXISTS campsite_extensions;
    CREATE EXTENSION btree_gist SCHEMA campsite_extensions;
  END IF;
END $$;

-- A site type is a record of the feed (type `site_type`): it gets updated_at and change capture like a site.
ALTER TABLE site_types ADD COLUMN updated_at timestamptz;
UPDATE site_types SET updated_at = now();
ALTER TABLE site_types ALTER COLUMN updated_at SET NOT NULL;
CREATE TRIGGER site_types_updated_at_insert BEFORE INSERT ON site_types FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_site_created();
CREATE TRIGGER site_types_updated_at_update BEFORE UPDATE ON site_types FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();
-- A booking by type takes the lowest free site number of the type's active sites; the calendar counts them.
CREATE INDEX sites_type_status ON sites (tenant_id, site_type_id, status, site_number);

-- The change capture of a table whose rows are feed records of one type (TG_ARGV[0]) keyed (tenant_id, id) with an
-- updated_at: like the sites' of version 005, without totals.
CREATE FUNCTION campsite_capture_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM campsite_log_changes(array_agg(n.tenant_id), array_agg(TG_ARGV[0]::text), array_agg(n.id), array_agg(false), array_agg(n.updated_at))
    FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = n.tenant_id);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM campsite_log_changes(array_agg(tenant_id), array_agg(TG_ARGV[0]::text), array_agg(id), array_agg(deleted), array_agg(changed_at))
    FROM (
      SELECT n.tenant_id, n.id, false AS deleted, n.updated_at AS changed_at FROM new_rows n
      UNION ALL
      SELECT o.tenant_id, o.id, true, now() FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.tenant_id = o.tenant_id AND n.id = o.id)
    ) c WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = c.tenant_id);
  ELSE
    PERFORM campsite_log_changes(array_agg(o.tenant_id), array_agg(TG_ARGV[0]::text), array_agg(o.id), array_agg(true), array_agg(now()))
    FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = o.tenant_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER site_types_capture_insert AFTER INSERT ON site_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('site_type');
CREATE TRIGGER site_types_capture_update AFTER UPDATE ON site_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('site_type');
CREATE TRIGGER site_types_capture_delete AFTER DELETE ON site_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('site_type');

-- Site types already there enter the feed once, after everything it holds.
WITH logged AS (
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT t.tenant_id, 'site_type', t.id, c.last_change + row_number() OVER (PARTITION BY t.tenant_id ORDER BY t.id), false, t.updated_at
  FROM site_types t JOIN tenant_counters c ON c.tenant_id = t.tenant_id
  RETURNING tenant_id
)
UPDATE tenant_counters tc SET last_change = tc.last_change + n.count, data_version = nextval('data_versions')
FROM (SELECT tenant_id, count(*) AS count FROM logged GROUP BY tenant_id) n WHERE tc.tenant_id = n.tenant_id;

-- Seasons: `from_date` and `to_date` are the first and last night covered. Stay rules over dates (inclusive). A night
-- lies in at most one season of its type, and a date in at most one stay rule: the exclusion constraints refuse an
-- overlap, whoever writes, even between two transactions that run at once.
CREATE TABLE seasons (
  tenant_id integer NOT NULL,
  site_type_id integer NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  pitch bigint NOT NULL CHECK (pitch >= 0),
  adult bigint NOT NULL CHECK (adult >= 0),
  youth bigint NOT NULL CHECK (youth >= 0),
  child bigint NOT NULL CHECK (child >= 0),
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  PRIMARY KEY (tenant_id, site_type_id, from_date),
  CHECK (to_date >= from_date),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE
);
CREATE TABLE restrictions (
  tenant_id integer NOT NULL,
  site_type_id integer NOT NULL,
  from_date date NOT NULL,
  to_date date NOT NULL,
  min_stay integer CHECK (min_stay >= 1),
  max_stay integer CHECK (max_stay >= 1),
  closed_to_arrival boolean NOT NULL DEFAULT false,
  closed_to_departure boolean NOT NULL DEFAULT false,
  stop_sell boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, site_type_id, from_date),
  CHECK (to_date >= from_date),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE
);
DO $$
DECLARE
  ext text;
BEGIN
  SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'btree_gist';
  EXECUTE format('ALTER TABLE seasons ADD CONSTRAINT seasons_overlap EXCLUDE USING gist '
    '(tenant_id %1$I.gist_int4_ops WITH =, site_type_id %1$I.gist_int4_ops WITH =, daterange(from_date, to_date, ''[]'') WITH &&)', ext);
  EXECUTE format('ALTER TABLE restrictions ADD CONSTRAINT restrictions_overlap EXCLUDE USING gist '
    '(tenant_id %1$I.gist_int4_ops WITH =, site_type_id %1$I.gist_int4_ops WITH =, daterange(from_date, to_date, ''[]'') WITH &&)', ext);
END $$;

-- A season or a stay rule is part of its site type as the API shows it: any change of one moves the type (its
-- updated_at, and through that its feed entry and the tenant's data version).
CREATE FUNCTION campsite_tariff_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE site_types SET updated_at = now() WHERE tenant_id = OLD.tenant_id AND id = OLD.site_type_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE site_types SET updated_at = now() WHERE tenant_id = NEW.tenant_id AND id = NEW.site_type_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER seasons_capture AFTER INSERT OR UPDATE OR DELETE ON seasons FOR EACH ROW EXECUTE FUNCTION campsite_tariff_row_changed();
CREATE TRIGGER restrictions_capture AFTER INSERT OR UPDATE OR DELETE ON restrictions FOR EACH ROW EXECUTE FUNCTION campsite_tariff_row_changed();

-- Extras: a record of the feed (type `extra`; a removed one is a deletion). `compulsory_for` is a JSON array of site
-- type ids; like a booking's `extras` it is JSON text, which both databases of the service read the same way.
CREATE TABLE extras (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  code text COLLATE "C" NOT NULL CHECK (code ~ '^[a-z0-9_-]{1,32}$'),
  name text NOT NULL,
  per text NOT NULL CHECK (per IN ('night', 'stay')),
  price bigint NOT NULL CHECK (price >= 0),
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  compulsory_for text NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(compulsory_for::jsonb) = 'array'),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT extras_code_key UNIQUE (tenant_id, code)
);
CREATE TRIGGER extras_updated_at_insert BEFORE INSERT ON extras FOR EACH ROW WHEN (NEW.updated_at IS NULL) EXECUTE FUNCTION campsite_site_created();
CREATE TRIGGER extras_updated_at_update BEFORE UPDATE ON extras FOR EACH ROW WHEN (NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at) EXECUTE FUNCTION campsite_touch_updated_at();
CREATE TRIGGER extras_capture_insert AFTER INSERT ON extras REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('extra');
CREATE TRIGGER extras_capture_update AFTER UPDATE ON extras REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('extra');
CREATE TRIGGER extras_capture_delete AFTER DELETE ON extras REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_capture_records('extra');

-- The commune's tourist tax: CHF per person and night, nights charged capped at max_nights (null: no cap). No API
-- list shows it, but it prices quotes, so a change still moves the tenant's data version.
CREATE TABLE tourist_taxes (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  adult bigint NOT NULL CHECK (adult >= 0),
  youth bigint NOT NULL CHECK (youth >= 0),
  child bigint NOT NULL CHECK (child >= 0),
  max_nights integer CHECK (max_nights >= 1)
);
CREATE FUNCTION campsite_tourist_tax_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters SET data_version = nextval('data_versions')
  WHERE tenant_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.tenant_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.tenant_id END);
  RETURN NULL;
END $$;
CREATE TRIGGER tourist_taxes_changed AFTER INSERT OR UPDATE OR DELETE ON tourist_taxes FOR EACH ROW EXECUTE FUNCTION campsite_tourist_tax_changed();

-- A booking records the quote it was made from (a note of where it came from: the platform may forget old quotes)
-- and the extras it was priced with, as a JSON array of {"code", "quantity"}.
ALTER TABLE bookings ADD COLUMN quote_id integer;
ALTER TABLE bookings ADD COLUMN extras text NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(extras::jsonb) = 'array');

-- A booking's priced lines (docs/pricing.md), as quoted or as priced at confirmation; an invoice issued for the
-- booking copies them. A placeholder price has none.
CREATE TABLE booking_lines (
  tenant_id integer NOT NULL,
  booking_id integer NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  kind text NOT NULL CHECK (kind IN ('pitch', 'adult', 'youth', 'child', 'extra', 'tourist_tax')),
  code text,
  description text NOT NULL,
  quantity bigint NOT NULL CHECK (quantity >= 0),
  unit_price bigint NOT NULL,
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  amount bigint NOT NULL,
  PRIMARY KEY (tenant_id, booking_id, position),
  FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE
);

-- An issued invoice's lines keep the kind and code they were priced as; lines of other invoices have none.
ALTER TABLE invoice_lines ADD COLUMN kind text CHECK (kind IN ('pitch', 'adult', 'youth', 'child', 'extra', 'tourist_tax'));
ALTER TABLE invoice_lines ADD COLUMN code text;

-- Quotes are the API's own: binding prices, kept until they expire unused (then forgotten) or for good once booked.
-- Ids are per tenant and never given twice, even after the highest quote is forgotten: quote_counters counts them
-- (a row of its own, so that quoting never waits for the tenant's counter row that every booking write locks).
CREATE TABLE quote_counters (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  last_quote_id integer NOT NULL
);
CREATE TABLE quotes (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  site_type_id integer NOT NULL,
  site_id integer,
  check_in_date date NOT NULL,
  check_out_date date NOT NULL,
  num_adults integer NOT NULL,
  num_youth integer NOT NULL,
  num_children integer NOT NULL,
  extras text NOT NULL,
  lines text NOT NULL,
  total_price bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  booking_id integer,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX quotes_unused_expiry ON quotes (expires_at) WHERE booking_id IS NULL;

-- docs/database-rules.md §6: the one-call create keeps the booking it inserted in the idempotency record with every
-- value the service reads, the quote and the extras included (the order of BOOKING_VALUES in row-mappers.ts).
CREATE OR REPLACE PROCEDURE create_booking_if_available(
  p_tenant_id integer,
  p_id integer,
  p_booking_reference text,
  p_guest_first_name text,
  p_guest_last_name text,
  p_guest_email text,
  p_site_id integer,
  p_check_in_date date,
  p_check_out_date date,
  p_num_adults integer,
  p_num_youth integer,
  p_num_children integer,
  p_status text,
  p_total_price bigint,
  p_created_at timestamptz,
  p_source text,
  p_updated_at timestamptz,
  p_customer_id integer,
  p_occupying text[],
  p_claim_key text,
  p_claim_token text,
  p_expires_at timestamptz,
  INOUT booking_id integer,
  INOUT site_number text
)
LANGUAGE plpgsql AS $procedure$
DECLARE
  v_status text;
  v_id integer := p_id;
BEGIN
  SELECT s.status, s.site_number INTO v_status, site_number FROM sites s
   WHERE s.tenant_id = p_tenant_id AND s.id = p_site_id FOR UPDATE;
  IF NOT FOUND OR v_status <> 'active' THEN
    RAISE EXCEPTION 'site_unavailable';
  END IF;
  IF EXISTS (
    SELECT 1 FROM bookings b
     WHERE b.tenant_id = p_tenant_id AND b.site_id = p_site_id AND b.status = ANY (p_occupying)
       AND b.check_in_date < p_check_out_date AND b.check_out_date > p_check_in_date
  ) THEN
    RAISE EXCEPTION 'site_unavailable';
  END IF;
  IF v_id IS NULL THEN
    UPDATE tenant_counters c SET last_booking_id = c.last_booking_id + 1 WHERE c.tenant_id = p_tenant_id
      RETURNING c.last_booking_id INTO v_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'tenant % has no counters row', p_tenant_id;
    END IF;
  END IF;
  INSERT INTO bookings (
    tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date,
    check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source, updated_at, customer_id
  ) VALUES (
    p_tenant_id, v_id, p_booking_reference, p_guest_first_name, p_guest_last_name, p_guest_email, p_site_id,
    p_check_in_date, p_check_out_date, p_num_adults, p_num_youth, p_num_children, p_status, p_total_price,
    p_created_at, p_source, p_updated_at, p_customer_id
  );
  IF p_claim_key IS NOT NULL THEN
    UPDATE idempotency_keys k
       SET booking_id = v_id, expires_at = p_expires_at,
           booking = (SELECT json_build_array(b.id, b.tenant_id, b.booking_reference, b.guest_first_name,
               b.guest_last_name, b.guest_email, b.site_id, site_number, b.check_in_date, b.check_out_date, b.num_adults,
               b.num_youth, b.num_children, b.status, b.total_price, b.created_at, b.source, b.updated_at,
               b.customer_id, b.quote_id, b.extras)::text
             FROM bookings b WHERE b.tenant_id = p_tenant_id AND b.id = v_id)
     WHERE k.tenant_id = p_tenant_id AND k.idempotency_key = p_claim_key AND k.claim_token = p_claim_token
       AND k.booking_id IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency_key_in_use';
    END IF;
  END IF;
  booking_id := v_id;
END
$procedure$;
