import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/required-scope';
import type { ReadSnapshots } from './read-snapshots';
import {
  type Cursor,
  type Page,
  type PageHint,
  type PageRequest,
  type PageWindow,
  type UpdatedSinceFilter,
  followableHint,
  paginate,
} from './pagination';

/** What a list needs from its repository: a total and windows, both within one tenant, under one filter. */
export interface TenantRows<T, F extends UpdatedSinceFilter> {
  count(tenantId: number, filter?: F): Promise<number>;
  list(tenantId: number, window: PageWindow, filter?: F): Promise<T[]>;
}

/**
 * The shape the sites, customers and invoices lists share: check the scope, then page through the caller's tenant in
 * the repository's fixed order, under the request's filter.
 */
export abstract class ListTenantRows<T, F extends UpdatedSinceFilter = UpdatedSinceFilter> {
  protected constructor(
    readonly scope: Scope,
    private readonly rows: TenantRows<T, F>,
    private readonly cursorOf: (row: T) => Cursor,
    /** Whether a hint's key can be a key of this list's order (see followableHint). */
    private readonly acceptsKey: (key: string) => boolean,
    private readonly snapshots: ReadSnapshots,
  ) {}

  async execute(principal: Principal, request: PageRequest, sentHint?: PageHint, filter?: F): Promise<Page<T>> {
    requireScope(principal, this.scope);
    const hint = followableHint(sentHint, this.acceptsKey);
    const { tenantId } = principal;
    // One snapshot: the page's count and rows of the same moment.
    return this.snapshots.consistent(() =>
      paginate(request, hint, {
        count: () => this.rows.count(tenantId, filter),
        list: (window) => this.rows.list(tenantId, window, filter),
        cursorOf: this.cursorOf,
      }),
    );
  }
}
