-- docs/accounting.md: the customer of a booking, the lines of an invoice, and the billing details of a tenant.

-- A booking's customer is a `customer` user of its tenant when it is set; checked by the trigger below for every
-- writer. The user may later change role: the booking keeps its customer (only setting it is checked).
ALTER TABLE bookings ADD COLUMN customer_id integer;
CREATE INDEX bookings_customer_created ON bookings (tenant_id, customer_id, created_at DESC, id DESC) WHERE customer_id IS NOT NULL;

CREATE FUNCTION bookings_check_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id) AND NOT EXISTS (
    SELECT 1 FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.customer_id AND u.role = 'customer'
  ) THEN
    RAISE EXCEPTION 'booking customer % is not a customer of tenant %', NEW.customer_id, NEW.tenant_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_customer_is_customer';
  END IF;
  RETURN NEW;
END $$;

-- Fires only for rows that name a customer, so imports of walk-in history pay nothing for it.
CREATE TRIGGER bookings_customer_insert BEFORE INSERT ON bookings
  FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION bookings_check_customer();
CREATE TRIGGER bookings_customer_update BEFORE UPDATE OF customer_id ON bookings
  FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION bookings_check_customer();

-- Quantities in thousandths and VAT rates in hundredths of a percent, money in Rappen: integers, never floats.
CREATE TABLE invoice_lines (
  tenant_id integer NOT NULL,
  invoice_id integer NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  description text NOT NULL,
  quantity bigint NOT NULL CHECK (quantity >= 0),
  unit_price bigint NOT NULL,
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  amount bigint NOT NULL,
  PRIMARY KEY (tenant_id, invoice_id, position),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE tenant_billing (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  name text NOT NULL,
  street text NOT NULL,
  building_number text NOT NULL,
  postal_code text NOT NULL,
  town text NOT NULL,
  country text NOT NULL CHECK (length(country) = 2),
  iban text NOT NULL,
  vat_number text NOT NULL,
  language text NOT NULL DEFAULT 'de' CHECK (language IN ('de', 'fr', 'it', 'en'))
);

-- A change to an invoice's lines is a change of the invoice (docs/accounting.md): it moves the invoice's updated_at,
-- and the invoice's own capture triggers (migration 005) record it in the change feed and move the data stamp. The
-- import pauses capture for its tenant and derives the log itself; its lines belong to invoices it imports anyway.
-- Each branch names only the transition tables its event has (plpgsql plans a statement when it first runs it).
CREATE FUNCTION campsite_invoice_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE invoices i SET updated_at = now()
    FROM (SELECT DISTINCT tenant_id, invoice_id FROM new_rows) c
    WHERE i.tenant_id = c.tenant_id AND i.id = c.invoice_id
      AND NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = c.tenant_id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE invoices i SET updated_at = now()
    FROM (SELECT DISTINCT tenant_id, invoice_id FROM old_rows) c
    WHERE i.tenant_id = c.tenant_id AND i.id = c.invoice_id
      AND NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = c.tenant_id);
  ELSE
    UPDATE invoices i SET updated_at = now()
    FROM (SELECT tenant_id, invoice_id FROM new_rows UNION SELECT tenant_id, invoice_id FROM old_rows) c
    WHERE i.tenant_id = c.tenant_id AND i.id = c.invoice_id
      AND NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = c.tenant_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER invoice_lines_capture_insert AFTER INSERT ON invoice_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_invoice_lines_changed();
CREATE TRIGGER invoice_lines_capture_update AFTER UPDATE ON invoice_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_invoice_lines_changed();
CREATE TRIGGER invoice_lines_capture_delete AFTER DELETE ON invoice_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campsite_invoice_lines_changed();

-- Billing details are no feed record, but every kept read and PDF depends on them: a change moves the data stamp.
CREATE FUNCTION campsite_billing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_counters SET data_version = nextval('data_versions')
  WHERE tenant_id IN (NEW.tenant_id, OLD.tenant_id);
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_billing_changed AFTER INSERT OR UPDATE OR DELETE ON tenant_billing
  FOR EACH ROW EXECUTE FUNCTION campsite_billing_changed();
