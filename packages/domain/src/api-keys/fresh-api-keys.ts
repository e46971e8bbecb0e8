import type { DataVersions } from '../shared/data-versions';
import type { ApiKey } from './api-key';
import type { ApiKeyRepository, KeptApiKey, NewApiKey } from './api-key-repository';

const DEFAULT_ENTRIES = 10_000;

/**
 * The key row that every request reads, kept in memory while its tenant's key stamp is unchanged. A revocation, or
 * any other committed change to the tenant's keys, changes that stamp, so the very next request reads the row again
 * (docs/api-behaviour.md §1); expiry is a comparison with the clock, which the verifier makes on every request anyway.
 * A booking written by anyone moves only the data stamp, and the row stays kept (docs/architecture.md, "Admission").
 *
 * The key comes back with the data stamp read in the same step, which the verifier hands on in the Principal: the
 * reads of the same request then need no stamp of their own (one round trip less per request on Postgres).
 */
export class FreshApiKeys implements ApiKeyRepository {
  private readonly found = new Map<string, KeptApiKey>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly versions: DataVersions,
    private readonly maxEntries = DEFAULT_ENTRIES,
  ) {}

  async findByPrefix(prefix: string): Promise<ApiKey | null> {
    const entry = this.found.get(prefix);
    // The stamp to read is the key's tenant's, known from a row; a row is kept only when read after that stamp.
    let tenantId = entry?.tenantId;
    if (tenantId === undefined) {
      const first = await this.keys.findByPrefix(prefix);
      if (first === null) return null;
      tenantId = first.tenantId;
    }
    const { data: stamp, keys: keyStamp } = await this.versions.stampsOf(tenantId);
    if (entry !== undefined && entry.keyStamp === keyStamp) {
      if (entry.stamp === stamp) return entry;
      const current = { ...entry, stamp };
      this.found.set(prefix, current);
      return current;
    }
    const key = await this.keys.findByPrefix(prefix);
    if (key === null || key.tenantId !== tenantId) {
      this.found.delete(prefix);
      return key;
    }
    const checked = { ...key, stamp, keyStamp };
    this.remember(prefix, checked);
    return checked;
  }

  async findKept(prefix: string): Promise<KeptApiKey | undefined> {
    return this.found.get(prefix);
  }

  listByTenant(tenantId: number): Promise<ApiKey[]> {
    return this.keys.listByTenant(tenantId);
  }

  create(key: NewApiKey): Promise<ApiKey> {
    return this.keys.create(key);
  }

  revoke(tenantId: number, prefix: string, at: Date): Promise<boolean> {
    return this.keys.revoke(tenantId, prefix, at);
  }

  replaceSecretHash(keyId: number, current: string, next: string): Promise<boolean> {
    return this.keys.replaceSecretHash(keyId, current, next);
  }

  touchLastUsed(keyId: number, at: Date): Promise<void> {
    return this.keys.touchLastUsed(keyId, at);
  }

  private remember(prefix: string, key: KeptApiKey): void {
    this.found.delete(prefix);
    if (this.found.size >= this.maxEntries) {
      const oldest = this.found.keys().next().value;
      if (oldest !== undefined) this.found.delete(oldest);
    }
    this.found.set(prefix, key);
  }
}
