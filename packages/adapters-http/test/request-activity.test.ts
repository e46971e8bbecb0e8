import https from 'node:https';
import { ListSites, type Site } from '@campsite/domain';
import { aSite, aTenant } from '@campsite/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/index';
import { API, buildWorld, closeServers, seed, serve } from './support/http-harness';

afterEach(closeServers);

/** Counts begin/end calls as a server's drain would. */
function recorder() {
  const events: string[] = [];
  let active = 0;
  return {
    events,
    active: () => active,
    activity: {
      begin: () => (events.push('begin'), active++),
      end: () => (events.push('end'), active--),
    },
  };
}

describe('request activity (what a draining server waits for)', () => {
  it('brackets every API request, answered or refused', async () => {
    const rec = recorder();
    const world = buildWorld({ activity: rec.activity });
    const [token] = (await seed(world, [aTenant('alpine', { sites: [aSite({ id: 1 })] })])) as [string];
    const server = await serve(createApp(world.deps));
    expect((await server.get(`${API}/sites/`, token)).status).toBe(200);
    expect((await server.get(`${API}/sites/`, 'ck_wrongwrongwrongwrongwrongwrong')).status).toBe(401);
    expect(rec.events).toEqual(['begin', 'end', 'begin', 'end']);
    expect(rec.active()).toBe(0);
  });

  it('stays active while a handler works on after its client hung up, and ends when the handler does', async () => {
    const rec = recorder();
    const world = buildWorld({ activity: rec.activity });
    const [token] = (await seed(world, [aTenant('alpine', { sites: [aSite({ id: 1 })] })])) as [string];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = Object.assign(Object.create(ListSites.prototype) as ListSites, {
      scope: 'sites:read' as const,
      execute: async () => {
        started();
        await gate; // the database work of a slow query
        return { count: 0, page: 1, pageSize: 50, hasNext: false, hasPrevious: false, results: [] as Site[] };
      },
    });
    const server = await serve(createApp({ ...world.deps, listSites: slow }));

    const req = https.request(new URL(`${API}/sites/`, server.origin), {
      headers: { Authorization: `Bearer ${token}` },
      rejectUnauthorized: false,
      agent: false,
    });
    req.on('error', expectedReset);
    req.end();
    await handlerStarted;
    req.destroy(); // the client leaves; its handler does not
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rec.active()).toBe(1);

    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rec.active()).toBe(0);
  });
});

/** The server cuts these requests off on purpose; their reset is the expected outcome, not a failure. */
function expectedReset(_error: Error): void {
  // Nothing to do: the test asserts on the server's side.
}
