import {
  type Change,
  type ChangeRenderer,
  type ChangeType,
  type ChangedRecord,
  READ_SCOPE_OF,
  type ReadChanges,
  formatDateTime,
} from '@campsite/domain';
import type { z } from 'zod';
import { bookingJson, customerJson, invoiceJson, siteJson } from '../presenters';
import { extraJson, siteTypeJson } from '../selling-presenters';
import type { changeSchema } from '../schemas/responses.schema';
import { encodeQuery, groupQuery, lastValue } from '../drf-compat/urlencode';
import { originOf } from '../public-origin';
import { readPageSize } from '../drf-compat/paging';
import { jsonAnswer } from '../send-json';
import { type Resource, queryOf, resource } from './endpoint';

type FeedObject = NonNullable<z.output<typeof changeSchema>['object']>;

/** Each type's record as its list renders it; the feed stores each type's own record under its type. */
const RENDER: { [T in ChangeType]: (record: never) => FeedObject } = {
  booking: bookingJson,
  site: siteJson,
  customer: customerJson,
  invoice: invoiceJson,
  site_type: siteTypeJson,
  extra: extraJson,
};

/** A change as the feed shows it: the record exactly as its list renders it, null once deleted (docs/change-feed.md). */
function changeJson(change: Change): z.output<typeof changeSchema> {
  const render = RENDER[change.type] as (record: ChangedRecord) => FeedObject;
  const object = change.record === null ? null : render(change.record);
  return { type: change.type, id: change.id, deleted: change.deleted, changed_at: formatDateTime(change.changedAt), object };
}

/** The webhook sender's entries: the same as the feed's, so push and pull carry the same (docs/webhooks.md). */
export const feedChangeRenderer: ChangeRenderer = { render: changeJson };

/** `GET /changes/`: any read scope; the use case narrows the types to those the key can read. */
export function changeResources(deps: { readChanges: ReadChanges }): { collection: Resource } {
  return {
    collection: resource({
      GET: {
        // Two types share `sites:read`: each scope once.
        scope: [...new Set(Object.values(READ_SCOPE_OF))],
        async handle(req, res, principal) {
          const query = queryOf(req);
          const page = await deps.readChanges.execute(principal, {
            after: lastValue(query, 'after'),
            pageSize: readPageSize(lastValue(query, 'page_size')),
          });
          let next: string | null = null;
          if (page.hasMore) {
            const groups = groupQuery(query);
            groups.set('after', [page.cursor]);
            next = `${originOf(res)}${req.path}?${encodeQuery(groups)}`;
          }
          // Never kept (not `cacheable`): what a page shows depends on the scopes of the key that asks.
          return jsonAnswer({ count: page.count, next, previous: null, cursor: page.cursor, results: page.changes.map(changeJson) });
        },
      },
    }),
  };
}
