-- docs/api-behaviour.md §3: every tenant-owned row is keyed (tenant_id, id); ids are allocated per tenant; money is integer
-- Rappen; datetimes are integer epoch milliseconds (exact round trip, ordered by time); dates are 'YYYY-MM-DD' text;
-- site numbers compare with SQLite's default BINARY collation, which is byte order (docs/api-behaviour.md §2).

CREATE TABLE tenants (
  id INTEGER PRIMARY KEY,
  slug text NOT NULL CONSTRAINT tenants_slug_key UNIQUE,
  name text NOT NULL
);

-- One row per tenant: the booking id sequence (updated inside the insert transaction, so it is safe across
-- processes) and the exact totals of the lists that only the importer writes (issue 6: no COUNT(*) per request).
CREATE TABLE tenant_counters (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id),
  last_booking_id integer NOT NULL DEFAULT 0,
  sites integer NOT NULL DEFAULT 0,
  customers integer NOT NULL DEFAULT 0,
  invoices integer NOT NULL DEFAULT 0
);

CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  prefix text NOT NULL CONSTRAINT api_keys_prefix_key UNIQUE,
  secret_hash text NOT NULL,
  scopes text NOT NULL,
  expires_at integer,
  revoked_at integer,
  last_used_at integer,
  created_at integer NOT NULL
);
CREATE INDEX api_keys_tenant_created ON api_keys (tenant_id, created_at, id);

CREATE TABLE site_types (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE sites (
  tenant_id integer NOT NULL,
  id integer NOT NULL,
  site_number text NOT NULL,
  name text NOT NULL,
  max_occupants integer NOT NULL,
  base_price_per_night integer NOT NULL,
  status text NOT NULL,
  site_type_id integer NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, site_type_id) REFERENCES site_types (tenant_id, id)
);
CREATE INDEX sites_tenant_number ON sites (tenant_id, site_number, id);

CREATE TABLE users (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  role text NOT NULL CHECK (role IN ('customer', 'staff', 'operator', 'admin')),
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  date_joined integer NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX users_customers_joined ON users (tenant_id, date_joined DESC, id DESC) WHERE role = 'customer';

CREATE TABLE bookings (
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
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT bookings_reference_key UNIQUE (tenant_id, booking_reference)
  -- No foreign key to sites: it doubled the import time on Postgres (a trigger per row), and both writers already
  -- guarantee it: insertIfAvailable reads (and locks) the site first, the importer checks every site_id up front.
);
CREATE INDEX bookings_created ON bookings (tenant_id, created_at DESC, id DESC);
CREATE INDEX bookings_status_created ON bookings (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX bookings_check_in ON bookings (tenant_id, check_in_date, status);
CREATE INDEX bookings_site_stay ON bookings (tenant_id, site_id, check_in_date, check_out_date);

-- Exact totals per status, maintained in the same transaction as every insert, status change and import.
CREATE TABLE booking_counts (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  status text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (tenant_id, status)
);

CREATE TABLE invoices (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  id integer NOT NULL,
  invoice_number text NOT NULL,
  booking_id integer,
  total_chf integer NOT NULL,
  status text NOT NULL,
  issued_at integer NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX invoices_issued ON invoices (tenant_id, issued_at DESC, id DESC);
