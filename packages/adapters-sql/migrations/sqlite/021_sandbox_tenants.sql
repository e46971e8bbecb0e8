-- docs/operations.md, "A sandbox for an integrator": a tenant made by `campsite tenants create --demo` is a sandbox,
-- which `campsite tenants reset` may empty and seed again. Every other tenant, those already here included, is not
-- one (the default), and the reset refuses it: a real campsite's data is never wiped that way. A flag is 0 or 1, as
-- the tariff's are (version 019).
ALTER TABLE tenants ADD COLUMN sandbox integer NOT NULL DEFAULT 0 CHECK (sandbox IN (0, 1));
