import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BookingServer, SITE_NOT_FOUND, VALID, expect400, startBookingServer } from './support/create-booking-server';

// POST /api/v1/public/bookings/: site_id and the fields (docs/api-behaviour.md §2.4, rules 5 and 6).

let server: BookingServer['server'];
let post: BookingServer['post'];
let raw: BookingServer['raw'];

beforeEach(async () => {
  ({ server, post, raw } = await startBookingServer());
});
afterEach(() => server.close());

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
