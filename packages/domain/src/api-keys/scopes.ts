/**
 * The five scopes of v1 (docs/authentication.md), `webhooks:manage` of v1.1 (docs/webhooks.md) and `rates:read` of
 * v1.2 (docs/channel-managers.md). A key holds any subset.
 */
export const SCOPES = [
  'bookings:read',
  'bookings:write',
  'sites:read',
  'customers:read',
  'invoices:read',
  'webhooks:manage',
  'rates:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
