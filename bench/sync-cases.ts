/**
 * The mirror cases (docs/pagination-and-sync.md): how fast a mirror catches up on the change feed after 10,000 changes, and how long an
 * `updated_since` re-sync takes after 1% of the bookings changed. The changes are made as another program would make
 * them: plain SQL on a connection of the bench's own (the database records them; nothing goes through the API).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface SyncResult {
  feedChanges: number;
  feedPages: number;
  feedChangesPerSecond: number;
  resyncChanged: number;
  resyncPages: number;
  resyncMs: number;
}

type GetJson = (path: string) => Promise<{ status: number; body: any }>;

/** One SQL statement on a fresh connection of the adapters' own drivers; returns the rows it changed. */
async function runSql(root: string, databaseUrl: string, sql: string, params: unknown[]): Promise<number> {
  const load = createRequire(join(root, 'packages/adapters-sql/package.json'));
  if (databaseUrl.startsWith('sqlite:')) {
    const Database = load('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    try {
      db.pragma('busy_timeout = 10000');
      return db.prepare(sql).run(...params).changes;
    } finally {
      db.close();
    }
  }
  const pg = load('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let n = 0;
    return (
      (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rowCount ?? 0
    );
  } finally {
    await client.end();
  }
}

/** Follows `next` from `path` to the end; returns the pages, the results and the last cursor. */
async function follow(get: GetJson, path: string): Promise<{ pages: number; results: number; cursor: string | null }> {
  let next: string | null = path;
  let pages = 0;
  let results = 0;
  let cursor: string | null = null;
  while (next) {
    const { status, body } = await get(next);
    if (status !== 200) throw new Error(`${next}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    pages++;
    results += body.results.length;
    cursor = body.cursor ?? cursor;
    next = body.next ? `${new URL(body.next).pathname}${new URL(body.next).search}` : null;
  }
  return { pages, results, cursor };
}

export async function measureSync(
  root: string,
  databaseUrl: string,
  api: string,
  feedTenant: { slug: string; get: GetJson },
  resyncTenant: { slug: string; bookings: number; get: GetJson },
): Promise<SyncResult> {
  const tenantOf = '(SELECT id FROM tenants WHERE slug = ?)';
  // The feed: to its end once, then 10,000 bookings changed by SQL, then caught up from the stored cursor.
  const start = await follow(feedTenant.get, `${api}/changes/?page_size=200`);
  const changed = await runSql(
    root,
    databaseUrl,
    `UPDATE bookings SET status = status WHERE tenant_id = ${tenantOf} ` +
      `AND id IN (SELECT id FROM bookings WHERE tenant_id = ${tenantOf} ORDER BY id LIMIT 10000)`,
    [feedTenant.slug, feedTenant.slug],
  );
  const began = performance.now();
  const caught = await follow(feedTenant.get, `${api}/changes/?page_size=200&after=${start.cursor}`);
  const feedSeconds = (performance.now() - began) / 1000;
  if (caught.results !== changed) throw new Error(`feed catch-up: ${caught.results} results for ${changed} changes`);

  // updated_since: 1% of the bookings changed by SQL after a mark, then every page of the changed ones.
  const mark = new Date(Date.now() - 1).toISOString();
  const resyncChanged = await runSql(
    root,
    databaseUrl,
    `UPDATE bookings SET status = status WHERE tenant_id = ${tenantOf} AND id % 100 = 0`,
    [resyncTenant.slug],
  );
  const resyncBegan = performance.now();
  const resync = await follow(resyncTenant.get, `${api}/bookings/?page_size=200&updated_since=${encodeURIComponent(mark)}`);
  const resyncMs = performance.now() - resyncBegan;
  if (resync.results < resyncChanged) throw new Error(`updated_since re-sync: ${resync.results} results for ${resyncChanged} changes`);
  return {
    feedChanges: changed,
    feedPages: caught.pages,
    feedChangesPerSecond: Math.round(changed / feedSeconds),
    resyncChanged,
    resyncPages: resync.pages,
    resyncMs: Math.round(resyncMs),
  };
}
