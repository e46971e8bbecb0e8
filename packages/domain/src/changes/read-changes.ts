import type { Principal } from '../api-keys/api-key';
import { DomainError } from '../shared/domain-error';
import { CHANGE_TYPES, type Change, type ChangeFeedRepository, READ_SCOPE_OF } from './change-feed';

export interface ChangesRequest {
  /** The cursor of an earlier answer, as the client sent it; absent or empty: from the beginning. */
  after: string | undefined;
  /** Changes per page, as every list's `page_size` is read (at most MAX_PAGE_SIZE). */
  pageSize: number;
}

export interface ChangesPage {
  /** Changes after `after` that the key can see. */
  count: number;
  /** The position after the last change of this page (after `after` itself when there is none), for `after`. */
  cursor: string;
  hasMore: boolean;
  changes: Change[];
}

// A cursor is the tenant's feed token and a position. Clients treat it as opaque; the token makes a cursor of another
// tenant (or of a tenant since emptied and imported again) an error rather than a silent wrong answer.
const CURSOR = /^([0-9a-f]{32})-([0-9]{1,15})$/;

function invalidCursor(): DomainError {
  return new DomainError('invalid_cursor');
}

/** Reads a feed cursor (absent or empty: the beginning); throws `invalid_cursor` when malformed. */
export function readCursor(raw: string | undefined): { token: string | null; position: number } {
  if (raw === undefined || raw === '') return { token: null, position: 0 };
  const match = CURSOR.exec(raw);
  if (!match) throw invalidCursor();
  return { token: match[1]!, position: Number(match[2]) };
}

/** The cursor of `position` in the feed of the tenant whose token is `token`. */
export function formatCursor(token: string, position: number): string {
  return `${token}-${position}`;
}

/**
 * `GET /changes/` (docs/change-feed.md): the tenant's changes in commit order, of the types the key can read. A key
 * without any read scope is refused.
 */
export class ReadChanges {
  constructor(private readonly feed: ChangeFeedRepository) {}

  async execute(principal: Principal, request: ChangesRequest): Promise<ChangesPage> {
    const types = CHANGE_TYPES.filter((type) => principal.scopes.includes(READ_SCOPE_OF[type]));
    if (types.length === 0) throw new DomainError('permission_denied');
    const after = readCursor(request.after);
    const batch = await this.feed.read(principal.tenantId, after.position, types, request.pageSize);
    if (after.token !== null && after.token !== batch.token) throw invalidCursor();
    const last = batch.changes.at(-1)?.position ?? after.position;
    return { count: batch.count, cursor: `${batch.token}-${last}`, hasMore: batch.count > batch.changes.length, changes: batch.changes };
  }
}
