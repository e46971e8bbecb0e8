import { DomainError } from '../shared/domain-error';
import type { Principal } from './api-key';
import type { Scope } from './scopes';

/** What an operation asks of a key: one scope, or a list of which any one will do. */
export type RequiredScope = Scope | readonly Scope[];

/** Whether the principal holds `scope`, or one of the scopes of a list. */
export function holdsScope(principal: Principal, scope: RequiredScope): boolean {
  return typeof scope === 'string' ? principal.scopes.includes(scope) : scope.some((one) => principal.scopes.includes(one));
}

/** Throws `permission_denied` unless the principal holds `scope` (docs/authentication.md, "Scopes"). */
export function requireScope(principal: Principal, scope: string): void {
  if (!principal.scopes.some((held) => held === scope)) throw new DomainError('permission_denied');
}
