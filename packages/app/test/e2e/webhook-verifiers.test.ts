import { writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NamedCase, pythonThere, verifyCases } from '../../../client/test/support/python-verifier';
import { FULL_KEY, SAMPLE_FIXTURE, type ServeProcess, cliEnv, https, runCli, startServe, workDirectory } from './harness';
import { startReceiver, until } from './support/webhook-receiver';

// docs/webhooks.md, "Receivers in other languages" and "Ping", through the real `campsite serve` on SQLite: the
// Python verifier it shows (packages/client/examples/verify_webhook.py) and the client's `verifyWebhook` both accept
// what the server delivered to a receiver on loopback, as the receiver got it, and both refuse it changed, under a
// wrong secret or too old. A ping's attempt, taken or not, is in the endpoint's deliveries log under its webhook-id.

const API = '/api/v1/public';
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;

interface Delivered {
  headers: Record<string, string>;
  /** The bytes as they came off the connection, never decoded. */
  body: Buffer;
}

/** A delivered message, and the ways of spoiling it that a receiver must refuse, with the verdict each must get. */
function checks(delivered: Delivered, secrets: string | string[]): NamedCase[] {
  const sent = Number(delivered.headers['webhook-timestamp']);
  const asDelivered = { body: delivered.body, headers: delivered.headers, secrets };
  const changed = Buffer.from(delivered.body.toString('utf8').replace('"endpoint_id":', '"endpoint_id":1'), 'utf8');
  return [
    // The receiver's own clock, as in production: the message has just come.
    ['as delivered', asDelivered, 'accepted'],
    ['a changed body', { ...asDelivered, body: changed }, 'invalid_signature'],
    ['a wrong secret', { ...asDelivered, secrets: OTHER_SECRET }, 'invalid_signature'],
    ['read more than 5 minutes later', { ...asDelivered, now: sent + 301 }, 'timestamp_too_old'],
  ];
}

describe.runIf(pythonThere())('both webhook verifiers on what a real server delivered [sqlite]', () => {
  let server: ServeProcess;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let key: string;
  let endpoint: { id: number; secret: string; position: string };
  const delivered: Delivered[] = [];

  const api = (path: string, options: { method?: string; body?: unknown; key?: string } = {}) =>
    https(`${server.url}${API}/${path}`, { key, ...options });
  const deliveries = async () => (await api(`webhook-endpoints/${endpoint.id}/deliveries/`)).body;

  beforeAll(async () => {
    const cwd = workDirectory();
    receiver = await startReceiver();
    // The shared receiver keeps each body as text; here the bytes themselves are kept, as a receiver must verify them.
    receiver.server.on('request', (req) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => delivered.push({ headers: textHeaders(req.headers), body: Buffer.concat(chunks) }));
    });
    const caFile = join(cwd, 'receiver-ca.pem');
    writeFileSync(caFile, receiver.ca);
    const env = cliEnv(`sqlite:${join(cwd, 'campsite.db')}`, {
      NODE_EXTRA_CA_CERTS: caFile,
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
    expect((await runCli(['import', SAMPLE_FIXTURE], env, cwd)).code).toBe(0);
    const scopes = 'bookings:read,webhooks:manage';
    key = (await runCli(['keys', 'create', '--tenant', 'alpenblick', '--name', 'hooks', '--scopes', scopes], env, cwd)).stdout.trim();
    server = await startServe(env, cwd);
    endpoint = (await api('webhook-endpoints/', { method: 'POST', body: { url: receiver.url, types: ['booking'] } })).body;
  });

  afterAll(async () => {
    await server?.stop();
    receiver?.server.closeAllConnections();
    receiver?.server.close();
  });

  it('a ping: accepted as delivered, refused changed, under a wrong secret or too old; logged under its webhook-id', async () => {
    expect((await api(`webhook-endpoints/${endpoint.id}/ping/`, { method: 'POST' })).status).toBe(202);
    await until('the ping', () => delivered.length === 1);
    const [ping] = delivered;
    const result = await verifyCases(checks(ping!, endpoint.secret));
    expect(result.python).toEqual(result.expected);
    expect(result.typescript).toEqual(result.expected);
    const message = { type: 'ping', timestamp: expect.stringMatching(/Z$/), data: { endpoint_id: endpoint.id } };
    expect([result.verdicts.python[0], result.verdicts.typescript[0]]).toEqual([{ message }, { message }]);

    // The 202 came before the receiver answered; the attempt shows in the log once it has ended.
    await until('the ping in the deliveries log', async () => (await deliveries()).count === 1);
    const [logged] = (await deliveries()).results;
    expect(logged).toEqual({
      message_id: ping!.headers['webhook-id'],
      attempt: 1,
      status_code: 204,
      error: null,
      duration_ms: expect.any(Number),
      at: expect.any(String),
    });
    // `at` is when the attempt began, to the millisecond; webhook-timestamp is the same moment in whole seconds.
    expect(Math.floor(Date.parse(logged.at) / 1000)).toBe(Number(ping!.headers['webhook-timestamp']));

    receiver.answers.push(503);
    expect((await api(`webhook-endpoints/${endpoint.id}/ping/`, { method: 'POST' })).status).toBe(202);
    await until('the refused ping in the deliveries log', async () => (await deliveries()).count === 2);
    expect((await deliveries()).results[0]).toMatchObject({
      message_id: delivered[1]!.headers['webhook-id'],
      attempt: 1,
      status_code: 503,
      error: 'http_status',
    });
    // Outside the chain: neither ping moved the position or paused the endpoint.
    expect((await api(`webhook-endpoints/${endpoint.id}/`)).body).toMatchObject({ status: 'active', position: endpoint.position });
  });

  it('a change with text beyond ASCII, during a rotation: accepted with either secret or both, refused spoilt', async () => {
    const rotated = (await api(`webhook-endpoints/${endpoint.id}/rotate-secret/`, { method: 'POST', body: {} })).body.secret as string;
    const before = delivered.length;
    const booking = { site_id: 1, check_in_date: '2028-05-01', check_out_date: '2028-05-03', num_adults: 2, guest_first_name: 'Jürg' };
    expect((await api('bookings/', { method: 'POST', key: FULL_KEY, body: booking })).status).toBe(201);
    await until('the change', () => delivered.length > before);
    const change = delivered[before]!;
    expect(change.body.includes(Buffer.from('Jürg', 'utf8'))).toBe(true);
    expect(change.headers['webhook-signature']!.split(' ')).toHaveLength(2);

    const cases = [
      ...checks(change, rotated),
      ...checks(change, endpoint.secret).slice(0, 1),
      ...checks(change, [rotated, endpoint.secret]).slice(0, 1),
    ];
    const result = await verifyCases(cases);
    expect(result.python).toEqual(result.expected);
    expect(result.typescript).toEqual(result.expected);
    const message = { message: JSON.parse(change.body.toString('utf8')) };
    expect([result.verdicts.python[0], result.verdicts.typescript[0]]).toEqual([message, message]);
  });
});

/** The headers as plain strings (node:http gives a few as lists). */
function textHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}
