import type { Scope } from './scopes';
import type { ApiKey } from './api-key';

export interface NewApiKey {
  tenantId: number;
  name: string;
  prefix: string;
  secretHash: string;
  /** The fast verifier of the new secret, when the caller knows the secret (a key made here, or imported raw). */
  fastVerifier?: string | null;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt?: Date | null;
}

export interface ApiKeyRepository {
  /** The key with this prefix, whatever its tenant or state, or null. Served by an index: called on every request. */
  findByPrefix(prefix: string): Promise<ApiKey | null>;
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
  /**
   * Stores the key's fast verifier, only while its stored hash is still `secretHash` (compare and set): a verifier is
   * never stored beside a hash it was not made for. Returns whether it was stored.
   */
  storeFastVerifier(keyId: number, secretHash: string, verifier: string): Promise<boolean>;
  /** Records a use of the key. Callers throttle this (at most once a minute per key). */
  touchLastUsed(keyId: number, at: Date): Promise<void>;
}
