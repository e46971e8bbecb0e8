-- Selling a stay (docs/pricing.md, docs/channel-managers.md, docs/database-rules.md §7): the tariff the platform's
-- pricing engine keeps (seasons and stay rules per site type, extras, the tourist tax), quotes, and the priced lines
-- of a booking. Money is integer Rappen, VAT rates hundredths of a percent, quantities thousandths, dates
-- 'YYYY-MM-DD' text and times epoch milliseconds, as everywhere else. The admin console writes the tariff directly,
-- so every rule about it is the database's: overlaps are refused, and each change moves what it changes.

-- A site type is a record of the feed (type `site_type`): it gets updated_at and change capture like a site.
ALTER TABLE site_types ADD COLUMN updated_at integer;
UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER);
-- A booking by type takes the lowest free site number of the type's active sites; the calendar counts them.
CREATE INDEX sites_type_status ON sites (tenant_id, site_type_id, status, site_number);

CREATE TRIGGER site_types_capture_insert AFTER INSERT ON site_types FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'site_type', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM site_types WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER site_types_capture_update AFTER UPDATE ON site_types FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'site_type', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id);
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'site_type', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM site_types WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER site_types_capture_delete AFTER DELETE ON site_types FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (OLD.tenant_id, 'site_type', OLD.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = OLD.tenant_id), true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

-- Site types already there enter the feed once, after everything it holds.
INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
SELECT t.tenant_id, 'site_type', t.id, c.last_change + row_number() OVER (PARTITION BY t.tenant_id ORDER BY t.id), false, t.updated_at
FROM site_types t JOIN tenant_counters c ON c.tenant_id = t.tenant_id;
UPDATE tenant_counters SET last_change = last_change + (SELECT count(*) FROM site_types t WHERE t.tenant_id = tenant_counters.tenant_id);

-- Seasons: `from_date` and `to_date` are the first and last night covered. A night lies in at most one season of
-- its type: the triggers below refuse an overlap, whoever writes (SQLite has one writer at a time, so a check before
-- the write cannot race another one).
CREATE TABLE seasons (
  tenant_id integer NOT NULL,
  site_type_id integer NOT NULL,
  from_date text NOT NULL CHECK (date(from_date) IS from_date),
  to_date text NOT NULL CHECK (date(to_date) IS to_date),
  pitch integer NOT NULL CHECK (pitch >= 0),
  adult integer NOT NULL CHECK (adult >= 0),
  youth integer NOT NULL CHECK (youth >= 0),
  child integer NOT NULL CHECK (child >= 0),
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  PRIMARY KEY (tenant_id, site_type_id, from_date),
  CHECK (to_date >= from_date),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE
);

CREATE TRIGGER seasons_no_overlap_insert BEFORE INSERT ON seasons FOR EACH ROW
WHEN EXISTS (SELECT 1 FROM seasons s WHERE s.tenant_id = NEW.tenant_id AND s.site_type_id = NEW.site_type_id AND s.from_date <= NEW.to_date AND s.to_date >= NEW.from_date)
BEGIN
  SELECT RAISE(ABORT, 'seasons_overlap');
END;
CREATE TRIGGER seasons_no_overlap_update BEFORE UPDATE ON seasons FOR EACH ROW
WHEN EXISTS (SELECT 1 FROM seasons s WHERE s.rowid <> OLD.rowid AND s.tenant_id = NEW.tenant_id AND s.site_type_id = NEW.site_type_id AND s.from_date <= NEW.to_date AND s.to_date >= NEW.from_date)
BEGIN
  SELECT RAISE(ABORT, 'seasons_overlap');
END;

-- Stay rules over dates (inclusive); the same overlap rule.
CREATE TABLE restrictions (
  tenant_id integer NOT NULL,
  site_type_id integer NOT NULL,
  from_date text NOT NULL CHECK (date(from_date) IS from_date),
  to_date text NOT NULL CHECK (date(to_date) IS to_date),
  min_stay integer CHECK (min_stay >= 1),
  max_stay integer CHECK (max_stay >= 1),
  closed_to_arrival integer NOT NULL DEFAULT 0 CHECK (closed_to_arrival IN (0, 1)),
  closed_to_departure integer NOT NULL DEFAULT 0 CHECK (closed_to_departure IN (0, 1)),
  stop_sell integer NOT NULL DEFAULT 0 CHECK (stop_sell IN (0, 1)),
  PRIMARY KEY (tenant_id, site_type_id, from_date),
  CHECK (to_date >= from_date),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE
);

CREATE TRIGGER restrictions_no_overlap_insert BEFORE INSERT ON restrictions FOR EACH ROW
WHEN EXISTS (SELECT 1 FROM restrictions r WHERE r.tenant_id = NEW.tenant_id AND r.site_type_id = NEW.site_type_id AND r.from_date <= NEW.to_date AND r.to_date >= NEW.from_date)
BEGIN
  SELECT RAISE(ABORT, 'restrictions_overlap');
END;
CREATE TRIGGER restrictions_no_overlap_update BEFORE UPDATE ON restrictions FOR EACH ROW
WHEN EXISTS (SELECT 1 FROM restrictions r WHERE r.rowid <> OLD.rowid AND r.tenant_id = NEW.tenant_id AND r.site_type_id = NEW.site_type_id AND r.from_date <= NEW.to_date AND r.to_date >= NEW.from_date)
BEGIN
  SELECT RAISE(ABORT, 'restrictions_overlap');
END;

-- A season or a stay rule is part of its site type as the API shows it: any change of one moves the type (its
-- updated_at, and through that its feed entry and the tenant's data version). Named `_capture_` so that a bulk load
-- sets these aside with the other capture triggers and writes the result itself.
CREATE TRIGGER seasons_capture_insert AFTER INSERT ON seasons FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.site_type_id;
END;
CREATE TRIGGER seasons_capture_update AFTER UPDATE ON seasons FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE (tenant_id = OLD.tenant_id AND id = OLD.site_type_id) OR (tenant_id = NEW.tenant_id AND id = NEW.site_type_id);
END;
CREATE TRIGGER seasons_capture_delete AFTER DELETE ON seasons FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = OLD.tenant_id AND id = OLD.site_type_id;
END;
CREATE TRIGGER restrictions_capture_insert AFTER INSERT ON restrictions FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.site_type_id;
END;
CREATE TRIGGER restrictions_capture_update AFTER UPDATE ON restrictions FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  WHERE (tenant_id = OLD.tenant_id AND id = OLD.site_type_id) OR (tenant_id = NEW.tenant_id AND id = NEW.site_type_id);
END;
CREATE TRIGGER restrictions_capture_delete AFTER DELETE ON restrictions FOR EACH ROW
BEGIN
  UPDATE site_types SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = OLD.tenant_id AND id = OLD.site_type_id;
END;

-- Extras: a record of the feed (type `extra`; a removed one is a deletion). `compulsory_for` is a JSON array of site
-- type ids.
CREATE TABLE extras (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 32 AND code NOT GLOB '*[^a-z0-9_-]*'),
  name text NOT NULL,
  per text NOT NULL CHECK (per IN ('night', 'stay')),
  price integer NOT NULL CHECK (price >= 0),
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  compulsory_for text NOT NULL DEFAULT '[]' CHECK (json_valid(compulsory_for) AND json_type(compulsory_for) = 'array'),
  updated_at integer,
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT extras_code_key UNIQUE (tenant_id, code)
);

CREATE TRIGGER extras_capture_insert AFTER INSERT ON extras FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id)
BEGIN
  UPDATE extras SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS NULL;
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'extra', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM extras WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER extras_capture_update AFTER UPDATE ON extras FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = NEW.tenant_id) AND OLD.updated_at IS NOT NULL
BEGIN
  UPDATE extras SET updated_at = CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND NEW.updated_at IS OLD.updated_at;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  SELECT OLD.tenant_id, 'extra', OLD.id, last_change + 1, true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER) FROM tenant_counters
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id)
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
  UPDATE tenant_counters SET last_change = last_change + 1
  WHERE tenant_id = OLD.tenant_id AND (OLD.tenant_id, OLD.id) IS NOT (NEW.tenant_id, NEW.id);
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = NEW.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (NEW.tenant_id, 'extra', NEW.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = NEW.tenant_id), false, (SELECT updated_at FROM extras WHERE tenant_id = NEW.tenant_id AND id = NEW.id))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

CREATE TRIGGER extras_capture_delete AFTER DELETE ON extras FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM change_capture_paused p WHERE p.tenant_id = OLD.tenant_id)
BEGIN
  UPDATE tenant_counters SET last_change = last_change + 1 WHERE tenant_id = OLD.tenant_id;
  INSERT INTO change_log (tenant_id, type, id, position, deleted, changed_at)
  VALUES (OLD.tenant_id, 'extra', OLD.id, (SELECT last_change FROM tenant_counters WHERE tenant_id = OLD.tenant_id), true, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER))
  ON CONFLICT (tenant_id, type, id) DO UPDATE SET position = excluded.position, deleted = excluded.deleted, changed_at = excluded.changed_at;
END;

-- The commune's tourist tax: CHF per person and night, nights charged capped at max_nights (null: no cap). No API
-- list shows it, but it prices quotes, so a change still moves the tenant's data version.
CREATE TABLE tourist_taxes (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  adult integer NOT NULL CHECK (adult >= 0),
  youth integer NOT NULL CHECK (youth >= 0),
  child integer NOT NULL CHECK (child >= 0),
  max_nights integer CHECK (max_nights >= 1)
);
CREATE TRIGGER tourist_taxes_changed_insert AFTER INSERT ON tourist_taxes FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = NEW.tenant_id;
END;
CREATE TRIGGER tourist_taxes_changed_update AFTER UPDATE ON tourist_taxes FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
END;
CREATE TRIGGER tourist_taxes_changed_delete AFTER DELETE ON tourist_taxes FOR EACH ROW
BEGIN
  UPDATE tenant_counters SET data_version = data_version + 1 WHERE tenant_id = OLD.tenant_id;
END;

-- A booking records the quote it was made from (a note of where it came from: the platform may forget old quotes)
-- and the extras it was priced with, as a JSON array of {"code", "quantity"}.
ALTER TABLE bookings ADD COLUMN quote_id integer;
ALTER TABLE bookings ADD COLUMN extras text NOT NULL DEFAULT '[]' CHECK (json_valid(extras) AND json_type(extras) = 'array');

-- A booking's priced lines (docs/pricing.md), as quoted or as priced at confirmation; an invoice issued for the
-- booking copies them. A placeholder price has none.
CREATE TABLE booking_lines (
  tenant_id integer NOT NULL,
  booking_id integer NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  kind text NOT NULL CHECK (kind IN ('pitch', 'adult', 'youth', 'child', 'extra', 'tourist_tax')),
  code text,
  description text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  unit_price integer NOT NULL,
  vat_rate integer NOT NULL CHECK (vat_rate >= 0 AND vat_rate <= 10000),
  amount integer NOT NULL,
  PRIMARY KEY (tenant_id, booking_id, position),
  FOREIGN KEY (tenant_id, booking_id) REFERENCES bookings (tenant_id, id) ON DELETE CASCADE
);

-- An issued invoice's lines keep the kind and code they were priced as; lines of other invoices have none.
ALTER TABLE invoice_lines ADD COLUMN kind text CHECK (kind IN ('pitch', 'adult', 'youth', 'child', 'extra', 'tourist_tax'));
ALTER TABLE invoice_lines ADD COLUMN code text;

-- Quotes are the API's own: binding prices, kept until they expire unused (then forgotten) or for good once booked.
-- Ids are per tenant and never given twice, even after the highest quote is forgotten: quote_counters counts them.
CREATE TABLE quote_counters (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  last_quote_id integer NOT NULL
);
CREATE TABLE quotes (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  site_type_id integer NOT NULL,
  site_id integer,
  check_in_date text NOT NULL,
  check_out_date text NOT NULL,
  num_adults integer NOT NULL,
  num_youth integer NOT NULL,
  num_children integer NOT NULL,
  extras text NOT NULL,
  lines text NOT NULL,
  total_price integer NOT NULL,
  expires_at integer NOT NULL,
  created_at integer NOT NULL,
  booking_id integer,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, site_id) REFERENCES sites (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX quotes_unused_expiry ON quotes (expires_at) WHERE booking_id IS NULL;
