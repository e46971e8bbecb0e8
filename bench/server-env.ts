/**
 * How every benchmark starts `campsite serve`, in one place so that all of pnpm bench's figures (bench/run.ts and
 * bench/webhooks.ts) come from servers set up alike.
 */
import { createServer } from 'node:net';

/** The server's environment: plain HTTP behind a trusted loopback "proxy", production settings, cost-12 keys. */
export function benchServerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TRUST_PROXY: 'loopback',
    // The config's ceiling; 16k requests/s per key is above anything one 2-core box serves.
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_FAILURES_PER_MINUTE: '1000000',
    BCRYPT_COST: '12',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extra,
  };
  delete env.TLS_CERT_FILE;
  delete env.TLS_KEY_FILE;
  return env;
}

/** A loopback port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
