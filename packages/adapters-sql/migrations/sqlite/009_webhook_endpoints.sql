-- Issue 19: webhook endpoints and their delivery state (docs/webhooks.md).
--
-- * webhook_endpoints: one row per endpoint, its id unique within its tenant. `position` is the change_log position
--   after the last change the receiver acknowledged; `types` the delivered change types, comma-separated; `secrets`
--   the signing secrets, newest first, as a JSON array of {"secret", "expires_at"} (ISO text or null).
-- * webhook_endpoint_ids: the last endpoint id handed out per tenant, so an id is never handed out twice (a receiver
--   may still hold messages of a deleted endpoint). Its row is also what serialises creations of one tenant, so the
--   per-tenant limit holds under concurrency.
CREATE TABLE webhook_endpoint_ids (
  tenant_id integer PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  last_id integer NOT NULL
);

CREATE TABLE webhook_endpoints (
  tenant_id integer NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id integer NOT NULL,
  url text NOT NULL,
  types text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paused')),
  paused_reason text,
  position integer NOT NULL CHECK (position >= 0),
  created_at integer NOT NULL, -- epoch milliseconds, as every SQLite time column
  secrets text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
