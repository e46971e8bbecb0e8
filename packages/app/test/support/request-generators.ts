import fc from 'fast-check';

// Generated requests for no-server-errors.property.test.ts: values in every path segment, query parameter, header
// and body field of every endpoint, mostly with a valid key so that a request gets past the checks.

export const API = '/api/v1/public';

export interface Attempt {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Every byte percent-encoded: NUL, invalid UTF-8 and encoded lone surrogates (ED A0 80) reach the app as sent. */
const encodeBytes = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const encodeText = (text: string) => encodeBytes(new TextEncoder().encode(text));

const hugeNumbers = [
  '2147483648',
  '2147483647',
  '-2147483649',
  '4294967296',
  '9223372036854775808',
  '99999999999999999999',
  '1e10',
  '9999999999',
];
const integerish = fc.oneof(
  fc.constantFrom(...hugeNumbers, '0', '-1', '1', '2', '3', ' 2 ', '+1', '1_0', '1.0', '1.5', 'NaN', 'Infinity', 'last', ''),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);
const dateish = fc.oneof(
  fc.constantFrom(
    '2026-07-01',
    '0001-01-01',
    '9999-12-31',
    '0000-01-01',
    '-0001-01-01',
    '2026-02-30',
    '2026-7-1',
    '+02026-07-01',
    '20260701',
  ),
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const oddBytes = fc.oneof(
  fc.uint8Array({ maxLength: 16 }).map(encodeBytes),
  fc.constantFrom('%00', 'pending%00', '%ed%a0%80', '%ed%b0%80', '%ff', '%c0%80', '%e2%80%a8'),
);
const text = fc.oneof(fc.string({ maxLength: 20 }).map(encodeText), oddBytes);

/** A keyset cursor shaped like the ones `next` links carry, with every field open to abuse. */
const cursor = fc
  .record({
    p: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom(2 ** 53, 1e300, -0)),
    s: fc.oneof(fc.integer({ min: -1, max: 250 }), fc.constant(2 ** 60)),
    k: fc.oneof(
      fc.constantFrom(
        '2026-01-01T00:10:00.000Z',
        '-000001-01-01T00:00:00.000Z',
        '+275760-09-13T00:00:00.000Z',
        'A01',
        'B\u00e4r-2',
        'x\u0000',
        '\ud800',
        '',
      ),
      fc.string({ maxLength: 30 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    ),
    i: fc.oneof(fc.integer(), fc.constantFrom(2 ** 31, 2 ** 53, 2 ** 63, 1e308, -1, 0, 1.5)),
  })
  .map((hint) => Buffer.from(JSON.stringify(hint), 'utf8').toString('base64url'));

/** A change-feed position: a token of 32 hex digits and a number, often of the right shape. */
const feedCursor = fc
  .tuple(
    fc.oneof(fc.constant('0'.repeat(32)), fc.stringMatching(/^[0-9a-f]{32}$/)),
    fc.oneof(integerish, fc.constantFrom('999999999999999', '0')),
  )
  .map(([token, position]) => encodeText(`${token}-${position}`));
const queryValue = fc.oneof(
  integerish.map(encodeText),
  dateish.map(encodeText),
  text,
  cursor,
  feedCursor,
  fc.constantFrom('pending', 'confirmed', 'cancelled'),
);
const queryName = fc.constantFrom(
  'page',
  'page_size',
  'status',
  'check_in_from',
  'check_in_to',
  'cursor',
  'after',
  'updated_since',
  'x',
  'page%00',
);
const query = fc
  .array(fc.tuple(queryName, queryValue), { maxLength: 5 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`));

const collections = ['bookings', 'sites', 'customers', 'invoices', 'changes'];
const path = fc.oneof(
  fc.tuple(fc.constantFrom(...collections), fc.boolean(), query).map(([c, slash, q]) => `${API}/${c}${slash ? '/' : ''}${q}`),
  fc.tuple(fc.oneof(integerish.map(encodeText), text), query).map(([id, q]) => `${API}/bookings/${id}/${q}`),
  fc.tuple(text, text).map(([a, b]) => `${API}/${a}/${b}`),
  fc.constantFrom('/healthz', '/readyz', `${API}/`, '/'),
);

/** JSON text of a value, where numbers may be written as literals no JS number holds exactly. */
const jsonNumber = fc.oneof(
  fc.constantFrom(...hugeNumbers, '1e400', '-1e400', '5.0', '5.5', '0', '-0', '1E3', '123456789012345678901234567890'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);
const jsonField = fc.oneof(
  jsonNumber,
  integerish.map((s) => JSON.stringify(s)),
  dateish.map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 160 }).map((s) => JSON.stringify(s)),
  fc.constantFrom('null', 'true', 'false', '[]', '{}', '"\\u0000"', '"\\ud800"', '"a@b.ch"', '" a@b.ch "', '[1]'),
);
const bodyFields = [
  'site_id',
  'check_in_date',
  'check_out_date',
  'num_adults',
  'num_youth',
  'num_children',
  'guest_first_name',
  'guest_last_name',
  'guest_email',
  'status',
  'id',
];
/** A plausible booking most of the time, so that the later rules (occupancy, overlap, 365 nights) are reached too. */
const bookingBody = fc
  .record({
    site_id: fc.oneof(fc.constantFrom('1', '2', '3', '2147483647'), jsonField),
    check_in_date: fc.oneof(
      dateish.map((s) => JSON.stringify(s)),
      jsonField,
    ),
    check_out_date: fc.oneof(
      dateish.map((s) => JSON.stringify(s)),
      jsonField,
    ),
    num_adults: fc.oneof(fc.constantFrom('1', '2', '5'), jsonField),
    extra: fc.array(fc.tuple(fc.constantFrom(...bodyFields), jsonField), { maxLength: 4 }),
  })
  .map(({ extra, ...fields }) => {
    const members = [...Object.entries(fields), ...extra].map(([name, value]) => `${JSON.stringify(name)}:${value}`);
    return `{${members.join(',')}}`;
  });
const body = fc.oneof(
  { weight: 6, arbitrary: bookingBody },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[', '{"site_id":1,', '\u0000', '{"site_id":1e999999}', '"\\ud800"') },
);

const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });

function headersOf(authorization: string | undefined, requestId: string | undefined, contentType: string): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (authorization !== undefined) headers.Authorization = authorization;
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  return headers;
}

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/vnd.api+json',
);

/** The generators, one per kind of request, each mostly with a valid key so that the request gets past the checks. */
export function attempts(keys: string[]) {
  const validKey = fc.constantFrom(...keys).map((k) => `Bearer ${k}`);
  const authorization = fc.oneof(
    { weight: 5, arbitrary: validKey },
    { weight: 1, arbitrary: headerText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `bearer  ${keys[0]}`,
        `Bearer ${keys[0]}x`,
        `Bearer ${keys[0]?.slice(0, 8)}${'a'.repeat(24)}`,
        'Bearer ck_',
      ),
    },
  );
  const requestId = fc.option(headerText, { nil: undefined });
  const collectionQuery = fc.tuple(fc.constantFrom(...collections), fc.boolean(), query);
  return {
    detail: fc.tuple(fc.oneof(integerish.map(encodeText), text), query, validKey).map(([id, q, auth]): Attempt => ({
      method: 'GET',
      path: `${API}/bookings/${id}/${q}`,
      headers: headersOf(auth, undefined, 'application/json'),
    })),
    lists: fc.tuple(collectionQuery, authorization, requestId).map(([[c, slash, q], auth, id]): Attempt => ({
      method: 'GET',
      path: `${API}/${c}${slash ? '/' : ''}${q}`,
      headers: headersOf(auth, id, 'application/json'),
    })),
    create: fc.tuple(body, validKey, contentType, fc.boolean()).map(([b, auth, type, slash]): Attempt => ({
      method: 'POST',
      path: `${API}/bookings${slash ? '/' : ''}`,
      headers: headersOf(auth, undefined, type),
      body: b,
    })),
    anything: fc
      .record({
        method: fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
        path,
        authorization: fc.option(authorization, { nil: undefined }),
        requestId,
        contentType,
        body: fc.option(body, { nil: undefined }),
        host: fc.option(fc.oneof(headerText, fc.constantFrom('[::1]:8443', '127.0.0.1:8443@evil.example', 'a:b:c', '')), {
          nil: undefined,
        }),
        forwarded: fc.option(headerText, { nil: undefined }),
        accept: fc.option(headerText, { nil: undefined }),
      })
      .map(({ method, path: p, authorization: auth, requestId: id, contentType: type, body: b, host, forwarded, accept }): Attempt => {
        const headers = headersOf(auth, id, type);
        if (host !== undefined) headers.Host = host;
        if (forwarded !== undefined) Object.assign(headers, { 'X-Forwarded-Proto': forwarded, 'X-Forwarded-Host': forwarded });
        if (accept !== undefined) headers.Accept = accept;
        return { method, path: p, headers, ...(b === undefined ? {} : { body: b }) };
      }),
  };
}
