import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FULL_KEY,
  SAMPLE_FIXTURE,
  type ServeProcess,
  cliEnv,
  describeOnBackends,
  https,
  runCli,
  startServe,
  workDirectory,
} from './harness';
import { type ChangesMessage, type Received, otherProgram, startReceiver, until } from './support/webhook-receiver';

// docs/webhooks.md through the real `campsite serve`: the sender pushes the change feed to an HTTPS receiver on
// loopback that this test runs with a certificate of its own (trusted by the server through NODE_EXTRA_CA_CERTS).
// Signatures are checked with the standardwebhooks package, not with our code. Changes by the API and by plain SQL all
// arrive, as one chain whose union is the feed; a failure is retried with the same message; 410 pauses and resuming
// loses nothing.

const API = '/api/v1/public';

describeOnBackends('webhooks pushed to a real receiver', (backend) => {
  let server: ServeProcess;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let other: Awaited<ReturnType<typeof otherProgram>>;
  let key: string;
  let endpoint: { id: number; secret: string; position: string };
  let siteName = 0;
  let env: NodeJS.ProcessEnv;
  let cwd: string;

  const api = (path: string, options: { method?: string; body?: unknown; key?: string } = {}) =>
    https(`${server.url}${API}/${path}`, { key, ...options });
  /** The messages received so far, each checked with the endpoint's secret. */
  const messages = () => receiver.received.map((r) => ({ ...r, message: JSON.parse(r.body) as ChangesMessage }));
  const accepted = () => messages().filter((m) => m.status >= 200 && m.status < 300);
  /** The feed's latest cursor: read to its end. */
  const head = async () => {
    let page = (await api('changes/?page_size=200')).body;
    while (page.next !== null) page = (await api(`changes/?page_size=200&after=${page.cursor}`)).body;
    return page.cursor as string;
  };
  /** A plain-SQL change of site 1, the kind of write no code of ours sees happen. */
  const renameSite = () => other.run(`UPDATE sites SET name = 'Renamed ${++siteName}' WHERE tenant_id = 1 AND id = 1`);
  /** Until the receiver accepted the message ending at `cursor` and the server stored its acknowledgement. */
  const delivered = (cursor: string, timeoutMs?: number) =>
    until(
      `delivery up to ${cursor}`,
      async () =>
        accepted().at(-1)?.message.data.cursor === cursor && (await api(`webhook-endpoints/${endpoint.id}/`)).body.position === cursor,
      timeoutMs,
    );
  const rotate = async (body: object) =>
    (await api(`webhook-endpoints/${endpoint.id}/rotate-secret/`, { method: 'POST', body })).body.secret as string;
  /** Whether the standardwebhooks library accepts `received` with `secret`. */
  const verifies = (secret: string, received: Received) => {
    try {
      new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    cwd = workDirectory();
    receiver = await startReceiver();
    const caFile = join(cwd, 'receiver-ca.pem');
    writeFileSync(caFile, receiver.ca);
    const databaseUrl = await backend().freshDatabase();
    // A short time limit keeps the lease of a killed process short (WEBHOOK_TIMEOUT_MS + 10 s).
    env = cliEnv(databaseUrl, { NODE_EXTRA_CA_CERTS: caFile, WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_TIMEOUT_MS: '2000', METRICS_PORT: '0' });
    expect((await runCli(['import', SAMPLE_FIXTURE], env, cwd)).code).toBe(0);
    const scopes = 'bookings:read,sites:read,customers:read,invoices:read,webhooks:manage';
    key = (await runCli(['keys', 'create', '--tenant', 'alpenblick', '--name', 'hooks', '--scopes', scopes], env, cwd)).stdout.trim();
    server = await startServe(env, cwd);
    other = await otherProgram(databaseUrl);
  });

  afterAll(async () => {
    await other?.close();
    await server?.stop();
    receiver?.server.closeAllConnections();
    receiver?.server.close();
  });

  it('delivers API and plain-SQL writes, signed, as one chain whose union is the feed', async () => {
    const start = (await api('changes/?page_size=200')).body;
    const created = await api('webhook-endpoints/', { method: 'POST', body: { url: receiver.url, after: '' } });
    expect(created.status).toBe(201);
    endpoint = created.body;

    const booking = await api('bookings/', {
      method: 'POST',
      key: FULL_KEY,
      body: { site_id: 1, check_in_date: '2028-03-01', check_out_date: '2028-03-04', num_adults: 2, guest_first_name: 'Lea' },
    });
    expect(booking.status).toBe(201);
    await renameSite();
    await other.run("UPDATE users SET role = 'staff' WHERE tenant_id = 1 AND id = 1");
    await delivered(await head());

    const webhook = new Webhook(endpoint.secret);
    const chain = messages();
    for (const m of chain) expect(() => webhook.verify(m.body, m.headers as Record<string, string>)).not.toThrow();
    expect(chain[0]!.message.data.previous).toBe(`${start.cursor.split('-')[0]}-0`);
    chain.slice(1).forEach((m, i) => expect(m.message.data.previous).toBe(chain[i]!.message.data.cursor));
    expect(chain.every((m) => m.message.type === 'changes' && m.message.data.endpoint_id === endpoint.id)).toBe(true);

    // Applying every message in order leaves what a fresh read of the feed holds.
    const pushed = new Map<string, unknown>();
    for (const m of chain) for (const r of m.message.data.results) pushed.set(`${r.type}:${r.id}`, r);
    const feed = (await api('changes/?page_size=200')).body.results as Array<{ type: string; id: number }>;
    expect(new Map(feed.map((r) => [`${r.type}:${r.id}`, r]))).toEqual(pushed);
    expect(pushed.has(`booking:${booking.body.id}`)).toBe(true);
    expect(pushed.get('customer:1')).toMatchObject({ deleted: true, object: null });
    expect((await api(`webhook-endpoints/${endpoint.id}/`)).body.position).toBe(await head());
  });

  it('retries a failed message with the same id and body after about 5 s, and keeps the order', async () => {
    const before = receiver.received.length;
    receiver.answers.push(500);
    await renameSite();
    const first = await head();
    await until('the retry', () => receiver.received.length >= before + 2, 20_000);
    await renameSite();
    await delivered(await head());

    const [failed, retried, next] = receiver.received.slice(before);
    expect(failed!.status).toBe(500);
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(retried!.body).toBe(failed!.body);
    const waited = Number(retried!.headers['webhook-timestamp']) - Number(failed!.headers['webhook-timestamp']);
    expect(waited).toBeGreaterThanOrEqual(3);
    expect(waited).toBeLessThanOrEqual(7);
    expect(JSON.parse(retried!.body).data.cursor).toBe(first);
    expect(JSON.parse(next!.body).data.previous).toBe(first);
    expect(next!.headers['webhook-id']).not.toBe(failed!.headers['webhook-id']);
  });

  it('pauses on 410, keeps the position, and delivers what changed meanwhile once resumed', async () => {
    const position = (await api(`webhook-endpoints/${endpoint.id}/`)).body.position;
    receiver.answers.push(410);
    await renameSite();
    await until('the pause', async () => (await api(`webhook-endpoints/${endpoint.id}/`)).body.status === 'paused');
    const paused = (await api(`webhook-endpoints/${endpoint.id}/`)).body;
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'gone', position });
    const sent = receiver.received.length;
    await renameSite();
    await other.run("UPDATE bookings SET guest_first_name = 'Paused' WHERE tenant_id = 1 AND id = 1");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received.length).toBe(sent);

    expect((await api(`webhook-endpoints/${endpoint.id}/`, { method: 'PATCH', body: { status: 'active' } })).body.paused_reason).toBeNull();
    await delivered(await head());
    const resumed = messages().slice(sent);
    expect(resumed[0]!.message.data.previous).toBe(position);
    const types = resumed.flatMap((m) => m.message.data.results.map((r) => `${r.type}:${r.id}`));
    expect(types).toEqual(expect.arrayContaining(['site:1', 'booking:1']));
  });

  it('lists the attempts, newest first, with their status codes and errors', async () => {
    const log = (await api(`webhook-endpoints/${endpoint.id}/deliveries/?page_size=200`)).body;
    expect(log.count).toBe(receiver.received.length);
    const newestFirst = [...receiver.received].reverse();
    expect(log.results.map((r: { status_code: number }) => r.status_code)).toEqual(newestFirst.map((r) => r.status));
    expect(log.results.map((r: { message_id: string }) => r.message_id)).toEqual(newestFirst.map((r) => r.headers['webhook-id']));
    const failed = log.results.filter((r: { status_code: number }) => r.status_code === 500 || r.status_code === 410);
    expect(failed.map((r: { error: string; attempt: number }) => [r.error, r.attempt])).toEqual([
      ['http_status', 1],
      ['http_status', 1],
    ]);
    expect(log.results.find((r: { status_code: number }) => r.status_code === 204)).toMatchObject({ error: null });
  });

  it('counts the attempts by outcome in the metrics', async () => {
    const metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1] ?? '';
    // Plain HTTP on its own listener, outside the API (and its OpenAPI document).
    const text = await (await fetch(metricsUrl)).text();
    const count = (outcome: string) =>
      Number(new RegExp(`campsite_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1]);
    expect(count('failed')).toBe(1);
    expect(count('paused')).toBe(1);
    expect(count('delivered')).toBe(accepted().length);
    expect(text).toMatch(/campsite_webhook_delivery_duration_seconds_count \d+/);
    // Every active endpoint is up to date.
    expect(text).toMatch(/^campsite_webhook_oldest_undelivered_age_seconds 0$/m);
  });

  it('signs with the old and the new secret during a rotation, and with the newest only after expire_previous', async () => {
    const first = endpoint.secret;
    const second = await rotate({});
    let sent = receiver.received.length;
    await renameSite();
    await delivered(await head());
    const during = receiver.received[sent]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([verifies(first, during), verifies(second, during)]).toEqual([true, true]);

    const third = await rotate({ expire_previous: true });
    sent = receiver.received.length;
    await renameSite();
    await delivered(await head());
    const after = receiver.received[sent]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect([verifies(first, after), verifies(second, after), verifies(third, after)]).toEqual([false, false, true]);
  });

  it('sends the message in flight again after a SIGKILL, no message more than twice, and the chain goes on', async () => {
    const before = receiver.received.length;
    receiver.answers.push(0);
    await renameSite();
    const held = await head();
    await until('the held attempt', () => receiver.received.length > before);
    const metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.stdout())?.[1] ?? '';
    const backlog = /^campsite_webhook_oldest_undelivered_age_seconds (\S+)$/m.exec(await (await fetch(metricsUrl)).text());
    expect(Number(backlog?.[1])).toBeGreaterThan(0);
    await server.stop('SIGKILL');
    await renameSite();
    server = await startServe(env, cwd);
    // The killed process's lease runs out WEBHOOK_TIMEOUT_MS + 10 s after it was taken.
    await delivered(await head(), 30_000);

    const since = receiver.received.slice(before);
    expect(since[1]!.headers['webhook-id']).toBe(since[0]!.headers['webhook-id']);
    expect(JSON.parse(since[1]!.body).data.cursor).toBe(held);
    const times = new Map<unknown, number>();
    for (const r of receiver.received) times.set(r.headers['webhook-id'], (times.get(r.headers['webhook-id']) ?? 0) + 1);
    expect(Math.max(...times.values())).toBeLessThanOrEqual(2);
    // Over the whole run, each accepted message continues where the one before it ended.
    const chain = accepted();
    chain.slice(1).forEach((m, i) => expect(m.message.data.previous).toBe(chain[i]!.message.data.cursor));
  }, 60_000);

  it('with serve --workers 2, still sends each message once and in order', async () => {
    await server.stop();
    server = await startServe(env, cwd, 60_000, ['--workers', '2']);
    const before = receiver.received.length;
    for (let i = 0; i < 6; i++) {
      await renameSite();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await delivered(await head());
    const since = receiver.received.slice(before);
    expect(since.every((r) => r.status === 204)).toBe(true);
    expect(new Set(since.map((r) => r.headers['webhook-id'])).size).toBe(since.length);
    const chain = accepted();
    chain.slice(1).forEach((m, i) => expect(m.message.data.previous).toBe(chain[i]!.message.data.cursor));
  });

  it('replays from the beginning: the whole feed again, chained from the replay cursor', async () => {
    const before = receiver.received.length;
    const start = `${(await head()).split('-')[0]}-0`;
    const replayed = await api(`webhook-endpoints/${endpoint.id}/replay/`, { method: 'POST', body: { after: '' } });
    expect(replayed.body.position).toBe(start);
    await delivered(await head());
    const again = messages().slice(before);
    expect(again[0]!.message.data.previous).toBe(start);
    again.slice(1).forEach((m, i) => expect(m.message.data.previous).toBe(again[i]!.message.data.cursor));
    const pushed = new Map(again.flatMap((m) => m.message.data.results.map((r) => [`${r.type}:${r.id}`, r] as const)));
    const feed = (await api('changes/?page_size=200')).body.results as Array<{ type: string; id: number }>;
    expect(pushed).toEqual(new Map(feed.map((r) => [`${r.type}:${r.id}`, r])));
  });
});
