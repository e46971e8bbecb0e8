-- docs/database-rules.md §6: a booking create as one call. Every create takes the tenant's counters row (the next
-- id, and the change log's position that the insert's triggers take) and holds it until it commits. In a
-- transaction sent statement by statement that lock was held across two round trips, each waiting for the server's
-- event loop between other requests, so creates of one tenant queued behind each other for milliseconds. Called on
-- its own, this procedure locks, inserts and commits inside the database.
--
-- The rules are those of the statements it replaces, and every other writer still meets them: the site is locked and
-- must be `active`, no stay of an occupying status (given by the caller, p_occupying) may overlap the nights, the id
-- is the tenant's next unless one is given, and the triggers of versions 005 to 012 record the change and move the
-- totals. With p_claim_key, the create also completes that idempotency claim (version 007): its answer is the
-- parts of p_response joined by the new id, so the claim and the booking commit together. p_site_number, when given,
-- is the site number that answer shows; a site renamed meanwhile fails the call with 'site_renamed', and the service
-- then creates the booking the long way.
CREATE PROCEDURE create_booking_if_available(
  p_tenant_id integer,
  p_id integer,
  p_booking_reference text,
  p_guest_first_name text,
  p_guest_last_name text,
  p_guest_email text,
  p_site_id integer,
  p_check_in_date date,
  p_check_out_date date,
  p_num_adults integer,
  p_num_youth integer,
  p_num_children integer,
  p_status text,
  p_total_price bigint,
  p_created_at timestamptz,
  p_source text,
  p_updated_at timestamptz,
  p_customer_id integer,
  p_occupying text[],
  p_claim_key text,
  p_claim_token text,
  p_response text[],
  p_expires_at timestamptz,
  p_site_number text,
  INOUT booking_id integer,
  INOUT site_number text
)
LANGUAGE plpgsql AS $procedure$
DECLARE
  v_status text;
  v_id integer := p_id;
BEGIN
  SELECT s.status, s.site_number INTO v_status, site_number FROM sites s
   WHERE s.tenant_id = p_tenant_id AND s.id = p_site_id FOR UPDATE;
  IF NOT FOUND OR v_status <> 'active' THEN
    RAISE EXCEPTION 'site_unavailable';
  END IF;
  IF p_site_number IS NOT NULL AND site_number IS DISTINCT FROM p_site_number THEN
    RAISE EXCEPTION 'site_renamed';
  END IF;
  IF EXISTS (
    SELECT 1 FROM bookings b
     WHERE b.tenant_id = p_tenant_id AND b.site_id = p_site_id AND b.status = ANY (p_occupying)
       AND b.check_in_date < p_check_out_date AND b.check_out_date > p_check_in_date
  ) THEN
    RAISE EXCEPTION 'site_unavailable';
  END IF;
  IF v_id IS NULL THEN
    UPDATE tenant_counters c SET last_booking_id = c.last_booking_id + 1 WHERE c.tenant_id = p_tenant_id
      RETURNING c.last_booking_id INTO v_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'tenant % has no counters row', p_tenant_id;
    END IF;
  END IF;
  INSERT INTO bookings (
    tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date,
    check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source, updated_at, customer_id
  ) VALUES (
    p_tenant_id, v_id, p_booking_reference, p_guest_first_name, p_guest_last_name, p_guest_email, p_site_id,
    p_check_in_date, p_check_out_date, p_num_adults, p_num_youth, p_num_children, p_status, p_total_price,
    p_created_at, p_source, p_updated_at, p_customer_id
  );
  IF p_claim_key IS NOT NULL THEN
    UPDATE idempotency_keys k
       SET response = array_to_string(p_response, v_id::text), booking_id = v_id, expires_at = p_expires_at
     WHERE k.tenant_id = p_tenant_id AND k.idempotency_key = p_claim_key AND k.claim_token = p_claim_token
       AND k.response IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency_key_in_use';
    END IF;
  END IF;
  booking_id := v_id;
END
$procedure$;
