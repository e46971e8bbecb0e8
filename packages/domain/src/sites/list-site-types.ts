import { ListTenantRows } from '../shared/list-tenant-rows';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import type { SiteType, SiteTypeRepository } from './site-type';

/** Site types by id: every key of this order is an id, so a hint's key is the id as text. */
const idKey = (key: string) => /^[1-9]\d{0,9}$/.test(key);

/** `GET /site-types/` (docs/channel-managers.md): the tenant's pitch types in id order. */
export class ListSiteTypes extends ListTenantRows<SiteType> {
  constructor(types: SiteTypeRepository, snapshots: ReadSnapshots = noReadSnapshots) {
    super('sites:read', types, (type) => ({ key: String(type.id), id: type.id }), idKey, snapshots);
  }
}
