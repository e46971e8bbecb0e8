-- docs/accounting.md: the customer of a booking, the lines of an invoice, and the billing details of a tenant.

-- A booking's customer is a `customer` user of its tenant when it is set; checked by the triggers below for every
-- writer. The user may later change role: the booking keeps its customer (only setting it is checked).
ALTER TABLE bookings ADD COLUMN customer_id integer;
CREATE INDEX bookings_customer_created ON bookings (tenant_id, customer_id, created_at DESC, id DESC) WHERE customer_id IS NOT NULL;

CREATE TRIGGER bookings_customer_insert BEFORE INSERT ON bookings
WHEN NEW.customer_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.customer_id AND u.role = 'customer'
)
BEGIN
  SELECT RAISE(ABORT, 'bookings_customer_is_customer');
END;

CREATE TRIGGER bookings_customer_update BEFORE UPDATE OF customer_id ON bookings
WHEN NEW.customer_id IS NOT NULL AND NEW.customer_id IS NOT OLD.customer_id AND NOT EXISTS (
  SELECT 1 FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.customer_id AND u.role = 'customer'
)
BEGIN
  SELECT RAISE(ABORT, 'bookings_customer_is_customer');
END;

-- Quantities in thousandths and VAT rates in hundredths of a percent, money in Rappen: integers, never floats.
CREATE TABLE invoice_lines (
  tenant_id integer NOT NULL,
  invoice_id integer NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  description text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  unit_price integer NOT NULL,
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  amount integer NOT NULL,
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
-- and the invoice's own capture triggers (migration 005) record it in the change feed and move the data stamp. Named
-- *_capture_* so that the bulk import drops them like the others and derives their effect itself (an imported line
-- belongs to an invoice imported in the same transaction). A change to billing details moves the data stamp.
CREATE TRIGGER invoice_lines_capture_insert AFTER INSERT ON invoice_lines FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE invoices SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE tenant_id = NEW.tenant_id AND id = NEW.invoice_id;
END;
CREATE TRIGGER invoice_lines_capture_update AFTER UPDATE ON invoice_lines FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE invoices SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE (tenant_id = NEW.tenant_id AND id = NEW.invoice_id) OR (tenant_id = OLD.tenant_id AND id = OLD.invoice_id);
END;
CREATE TRIGGER invoice_lines_capture_delete AFTER DELETE ON invoice_lines FOR EACH ROW
WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE invoices SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE tenant_id = OLD.tenant_id AND id = OLD.invoice_id;
END;
CREATE TRIGGER tenant_billing_changed_insert AFTER INSERT ON tenant_billing FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = NEW.tenant_id;
END;
CREATE TRIGGER tenant_billing_changed_update AFTER UPDATE ON tenant_billing FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id IN (NEW.tenant_id, OLD.tenant_id);
END;
CREATE TRIGGER tenant_billing_changed_delete AFTER DELETE ON tenant_billing FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = OLD.tenant_id;
END;
