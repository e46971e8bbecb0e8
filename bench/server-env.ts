/**
 * How every benchmark starts `campsite serve`, in one place so that all of pnpm bench's figures (bench/run.ts and
 * bench/webhooks.ts) come from servers set up alike.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

/**
 * The `campsite` command of the checkout at `root` as its `pnpm start` runs it (`exec node [V8 flags] BIN serve`), minus
 * the pnpm wrapper: one node process whose pid is the server's own.
 */
export function campsiteCommand(root: string, nodeFlags: string[] = []): { command: string; args: string[] } {
  const { flags, bin } = startScriptOf(root);
  return { command: process.execPath, args: [...flags, ...nodeFlags, join(root, bin)] };
}

/**
 * The one-shot commands (`import`, `keys create`) as `pnpm campsite …` runs them: the same bin under plain `node`,
 * without the server's V8 flags, which are set for a long-lived server's memory (docs/operations.md).
 */
export function campsiteToolCommand(root: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [join(root, startScriptOf(root).bin)] };
}

function startScriptOf(root: string): { flags: string[]; bin: string } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
  const match = script?.match(/^(?:exec\s+)?node\s+((?:--\S+\s+)*)(\S+\.js)\s+serve$/);
  if (!match?.[2]) throw new Error(`${root}: the start script is not "exec node [flags] BIN serve": ${script}`);
  return { flags: (match[1] ?? '').trim().split(/\s+/).filter(Boolean), bin: match[2] };
}
