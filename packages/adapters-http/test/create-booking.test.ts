import https from 'node:https';
import { aBooking, aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, type Reply, type Server, type World, seed, start } from './support/http-harness';

// POST /api/v1/public/bookings/: spec "POST /api/v1/public/bookings/" and docs/api-behaviour.md §2 body rules 1-7.

let server: Server;
let world: World;
let token: string;

beforeEach(async () => {
  ({ server, world } = await start());
  [token] = (await seed(world, [
    aTenant('alpine', {
      sites: [
        aSite({ id: 1, siteNumber: 'A01', maxOccupants: 4, basePricePerNight: 3500 }),
        aSite({ id: 2, siteNumber: 'A02', status: 'inactive' }),
        aSite({ id: 3, siteNumber: 'A03', maxOccupants: 2 }),
        aSite({ id: 4, siteNumber: 'BIG', maxOccupants: 1_000_000 }),
      ],
      bookings: [
        aBooking({ id: 1, siteId: 1, status: 'pending', checkInDate: '2026-07-10', checkOutDate: '2026-07-14' }),
        aBooking({ id: 2, siteId: 1, status: 'confirmed', checkInDate: '2026-07-20', checkOutDate: '2026-07-22' }),
        aBooking({ id: 3, siteId: 1, status: 'cancelled', checkInDate: '2026-08-01', checkOutDate: '2026-08-05' }),
      ],
    }),
    aTenant('birch', { sites: [aSite({ id: 9, siteNumber: 'B09' })] }),
  ])) as [string];
});
afterEach(() => server.close());

const VALID = { site_id: 1, check_in_date: '2026-09-01', check_out_date: '2026-09-04', num_adults: 2 };

function post(body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return server.request('POST', `${API}/bookings/`, { token, body, headers });
}

function raw(body: string | Uint8Array, contentType: string | null = 'application/json'): Promise<Reply> {
  return post(body, contentType === null ? {} : { 'Content-Type': contentType });
}

function expect400(reply: Reply, body: unknown) {
  expect(reply.status).toBe(400);
  expect(reply.json).toEqual(body);
  expect(reply.text).toBe(JSON.stringify(body));
}

const SITE_NOT_FOUND = { detail: 'site_not_found' };

describe('201 Created', () => {
  it('creates a pending booking with a reference, the placeholder price and a Location', async () => {
    const reply = await post({
      ...VALID,
      num_youth: 1,
      guest_first_name: '  Eva ',
      guest_last_name: 'Muster',
      guest_email: ' eva@example.ch\n',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.location).toBe(`${server.origin}${API}/bookings/4/`);
    expect(Object.keys(reply.json)).toEqual([
      'id',
      'booking_reference',
      'guest_first_name',
      'guest_last_name',
      'guest_email',
      'site_id',
      'site_number',
      'check_in_date',
      'check_out_date',
      'num_adults',
      'num_youth',
      'num_children',
      'status',
      'total_price',
      'created_at',
      'updated_at',
      'customer_id',
      'quote_id',
      'extras',
    ]);
    expect(reply.json).toMatchObject({
      id: 4,
      guest_first_name: 'Eva',
      guest_last_name: 'Muster',
      guest_email: 'eva@example.ch',
      site_id: 1,
      site_number: 'A01',
      check_in_date: '2026-09-01',
      check_out_date: '2026-09-04',
      num_adults: 2,
      num_youth: 1,
      num_children: 0,
      status: 'pending',
      total_price: '105.00',
      created_at: '2026-06-01T12:00:30Z',
      updated_at: '2026-06-01T12:00:30Z',
      quote_id: null,
      extras: [],
    });
    expect(reply.json.booking_reference).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    expect(world.store.bookings.find((b) => b.id === 4)?.source).toBe('online');

    const fetched = await server.get(reply.headers.location as string, token);
    expect(fetched.status).toBe(200);
    expect(fetched.text).toBe(reply.text);
  });

  it('defaults the optional fields and ignores server-assigned and unknown fields', async () => {
    const reply = await post({
      ...VALID,
      status: 'confirmed',
      total_price: '1.00',
      booking_reference: 'HACKED0000',
      created_at: '2000-01-01T00:00:00Z',
      id: 999,
      source: 'evil',
      whatever: { nested: true },
    });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ id: 4, status: 'pending', total_price: '105.00', created_at: '2026-06-01T12:00:30Z' });
    expect(reply.json).toMatchObject({ num_youth: 0, num_children: 0, guest_first_name: '', guest_last_name: '', guest_email: '' });
    expect(reply.json.booking_reference).not.toBe('HACKED0000');
    expect(reply.json).not.toHaveProperty('source');
    expect(world.store.bookings.find((b) => b.id === 4)?.source).toBe('online');
  });

  it('numbers ids per tenant', async () => {
    const [birch] = await Promise.all([world.keys.create('birch', 'k', ['bookings:write'], null)]);
    const reply = await server.request('POST', `${API}/bookings/`, { token: birch?.raw, body: { ...VALID, site_id: 9 } });
    expect(reply.status).toBe(201);
    expect(reply.json.id).toBe(1);
    expect(reply.headers.location).toBe(`${server.origin}${API}/bookings/1/`);
  });

  it('accepts the empty string for the optional guest fields', async () => {
    const reply = await post({ ...VALID, guest_first_name: '', guest_last_name: '   ', guest_email: '' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ guest_first_name: '', guest_last_name: '', guest_email: '' });
  });
});

describe('rule 1: media type (415)', () => {
  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/vnd.api+json',
    'application/jsonx',
    'json',
  ])('refuses %s and quotes the header verbatim', async (type) => {
    const reply = await raw('{"site_id": 1}', type);
    expect(reply.status).toBe(415);
    expect(reply.text).toBe(JSON.stringify({ detail: `Unsupported media type "${type}" in request.` }));
  });

  it('refuses a body without Content-Type as ""', async () => {
    const reply = await raw(JSON.stringify(VALID), null);
    expect(reply.status).toBe(415);
    expect(reply.text).toBe('{"detail":"Unsupported media type \\"\\" in request."}');
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON ;charset="UTF-8"', 'application/json; foo=bar'])(
    'accepts %s',
    async (type) => {
      expect((await raw(JSON.stringify(VALID), type)).status).toBe(201);
    },
  );

  it('reads an empty body (Content-Length: 0) as {} whatever its type', async () => {
    for (const type of ['text/plain', 'application/json', null]) {
      expect400(await raw('', type), SITE_NOT_FOUND);
    }
  });
});

describe('rule 2: JSON syntax (400 JSON parse error)', () => {
  it.each([
    ['{', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"site_id": 1,}', 'Expecting property name enclosed in double quotes: line 1 column 15 (char 14)'],
    ['   ', 'Expecting value: line 1 column 4 (char 3)'],
    ['{"site_id": NaN}', "Out of range float values are not JSON compliant: 'NaN'"],
    ['{} {}', 'Extra data: line 1 column 4 (char 3)'],
    ['site_id=1', 'Expecting value: line 1 column 1 (char 0)'],
  ])('%j', async (body, message) => {
    expect400(await raw(body), { detail: `JSON parse error - ${message}` });
  });

  it('reports undecodable bytes and a BOM like Python', async () => {
    expect400(await raw(Uint8Array.from([0x7b, 0xff, 0x7d])), {
      detail: "JSON parse error - 'utf-8' codec can't decode byte 0xff in position 1: invalid start byte",
    });
    expect400(await raw(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), {
      detail: 'JSON parse error - Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)',
    });
  });

  it('decodes the charset the Content-Type names', async () => {
    const latin1 = Buffer.from(JSON.stringify({ ...VALID, guest_last_name: 'Müller' }), 'latin1');
    const reply = await raw(latin1, 'application/json; charset=iso-8859-1');
    expect(reply.status).toBe(201);
    expect(reply.json.guest_last_name).toBe('Müller');
  });
});

describe('rule 3: not an object', () => {
  it.each([
    ['null', { non_field_errors: ['No data provided'] }],
    ['[]', { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ['[{"site_id": 1}]', { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ['"x"', { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] }],
    ['5', { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] }],
    ['-0', { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] }],
    ['5.0', { non_field_errors: ['Invalid data. Expected a dictionary, but got float.'] }],
    ['1e3', { non_field_errors: ['Invalid data. Expected a dictionary, but got float.'] }],
    ['true', { non_field_errors: ['Invalid data. Expected a dictionary, but got bool.'] }],
    ['false', { non_field_errors: ['Invalid data. Expected a dictionary, but got bool.'] }],
  ])('%s', async (body, expected) => {
    expect400(await raw(body), expected);
  });
});

describe('rule 4: site_id (400 site_not_found, before field validation)', () => {
  it.each([
    ['missing', {}],
    ['null', { site_id: null }],
    ['a word', { site_id: 'abc' }],
    ['empty', { site_id: '' }],
    ['5.5', { site_id: 5.5 }],
    ['true', { site_id: true }],
    ['a list', { site_id: [1] }],
    ['unknown', { site_id: 999 }],
    ['zero', { site_id: 0 }],
    ['negative', { site_id: -1 }],
    ["another tenant's", { site_id: 9 }],
  ])('%s', async (_name, site) => {
    const rest = { check_in_date: '2026-09-01', check_out_date: '2026-09-04', num_adults: 2 };
    expect400(await post({ ...rest, ...site }), SITE_NOT_FOUND);
    expect400(await post({ ...site, num_adults: 'x', check_in_date: null }), SITE_NOT_FOUND);
  });

  it.each([['1'], [1.0], ['1.0'], [' 1 '], ['+1'], ['1.']])('reads %j as site 1', async (siteId) => {
    const reply = await raw(
      `{"site_id": ${JSON.stringify(siteId)}, "check_in_date": "2026-09-01", "check_out_date": "2026-09-04", "num_adults": 2}`,
    );
    expect(reply.status).toBe(201);
    expect(reply.json.site_id).toBe(1);
  });

  it('reads a float literal 1.0 as site 1', async () => {
    const reply = await raw('{"site_id": 1.0, "check_in_date": "2026-09-01", "check_out_date": "2026-09-04", "num_adults": 2}');
    expect(reply.status).toBe(201);
  });
});

describe('rule 5: field validation (DRF messages, all collected)', () => {
  const on = (fields: Record<string, unknown>) => post({ ...VALID, site_id: 4, ...fields });

  it('reports every missing required field at once, in field order', async () => {
    const reply = await post({ site_id: 1 });
    expect(reply.status).toBe(400);
    expect(reply.text).toBe(
      '{"check_in_date":["This field is required."],"check_out_date":["This field is required."],"num_adults":["This field is required."]}',
    );
  });

  it('refuses null for every field, optional ones included', async () => {
    const fields = [
      'check_in_date',
      'check_out_date',
      'num_adults',
      'num_youth',
      'num_children',
      'guest_first_name',
      'guest_last_name',
      'guest_email',
    ];
    const body = Object.fromEntries(fields.map((f) => [f, null]));
    expect400(await post({ site_id: 1, ...body }), Object.fromEntries(fields.map((f) => [f, ['This field may not be null.']])));
  });

  it.each([[5], ['5'], [' 5 '], ['+5'], ['5.0'], ['5.000'], ['5. '], ['0005'], ['5_0']])('accepts %j as an integer', async (value) => {
    const reply = await on({ num_adults: value, num_youth: value, num_children: value });
    expect(reply.status).toBe(201);
    expect(reply.json.num_adults).toBe(Number(String(value).replace('_', '').trim().replace(/\.0*$/, '')));
  });

  it('accepts the float literals 5.0 and 5e0 as integers', async () => {
    const body =
      '{"site_id": 4, "check_in_date": "2026-09-01", "check_out_date": "2026-09-04", "num_adults": 5.0, ' +
      '"num_youth": 5e0, "num_children": 50E-1}';
    const reply = await raw(body);
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ num_adults: 5, num_youth: 5, num_children: 5 });
  });

  it.each([[5.5], [true], [false], [''], ['abc'], [[]], [[5]], [{}], ['5.5'], ['1e3'], ['5,0'], ['x'.repeat(1001)]])(
    'refuses %j as an integer',
    async (value) => {
      const message = typeof value === 'string' && value.length > 1000 ? 'String value too large.' : 'A valid integer is required.';
      expect400(await on({ num_adults: value, num_youth: value }), { num_adults: [message], num_youth: [message] });
    },
  );

  it('refuses a float literal that Python prints in exponent form', async () => {
    const body = '{"site_id": 4, "check_in_date": "2026-09-01", "check_out_date": "2026-09-04", "num_adults": 1e16}';
    expect400(await raw(body), { num_adults: ['A valid integer is required.'] });
  });

  it('refuses negative counts', async () => {
    expect400(await on({ num_adults: -1, num_youth: '-2', num_children: -0.0 }), {
      num_adults: ['Ensure this value is greater than or equal to 0.'],
      num_youth: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it.each([
    ['2026-9-1'],
    ['2026-02-30'],
    ['2026-09-01T00:00:00Z'],
    ['01.09.2026'],
    [''],
    [20260901],
    [true],
    [['2026-09-01']],
    [' 2026-09-01'],
  ])('refuses %j as a date', async (value) => {
    const message = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';
    expect400(await on({ check_in_date: value, check_out_date: value }), { check_in_date: [message], check_out_date: [message] });
  });

  it('trims guest names and email and converts numbers to strings', async () => {
    const reply = await on({ guest_first_name: 123, guest_last_name: ' \t Ünal\u3000', guest_email: '  a.b+tag@sub.example.CH ' });
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ guest_first_name: '123', guest_last_name: 'Ünal', guest_email: 'a.b+tag@sub.example.CH' });
    const floaty = await raw(
      '{"site_id": 4, "check_in_date": "2026-10-01", "check_out_date": "2026-10-02", "num_adults": 1, "guest_first_name": 1.50}',
    );
    expect(floaty.json.guest_first_name).toBe('1.5');
  });

  it.each([[true], [false], [[]], [['Eva']], [{}], [{ a: 1 }]])('refuses %j as a string', async (value) => {
    expect400(await on({ guest_first_name: value, guest_last_name: value, guest_email: value }), {
      guest_first_name: ['Not a valid string.'],
      guest_last_name: ['Not a valid string.'],
      guest_email: ['Not a valid string.'],
    });
  });

  it('limits names to 150 and the email to 254 characters, after trimming', async () => {
    expect((await on({ guest_first_name: ` ${'é'.repeat(150)} `, guest_last_name: '😀'.repeat(150) })).status).toBe(201);
    expect(
      (
        await on({
          check_in_date: '2026-10-01',
          check_out_date: '2026-10-02',
          guest_email: `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.ch`,
        })
      ).status,
    ).toBe(201);
    expect400(await on({ guest_first_name: 'x'.repeat(151), guest_last_name: '😀'.repeat(151), guest_email: `${'a'.repeat(250)}@b.ch` }), {
      guest_first_name: ['Ensure this field has no more than 150 characters.'],
      guest_last_name: ['Ensure this field has no more than 150 characters.'],
      guest_email: ['Ensure this field has no more than 254 characters.'],
    });
    expect400(await on({ guest_email: 'x'.repeat(300) }), {
      guest_email: ['Ensure this field has no more than 254 characters.', 'Enter a valid email address.'],
    });
  });

  it.each([
    'eva@example.ch',
    'EVA@EXAMPLE.CH',
    "o'neil+x@a-b.example.ch",
    'x@localhost',
    'x@[127.0.0.1]',
    'x@[::1]',
    'x@münchen.de',
    '"quoted@name"@example.ch',
  ])('accepts the email %s', async (email) => {
    expect((await on({ guest_email: email })).status).toBe(201);
  });

  it.each([
    'eva',
    'eva@',
    '@example.ch',
    'eva@example',
    'eva@@example.ch',
    'eva example@x.ch',
    'eva@-x.ch',
    'eva@x-.ch',
    'eva@x..ch',
    'eva.@x.ch',
    'üser@example.ch',
    'x@[1.2.3]',
    'x@example.c',
  ])('refuses the email %s', async (email) => {
    expect400(await on({ guest_email: email }), { guest_email: ['Enter a valid email address.'] });
  });

  it('refuses null characters', async () => {
    expect400(await on({ guest_first_name: 'a\u0000b' }), { guest_first_name: ['Null characters are not allowed.'] });
  });

  it('collects the errors of every field into one body', async () => {
    expect400(await on({ check_in_date: 'x', num_adults: -1, num_children: 'many', guest_email: 'nope' }), {
      check_in_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      num_adults: ['Ensure this value is greater than or equal to 0.'],
      num_children: ['A valid integer is required.'],
      guest_email: ['Enter a valid email address.'],
    });
  });

  it('requires check_out_date after check_in_date', async () => {
    const message = { check_out_date: ['Check-out date must be after check-in date.'] };
    expect400(await on({ check_in_date: '2026-09-04', check_out_date: '2026-09-04' }), message);
    expect400(await on({ check_in_date: '2026-09-05', check_out_date: '2026-09-04' }), message);
  });

  it('limits a stay to 365 nights, in the words of the check-out date (docs/security.md)', async () => {
    expect400(await on({ check_in_date: '2028-01-01', check_out_date: '2029-01-01' }), {
      check_out_date: ['Stays are limited to 365 nights.'],
    });
  });
});

describe('rules 6 and 7: occupants and availability', () => {
  it('refuses more occupants than the site holds', async () => {
    expect400(await post({ ...VALID, site_id: 3, num_adults: 2, num_youth: 1 }), {
      non_field_errors: ['Total occupants (3) exceed the maximum of 2 for this site.'],
    });
    expect((await post({ ...VALID, site_id: 3, num_adults: 1, num_children: 1 })).status).toBe(201);
  });

  it('refuses an inactive site', async () => {
    expect400(await post({ ...VALID, site_id: 2 }), { detail: 'site_unavailable' });
  });

  it.each([
    ['inside a pending booking', '2026-07-11', '2026-07-12', 400],
    ['across a pending booking', '2026-07-05', '2026-07-25', 400],
    ['overlapping a confirmed booking', '2026-07-21', '2026-07-23', 400],
    ['departing the day a booking arrives', '2026-07-08', '2026-07-10', 201],
    ['arriving the day a booking departs', '2026-07-14', '2026-07-16', 201],
    ['over a cancelled booking', '2026-08-01', '2026-08-05', 201],
  ])('%s', async (_name, checkIn, checkOut, status) => {
    const reply = await post({ ...VALID, check_in_date: checkIn, check_out_date: checkOut });
    expect(reply.status).toBe(status);
    if (status === 400) expect(reply.text).toBe('{"detail":"site_unavailable"}');
  });

  it('refuses the same dates twice', async () => {
    expect((await post(VALID)).status).toBe(201);
    expect400(await post(VALID), { detail: 'site_unavailable' });
  });
});

describe('body size (413)', () => {
  const padded = (size: number) => {
    const json = JSON.stringify({ site_id: 999 });
    return json.slice(0, -1) + ' '.repeat(size - json.length) + '}';
  };

  it('reads a body of exactly 1 MiB', async () => {
    const body = padded(1024 * 1024);
    expect(Buffer.byteLength(body)).toBe(1048576);
    expect400(await raw(body), SITE_NOT_FOUND);
  });

  it('refuses a body over 1 MiB with 413 in the detail shape', async () => {
    const reply = await raw(padded(1024 * 1024 + 1));
    expect(reply.status).toBe(413);
    expect(reply.json).toEqual({ detail: 'Request body exceeds the limit of 1048576 bytes.' });
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.headers['x-request-id']).toBeDefined();
  });

  it('refuses an oversized chunked body without Content-Length', async () => {
    const reply = await postChunked(['{', ...Array.from({ length: 17 }, () => ' '.repeat(64 * 1024)), '}']);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({ detail: 'Request body exceeds the limit of 1048576 bytes.' });
  });

  it('parses a small chunked body', async () => {
    const reply = await postChunked(['{"site_id": 1, "check_in_date": "2026-09-01",', ' "check_out_date": "2026-09-04", "num_adults": 2}']);
    expect(reply.status).toBe(201);
  });
});

/** A POST with `Transfer-Encoding: chunked` and no Content-Length. */
function postChunked(chunks: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(`${API}/bookings/`, server.origin),
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
