import { DomainError, ListSites } from '@campsite/domain';
import { aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/index';
import { API, buildWorld, closeServers, issueKey, seed, serve } from './support/http-harness';

// docs/api-behaviour.md §2: 500 says only "A server error occurred."; §1: no token in logs, errors or echoes; one log line per request.

afterEach(closeServers);

async function withFailingSites(failure: (token: string) => unknown) {
  const world = buildWorld();
  const [token] = (await seed(world, [aTenant('alpine', { sites: [aSite({ id: 1 })] })])) as [string];
  const failing = Object.assign(Object.create(ListSites.prototype) as ListSites, {
    scope: 'sites:read' as const,
    execute: async () => {
      throw failure(token);
    },
  });
  const server = await serve(createApp({ ...world.deps, listSites: failing }));
  return { world, server, token };
}

describe('unexpected failures', () => {
  it.each([
    ['an Error mentioning the token', (token: string) => new Error(`connection lost while serving ${token}`)],
    ['a thrown string', (token: string) => `boom ${token}`],
    ['an operator-side domain code', () => new DomainError('duplicate_booking_reference')],
    ['a validation error without field errors', () => new DomainError('validation_failed', 'not an integer amount')],
  ])('answer 500 with only the generic sentence for %s, logged with the request id and no token', async (_name, failure) => {
    const { world, server, token } = await withFailingSites(failure);
    const reply = await server.get(`${API}/sites/`, token);
    expect(reply.status).toBe(500);
    expect(reply.text).toBe('{"detail":"A server error occurred."}');
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(reply.headers['ratelimit-remaining']).toBe('599');

    const errors = world.logs.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.fields.requestId).toBe(reply.headers['x-request-id']);
    expect(JSON.stringify(world.logs)).not.toContain(token.slice(8));
    if (String(failure(token)).includes(token)) expect(JSON.stringify(errors[0]?.fields.err)).toContain('ck_[redacted]');
  });
});

describe('a database that cannot be reached (docs/operations.md, Database faults)', () => {
  it('answers 503 with Retry-After and a fixed sentence, logged at warn with the request id', async () => {
    const { world, server, token } = await withFailingSites(
      () => new DomainError('database_unavailable', 'the database is unavailable: Connection terminated'),
    );
    const reply = await server.get(`${API}/sites/`, token);
    expect(reply.status).toBe(503);
    expect(reply.text).toBe('{"detail":"Service temporarily unavailable, try again later."}');
    expect(reply.headers['retry-after']).toBe('1');
    const warnings = world.logs.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields.requestId).toBe(reply.headers['x-request-id']);
    expect(world.logs.filter((line) => line.level === 'error')).toEqual([]);
  });
});

describe('request log', () => {
  it('writes one line per request with method, path, status, duration, request id and key prefix', async () => {
    const world = buildWorld();
    const [token] = (await seed(world, [aTenant('alpine')])) as [string];
    const server = await serve(createApp(world.deps));

    const ok = await server.get(`${API}/sites/?page_size=5&secret=${token}`, token);
    const anonymous = await server.get(`${API}/sites/`);
    const missing = await server.get('/nowhere?x=1');
    await new Promise((resolve) => setImmediate(resolve));

    const lines = world.logs.filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.fields).toEqual({
      method: 'GET',
      path: '/api/v1/public/sites/',
      status: 200,
      durationMs: expect.any(Number),
      requestId: ok.headers['x-request-id'],
      keyPrefix: token.slice(0, 8),
    });
    expect(lines[1]?.fields).toMatchObject({ status: 401, requestId: anonymous.headers['x-request-id'] });
    expect(lines[1]?.fields).not.toHaveProperty('keyPrefix');
    expect(lines[2]?.fields).toMatchObject({ path: '/nowhere', status: 404, requestId: missing.headers['x-request-id'] });
    expect(JSON.stringify(world.logs)).not.toContain(token.slice(8));
  });

  it('builds no request line when the logger has info switched off, and still sends the id and HSTS', async () => {
    const world = buildWorld();
    const [token] = (await seed(world, [aTenant('alpine')])) as [string];
    const quiet = { ...world.deps.logger, isLevelEnabled: () => false };
    const server = await serve(createApp({ ...world.deps, logger: quiet }));
    const reply = await server.get(`${API}/sites/`, token);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reply.status).toBe(200);
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(world.logs.filter((line) => line.msg === 'request')).toEqual([]);
  });

  it('redacts a key pasted into the path', async () => {
    const world = buildWorld();
    const server = await serve(createApp(world.deps));
    const key = `ck_${'x'.repeat(29)}`;
    await server.get(`${API}/${key}/`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(world.logs[0]?.fields.path).toBe(`${API}/ck_[redacted]/`);
  });
});

describe('isolation', () => {
  it('keeps no global state: two apps count and authenticate independently', async () => {
    const first = buildWorld({ perKeyPerMinute: 1 });
    const second = buildWorld({ perKeyPerMinute: 1 });
    const [a] = (await seed(first, [aTenant('alpine')])) as [string];
    const [b] = (await seed(second, [aTenant('alpine')])) as [string];
    const onlyInSecond = await issueKey(second, 'alpine', ['sites:read']);
    const one = await serve(createApp(first.deps));
    const two = await serve(createApp(second.deps));
    expect((await one.get(`${API}/sites/`, a)).status).toBe(200);
    expect((await two.get(`${API}/sites/`, b)).status).toBe(200);
    expect((await one.get(`${API}/sites/`, onlyInSecond)).status).toBe(401);
    expect((await one.get(`${API}/sites/`, a)).status).toBe(429);
  });
});
