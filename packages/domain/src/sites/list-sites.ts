import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import { ListTenantRows } from '../shared/list-tenant-rows';
import type { Site, SiteRepository } from './site';

/** Site numbers are free text: every backend compares them byte for byte, so any key reads alike. */
const anySiteNumber = () => true;

/** Sites by site_number in byte order, then id. */
export class ListSites extends ListTenantRows<Site> {
  constructor(sites: SiteRepository, snapshots: ReadSnapshots = noReadSnapshots) {
    super('sites:read', sites, (site) => ({ key: site.siteNumber, id: site.id }), anySiteNumber, snapshots);
  }
}
