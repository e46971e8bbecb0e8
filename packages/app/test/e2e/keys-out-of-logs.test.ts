import { mkdtempSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServeProcess, cliEnv, startServe, workDirectory } from './harness';

// docs/security.md, "Keys never reach a log line": a request of every kind, with a key planted in every input the
// service reads, against `campsite serve` logging at its most verbose; then no log line holds a key.

const API = '/api/v1/public';

/**
 * Sends `bytes` as they are over TLS (or plain TCP) and resolves with the answer once the server closes (every request
 * says `Connection: close`; an unfinished head is closed by the head timeout). The client never half-closes first.
 */
function exchange(port: number, bytes: string, options: { plain?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const onConnect = () => socket.write(bytes);
    const socket = options.plain
      ? netConnect({ host: '127.0.0.1', port }, onConnect)
      : tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, onConnect);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

describe('campsite serve keeps keys out of its logs', () => {
  let serve: ServeProcess;
  let demoKey: string;
  let port: number;

  beforeAll(async () => {
    const database = `sqlite:${join(mkdtempSync(join(tmpdir(), 'campsite-i11-logs-')), 'campsite.db')}`;
    serve = await startServe(cliEnv(database, { LOG_LEVEL: 'trace', HEADERS_TIMEOUT_MS: '1000' }), workDirectory());
    demoKey = /ck_[A-Za-z0-9]{29}/.exec(serve.stdout())![0];
    port = Number(new URL(serve.url).port);
  }, 90_000);

  afterAll(async () => {
    await serve?.stop('SIGKILL');
  });

  it('writes no key, escaped or not, into any log line of a request of any kind', async () => {
    const planted = demoKey;
    const fake = 'ck_PLANTzzzzzzzzzzzzzzzzzzzzzzzz';
    const secrets = [planted.slice(8), fake.slice(8)];
    const escaped = (key: string) => [...key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const head = (method: string, target: string, lines: string[]) =>
      `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${lines.map((l) => `${l}\r\n`).join('')}Connection: close\r\n`;
    const auth = `Authorization: Bearer ${planted}`;
    const everywhere = [
      `X-Request-Id: ${planted}`,
      `Cookie: session=${planted}`,
      `User-Agent: ${planted}`,
      `Referer: https://example.ch/?key=${planted}`,
      `X-Forwarded-For: ${planted}`,
      `X-Api-Key: ${fake}`,
    ];
    const body = JSON.stringify({
      site_id: 1,
      check_in_date: '2027-05-01',
      check_out_date: '2027-05-03',
      num_adults: 1,
      guest_first_name: planted,
      guest_email: `${planted}@x.ch`,
    });
    const requests: Array<[string, { plain?: boolean }?]> = [
      [`${head('GET', `${API}/bookings/?status=${planted}&cursor=${planted}&page=${fake}`, [auth, ...everywhere])}\r\n`],
      [`${head('GET', `${API}/bookings/${planted}/`, [auth, ...everywhere])}\r\n`],
      [`${head('GET', `${API}/bookings/ck%5F${planted.slice(3)}/`, [auth])}\r\n`],
      [`${head('GET', `${API}/bookings/${escaped(planted)}/`, [auth])}\r\n`],
      [`${head('GET', `${API}/${planted}/${escaped(fake)}`, [auth])}\r\n`],
      [`${head('GET', `${API}/sites/`, [`Authorization: Bearer ${fake}`, ...everywhere])}\r\n`],
      [`${head('GET', `${API}/sites/`, [`Authorization: ${planted}`])}\r\n`],
      [`${head('GET', `${API}/sites/`, [auth, `Authorization: Bearer ${fake}`])}\r\n`],
      [`${head('PUT', `${API}/sites/?k=${planted}`, [auth, ...everywhere])}\r\n`],
      [`${head('HEAD', `${API}/bookings/?k=${planted}`, [auth])}\r\n`],
      [
        `${head('POST', `${API}/bookings/?k=${planted}`, [
          auth,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          ...everywhere,
        ])}\r\n${body}`,
      ],
      [`${head('POST', `${API}/bookings/`, [auth, `Content-Type: text/${planted}`, 'Content-Length: 2'])}\r\n{}`],
      [
        `${head('POST', `${API}/bookings/`, [
          auth,
          'Content-Type: application/json',
          `Content-Length: ${planted.length + 1}`,
        ])}\r\n{${planted}`,
      ],
      [`GET ${API}/sites/ HTTP/1.1\r\nHost: ${planted}@evil.example\r\n${auth}\r\nConnection: close\r\n\r\n`],
      [`${head('GET', `/readyz?k=${planted}`, everywhere)}\r\n`],
      [`${head('GET', `${API}/sites/`, [auth, ...everywhere])}\r\n`, { plain: true }],
      [`GET /${planted} HTTP/1.1\r\nHost: localhost\r\nBroken header ${planted}\r\n\r\n`],
      [`GET ${API}/sites/?k=${planted} HTTP/1.1\r\nHost: localhost\r\n${auth}\r\n`],
    ];
    const answers: string[] = [];
    for (const [bytes, options] of requests) answers.push(await exchange(port, bytes, options));
    expect(answers.map((a) => Number(a.split(' ')[1]))).toEqual([
      404, 404, 404, 404, 404, 401, 401, 401, 405, 200, 201, 415, 400, 400, 200, 403, 400, 408,
    ]);

    await serve.stop('SIGTERM');
    const logLines = serve
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.filter((line) => JSON.parse(line).msg === 'request').length).toBeGreaterThanOrEqual(15);
    const logged = [...logLines, serve.stderr()].join('\n');
    for (const secret of secrets) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(secret.slice(0, 12));
    }
  }, 60_000);
});
