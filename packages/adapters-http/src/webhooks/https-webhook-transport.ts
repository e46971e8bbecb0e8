import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request } from 'node:https';
import type { Socket } from 'node:net';
import type { DeliveryAttempt, DeliveryError, WebhookMessage, WebhookTransport } from '@campsite/domain';
import { type AddressRules, isAllowedAddress } from './public-address';

/** The answer's body is read up to this many bytes, then dropped (never stored). */
const MAX_ANSWER_BYTES = 64 * 1024;
/**
 * An idle kept-alive connection is closed after this long: below the 5 s that Node's own servers (and many others)
 * keep an idle connection, so the sender rarely writes into one the receiver is closing.
 */
const IDLE_CONNECTION_MS = 4_000;
/** Errors of a kept-alive connection that the receiver closed while it sat idle: nothing reached the receiver's app. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

type Lookup = typeof dnsLookup;

export interface TransportOptions extends AddressRules {
  /** `WEBHOOK_TIMEOUT_MS`: the whole attempt, from connecting to the end of the answer. */
  timeoutMs: number;
  /** The resolver (tests answer a private address with it). Default: the system's. */
  lookup?: Lookup;
  /** Extra trusted certificates; production relies on the system store (and NODE_EXTRA_CA_CERTS). */
  ca?: string;
}

/** `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed by the bytes after `whsec_` (Standard Webhooks). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

class Blocked extends Error {
  readonly code = 'EBLOCKED';
}

function errorKind(error: unknown): DeliveryError {
  if (error instanceof Blocked) return 'blocked_address';
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/.test(code)) return 'tls';
  return 'connection';
}

function retryAfter(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Node's https client with the egress rule of docs/webhooks.md: every address a name resolves to is checked before
 * connecting, and the address of the socket once connected, so neither DNS rebinding nor a literal address can
 * reach a non-public host.
 */
export class HttpsWebhookTransport implements WebhookTransport {
  /**
   * Connections are kept between messages: a backlog goes out as many messages in a row to one receiver, and a TLS
   * handshake per message cost both sides more CPU than the message itself. A kept connection was checked when it
   * connected, so it still leads to an allowed address.
   */
  private readonly agent = new Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  private readonly rules: AddressRules;
  private readonly checkedLookup: Lookup;

  constructor(private readonly options: TransportOptions) {
    const rules = { allowLoopback: options.allowLoopback };
    const baseLookup = options.lookup ?? dnsLookup;
    this.rules = rules;
    // Refuses the whole answer when any resolved address is not allowed: the connection could go to any of them.
    this.checkedLookup = ((hostname: string, lookupOptions: object, callback: (...args: unknown[]) => void) => {
      baseLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error);
        const list = addresses as unknown as LookupAddress[];
        if (list.length === 0 || list.some((a) => !isAllowedAddress(a.address, rules)))
          return callback(new Blocked(`blocked address for ${hostname}`));
        if ((lookupOptions as { all?: boolean }).all) return callback(null, list);
        return callback(null, list[0]!.address, list[0]!.family);
      });
    }) as unknown as Lookup;
  }

  deliver(url: string, message: WebhookMessage, secrets: readonly string[], sentAt: Date): Promise<DeliveryAttempt> {
    return this.send(url, message, secrets, sentAt, performance.now(), this.agent);
  }

  private send(
    url: string,
    message: WebhookMessage,
    secrets: readonly string[],
    sentAt: Date,
    started: number,
    agent: Agent | false,
  ): Promise<DeliveryAttempt> {
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    const rules = this.rules;
    return new Promise((resolve) => {
      let settled = false;
      let answered = false;
      const finish = (statusCode: number | null, error: DeliveryError | null, retry: number | null = null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ statusCode, error, durationMs: Math.round(performance.now() - started), retryAfterSeconds: retry });
      };
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          lookup: this.checkedLookup,
          ...(this.options.ca ? { ca: this.options.ca } : {}),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(message.body),
            'webhook-id': message.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': secrets.map((s) => signature(s, message.id, timestamp, message.body)).join(' '),
          },
        },
        (res) => {
          answered = true;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          const done = () => {
            const status = res.statusCode ?? 0;
            const error: DeliveryError | null =
              status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? 'redirect' : 'http_status';
            const header = res.headers['retry-after'];
            finish(status, error, status === 429 || status === 503 ? retryAfter(Array.isArray(header) ? header[0] : header) : null);
          };
          res.on('end', done);
          res.on('close', done);
        },
      );
      req.on('socket', (socket: Socket) => {
        // A reused connection passed this check when it connected; listening again would pile listeners on it.
        if (req.reusedSocket) return;
        socket.once('connect', () => {
          const address = socket.remoteAddress ?? '';
          if (!isAllowedAddress(address, rules)) req.destroy(new Blocked(`blocked address ${address}`));
        });
      });
      req.on('error', (error) => {
        const code = (error as { code?: string }).code ?? '';
        if (!settled && !answered && req.reusedSocket && STALE_CONNECTION_CODES.has(code)) {
          // The receiver closed the idle connection as this message went out: once more on a new connection, which
          // is not a retry in the sense of the schedule (the receiver never saw the first try).
          settled = true;
          clearTimeout(timer);
          resolve(this.send(url, message, secrets, sentAt, started, false));
          return;
        }
        finish(null, errorKind(error));
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish(null, 'timeout');
      }, this.options.timeoutMs);
      req.end(message.body);
    });
  }
}
