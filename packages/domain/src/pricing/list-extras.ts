import { ListTenantRows } from '../shared/list-tenant-rows';
import { type ReadSnapshots, noReadSnapshots } from '../shared/read-snapshots';
import { EXTRA_CODE_PATTERN } from './tariff';
import type { ExtraRecord, ExtraRepository } from './tariff-repository';

/** `GET /extras/` (docs/channel-managers.md): the tenant's extras in code order. */
export class ListExtras extends ListTenantRows<ExtraRecord> {
  constructor(extras: ExtraRepository, snapshots: ReadSnapshots = noReadSnapshots) {
    super(
      'rates:read',
      extras,
      (extra) => ({ key: extra.code, id: extra.id }),
      (key) => EXTRA_CODE_PATTERN.test(key),
      snapshots,
    );
  }
}
