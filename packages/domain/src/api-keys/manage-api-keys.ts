import { DomainError } from '../shared/domain-error';
import { type RandomSource, randomString } from '../shared/random-source';
import type { Clock } from '../shared/clock';
import type { TenantRepository } from '../tenants/tenant';
import type { ApiKey } from './api-key';
import type { ApiKeyRepository } from './api-key-repository';
import type { Scope } from './scopes';
import type { SecretHasher } from './secret-hasher';

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MAX_PREFIX_ATTEMPTS = 5;
/** The public part of a key: `ck_` and the next five characters. */
const PREFIX_LENGTH = 8;

/** A fresh raw key: `ck_` + 29 characters of [A-Za-z0-9] from a CSPRNG. */
export function generateRawKey(random: RandomSource): string {
  return `ck_${randomString(random, KEY_ALPHABET, 29)}`;
}

/** A new key as it is stored (prefix, hash and fast verifier), with the raw key that only its creator ever sees. */
export interface DrawnApiKey {
  raw: string;
  prefix: string;
  secretHash: string;
  fastVerifier: string;
}

/** A fresh key whose prefix no stored key has, hashed, with its fast verifier. */
export async function drawApiKey(keys: ApiKeyRepository, hasher: SecretHasher, random: RandomSource): Promise<DrawnApiKey> {
  for (let attempt = 1; ; attempt++) {
    const raw = generateRawKey(random);
    const prefix = raw.slice(0, PREFIX_LENGTH);
    // Prefixes are global lookup keys; a clash (1 in 62^5 per key) just draws again.
    if ((await keys.findByPrefix(prefix)) && attempt < MAX_PREFIX_ATTEMPTS) continue;
    const secret = raw.slice(PREFIX_LENGTH);
    const secretHash = await hasher.hash(secret);
    // Its fast verifier from the start: a new key's first request costs no bcrypt check either.
    return { raw, prefix, secretHash, fastVerifier: hasher.fastVerifier(secret, secretHash) };
  }
}

/** The console's key management, driven from the CLI: create (raw key shown once), list, revoke. */
export class ManageApiKeys {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  /** Returns the raw key: the only time it exists outside the caller's hands. */
  async create(tenantSlug: string, name: string, scopes: Scope[], expiresAt: Date | null): Promise<{ raw: string; key: ApiKey }> {
    const tenant = await this.tenant(tenantSlug);
    const { raw, ...drawn } = await drawApiKey(this.keys, this.hasher, this.random);
    const key = await this.keys.create({ tenantId: tenant.id, name, scopes, expiresAt, ...drawn });
    return { raw, key };
  }

  async list(tenantSlug: string): Promise<ApiKey[]> {
    return this.keys.listByTenant((await this.tenant(tenantSlug)).id);
  }

  /**
   * Revokes the key named by its prefix or by the whole raw key (whose first 8 characters are the prefix). A key that
   * is already revoked is left as it is: the answer says so, with the time of the first revocation.
   */
  async revoke(tenantSlug: string, keyOrPrefix: string): Promise<{ prefix: string; alreadyRevokedAt: Date | null }> {
    const tenant = await this.tenant(tenantSlug);
    const prefix = keyOrPrefix.slice(0, PREFIX_LENGTH);
    const key = await this.keys.findByPrefix(prefix);
    const notFound = () => new DomainError('api_key_not_found', `no key with prefix "${prefix}" in tenant "${tenantSlug}"`);
    if (key === null || key.tenantId !== tenant.id) throw notFound();
    if (key.revokedAt !== null) return { prefix, alreadyRevokedAt: key.revokedAt };
    // Revoked between the read and here by someone else: revoking again keeps their time, and the outcome is the same.
    if (!(await this.keys.revoke(tenant.id, prefix, this.clock.now()))) throw notFound();
    return { prefix, alreadyRevokedAt: null };
  }

  private async tenant(slug: string) {
    const tenant = await this.tenants.findBySlug(slug);
    if (!tenant) throw new DomainError('tenant_not_found', `unknown tenant "${slug}"`);
    return tenant;
  }
}
