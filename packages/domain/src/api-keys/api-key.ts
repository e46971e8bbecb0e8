import type { Scope } from './scopes';

/** Raw form: `ck_` + 29 characters of [A-Za-z0-9]; the first 8 are the visible prefix, the last 24 the secret. */
export const API_KEY_LENGTH = 32;
export const API_KEY_PREFIX_LENGTH = 8;
export const API_KEY_PATTERN = /^ck_[A-Za-z0-9]{29}$/;

export interface ApiKey {
  id: number;
  tenantId: number;
  name: string;
  /** The first 8 characters of the raw key, stored in clear; unique across all tenants. */
  prefix: string;
  /** bcrypt hash of the 24-character secret. */
  secretHash: string;
  /**
   * The fast verifier of the secret (SecretHasher.fastVerifier), stored once the secret was proven against
   * `secretHash`, or when the key was made; null until then.
   */
  fastVerifier: string | null;
  scopes: Scope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/** The caller behind a verified key: everything a use case needs to scope and authorise a request. */
export interface Principal {
  tenantId: number;
  keyId: number;
  prefix: string;
  scopes: readonly Scope[];
}

/** Splits a raw key into prefix and secret, or null when it is not of the v1 shape. */
export function splitRawKey(raw: string): { prefix: string; secret: string } | null {
  if (!API_KEY_PATTERN.test(raw)) return null;
  return { prefix: raw.slice(0, API_KEY_PREFIX_LENGTH), secret: raw.slice(API_KEY_PREFIX_LENGTH) };
}

/** A key is inactive once revoked, or from the instant its expiry is reached. */
export function isKeyActive(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  if (key.revokedAt !== null) return false;
  return key.expiresAt === null || now.getTime() < key.expiresAt.getTime();
}
