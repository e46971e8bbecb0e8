/**
 * The five scopes of v1 (spec, Authentication §4) and `webhooks:manage` of v1.1 (docs/webhooks.md). A key holds any
 * subset.
 */
export const SCOPES = ['bookings:read', 'bookings:write', 'sites:read', 'customers:read', 'invoices:read', 'webhooks:manage'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
