import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { loadTls } from '../src/tls';

function recordingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('loadTls', () => {
  it('generates a self-signed certificate for localhost and 127.0.0.1 once, reuses it, and warns each time', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'campsite-tls-'));
    const { logger, lines } = recordingLogger();
    const first = await loadTls(loadConfig({}), logger, cwd);
    const certFile = join(cwd, 'data', 'dev-cert.pem');
    const keyFile = join(cwd, 'data', 'dev-key.pem');
    expect(first?.cert).toBe(readFileSync(certFile, 'utf8'));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(first!.cert);
    expect(cert.subjectAltName).toContain('DNS:localhost');
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(cert.checkPrivateKey((await import('node:crypto')).createPrivateKey(first!.key))).toBe(true);

    const second = await loadTls(loadConfig({}), logger, cwd);
    expect(second).toEqual(first);
    const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/generated a self-signed development certificate/);
    expect(warnings[1]).toMatch(/self-signed development certificate/);
  });

  it('serves plain HTTP (no TLS material) when TRUST_PROXY is set', async () => {
    const { logger } = recordingLogger();
    expect(await loadTls(loadConfig({ TRUST_PROXY: 'loopback' }), logger, mkdtempSync(join(tmpdir(), 'campsite-tls-')))).toBeNull();
  });

  it('reads the configured PEM files', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'campsite-tls-'));
    const { logger } = recordingLogger();
    const generated = (await loadTls(loadConfig({}), logger, cwd))!;
    const config = loadConfig({ TLS_CERT_FILE: join(cwd, 'data', 'dev-cert.pem'), TLS_KEY_FILE: join(cwd, 'data', 'dev-key.pem') });
    expect(await loadTls(config, logger, mkdtempSync(join(tmpdir(), 'campsite-tls-')))).toEqual(generated);
  });

  it('names the variable when a configured file is missing or not PEM', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'campsite-tls-'));
    const { logger } = recordingLogger();
    const missing = loadConfig({ TLS_CERT_FILE: join(cwd, 'nope.pem'), TLS_KEY_FILE: join(cwd, 'nope-key.pem') });
    await expect(loadTls(missing, logger, cwd)).rejects.toThrow(/^TLS_CERT_FILE: cannot read .*nope\.pem \(ENOENT\)$/);
    writeFileSync(join(cwd, 'cert.pem'), 'not a certificate');
    writeFileSync(join(cwd, 'key.pem'), 'not a key');
    const garbage = loadConfig({ TLS_CERT_FILE: join(cwd, 'cert.pem'), TLS_KEY_FILE: join(cwd, 'key.pem') });
    await expect(loadTls(garbage, logger, cwd)).rejects.toBeInstanceOf(ConfigError);
  });
});
