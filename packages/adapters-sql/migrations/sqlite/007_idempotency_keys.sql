-- docs/channel-managers.md, "Retrying safely": one row per Idempotency-Key of a tenant. A request claims its key in
-- a short transaction of its own (claim_token, claimed_at), so other processes see the key in use; the booking's own
-- transaction fills in response and booking_id; a failed create deletes the claim. Times are epoch milliseconds,
-- like every time column of this dialect. Rows whose expires_at has passed are ignored, then purged in the
-- background (idempotency_keys_expiry).
CREATE TABLE idempotency_keys (
  tenant_id integer NOT NULL REFERENCES tenants (id),
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  claim_token text NOT NULL,
  claimed_at integer NOT NULL,
  expires_at integer NOT NULL,
  booking_id integer,
  response text,
  PRIMARY KEY (tenant_id, idempotency_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
