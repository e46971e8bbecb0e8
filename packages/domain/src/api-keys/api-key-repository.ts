import type { DataStamp } from '../shared/data-versions';
import type { Scope } from './scopes';
import type { ApiKey } from './api-key';

export interface NewApiKey {
  tenantId: number;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt?: Date | null;
}

/** A key row served from memory, with the tenant's data stamp and key stamp it was read under (DataVersions.stampsOf). */
export type KeptApiKey = ApiKey & { stamp: DataStamp; keyStamp: DataStamp };

export interface ApiKeyRepository {
  /** The key with this prefix, whatever its tenant or state, or null. Served by an index: called on every request. */
  findByPrefix(prefix: string): Promise<ApiKey | null>;
  /**
   * The key as last read, with the tenant stamps it was read under, straight from memory and not checked against the
   * database; undefined when none is kept. Whatever uses it must confirm the key stamp (StampGuardedLimiter). Only a
   * repository that keeps rows (FreshApiKeys) has any; a store answers undefined.
   */
  findKept(prefix: string): Promise<KeptApiKey | undefined>;
  /** Keys of a tenant ordered by creation (oldest first, then id). */
  listByTenant(tenantId: number): Promise<ApiKey[]>;
  /** Stores a new key; throws DomainError `validation_failed` when the prefix is already taken. */
  create(key: NewApiKey): Promise<ApiKey>;
  /** Marks the key revoked at `at`. Returns false when no such key exists in that tenant. Idempotent. */
  revoke(tenantId: number, prefix: string, at: Date): Promise<boolean>;
  /**
   * Replaces the key's stored hash with `next`, only while it is still `current` (compare and set): a key that was
   * re-hashed, rotated or removed meanwhile is left alone. Returns whether it was replaced.
   */
  replaceSecretHash(keyId: number, current: string, next: string): Promise<boolean>;
  /** Records a use of the key. Callers throttle this (at most once a minute per key). */
  touchLastUsed(keyId: number, at: Date): Promise<void>;
}
