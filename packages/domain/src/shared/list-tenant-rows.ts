import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/verify-api-key';
import { type ReadCache, noReadCache } from './fresh-read-cache';
import { type Cursor, type Page, type PageHint, type PageRequest, type PageWindow, followableHint, pageKey, pageWeight, paginate } from './pagination';

/** What an unfiltered list needs from its repository: a total and windows, both within one tenant. */
export interface TenantRows<T> {
  count(tenantId: number): Promise<number>;
  list(tenantId: number, window: PageWindow): Promise<T[]>;
}

/**
 * The shape every unfiltered list endpoint shares (sites, customers, invoices): check the scope, then page through the
 * caller's tenant in the repository's fixed order.
 */
export abstract class ListTenantRows<T> {
  protected constructor(
    readonly scope: Scope,
    private readonly rows: TenantRows<T>,
    private readonly cursorOf: (row: T) => Cursor,
    private readonly cache: ReadCache,
    /** Whether a hint's key can be a key of this list's order (see followableHint). */
    private readonly acceptsKey: (key: string) => boolean,
  ) {}

  async execute(principal: Principal, request: PageRequest, sentHint?: PageHint): Promise<Page<T>> {
    requireScope(principal, this.scope);
    const hint = followableHint(sentHint, this.acceptsKey);
    const { tenantId } = principal;
    return this.cache.read(principal, `${this.scope}?${pageKey(request, hint)}`, pageWeight, () =>
      paginate(request, hint, {
        count: () => this.rows.count(tenantId),
        list: (window) => this.rows.list(tenantId, window),
        cursorOf: this.cursorOf,
      }),
    );
  }
}
