import type { components } from './schema.js';

/**
 * Receiving webhook messages (docs/webhooks.md): checking their Standard Webhooks 1.0 signature, and where a `changes`
 * message stands in the chain. Only WebCrypto (`globalThis.crypto.subtle`), `atob` and `TextEncoder`, like the rest of
 * this client: Node 20 and later, browsers' service workers, Deno, Bun and edge runtimes have all three.
 */

export type ChangesMessage = components['schemas']['ChangesWebhookMessage'];
export type PingMessage = components['schemas']['PingWebhookMessage'];
/**
 * A verified message. A later version of the service may add types: such a message is returned as it is, so keep a
 * default branch that answers 2xx and ignores it.
 */
export type WebhookMessage = ChangesMessage | PingMessage;

/** A `Headers` object (fetch, Hono, …) or a plain record (`req.headers` of node:http and Express); names in any case. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /**
   * How far `webhook-timestamp` may be from `now`, either way, in seconds. Default 300, as in the Standard Webhooks
   * libraries: a captured message can be replayed only this long.
   */
  toleranceSeconds?: number;
  /** The receiver's clock (for tests). Default: `new Date()`. */
  now?: Date;
}

/**
 * Why a message was refused:
 * - `missing_headers`: `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent or empty;
 * - `invalid_timestamp`: `webhook-timestamp` is not whole seconds;
 * - `timestamp_too_old` / `timestamp_too_new`: it is outside the tolerance (a replay, or a clock far off);
 * - `invalid_signature`: no `v1` signature matches any of the secrets (a wrong secret, or a changed body or header);
 * - `invalid_body`: the signature matches but the body is not a message (a bug on our side: please report it);
 * - `invalid_secret`: a secret given to `verifyWebhook` is not `whsec_` + base64 (a configuration error of yours).
 */
export type WebhookVerificationReason =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_body'
  | 'invalid_secret';

/** What `verifyWebhook` throws. Answer such a request with a 4xx (401 or 400) and do not process it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';
const utf8 = new TextEncoder();

/**
 * Checks a message after Standard Webhooks 1.0 and returns its parsed body. `rawBody` must be the body exactly as
 * received (a string or the bytes; with Express, `express.raw({ type: 'application/json' })`), not JSON parsed and
 * printed again. `secret` is the endpoint's `whsec_…` secret; pass several while you switch to a new one.
 *
 * The signature header may hold several `v1,<base64>` signatures (one per secret the service still signs with, two
 * during a rotation); the message is accepted when any of them is the HMAC-SHA256 of `{id}.{timestamp}.{body}` under
 * any of the secrets, compared in constant time. Throws `WebhookVerificationError` saying why otherwise.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<WebhookMessage> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are required');
  }
  checkTimestamp(timestamp, options);

  const body = typeof rawBody === 'string' ? utf8.encode(rawBody) : rawBody;
  const signed = concat(utf8.encode(`${id}.${timestamp}.`), body);
  const offered = signatures
    .split(' ')
    .map((entry) => (entry.startsWith('v1,') ? fromBase64(entry.slice(3)) : null))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('invalid_secret', 'no signing secret given');
  let matched = false;
  for (const key of secrets) {
    const expected = await hmacSha256(secretBytes(key), signed);
    // Every pair is compared, so the time taken does not say which one (if any) matched.
    for (const candidate of offered) matched = constantTimeEqual(candidate, expected) || matched;
  }
  if (!matched) throw new WebhookVerificationError('invalid_signature', 'no signature matches the secret');

  return parseMessage(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
}

/**
 * Where a `changes` message stands against the cursor you stored last (at first, the endpoint's `position` from its
 * creation or a replay):
 * - `next`: its `data.previous` is your cursor: process it, then store its `data.cursor`;
 * - `repeat`: its `data.cursor` is your cursor: you processed it already (its 2xx was lost), so only answer 2xx;
 * - `gap`: neither: a message is missing between yours and this one (yours was stored elsewhere, lost, or the
 *   endpoint was replayed). Do not apply its results; read the feed from your cursor instead
 *   (`client.changes.follow({ after: cursor, saveCursor })`), which holds the same entries and any later ones.
 */
export function chainStep(storedCursor: string, message: ChangesMessage): 'next' | 'repeat' | 'gap' {
  if (message.data.previous === storedCursor) return 'next';
  if (message.data.cursor === storedCursor) return 'repeat';
  return 'gap';
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function checkTimestamp(value: string, options: VerifyOptions): void {
  if (!/^\d{1,15}$/.test(value)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not in seconds');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const sent = Number(value);
  if (now - sent > tolerance) throw new WebhookVerificationError('timestamp_too_old', 'webhook-timestamp is too old');
  if (sent - now > tolerance) throw new WebhookVerificationError('timestamp_too_new', 'webhook-timestamp is in the future');
}

function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const bytes = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (bytes === null || bytes.length === 0) {
    throw new WebhookVerificationError('invalid_secret', 'a signing secret is whsec_ followed by base64');
  }
  return bytes;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

// WebCrypto takes only bytes over an ArrayBuffer (not a SharedArrayBuffer): the helpers above always make such.
async function hmacSha256(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const imported = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', imported, data));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  // The length of an HMAC-SHA256 is public (32 bytes); only the contents must not leak through timing.
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A light check of the shape the chain depends on; the signature already says the service sent it. */
function parseMessage(text: string): WebhookMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not JSON');
  }
  const message = parsed as { type?: unknown; timestamp?: unknown; data?: { previous?: unknown; cursor?: unknown; results?: unknown } };
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  const hasEnvelope = isObject && typeof message.type === 'string' && typeof message.data === 'object' && message.data !== null;
  const chainOk =
    !hasEnvelope ||
    message.type !== 'changes' ||
    (typeof message.data!.previous === 'string' && typeof message.data!.cursor === 'string' && Array.isArray(message.data!.results));
  if (!hasEnvelope || !chainOk) throw new WebhookVerificationError('invalid_body', 'the body is not a webhook message');
  return parsed as WebhookMessage;
}
