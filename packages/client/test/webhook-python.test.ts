import { readFileSync } from 'node:fs';
import { signature } from '@campsite/adapters-http';
import { describe, expect, it } from 'vitest';
import { type NamedCase, PYTHON_VERIFIER, type ReceivedMessage, bothVerify, pythonThere, verifyCases } from './support/python-verifier';

// docs/webhooks.md, "Receivers in other languages": its test vector is what the service's own signer makes, and the
// Python verifier it shows (examples/verify_webhook.py) gives the same verdict as `verifyWebhook`, reason for reason,
// on the vector and on every way of spoiling it. Live deliveries: packages/app/test/e2e/webhook-verifiers.test.ts.

const doc = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('**Receivers in other languages.**'));

/** The value (between backticks) of the vector table's row `name`. */
function row(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const value = new RegExp(`^\\| ${escaped} \\| \`([^\`]+)\``, 'm').exec(section)?.[1];
  if (value === undefined) throw new Error(`no row ${name} in the vector`);
  return value;
}

const vector = {
  secret: row('secret'),
  id: row('`webhook-id`'),
  timestamp: row('`webhook-timestamp`'),
  body: row('body'),
  signature: row('`webhook-signature`'),
  previous: row('previous secret, during a rotation'),
  rotation: row('`webhook-signature` during that rotation'),
};
const at = Number(vector.timestamp);
const OTHER = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;

/** The vector as a receiver gets it, with the receiver's clock at its timestamp, changed by `change`. */
function received(change: Partial<ReceivedMessage> & { header?: Record<string, string> } = {}): ReceivedMessage {
  const headers = { 'webhook-id': vector.id, 'webhook-timestamp': vector.timestamp, 'webhook-signature': vector.signature };
  return { body: vector.body, secrets: vector.secret, now: at, ...change, headers: { ...headers, ...change.header } };
}

/** A message the service's signer signed with `secret` (the body need not be a message). */
function signedBody(body: string | Buffer, secret = vector.secret): ReceivedMessage {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return received({ body, header: { 'webhook-signature': signature(secret, vector.id, at, text) } });
}

describe('the test vector of docs/webhooks.md', () => {
  it("is what the service's signer makes, alone and with the previous secret during a rotation", () => {
    expect(signature(vector.secret, vector.id, at, vector.body)).toBe(vector.signature);
    expect([vector.secret, vector.previous].map((secret) => signature(secret, vector.id, at, vector.body)).join(' ')).toBe(vector.rotation);
    expect(new Date(at * 1000).toISOString().replace('.000', '')).toBe(section.match(/`\d+` \((\S+)\)/)?.[1]);
    expect(section).toContain(`(${Buffer.byteLength(vector.body)} bytes, no line break at the end)`);
    expect([...Buffer.from(vector.secret.slice('whsec_'.length), 'base64')]).toEqual([...Array(32).keys()]);
  });

  it('comes with the Python verifier shown exactly as examples/verify_webhook.py, the file the tests run', () => {
    expect(doc).toContain(`\`\`\`python\n${readFileSync(PYTHON_VERIFIER, 'utf8')}\`\`\``);
  });
});

describe.runIf(pythonThere())('examples/verify_webhook.py beside verifyWebhook', () => {
  it('both accept the vector, and refuse each change of it for the same reason', async () => {
    const cases: NamedCase[] = [
      ['as given', received(), 'accepted'],
      [
        'header names in capitals',
        {
          ...received(),
          headers: { 'Webhook-Id': vector.id, 'WEBHOOK-TIMESTAMP': vector.timestamp, 'Webhook-Signature': vector.signature },
        },
        'accepted',
      ],
      ['5 minutes later', received({ now: at + 300 }), 'accepted'],
      ['5 minutes earlier', received({ now: at - 300 }), 'accepted'],
      ['a second more later', received({ now: at + 301 }), 'timestamp_too_old'],
      ['a second more earlier', received({ now: at - 301 }), 'timestamp_too_new'],
      ['rotation, the new secret', received({ header: { 'webhook-signature': vector.rotation } }), 'accepted'],
      [
        'rotation, the previous secret',
        received({ header: { 'webhook-signature': vector.rotation }, secrets: vector.previous }),
        'accepted',
      ],
      ['a receiver given both secrets', received({ secrets: [OTHER, vector.secret] }), 'accepted'],
      ['an entry of another scheme beside it', received({ header: { 'webhook-signature': `v2,abc ${vector.signature}` } }), 'accepted'],
      ['a changed body', received({ body: vector.body.replace('"endpoint_id":1', '"endpoint_id":2') }), 'invalid_signature'],
      ['a line break after the body', received({ body: `${vector.body}\n` }), 'invalid_signature'],
      ['a changed webhook-id', received({ header: { 'webhook-id': `${vector.id}x` } }), 'invalid_signature'],
      ['a changed timestamp', received({ header: { 'webhook-timestamp': String(at + 1) } }), 'invalid_signature'],
      ['a wrong secret', received({ secrets: OTHER }), 'invalid_signature'],
      ['the previous secret alone, outside a rotation', received({ secrets: vector.previous }), 'invalid_signature'],
      ['the signature as v2', received({ header: { 'webhook-signature': vector.signature.replace('v1,', 'v2,') } }), 'invalid_signature'],
      ['no webhook-signature', received({ header: { 'webhook-signature': '' } }), 'missing_headers'],
      ['a timestamp with a fraction', received({ header: { 'webhook-timestamp': `${at}.5` } }), 'invalid_timestamp'],
      ['no secret', received({ secrets: [] }), 'invalid_secret'],
      ['a secret that is not base64', received({ secrets: 'whsec_not base64!' }), 'invalid_secret'],
      ['signed, but not JSON', signedBody('not json'), 'invalid_body'],
      ['signed, a changes message without its chain', signedBody('{"type":"changes","data":{}}'), 'invalid_body'],
      ['signed, a type of a later version', signedBody('{"type":"later","data":{}}'), 'accepted'],
    ];
    const result = await verifyCases(cases);
    expect(result.python).toEqual(result.expected);
    expect(result.typescript).toEqual(result.expected);
    expect(result.verdicts.python[0]).toEqual({ message: JSON.parse(vector.body) });
    expect(result.verdicts.typescript[0]).toEqual(result.verdicts.python[0]);
  });

  it('both check the bytes as received: UTF-8 text is signed as its bytes, and the same text in Latin-1 fails', async () => {
    const body = JSON.stringify({ type: 'ping', timestamp: '2026-06-01T12:00:30Z', data: { endpoint_id: 1, note: 'Jürg, Zoë' } });
    const utf8 = signedBody(Buffer.from(body, 'utf8'));
    const latin1 = { ...utf8, body: Buffer.from(body, 'latin1') };
    const { python, typescript } = await bothVerify([utf8, latin1]);
    expect(python).toEqual([{ message: JSON.parse(body) }, { reason: 'invalid_signature' }]);
    expect(typescript).toEqual(python);
  });
});
