import type { Principal } from '../api-keys/api-key';
import type { Scope } from '../api-keys/scopes';
import { requireScope } from '../api-keys/verify-api-key';
import { type Page, type PageHint, type PageRequest, paginate } from '../shared/pagination';
import type { Site, SiteRepository } from './site';

export class ListSites {
  readonly scope: Scope = 'sites:read';

  constructor(private readonly sites: SiteRepository) {}

  async execute(principal: Principal, request: PageRequest, hint?: PageHint): Promise<Page<Site>> {
    requireScope(principal, this.scope);
    const { tenantId } = principal;
    return paginate(request, hint, {
      count: () => this.sites.count(tenantId),
      list: (window) => this.sites.list(tenantId, window),
      cursorOf: (site) => ({ key: site.siteNumber, id: site.id }),
    });
  }
}
