import { describe, expect, it } from 'vitest';
import { type ResponseMeta, ServerError, ValidationError } from '../src/index';
import { BOOKING, INPUT, client, fakeServer, json } from './support/fake-server';

// `.withResponse()` and `ApiError.response`: what an answer said besides its body.

const LIMITS = { 'RateLimit-Limit': '600', 'RateLimit-Remaining': '597', 'RateLimit-Reset': '42' };

describe('withResponse', () => {
  it('gives the body with the request id, rate limit, replay flag, status and attempts; await alone gives the body', async () => {
    const { origin } = await fakeServer(
      json(503, { detail: 'Service temporarily unavailable, try again later.' }, { 'Retry-After': '0' }),
      json(201, BOOKING, { ...LIMITS, 'Idempotent-Replayed': 'true', 'X-Request-Id': 'req-7' }),
    );
    const api = client(origin);
    const { data, response } = await api.bookings.create(INPUT).withResponse();
    expect(data).toEqual(BOOKING);
    expect(response).toMatchObject({
      status: 201,
      requestId: 'req-7',
      rateLimit: { limit: 600, remaining: 597, resetSeconds: 42 },
      idempotentReplayed: true,
      etag: null,
      attempts: 2,
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await api.bookings.create(INPUT)).toEqual(BOOKING);
  });

  it('carries the ETag of a read, and says no replay and no limit where the answer has none', async () => {
    const { origin } = await fakeServer(json(200, BOOKING, { ETag: '"v1"' }));
    const { response } = await client(origin).bookings.get(1).withResponse();
    expect(response).toMatchObject({ status: 200, etag: '"v1"', idempotentReplayed: false, rateLimit: null, attempts: 1 });
  });

  it('does not send the request twice when both awaited and asked for its response', async () => {
    const { origin, seen } = await fakeServer(json(200, BOOKING));
    const call = client(origin).bookings.get(1);
    const [body, full] = await Promise.all([call, call.withResponse()]);
    expect(body).toEqual(full.data);
    expect(seen).toHaveLength(1);
  });

  it('puts the same metadata on a thrown ApiError', async () => {
    const { origin } = await fakeServer(json(400, { detail: 'site_not_found' }, LIMITS));
    const error = (await client(origin)
      .bookings.create(INPUT)
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.response).toMatchObject({ status: 400, requestId: 'req-1', rateLimit: { remaining: 597 }, attempts: 1 });
  });
});

describe('onResponse', () => {
  it('sees every answer, the failed attempts and the pages of an iterator included', async () => {
    const { origin } = await fakeServer(
      json(500, { detail: 'A server error occurred.' }),
      json(200, { count: 2, next: `http://x/api/v1/public/sites/?page=2`, previous: null, results: [{ id: 1 }] }, LIMITS),
      json(200, { count: 2, next: null, previous: null, results: [{ id: 2 }] }, LIMITS),
    );
    const seen: string[] = [];
    const api = client(origin, [], {
      onResponse: (response: ResponseMeta, request: { method: string; url: string }) =>
        seen.push(`${request.method} ${new URL(request.url).search} ${response.status} ${response.rateLimit?.remaining ?? '-'}`),
    });
    const ids: number[] = [];
    for await (const site of api.sites.all()) ids.push(site.id);
    expect(ids).toEqual([1, 2]);
    expect(seen).toEqual(['GET  500 -', 'GET  200 597', 'GET ?page=2 200 597']);
  });

  it('reports each attempt of a call that failed for good, and the error counts them', async () => {
    const { origin } = await fakeServer(json(502, { detail: 'bad gateway' }));
    const statuses: number[] = [];
    const error = await client(origin, [], { retry: { maxAttempts: 2 }, onResponse: (r: ResponseMeta) => statuses.push(r.status) })
      .sites.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).response.attempts).toBe(2);
    expect(statuses).toEqual([502, 502]);
  });
});
