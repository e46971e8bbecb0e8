/** The five scopes of v1 (spec, Authentication §4). A key holds any subset. */
export const SCOPES = ['bookings:read', 'bookings:write', 'sites:read', 'customers:read', 'invoices:read'] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
