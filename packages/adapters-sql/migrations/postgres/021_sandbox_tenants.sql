-- docs/operations.md, "A sandbox for an integrator": a tenant made by `campsite tenants create --demo` is a sandbox,
-- which `campsite tenants reset` may empty and seed again. Every other tenant, those already here included, is not
-- one (the default), and the reset refuses it: a real campsite's data is never wiped that way.
ALTER TABLE tenants ADD COLUMN sandbox boolean NOT NULL DEFAULT false;
