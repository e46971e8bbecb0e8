import type { SecretHasher } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { BcryptSecretHasher } from '../src/adapters/bcrypt-secret-hasher';
import { postgresDatabase, postgresUrl } from './support/backends';
import { API, get, useServers } from './support/hardening-server';

// docs/security.md: the failed-authentication limit holds under a concurrent burst, through real sockets against the
// server `campsite serve` starts.

const serve = useServers();

/** A hasher that counts its verifications and takes as long as a production bcrypt check, relative to a burst. */
class CountingHasher implements SecretHasher {
  verifications = 0;
  private readonly bcrypt = new BcryptSecretHasher(4, 'a test pepper of at least thirty-two characters');
  hash(secret: string) {
    return this.bcrypt.hash(secret);
  }
  async verify(secret: string, hash: string) {
    this.verifications++;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return this.bcrypt.verify(secret, hash);
  }
  isCheaper(hash: string) {
    return this.bcrypt.isCheaper(hash);
  }
  fastVerifier(secret: string, hash: string) {
    return this.bcrypt.fastVerifier(secret, hash);
  }
  fastMatches(secret: string, hash: string, verifier: string) {
    return this.bcrypt.fastMatches(secret, hash, verifier);
  }
}

function wrongKey(i: number): string {
  return `Bearer ck_${String(i).padStart(5, 'w')}${'x'.repeat(24)}`;
}

describe.each([
  ['sqlite (memory limiter)', false],
  ['postgres (database limiter)', true],
])('a concurrent burst of wrong keys from one address [%s]', (_name, onPostgres) => {
  const adminUrl = postgresUrl();
  it.runIf(!onPostgres || adminUrl)(
    'lets at most AUTH_FAILURES_PER_MINUTE of 120 simultaneous requests reach the hasher',
    async () => {
      const hasher = new CountingHasher();
      let env: Record<string, string> = {};
      let cleanup: (() => Promise<void>) | undefined;
      if (onPostgres) {
        const database = await postgresDatabase(adminUrl!);
        env = { DATABASE_URL: database.url };
        cleanup = database.drop;
      }
      const { port, demoKey } = await serve(
        { ...env, AUTH_FAILURES_PER_MINUTE: '60' },
        { secretHasher: hasher, ...(cleanup ? { cleanup } : {}) },
      );
      // The limit counts per fixed minute of the clock (docs/api-behaviour.md §4): a burst across a minute's end meets
      // two windows, and may pass twice the limit. Start it well inside one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
      const before = hasher.verifications;
      const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => get(port, `${API}/sites/`, { Authorization: wrongKey(i) })));
      expect(hasher.verifications - before).toBeLessThanOrEqual(60);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(hasher.verifications - before);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(120 - (hasher.verifications - before));
      // Another client's first request is not held up by the burst, nor refused for it.
      expect((await get(port, `${API}/sites/`, { Authorization: `Bearer ${demoKey}` }, '127.0.0.2')).status).toBe(200);
    },
    60_000,
  );
});
