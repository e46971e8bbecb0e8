-- docs/channel-managers.md, "Retrying safely": an idempotency record holds the booking as its create inserted it
-- (`booking`, the row's values in the order the service reads a booking, as JSON), so that a replay shows exactly
-- what the first answer showed, whatever happened to the booking since. It replaces `response`, which held the answer
-- as text. Records completed before this version take the booking as it is now; one whose booking is gone is
-- forgotten, and a retry with its key creates afresh.
ALTER TABLE idempotency_keys ADD COLUMN booking text;
UPDATE idempotency_keys k SET booking = json_build_array(b.id, b.tenant_id, b.booking_reference, b.guest_first_name,
    b.guest_last_name, b.guest_email, b.site_id,
    (SELECT s.site_number FROM sites s WHERE s.tenant_id = b.tenant_id AND s.id = b.site_id), b.check_in_date,
    b.check_out_date, b.num_adults, b.num_youth, b.num_children, b.status, b.total_price, b.created_at, b.source,
    b.updated_at, b.customer_id)::text
  FROM bookings b WHERE b.tenant_id = k.tenant_id AND b.id = k.booking_id AND k.response IS NOT NULL;
DELETE FROM idempotency_keys WHERE response IS NOT NULL AND booking IS NULL;
ALTER TABLE idempotency_keys DROP COLUMN response;

-- docs/database-rules.md §6: the one-call create, now completing a claim with the booking it inserted (the record's
-- `booking`, as above) instead of an answer handed to it in parts.
DROP PROCEDURE create_booking_if_available(integer, integer, text, text, text, text, integer, date, date, integer,
  integer, integer, text, bigint, timestamptz, text, timestamptz, integer, text[], text, text, text[], timestamptz, text,
  integer, text);
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
  p_expires_at timestamptz,
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
       SET booking_id = v_id, expires_at = p_expires_at,
           booking = (SELECT json_build_array(b.id, b.tenant_id, b.booking_reference, b.guest_first_name,
               b.guest_last_name, b.guest_email, b.site_id, site_number, b.check_in_date, b.check_out_date, b.num_adults,
               b.num_youth, b.num_children, b.status, b.total_price, b.created_at, b.source, b.updated_at,
               b.customer_id)::text
             FROM bookings b WHERE b.tenant_id = p_tenant_id AND b.id = v_id)
     WHERE k.tenant_id = p_tenant_id AND k.idempotency_key = p_claim_key AND k.claim_token = p_claim_token
       AND k.booking_id IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency_key_in_use';
    END IF;
  END IF;
  booking_id := v_id;
END
$procedure$;

-- The key rows are read on every request, so nothing keeps them in memory any more: the key stamp of version 017 goes.
-- A key's change still moves the data version, as before version 017.
CREATE OR REPLACE FUNCTION campsite_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE tenant_counters SET data_version = nextval('data_versions') WHERE tenant_id = OLD.tenant_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE tenant_counters SET data_version = nextval('data_versions') WHERE tenant_id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END $$;
ALTER TABLE tenant_counters DROP COLUMN key_version;
ALTER TABLE rate_limit_windows DROP COLUMN data_stamp;
