/**
 * The platform shape's data: many small campsites in ONE fixture file, each with 20 pitches, 60 bookings and one key
 * of every scope. The keys are migrated ones (a public prefix and the bcrypt hash of the secret, docs/import-format.md)
 * hashed here at cost 4, so that neither the import nor the server's first request of each of thousands of keys
 * spends a cost-12 check. The servers that read them run at BCRYPT_COST=4 too: a server at a higher cost re-hashes
 * a cheaper key at its own cost once the key verified (docs/security.md), which would cost every tenant a full check.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { KEY_ALPHABET } from './fixture-names';
import { JsonStream, totalOf, writeTenant } from './generate';
import { ROOT } from './options';
import { Rng } from './seeded';
import type { Fixture } from './server';
import type { TenantSpec } from './tenant-model';

export const PLATFORM_BCRYPT_COST = 4;
const PITCHES = 20;
const BOOKINGS = 60;
const PREFIX_LENGTH = 8;

type HashSync = (secret: string, options: { cost: number }) => string;
// bench/ is not a workspace package: the app's own bcrypt, as the server verifies with it.
const { hashSync } = createRequire(join(ROOT, 'packages/app/package.json'))('@node-rs/bcrypt') as { hashSync: HashSync };

export interface PlatformTenant {
  slug: string;
  /** The raw key a client sends. */
  token: string;
}

export interface PlatformFixture extends Fixture {
  tenants: PlatformTenant[];
  bytes: number;
}

/** Tenant `n`'s spec: its own seed, so that no two tenants hold the same bookings. */
function specOf(n: number): TenantSpec {
  return {
    slug: `camp-${String(n).padStart(5, '0')}`,
    name: `Camping ${n}`,
    bookings: BOOKINGS,
    sites: PITCHES,
    customers: 0,
    staff: 0,
    invoices: 0,
    seed: 100_000 + n,
  };
}

/** A key whose public prefix no earlier tenant of the file holds (an import refuses a repeated prefix). */
function uniqueToken(seed: number, taken: Set<string>): string {
  for (let attempt = 1; ; attempt++) {
    const token = `ck_${Rng.of(seed, 1, attempt).chars(KEY_ALPHABET, 29)}`;
    const prefix = token.slice(0, PREFIX_LENGTH);
    if (!taken.has(prefix)) {
      taken.add(prefix);
      return token;
    }
  }
}

export function generatePlatform(file: string, count: number): PlatformFixture {
  const out = new JsonStream(file);
  const taken = new Set<string>();
  const tenants: PlatformTenant[] = [];
  let totalRows = 0;
  out.write('{"tenants":[');
  for (let n = 1; n <= count; n++) {
    const spec = specOf(n);
    const token = uniqueToken(spec.seed, taken);
    const key = {
      prefix: token.slice(0, PREFIX_LENGTH),
      secret_hash: hashSync(token.slice(PREFIX_LENGTH), { cost: PLATFORM_BCRYPT_COST }),
    };
    if (n > 1) out.write(',\n');
    totalRows += totalOf(writeTenant(out, spec, key).rows);
    tenants.push({ slug: spec.slug, token });
  }
  out.write(']}\n');
  out.close();
  return { file, slug: `platform-${count}`, totalRows, tenants, bytes: out.bytes };
}
