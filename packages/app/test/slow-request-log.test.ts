import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSecretHasher } from '@campsite/domain/testing';
import type { QueryObserver } from '@campsite/adapters-sql';
import { loadConfig } from '../src/config';
import { type AppContainer, createContainer } from '../src/container';
import { type RunningServer, startServer } from '../src/server';

// Far above what a quick request takes even on a busy machine, so the quick request below never crosses it.
const SLOW_REQUEST_MS = 1000;
const DATABASE_DELAY_MS = 1100;

function get(url: string, key: string, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-Proto': 'https', 'X-Request-Id': requestId } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the slow-request log', () => {
  const lines: Array<Record<string, any>> = [];
  let container: AppContainer;
  let server: RunningServer;
  let key = '';
  /** While set, the next SELECT waits before it runs: a slow database, seen through the real observer. */
  let slowDatabase = false;

  beforeAll(async () => {
    const config = loadConfig({
      DATABASE_URL: 'sqlite::memory:',
      PORT: '0',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
      SLOW_REQUEST_MS: String(SLOW_REQUEST_MS),
    });
    const slow = (observer: QueryObserver): QueryObserver => ({
      observe(operation, sql, run) {
        return observer.observe(operation, sql, async () => {
          if (slowDatabase && operation === 'select') {
            slowDatabase = false;
            // A line written deep inside the request's work, by code that knows nothing of the request.
            container.logger.info('slow database call');
            await new Promise((resolve) => setTimeout(resolve, DATABASE_DELAY_MS));
          }
          return run();
        });
      },
    });
    container = await createContainer(config, {
      observe: true,
      secretHasher: new FakeSecretHasher(),
      wrapQueryObserver: slow,
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    server = await startServer(container, {
      print: (text) => {
        key = /ck_[A-Za-z0-9]{29}/.exec(text)?.[0] ?? key;
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('logs exactly one warn line, with the request id, route, status and where the time went', async () => {
    slowDatabase = true;
    const status = await get(`${server.url}/api/v1/public/sites/`, key, 'slow-request-1');
    expect(slowDatabase).toBe(false);
    expect(status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const warnings = lines.filter((line) => line.level === 40 && line.msg === 'slow request');
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning).toMatchObject({
      requestId: 'slow-request-1',
      method: 'GET',
      route: '/api/v1/public/sites/',
      status: 200,
      slowRequestMs: SLOW_REQUEST_MS,
    });
    expect(warning!.durationMs).toBeGreaterThan(SLOW_REQUEST_MS);
    expect(warning!.dbMs).toBeGreaterThanOrEqual(DATABASE_DELAY_MS - 1);
    expect(warning!.dbMs).toBeLessThanOrEqual(warning!.durationMs);
    expect(typeof warning!.authMs).toBe('number');
    expect(typeof warning!.renderMs).toBe('number');
    expect(warning!.authMs + warning!.renderMs).toBeLessThanOrEqual(warning!.durationMs);
  });

  it('gives every log line written during a request its request id', () => {
    const inside = lines.filter((line) => line.msg === 'slow database call');
    expect(inside).toHaveLength(1);
    expect(inside[0]!.requestId).toBe('slow-request-1');
    // Lines outside any request carry none.
    expect(lines.find((line) => line.msg === 'ready')?.requestId).toBeUndefined();
  });

  it('stays quiet for a request under SLOW_REQUEST_MS', async () => {
    expect(await get(`${server.url}/api/v1/public/customers/`, key, 'quick-request-1')).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.some((line) => line.requestId === 'quick-request-1' && line.msg === 'request')).toBe(true);
    expect(lines.filter((line) => line.level === 40 && line.requestId === 'quick-request-1')).toEqual([]);
  });
});
