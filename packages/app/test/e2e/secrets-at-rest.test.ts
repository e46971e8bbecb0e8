import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_FIXTURE, type ServeProcess, cliEnv, describeOnBackends, https, runCli, startServe, workDirectory } from './harness';
import { type Received, otherProgram, startReceiver, until } from './support/webhook-receiver';

// docs/security.md, "Secrets at rest", and docs/operations.md, "Server secrets": webhook signing secrets are sealed
// in the database, a backup shows none, and `campsite secrets rotate` moves them to a new key while messages keep
// verifying.

const API = '/api/v1/public';
const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 0xb).toString('base64url');

describeOnBackends('webhook signing secrets at rest', (backend) => {
  let server: ServeProcess;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let cwd: string;
  let databaseUrl: string;
  let baseEnv: NodeJS.ProcessEnv;
  let key: string;
  let secret: string;
  let renames = 0;

  const serveWith = async (secretsKey: string) => {
    await server?.stop();
    server = await startServe({ ...baseEnv, SECRETS_KEY: secretsKey }, cwd);
  };
  const api = (path: string, options: { method?: string; body?: unknown } = {}) =>
    https(`${server.url}${API}/${path}`, { key, ...options });
  const verifies = (received: Received) => {
    try {
      new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };
  /** A plain-SQL write, and until the receiver accepted a message after it. */
  const changeAndDeliver = async () => {
    const before = receiver.received.length;
    const other = await otherProgram(databaseUrl);
    await other.run(`UPDATE sites SET name = 'Renamed ${++renames}' WHERE tenant_id = 1 AND id = 1`);
    await other.close();
    await until('a delivery', () => receiver.received.length > before, 20_000).catch((error) => {
      throw new Error(`${error}\n${server.stdout().slice(-3000)}\n${server.stderr().slice(-2000)}`);
    });
  };
  /** Everything a backup of the database holds, as text. */
  const backup = () => {
    if (databaseUrl.startsWith('sqlite:')) {
      const file = databaseUrl.slice('sqlite:'.length);
      const dir = join(file, '..');
      return readdirSync(dir)
        .filter((name) => name.startsWith('campsite.db'))
        .map((name) => readFileSync(join(dir, name)).toString('latin1'))
        .join('\n');
    }
    return execFileSync('pg_dump', ['--data-only', databaseUrl], { encoding: 'utf8' });
  };

  beforeAll(async () => {
    cwd = workDirectory();
    receiver = await startReceiver();
    const caFile = join(cwd, 'receiver-ca.pem');
    writeFileSync(caFile, receiver.ca);
    databaseUrl = await backend().freshDatabase();
    baseEnv = cliEnv(databaseUrl, { NODE_EXTRA_CA_CERTS: caFile, WEBHOOK_ALLOW_LOOPBACK: '1', WEBHOOK_TIMEOUT_MS: '2000' });
    expect((await runCli(['import', SAMPLE_FIXTURE], { ...baseEnv, SECRETS_KEY: KEY_A }, cwd)).code).toBe(0);
    const created = await runCli(
      ['keys', 'create', '--tenant', 'alpenblick', '--name', 'hooks', '--scopes', 'sites:read,webhooks:manage'],
      baseEnv,
      cwd,
    );
    key = created.stdout.trim();
    await serveWith(KEY_A);
  });

  afterAll(async () => {
    await server?.stop();
    receiver?.server.closeAllConnections();
    receiver?.server.close();
  });

  it('keeps the secret out of the database and its backup, and signs with it', async () => {
    const created = await api('webhook-endpoints/', { method: 'POST', body: { url: receiver.url, after: '' } });
    expect(created.status).toBe(201);
    secret = created.body.secret;
    await changeAndDeliver();
    expect(receiver.received.every(verifies)).toBe(true);
    const dump = backup();
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret.slice('whsec_'.length));
    expect(dump).toMatch(/sealed:v1:/);
  });

  it('rotates the sealing key while serving: messages verify before, during and after', async () => {
    await serveWith(`${KEY_B},${KEY_A}`);
    await changeAndDeliver();
    const rotated = await runCli(['secrets', 'rotate'], { ...baseEnv, SECRETS_KEY: `${KEY_B},${KEY_A}` }, cwd);
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toBe('re-sealed the signing secrets of 1 webhook endpoint under the first key\n');
    await changeAndDeliver();
    await serveWith(KEY_B);
    await changeAndDeliver();
    expect(receiver.received.length).toBeGreaterThanOrEqual(4);
    expect(receiver.received.every(verifies)).toBe(true);
    expect(backup()).not.toContain(secret);
  });

  it('refuses to rotate with a key that cannot open them, saying so in one line, and changes nothing', async () => {
    const failed = await runCli(['secrets', 'rotate'], { ...baseEnv, SECRETS_KEY: KEY_A }, cwd);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^campsite: 1 signing secret could not be opened .*SECRETS_KEY.*\n$/);
    expect(failed.stderr).not.toContain(KEY_A);
    await changeAndDeliver();
    expect(receiver.received.at(-1) && verifies(receiver.received.at(-1)!)).toBe(true);
  });

  it('never echoes a refused key', async () => {
    const bad = await runCli(['migrate'], { ...baseEnv, SECRETS_KEY: 'not-a-key-at-all' }, cwd);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'campsite: configuration error: SECRETS_KEY: key 1 must be 32 bytes, as 64 hex digits or 43 characters of base64\n',
    );
  });
});
