-- docs/security.md, "Fast verification": once a key's secret has been proven against its bcrypt hash (or when the key
-- is made), the service stores a fast verifier beside it: an HMAC-SHA-256 under a pepper that never enters the
-- database, bound to the stored hash. Every process checks the key with it from then on, also after a restart.
-- It is bookkeeping no answer depends on: like last_used_at, a change of it leaves the data version alone (the key
-- triggers name the columns that move it). A key re-hashed by any writer has a verifier of its old hash, which no
-- longer matches: it is proven once more the slow way.
ALTER TABLE api_keys ADD COLUMN fast_verifier text;
