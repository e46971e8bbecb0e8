import { readFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { CampsiteClient, type Change, type ChangePage } from '../src/index';
import { memoryMirror, webhookReceiver } from '../examples/webhook-receiver';

// docs/webhooks.md shows examples/webhook-receiver.ts verbatim; here it runs against messages signed by the
// standardwebhooks package and a fake change feed.

const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
const booking = (id: number): Change => ({ type: 'booking', id, deleted: false, changed_at: '2026-06-02T08:15:00Z', object: null });

/** A change feed of four entries at cursors c1…c4 (`c0` is before them all), as `GET /changes/` answers it. */
function feed(hold?: Promise<void>): { fetch: typeof fetch; reads: string[] } {
  const entries = [1, 2, 3, 4].map(booking);
  const reads: string[] = [];
  const fetchFake = async (input: string | URL | Request) => {
    const after = new URL(String(input)).searchParams.get('after') ?? 'c0';
    reads.push(after);
    await hold;
    const from = Number(after.slice(1));
    const page: ChangePage = { count: 4 - from, next: null, previous: null, cursor: 'c4', results: entries.slice(from) };
    return new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetchFake as typeof fetch, reads };
}

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))));

async function receiver(start: string, hold?: Promise<void>) {
  const { fetch: feedFetch, reads } = feed(hold);
  const api = new CampsiteClient({ baseUrl: 'https://api.example.com', apiKey: 'ck_test', fetch: feedFetch });
  const mirror = memoryMirror(start);
  const server = createServer(webhookReceiver(api, [SECRET], mirror));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let sent = 0;
  const post = async (message: unknown, secret = SECRET) => {
    const body = JSON.stringify(message);
    const id = `msg_${(sent += 1)}`;
    const now = new Date();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, now, body),
    };
    return (await fetch(url, { method: 'POST', headers, body })).status;
  };
  return { post, mirror, reads };
}

const changes = (previous: string, cursor: string, ids: number[]) => ({
  type: 'changes',
  timestamp: '2026-06-02T08:15:01Z',
  data: { endpoint_id: 1, previous, cursor, results: ids.map(booking) },
});

async function eventually(check: () => void | Promise<void>): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      return await check();
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('examples/webhook-receiver.ts', () => {
  it('is shown in docs/webhooks.md exactly as the file the tests run', () => {
    const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('../examples/webhook-receiver.ts', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('applies messages that continue the chain, skips a repeat, and acknowledges a ping', async () => {
    const { post, mirror, reads } = await receiver('c0');
    expect(await post({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1 } })).toBe(204);
    expect(await post(changes('c0', 'c2', [1, 2]))).toBe(204);
    expect(await mirror.cursor()).toBe('c2');
    mirror.records.clear();
    expect(await post(changes('c0', 'c2', [1, 2]))).toBe(204);
    expect(mirror.records.size).toBe(0);
    expect(await post(changes('c2', 'c3', [3]))).toBe(204);
    expect([...mirror.records.keys()]).toEqual(['booking:3']);
    expect(await mirror.cursor()).toBe('c3');
    expect(reads).toEqual([]);
  });

  it('refuses a message with a wrong signature (401) and changes nothing', async () => {
    const { post, mirror } = await receiver('c0');
    expect(await post(changes('c0', 'c2', [1, 2]), `whsec_${Buffer.alloc(32, 6).toString('base64')}`)).toBe(401);
    expect(await mirror.cursor()).toBe('c0');
    expect(mirror.records.size).toBe(0);
  });

  it('answers a message after a gap at once, without applying it, and reads the feed from the stored cursor', async () => {
    const { post, mirror, reads } = await receiver('c1');
    expect(await post(changes('c2', 'c3', [3]))).toBe(204);
    await eventually(() => expect(reads).toEqual(['c1']));
    await eventually(async () => expect(await mirror.cursor()).toBe('c4'));
    expect([...mirror.records.keys()]).toEqual(['booking:2', 'booking:3', 'booking:4']);
  });

  it('answers messages that come while it reads the feed at once, and reads once more after them', async () => {
    let release = () => {};
    const { post, mirror, reads } = await receiver('c1', new Promise<void>((resolve) => (release = resolve)));
    expect(await post(changes('c2', 'c3', [3]))).toBe(204);
    await eventually(() => expect(reads).toEqual(['c1']));
    expect(await post(changes('c3', 'c4', [4]))).toBe(204);
    expect(await mirror.cursor()).toBe('c1');
    release();
    await eventually(() => expect(reads).toEqual(['c1', 'c4']));
    await eventually(async () => expect(await mirror.cursor()).toBe('c4'));
    expect([...mirror.records.keys()]).toEqual(['booking:2', 'booking:3', 'booking:4']);
  });
});
