import { Webhook, WebhookVerificationError as LibraryError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  type ChangesMessage,
  type WebhookMessage,
  WebhookVerificationError,
  chainStep,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookVerificationReason,
} from '../src/index';

// docs/webhooks.md, "Verifying a message": Standard Webhooks 1.0. The messages here are signed by the reference
// library (the `standardwebhooks` npm package), and every case is also put to that library's own verify, so ours
// accepts exactly what it accepts.

const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;
const OLD = secret(1);
const NEW = secret(2);
const ID = 'msg_2KWPBgLlAfxdpx2AI54pPJ85';

const changes: ChangesMessage = {
  type: 'changes',
  timestamp: '2026-06-02T08:15:01Z',
  data: {
    endpoint_id: 1,
    previous: 'c0ffee-1042',
    cursor: 'c0ffee-1057',
    results: [{ type: 'invoice', id: 9, deleted: true, changed_at: '2026-06-02T08:15:00Z', object: null }],
  },
};
const BODY = JSON.stringify(changes);

type Signed = Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;

/** The headers the service sends, signed by the reference library with each of `secrets` (two during a rotation). */
function signed(secrets: string[], { at = new Date(), id = ID, body = BODY } = {}): Signed {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' '),
  };
}

async function reasonOf(body: string | Uint8Array, headers: WebhookHeaders, key: string | string[]): Promise<WebhookVerificationReason> {
  const error = await verifyWebhook(body, headers, key).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

/** The reference library's verdict on the same input (it takes one secret and a record of headers). */
function libraryAccepts(body: string, headers: Record<string, string>, key: string): boolean {
  try {
    new Webhook(key).verify(body, headers);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(LibraryError);
    return false;
  }
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('verifyWebhook', () => {
  it("accepts the reference library's signature and returns the typed message", async () => {
    const headers = signed([NEW]);
    expect(libraryAccepts(BODY, headers, NEW)).toBe(true);
    const message: WebhookMessage = await verifyWebhook(BODY, headers, NEW);
    expect(message).toEqual(changes);
    if (message.type !== 'changes') throw new Error('expected a changes message');
    expect(message.data.cursor).toBe('c0ffee-1057');
  });

  it('takes the body as bytes (a Buffer from express.raw) and the headers as a Headers object, in any case', async () => {
    const headers = signed([NEW]);
    expect(await verifyWebhook(Buffer.from(BODY), new Headers(headers), NEW)).toEqual(changes);
    const shouted = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect(await verifyWebhook(new TextEncoder().encode(BODY), shouted, NEW)).toEqual(changes);
  });

  it('verifies a body with characters outside ASCII byte for byte', async () => {
    const body = JSON.stringify({ ...changes, data: { ...changes.data, cursor: 'Zürich-東京-🏕' } });
    const headers = signed([NEW], { body });
    expect(libraryAccepts(body, headers, NEW)).toBe(true);
    expect(await verifyWebhook(Buffer.from(body, 'utf8'), headers, NEW)).toEqual(JSON.parse(body));
  });

  it('refuses a changed body, a changed id or timestamp, and a wrong secret (as the library does)', async () => {
    const headers = signed([NEW]);
    const tampered = BODY.replace('1057', '1058');
    const otherId = { ...headers, 'webhook-id': 'msg_other' };
    const laterTime = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) };
    for (const [body, sent, key] of [
      [tampered, headers, NEW],
      [BODY, otherId, NEW],
      [BODY, laterTime, NEW],
      [BODY, headers, OLD],
    ] as const) {
      expect(libraryAccepts(body, sent, key)).toBe(false);
      expect(await reasonOf(body, sent, key)).toBe('invalid_signature');
    }
  });

  it('refuses a timestamp more than 5 minutes off, either way, and accepts one within', async () => {
    const stale = signed([NEW], { at: minutesAgo(6) });
    const early = signed([NEW], { at: minutesAgo(-6) });
    const recent = signed([NEW], { at: minutesAgo(4) });
    expect([libraryAccepts(BODY, stale, NEW), libraryAccepts(BODY, early, NEW), libraryAccepts(BODY, recent, NEW)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(await reasonOf(BODY, stale, NEW)).toBe('timestamp_too_old');
    expect(await reasonOf(BODY, early, NEW)).toBe('timestamp_too_new');
    expect(await verifyWebhook(BODY, recent, NEW)).toEqual(changes);
    expect(await verifyWebhook(BODY, stale, NEW, { toleranceSeconds: 600 })).toEqual(changes);
    expect(await verifyWebhook(BODY, stale, NEW, { now: minutesAgo(6) })).toEqual(changes);
  });

  it('refuses a message without one of the three headers, or with a timestamp that is not in seconds', async () => {
    const headers = signed([NEW]);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const rest: Record<string, string> = { ...headers };
      delete rest[name];
      expect(libraryAccepts(BODY, rest, NEW)).toBe(false);
      expect(await reasonOf(BODY, rest, NEW)).toBe('missing_headers');
      expect(await reasonOf(BODY, { ...rest, [name]: '' }, NEW)).toBe('missing_headers');
    }
    expect(await reasonOf(BODY, { ...headers, 'webhook-timestamp': `${headers['webhook-timestamp']}.5` }, NEW)).toBe('invalid_timestamp');
    expect(await reasonOf(BODY, { ...headers, 'webhook-timestamp': '2026-06-02T08:15:01Z' }, NEW)).toBe('invalid_timestamp');
  });

  it('during a rotation, accepts a message signed with both secrets under either one alone', async () => {
    const headers = signed([NEW, OLD]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const key of [NEW, OLD]) {
      expect(libraryAccepts(BODY, headers, key)).toBe(true);
      expect(await verifyWebhook(BODY, headers, key)).toEqual(changes);
    }
    expect(libraryAccepts(BODY, headers, secret(3))).toBe(false);
    expect(await reasonOf(BODY, headers, secret(3))).toBe('invalid_signature');
  });

  it('takes several secrets of its own, for a receiver that moves to the new secret before the old one expires', async () => {
    expect(await verifyWebhook(BODY, signed([OLD]), [NEW, OLD])).toEqual(changes);
    expect(await verifyWebhook(BODY, signed([NEW]), [NEW, OLD])).toEqual(changes);
    expect(await reasonOf(BODY, signed([secret(3)]), [NEW, OLD])).toBe('invalid_signature');
  });

  it('skips signatures of other versions and malformed ones, and still finds the one that matches', async () => {
    const headers = signed([NEW]);
    const crowded = { ...headers, 'webhook-signature': `v2,AAAA v1,not*base64 v1, ${headers['webhook-signature']}` };
    expect(libraryAccepts(BODY, crowded, NEW)).toBe(true);
    expect(await verifyWebhook(BODY, crowded, NEW)).toEqual(changes);
    const onlyOthers = { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') };
    expect(await reasonOf(BODY, onlyOthers, NEW)).toBe('invalid_signature');
  });

  it('returns a ping, and refuses a correctly signed body that is not a message', async () => {
    const ping = JSON.stringify({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1 } });
    const message = await verifyWebhook(ping, signed([NEW], { body: ping }), NEW);
    expect(message).toEqual({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1 } });
    for (const body of ['not json', '[]', '{"type":"changes","data":{"previous":"a"}}']) {
      expect(await reasonOf(body, signed([NEW], { body }), NEW)).toBe('invalid_body');
    }
  });

  it('says so when a secret of its own is not whsec_ and base64, or none is given', async () => {
    expect(await reasonOf(BODY, signed([NEW]), 'whsec_***')).toBe('invalid_secret');
    expect(await reasonOf(BODY, signed([NEW]), [])).toBe('invalid_secret');
  });
});

describe('chainStep', () => {
  it('is next when the message continues from the stored cursor, repeat when it ends there, else a gap to fill from the feed', () => {
    expect(chainStep('c0ffee-1042', changes)).toBe('next');
    expect(chainStep('c0ffee-1057', changes)).toBe('repeat');
    expect(chainStep('c0ffee-1000', changes)).toBe('gap');
  });
});
