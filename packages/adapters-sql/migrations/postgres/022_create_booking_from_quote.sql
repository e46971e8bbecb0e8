-- docs/database-rules.md §6: the one-call create for what create_booking_if_available leaves out: a booking from a
-- quote, one placed by site type, one with priced lines or extras. In one call it takes the rows in the order every
-- writer takes them (the quote, the sites by number, then the tenant's counter row through the id and the insert's
-- triggers), inserts the booking and its lines, marks the quote used, completes an Idempotency-Key claim and commits,
-- so that no lock is held across a round trip. The rules are those of the statements it replaces (section 7):
--   * p_quote_id, when given, must name a quote of the tenant ('quote_not_found') without a booking ('quote_used');
--   * p_site_id, when given, must be active and free for the nights; null places the booking on the type's active
--     site with the lowest site_number that holds the party and is free, after locking all of the type's active sites
--     in that order ('site_unavailable' otherwise);
--   * p_lines is a JSON array of the priced lines as the service keeps them ({"position", "kind", "code",
--     "description", "quantity", "unitPrice", "vatRate", "amount"}), p_extras the booking's extras as JSON text.
-- It answers the booking's id, its site and the site's number.
CREATE PROCEDURE create_booking_from_quote(
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
  p_quote_id integer,
  p_extras text,
  p_site_type_id integer,
  p_lines text,
  p_occupying text[],
  p_claim_key text,
  p_claim_token text,
  p_expires_at timestamptz,
  INOUT booking_id integer,
  INOUT placed_site_id integer,
  INOUT site_number text
)
LANGUAGE plpgsql AS $procedure$
DECLARE
  v_quote record;
  v_status text;
  v_id integer := p_id;
BEGIN
  IF p_quote_id IS NOT NULL THEN
    SELECT q.booking_id INTO v_quote FROM quotes q WHERE q.tenant_id = p_tenant_id AND q.id = p_quote_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'quote_not_found';
    END IF;
    IF v_quote.booking_id IS NOT NULL THEN
      RAISE EXCEPTION 'quote_used';
    END IF;
  END IF;
  IF p_site_id IS NULL THEN
    PERFORM 1 FROM sites s
     WHERE s.tenant_id = p_tenant_id AND s.site_type_id = p_site_type_id AND s.status = 'active'
     ORDER BY s.site_number, s.id FOR UPDATE;
    SELECT s.id, s.site_number INTO placed_site_id, site_number FROM sites s
     WHERE s.tenant_id = p_tenant_id AND s.site_type_id = p_site_type_id AND s.status = 'active'
       AND s.max_occupants >= p_num_adults + p_num_youth + p_num_children
       AND NOT EXISTS (
         SELECT 1 FROM bookings b
          WHERE b.tenant_id = s.tenant_id AND b.site_id = s.id AND b.status = ANY (p_occupying)
            AND b.check_in_date < p_check_out_date AND b.check_out_date > p_check_in_date)
     ORDER BY s.site_number, s.id LIMIT 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'site_unavailable';
    END IF;
  ELSE
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
    placed_site_id := p_site_id;
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
    check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source, updated_at,
    customer_id, quote_id, extras
  ) VALUES (
    p_tenant_id, v_id, p_booking_reference, p_guest_first_name, p_guest_last_name, p_guest_email, placed_site_id,
    p_check_in_date, p_check_out_date, p_num_adults, p_num_youth, p_num_children, p_status, p_total_price,
    p_created_at, p_source, p_updated_at, p_customer_id, p_quote_id, p_extras
  );
  INSERT INTO booking_lines (tenant_id, booking_id, position, kind, code, description, quantity, unit_price, vat_rate, amount)
  SELECT p_tenant_id, v_id, l.position, l.kind, l.code, l.description, l.quantity, l."unitPrice", l."vatRate", l.amount
    FROM json_to_recordset(p_lines::json) AS l(position integer, kind text, code text, description text,
      quantity bigint, "unitPrice" bigint, "vatRate" integer, amount bigint);
  IF p_quote_id IS NOT NULL THEN
    UPDATE quotes q SET booking_id = v_id WHERE q.tenant_id = p_tenant_id AND q.id = p_quote_id;
  END IF;
  IF p_claim_key IS NOT NULL THEN
    UPDATE idempotency_keys k
       SET booking_id = v_id, expires_at = p_expires_at,
           booking = (SELECT json_build_array(b.id, b.tenant_id, b.booking_reference, b.guest_first_name,
               b.guest_last_name, b.guest_email, b.site_id, site_number, b.check_in_date, b.check_out_date, b.num_adults,
               b.num_youth, b.num_children, b.status, b.total_price, b.created_at, b.source, b.updated_at,
               b.customer_id, b.quote_id, b.extras)::text
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
