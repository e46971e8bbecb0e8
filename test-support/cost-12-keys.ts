/**
 * API keys hashed at bcrypt cost 12, as production makes them, for the suites and the bench that restart a server
 * under many keys (docs/security.md, "Fast verification").
 *
 * A cost-12 hash is about 190 ms of CPU: 200 keys are 38 s of it, 2,000 keys over six minutes. So the hashes are made
 * beforehand, once, side by side on the libuv pool (`hashKeys`), and every database gets the keys through the import's
 * own code path (`importKeys`: the `campsite import` function, docs/import-format.md) with a hasher that hands out
 * those hashes instead of hashing each secret again. Everything else is the real hasher's: the fast verifier stored
 * beside each hash is made under the server's pepper, so a server that starts on the database checks the keys exactly
 * as it checks keys that `keys create` or an import made.
 */
import { randomInt } from 'node:crypto';
import {
  BcryptSecretHasher,
  type ContainerOptions,
  createContainer,
  importDependencies,
  importFixture,
  loadConfig,
  readFixture,
} from '@campsite/app';

type SecretHasher = NonNullable<ContainerOptions['secretHasher']>;

/** A raw key and the bcrypt hash of its secret (the 24 characters after its 8-character prefix). */
export interface HashedKey {
  token: string;
  secretHash: string;
}

/** A tenant of the keys' import: its slug and the keys it holds, each with `scopes`. */
export interface KeyTenant {
  slug: string;
  keys: HashedKey[];
  scopes: string[];
}

const PREFIX_LENGTH = 8;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `count` fresh raw keys (`ck_` and 29 characters from a CSPRNG), no two with the same public prefix. */
export function newTokens(count: number): string[] {
  const prefixes = new Set<string>();
  const tokens: string[] = [];
  while (tokens.length < count) {
    const token = `ck_${Array.from({ length: 29 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('')}`;
    if (prefixes.has(token.slice(0, PREFIX_LENGTH))) continue;
    prefixes.add(token.slice(0, PREFIX_LENGTH));
    tokens.push(token);
  }
  return tokens;
}

/** Each token's secret hashed at `cost` by the production hasher, all at once: the libuv pool runs them side by side. */
export async function hashKeys(tokens: string[], cost: number): Promise<HashedKey[]> {
  // The pepper plays no part in a bcrypt hash; the hasher only needs one to exist.
  const hasher = new BcryptSecretHasher(cost, 'hash-only'.padEnd(32, '-'));
  return Promise.all(tokens.map(async (token) => ({ token, secretHash: await hasher.hash(token.slice(PREFIX_LENGTH)) })));
}

/** The production hasher, except that `hash` hands out the hash made beforehand for each known secret. */
class HashedBeforehand implements SecretHasher {
  constructor(
    private readonly hashes: ReadonlyMap<string, string>,
    private readonly real: SecretHasher,
  ) {}

  async hash(secret: string): Promise<string> {
    const known = this.hashes.get(secret);
    // Only the keys given are imported: any other hash would mean a secret nobody hashed beforehand.
    if (known === undefined) throw new Error('a secret without a hash made beforehand');
    return known;
  }

  verify(secret: string, hash: string): Promise<boolean> {
    return this.real.verify(secret, hash);
  }

  isCheaper(hash: string): Promise<boolean> {
    return this.real.isCheaper(hash);
  }

  fastVerifier(secret: string, hash: string): string {
    return this.real.fastVerifier(secret, hash);
  }

  fastMatches(secret: string, hash: string, verifier: string): boolean {
    return this.real.fastMatches(secret, hash, verifier);
  }
}

/**
 * Migrates the database of `env` (DATABASE_URL) and imports `tenants` with their keys as raw tokens, as `campsite
 * import` does: each key stored with its hash and its fast verifier under `env`'s KEY_PEPPER (which must be set: the
 * server started on the database afterwards must use the same one). Logs go to stderr.
 */
export async function importKeys(env: NodeJS.ProcessEnv, tenants: KeyTenant[]): Promise<void> {
  const pepper = env.KEY_PEPPER;
  if (pepper === undefined) throw new Error('importKeys: set KEY_PEPPER, the pepper of the server that reads the keys');
  const config = loadConfig(env);
  const hashes = new Map(tenants.flatMap((t) => t.keys).map((k) => [k.token.slice(PREFIX_LENGTH), k.secretHash]));
  const secretHasher = new HashedBeforehand(hashes, new BcryptSecretHasher(config.bcryptCost, pepper));
  const container = await createContainer(config, { secretHasher, logDestination: 2 });
  try {
    await container.persistence.migrate();
    const fixture = readFixture({
      tenants: tenants.map((t) => ({
        slug: t.slug,
        name: `Camping ${t.slug}`,
        api_keys: t.keys.map((k, i) => ({ name: `key ${i + 1}`, scopes: t.scopes, token: k.token })),
      })),
    });
    await importFixture(fixture, importDependencies(container));
  } finally {
    await container.close();
  }
}

/** `keys` dealt out to `tenants` tenants named `${slug}-1`, `${slug}-2`, … in turn. */
export function spreadOver(keys: HashedKey[], tenants: number, slug: string, scopes: string[]): KeyTenant[] {
  return Array.from({ length: tenants }, (_, t) => ({
    slug: `${slug}-${t + 1}`,
    keys: keys.filter((_, i) => i % tenants === t),
    scopes,
  }));
}
