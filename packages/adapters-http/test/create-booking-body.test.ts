import https from 'node:https';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BookingServer, SITE_NOT_FOUND, VALID, expect400, startBookingServer } from './support/create-booking-server';
import { API } from './support/http-harness';

// POST /api/v1/public/bookings/: the body before its fields, its size included (docs/api-behaviour.md §2.4, rules 1-4).

let server: BookingServer['server'];
let token: BookingServer['token'];
let raw: BookingServer['raw'];

beforeEach(async () => {
  ({ server, token, raw } = await startBookingServer());
});
afterEach(() => server.close());

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
