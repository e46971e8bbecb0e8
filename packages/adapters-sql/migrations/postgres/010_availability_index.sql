-- docs/channel-managers.md, "Availability": a page's occupying stays are read by site and status, then by departure
-- date from the window's first night on, so the read and the create's overlap check touch only the stays that can
-- reach into the window. Keyed by arrival first (the index this replaces), they walked every earlier stay of each
-- site; with the statistics of a real tenant the planner preferred the status index and walked every pending and
-- confirmed booking of the tenant instead. One index replaces the other, so a write maintains no more than before.
DROP INDEX bookings_site_stay_status;
CREATE INDEX bookings_site_status_stay ON bookings (tenant_id, site_id, status, check_out_date, check_in_date);
ANALYZE bookings;
