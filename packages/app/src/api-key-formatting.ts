import { type ApiKey, formatDateTime } from '@campsite/domain';
import { alignColumns } from './text-table';

const COLUMNS = ['PREFIX', 'NAME', 'SCOPES', 'EXPIRES', 'REVOKED', 'LAST USED'] as const;

/**
 * `keys list` output: one aligned row per key under a header. It shows what an operator needs to rotate keys
 * (spec, Authentication §9) and, by construction, nothing secret: the hash is not among the columns.
 */
export function formatKeyTable(keys: readonly ApiKey[]): string {
  if (keys.length === 0) return 'no keys';
  const rows = keys.map((key) => [
    key.prefix,
    key.name,
    key.scopes.join(','),
    key.expiresAt ? formatDateTime(key.expiresAt) : 'never',
    key.revokedAt ? `yes (${formatDateTime(key.revokedAt)})` : 'no',
    key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never',
  ]);
  return alignColumns(COLUMNS, rows);
}

/** `keys list --json`: the same fields for scripts. */
export function keyListJson(keys: readonly ApiKey[]): string {
  return JSON.stringify(
    keys.map((key) => ({
      prefix: key.prefix,
      name: key.name,
      scopes: key.scopes,
      expires_at: key.expiresAt ? formatDateTime(key.expiresAt) : null,
      revoked: key.revokedAt !== null,
      revoked_at: key.revokedAt ? formatDateTime(key.revokedAt) : null,
      last_used_at: key.lastUsedAt ? formatDateTime(key.lastUsedAt) : null,
      created_at: formatDateTime(key.createdAt),
    })),
    null,
    2,
  );
}
