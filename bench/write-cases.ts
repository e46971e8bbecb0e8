/**
 * The main server's write cases: creates with and without an Idempotency-Key, a replayed key, the overlap rule, and
 * reads beside writes, ending with the check that no read was answered from before a write.
 */
import { recordAll, type MainContext } from './case-context';
import { nthFreeStay } from './free-stays';
import { FREE_WINDOW_START } from './generate';
import { logResult, measure, request, type CaseLoad, type Target } from './harness';
import { pageBesideWriterCases } from './integrator-cases';
import { combineRounds, hammer, type LoadRequest, type LoadResult } from './load';
import { API, log, options } from './options';

export interface PostBodies {
  next(): string;
  first(): string;
}

/** Fresh (site, night) per request inside the free window, never repeated within a run: POSTs must not collide. */
export function postBodies(siteIds: number[]): PostBodies {
  let sequence = 0;
  const windowStart = Date.parse(`${FREE_WINDOW_START}T00:00:00Z`);
  const body = (n: number) => JSON.stringify(nthFreeStay(siteIds, windowStart, n, { first: 'Bench', last: 'Guest', email: 'bench.guest' }));
  return { next: () => body(sequence++), first: () => body(0) };
}

let idempotencyKeys = 0;

/** A create with a fresh stay each time; keyed, each also with an Idempotency-Key never sent before. */
export function createLoad(headers: Record<string, string>, bodies: PostBodies, keyed: boolean): CaseLoad {
  return {
    path: `${API}/bookings/`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    setupRequest: keyed
      ? (req: LoadRequest) => ({
          ...req,
          headers: { ...req.headers, 'idempotency-key': `bench-${process.pid}-${idempotencyKeys++}` },
          body: bodies.next(),
        })
      : (req: LoadRequest) => ({ ...req, body: bodies.next() }),
  };
}

/**
 * Creates with an Idempotency-Key each (one claim, one completion per booking) in rounds that alternate with plain
 * ones, so that the tenant's growth by each round's bookings falls on both alike.
 */
export async function createRounds(target: Target, label: string, headers: Record<string, string>, bodies: PostBodies, duration: number) {
  const rounds = { plain: [] as LoadResult[], keyed: [] as LoadResult[] };
  for (let round = 1; round <= 2; round++)
    for (const variant of ['plain', 'keyed'] as const) {
      const name = `${label} POST /bookings/${variant === 'keyed' ? ' with an Idempotency-Key' : ''}, round ${round}`;
      rounds[variant].push(await measure(target, name, createLoad(headers, bodies, variant === 'keyed'), { duration }));
    }
  return { plain: combineRounds(rounds.plain), keyed: combineRounds(rounds.keyed) };
}

/** Every write case; returns whether the overlap rule refused a repeat and whether page 1 was fresh afterwards. */
export async function writeCases(ctx: MainContext, bodies: PostBodies): Promise<{ overlapRejected: boolean; freshAfterWrites: boolean }> {
  const { backend, headers, server, record, add } = ctx;
  const creates = await createRounds(ctx.target, backend, headers, bodies, Math.max(2, options.duration / 2));
  record('bookings_create', 'POST /bookings/ (free dates; 2 rounds)', creates.plain);
  record('bookings_create_idempotent', 'POST /bookings/ with an Idempotency-Key (2 rounds)', creates.keyed);
  const replayBody = bodies.next();
  const replayHeaders = { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-replay-${process.pid}` };
  const firstReplay = await request(server.base, `${API}/bookings/`, { method: 'POST', headers: replayHeaders, body: replayBody });
  if (firstReplay.status !== 201)
    throw new Error(`idempotent POST for the replay case gave ${firstReplay.status}: ${firstReplay.text.slice(0, 200)}`);
  await add('bookings_replay', 'POST /bookings/ replayed (same key, same body)', {
    path: `${API}/bookings/`,
    method: 'POST',
    headers: replayHeaders,
    setupRequest: (req) => ({ ...req, body: replayBody }),
  });

  // The overlap rule must be live: the very first POST body again must now be refused.
  const again = await request(server.base, `${API}/bookings/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: bodies.first(),
  });
  const overlapRejected = again.status === 400 && again.text.includes('site_unavailable');
  log(`repeat of the first POST body: ${again.status} ${again.text.slice(0, 120)}`);

  // Reads while bookings are being created: every POST moves the tenant's data stamp, so page 1 is read afresh
  // again and again (the price of never answering from before a write). Afterwards page 1 must count every booking.
  const readers = Math.max(1, Math.round(options.connections * 0.8));
  const writers = Math.max(1, options.connections - readers);
  const readUrl = `${server.base}${API}/bookings/`;
  const [mixedRead, mixedWrite] = await Promise.all([
    hammer({ url: readUrl, headers, duration: options.duration, connections: readers }),
    hammer({ ...createLoad(headers, bodies, false), url: readUrl, duration: options.duration, connections: writers }),
  ]);
  recordAll(ctx, [
    ['bookings_page1_during_posts', `GET /bookings/ page 1 during POSTs (${readers} conns)`, mixedRead],
    ['bookings_create_during_reads', `POST /bookings/ during page-1 reads (${writers} conns)`, mixedWrite],
  ]);
  await pageBesideWriterCases(readUrl, headers, options.connections, options.duration, bodies.next, (id, label, result) => {
    logResult(`${backend} ${label}`, result);
    record(id, label, result);
  });
  return { overlapRejected, freshAfterWrites: await freshAfterWrites(ctx) };
}

/**
 * Page 1 (read thousands of times, so held in memory) must count what a read never made before counts: a page size
 * no case uses is a key the server has not seen, so it goes to the database. Writes still in flight when the load
 * stopped are given a moment to land first.
 */
async function freshAfterWrites(ctx: MainContext): Promise<boolean> {
  await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
  const countOf = async (path: string) => ((await ctx.get(path)).body as { count?: number }).count;
  const held = await countOf(`${API}/bookings/`);
  const fromDatabase = await countOf(`${API}/bookings/?page_size=37`);
  const fresh = held !== undefined && held === fromDatabase && held > options.bookings;
  log(`after the POST cases: page 1 counts ${String(held)}, a first read counts ${String(fromDatabase)} (${fresh ? 'fresh' : 'STALE'})`);
  return fresh;
}
