import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config';
import { loadTls } from '../../src/tls';

/** Where the run's development certificate is: a directory whose `data/` holds the pair, as a served directory's does. */
const DEV_CERTIFICATE_VARIABLE = 'CAMPSITE_TEST_DEV_CERTIFICATE';

/**
 * Vitest global setup of the app project: makes the development certificate once for the run, as `campsite serve`
 * makes it (src/tls.ts), for the end-to-end tests' work directories (harness.ts, workDirectory). An RSA key pair costs
 * about half a second of CPU, and each of the servers the suites start would otherwise make its own; first-start.test.ts
 * still has a server make one.
 */
export default async function makeDevCertificate(): Promise<(() => void) | undefined> {
  // The plain pass's project shares the first one's.
  if (process.env[DEV_CERTIFICATE_VARIABLE]) return undefined;
  const directory = mkdtempSync(join(tmpdir(), 'campsite-test-cert-'));
  await loadTls(loadConfig({ DATABASE_URL: 'sqlite::memory:' }), pino({ level: 'silent' }), directory);
  // Workers are spawned after this with a copy of this process's environment (test-support/global-setup.ts).
  process.env[DEV_CERTIFICATE_VARIABLE] = directory;
  return () => {
    delete process.env[DEV_CERTIFICATE_VARIABLE];
    rmSync(directory, { recursive: true, force: true });
  };
}

/**
 * A scratch directory for the end-to-end tests to start a process in. Its `./data` holds the run's development
 * certificate, which `serve` then uses instead of making one; `{ devCertificate: false }` leaves it empty, for a server
 * to make its own.
 */
export function workDirectory({ devCertificate = true } = {}): string {
  const directory = mkdtempSync(join(tmpdir(), 'campsite-e2e-'));
  const made = process.env[DEV_CERTIFICATE_VARIABLE];
  if (devCertificate && made) cpSync(join(made, 'data'), join(directory, 'data'), { recursive: true });
  return directory;
}
