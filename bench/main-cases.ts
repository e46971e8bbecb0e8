/**
 * The main server's read cases: the lists and details an integrator reads on the one large tenant, the first
 * request of a fresh key, polling, and the mirror's catch-up, all on the one server the run started for them.
 */
import { availabilityCases } from './availability-cases';
import type { MainContext } from './case-context';
import type { GeneratedTenant } from './generate';
import { baseHeaders, getJson, request, walkNext } from './harness';
import { detailCases, filteredListCases } from './integrator-cases';
import { hammer } from './load';
import { API, log, options, ROOT } from './options';
import { pdfCases } from './pdf-cases';
import { runToEnd } from './processes';
import type { ColdKeyResult } from './results';
import { campsiteToolCommand } from './server-env';
import { measureSync, type SyncResult } from './sync-cases';

const COLD_BURST = 50;

/**
 * A key's first request pays its hash check once, however many arrive together: a key made with the real `keys
 * create`, then 50 requests at once before any has been answered. If each of them ran its own cost-12 bcrypt check,
 * the last answer would come after about 50 x 190 ms of CPU spread over the bcrypt thread pool; with the check
 * shared, after about one.
 */
async function coldKeyBurst(base: string, databaseUrl: string, env: NodeJS.ProcessEnv, slug: string): Promise<ColdKeyResult> {
  const { command, args } = campsiteToolCommand(ROOT);
  const created = await runToEnd(
    'keys create',
    command,
    [...args, 'keys', 'create', '--tenant', slug, '--name', 'bench cold key', '--scopes', 'bookings:read'],
    { cwd: ROOT, env: { ...env, DATABASE_URL: databaseUrl }, timeoutMs: 60_000 },
  );
  const key = created.output.match(/^ck_[A-Za-z0-9]{29}$/m)?.[0];
  if (created.code !== 0 || !key) throw new Error(`keys create gave ${created.code}: ${created.output.slice(0, 300)}`);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: COLD_BURST }, () => getJson(base, `${API}/bookings/?page_size=1`, key).then((r) => r.status)),
  );
  const allAnsweredMs = Math.round(performance.now() - started);
  const statusCodes: Record<string, number> = {};
  for (const status of statuses) statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  return { concurrentRequests: COLD_BURST, allAnsweredMs, statusCodes };
}

/** Checks the import, pays the key's first check and the JIT's warm-up, then the fresh key's burst and the next-walk. */
export async function firstCases(
  ctx: MainContext,
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  slug: string,
): Promise<{ coldKey: ColdKeyResult; walk: { path: string; msPerPage: number } }> {
  const check = await ctx.get(`${API}/bookings/`);
  const count = (check.body as { count?: number }).count;
  if (check.status !== 200 || count !== options.bookings) {
    throw new Error(
      `sanity check: GET bookings page 1 gave ${check.status}, count ${String(count)}: ${JSON.stringify(check.body).slice(0, 300)}`,
    );
  }
  // Pays the first (cost-12) key verification and JIT warm-up before anything is measured.
  await hammer({ url: `${ctx.server.base}${API}/bookings/`, headers: ctx.headers, duration: 3, connections: options.connections });
  const coldKey = await coldKeyBurst(ctx.server.base, databaseUrl, env, slug);
  log(
    `fresh key, ${COLD_BURST} concurrent first requests: all answered after ${coldKey.allAnsweredMs} ms ` +
      `(${JSON.stringify(coldKey.statusCodes)})`,
  );
  const walk = await walkNext(ctx.server.base, ctx.token, options.deepPage);
  log(`walked next to page ${options.deepPage}: ${walk.msPerPage.toFixed(2)} ms per page sequentially`);
  return { coldKey, walk };
}

/** The lists, details and PDFs, before any write. */
export async function readCases(ctx: MainContext, walkPath: string): Promise<void> {
  const { add, headers } = ctx;
  await add('bookings_page1', 'GET /bookings/ page 1', { path: `${API}/bookings/`, headers });
  const deep = options.deepPage;
  await add('bookings_page500_number', `GET /bookings/?page=${deep}`, { path: `${API}/bookings/?page=${deep}`, headers });
  await add('bookings_page500_next', `GET /bookings/ page ${deep} via next`, { path: walkPath, headers });
  await add('bookings_status', 'GET /bookings/?status=confirmed', { path: `${API}/bookings/?status=confirmed`, headers });
  await add('bookings_checkin_range', 'GET /bookings/?check_in_from..to (summer 2025)', { path: SUMMER_RANGE, headers });
  await detailCases(add, headers, options.bookings);
  await add('sites', 'GET /sites/', { path: `${API}/sites/`, headers });
  await add('customers', 'GET /customers/', { path: `${API}/customers/`, headers });
  await add('invoices', 'GET /invoices/', { path: `${API}/invoices/`, headers });
  // About as many distinct pages as a case asks for in its warm-up and its run (up to 15 per filter).
  await filteredListCases(add, headers, ctx.get, FILTERS);
  await pdfCases(ctx);
}

export const SUMMER_RANGE = `${API}/bookings/?check_in_from=2025-06-01&check_in_to=2025-08-31`;
/** Random filters counted for the filtered-list cases. */
export const FILTERS = 2_000;

/** After the writes: availability, conditional polling, the smaller tenants, and the mirror's catch-up. */
export async function lateReadCases(
  ctx: MainContext,
  tenants: { main: GeneratedTenant; small: GeneratedTenant; big: GeneratedTenant | null },
  databaseUrl: string,
): Promise<SyncResult | null> {
  const { add, headers, server } = ctx;
  await availabilityCases(add, headers);
  // Page 1 polled with a matching If-None-Match (304s, the same work as a cached page 1 minus the body).
  const tagged = await request(server.base, `${API}/bookings/`, { headers });
  const etag = tagged.headers.etag;
  if (tagged.status !== 200 || typeof etag !== 'string') throw new Error(`page 1 for the 304 case gave ${tagged.status} without an ETag`);
  // Its twin in the same phase: by now the tenant holds the POST cases' bookings and the heap is larger than at
  // the start, so the first page-1 case alone is no fair measure for this one.
  await add('bookings_page1_beside_304', 'GET /bookings/ page 1 again, beside the 304 case', { path: `${API}/bookings/`, headers });
  await add('bookings_page1_304', 'GET /bookings/ page 1 with a matching If-None-Match (304)', {
    path: `${API}/bookings/`,
    headers: { ...headers, 'if-none-match': etag },
  });

  // A key's first request pays the cost-12 bcrypt check; pay it once here, not 50 times in parallel inside the case.
  for (const tenant of [tenants.small, tenants.big]) if (tenant) await getJson(server.base, `${API}/bookings/`, tenant.token);
  await add('bookings_page1_10k', 'GET /bookings/ page 1, 10k tenant', {
    path: `${API}/bookings/`,
    headers: baseHeaders(tenants.small.token),
  });
  if (tenants.big) {
    await add('bookings_page1_1m', 'GET /bookings/ page 1, 1M tenant', {
      path: `${API}/bookings/`,
      headers: baseHeaders(tenants.big.token),
    });
  }

  try {
    const getAs = (tenantToken: string) => (path: string) => getJson(server.base, path, tenantToken);
    const sync = await measureSync(
      ROOT,
      databaseUrl,
      API,
      { slug: tenants.small.slug, get: getAs(tenants.small.token) },
      { slug: tenants.main.slug, bookings: options.bookings, get: getAs(ctx.token) },
    );
    log(`change feed: caught up on ${sync.feedChanges} changes in ${sync.feedPages} pages, ${sync.feedChangesPerSecond} changes/s`);
    log(
      `updated_since re-sync after ${sync.resyncChanged} of ${options.bookings} bookings changed: ` +
        `${sync.resyncPages} pages in ${sync.resyncMs} ms`,
    );
    return sync;
  } catch (error) {
    log(`mirror cases failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
