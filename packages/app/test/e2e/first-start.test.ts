import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServeProcess, cliEnv, describeOnBackends, https, plainLines, runCli, startServe, workDirectory } from './harness';

describeOnBackends('campsite serve on an empty database', (backend) => {
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  let first: ServeProcess;

  beforeAll(async () => {
    // This server makes the development certificate itself (docs/operations.md).
    cwd = workDirectory({ devCertificate: false });
    env = cliEnv(await backend().freshDatabase());
    first = await startServe(env, cwd);
  });

  afterAll(async () => {
    await first?.stop('SIGKILL');
  });

  it('seeds the demo tenant and prints a fresh key once, with a curl line that works as printed', async () => {
    const banner = plainLines(first.stdout());
    const keys = first.stdout().match(/ck_[A-Za-z0-9]{29}/g) ?? [];
    // The key appears on its own line and in the curl line, and nowhere else.
    expect(new Set(keys).size).toBe(1);
    const key = keys[0]!;
    const curl = banner.find((line) => line.trim().startsWith('curl '))?.trim();
    expect(curl).toBe(`curl -k -H "Authorization: Bearer ${key}" ${first.url}/api/v1/public/bookings/`);

    const [, header, url] = /-H "([^"]+)" (\S+)$/.exec(curl!) ?? [];
    const response = await https(url!, { key: header!.replace('Authorization: Bearer ', '') });
    expect(response.status).toBe(200);
    expect(response.body.count).toBeGreaterThanOrEqual(35);
    expect(new Set(response.body.results.map((b: any) => b.status))).toEqual(
      new Set(['pending', 'confirmed', 'cancelled', 'completed', 'no_show']),
    );

    for (const path of ['sites', 'customers', 'invoices']) {
      const list = await https(`${first.url}/api/v1/public/${path}/`, { key });
      expect(list.status, path).toBe(200);
      expect(list.body.count, path).toBeGreaterThan(10);
    }
    const keyList = await runCli(['keys', 'list', '--tenant', 'demo'], env, cwd);
    expect(keyList.stdout).toContain(key.slice(0, 8));
    expect(keyList.stdout).toContain('bookings:read,bookings:write,sites:read,customers:read,invoices:read');
  });

  it('generated a self-signed certificate for 127.0.0.1 into ./data, with a warning', async () => {
    const cert = readFileSync(join(cwd, 'data', 'dev-cert.pem'), 'utf8');
    expect(statSync(join(cwd, 'data', 'dev-key.pem')).mode & 0o777).toBe(0o600);
    // Verifying against the generated certificate proves it names the address we connect to.
    const health = await https(`${first.url}/healthz`, { ca: cert });
    expect(health.status).toBe(200);
    expect(first.stdout()).toMatch(/"level":40.*generated a self-signed development certificate/);
  });

  it('logs one JSON line per request with its request id and never the Authorization header', async () => {
    const key = first.stdout().match(/ck_[A-Za-z0-9]{29}/)![0];
    const response = await https(`${first.url}/api/v1/public/sites/`, { key });
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    const lines = first
      .stdout()
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 200 });
    const logLines = first
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(key.slice(8));
  });

  it('on the next start seeds nothing, prints no key and reuses the certificate', async () => {
    const certBefore = readFileSync(join(cwd, 'data', 'dev-cert.pem'), 'utf8');
    expect(await first.stop()).toBe(0);
    const second = await startServe(env, cwd);
    try {
      expect(second.stdout()).not.toMatch(/ck_[A-Za-z0-9]{29}/);
      expect(plainLines(second.stdout())).toEqual([`listening on ${second.url}`]);
      expect(readFileSync(join(cwd, 'data', 'dev-cert.pem'), 'utf8')).toBe(certBefore);
      expect(second.stdout()).toMatch(/"level":40.*self-signed development certificate/);
      expect((await https(`${second.url}/healthz`, { ca: certBefore })).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
