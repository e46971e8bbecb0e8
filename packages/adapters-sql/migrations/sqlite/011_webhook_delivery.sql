-- Issue 19: the webhook sender's state (docs/webhooks.md, "Delivery").
--
-- * webhook_endpoints gains the state of its chain: the message in flight (`message_*`, kept before its first attempt
--   so that every retry, in any process, sends the same id and body), its failed attempts, since when it fails and
--   when it goes next; `idle_through`, the position up to which every change was found to be of types the endpoint
--   does not take (so it is not looked at again before a later change); and the lease (`lease_owner` until
--   `lease_until`) that lets one sender at a time, of any process, work on the endpoint.
-- * webhook_deliveries: the log of attempts, the newest 100 per endpoint kept; gone with its endpoint.
ALTER TABLE webhook_endpoints ADD COLUMN message_id text;
ALTER TABLE webhook_endpoints ADD COLUMN message_body text;
ALTER TABLE webhook_endpoints ADD COLUMN message_previous integer;
ALTER TABLE webhook_endpoints ADD COLUMN message_cursor integer;
ALTER TABLE webhook_endpoints ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoints ADD COLUMN failing_since integer; -- epoch milliseconds, as every SQLite time column
ALTER TABLE webhook_endpoints ADD COLUMN next_attempt_at integer;
ALTER TABLE webhook_endpoints ADD COLUMN idle_through integer;
ALTER TABLE webhook_endpoints ADD COLUMN lease_owner text;
ALTER TABLE webhook_endpoints ADD COLUMN lease_until integer;

CREATE TABLE webhook_deliveries (
  seq integer PRIMARY KEY AUTOINCREMENT,
  tenant_id integer NOT NULL,
  endpoint_id integer NOT NULL,
  message_id text NOT NULL,
  attempt integer NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  at integer NOT NULL,
  FOREIGN KEY (tenant_id, endpoint_id) REFERENCES webhook_endpoints (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (tenant_id, endpoint_id, seq);
