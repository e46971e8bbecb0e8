/**
 * The accelerators and their cases on the one large tenant (bench/README.md, "Accelerator pairs"). A case here runs
 * on one round's server; bench/pairs.ts starts the servers and pairs the figures.
 */
import type { MainDatabase } from './backend';
import { baseHeaders, getJson, measure, walkNext, type CaseLoad } from './harness';
import { BOOKING_LIST, INVOICE_LIST, inTurn, randomListPaths } from './integrator-cases';
import { hammer } from './load';
import { SUMMER_RANGE } from './main-cases';
import { API, options } from './options';
import { runPairs, type AcceleratorSpec, type PairCase, type Round } from './pairs';
import type { AcceleratorPair } from './results';
import { withServer, type Server } from './server';
import { createLoad, type PostBodies } from './write-cases';

export const MAIN_ACCELERATORS: readonly AcceleratorSpec[] = [
  { name: 'ANSWER_CACHE', cases: ['page1', 'detail_repeated', 'sites'], distinct: false },
  { name: 'COMPRESSED_ANSWERS', cases: ['page1', 'sites'], distinct: false },
  { name: 'KEPT_TOTALS', cases: ['status', 'bookings_filtered_random', 'invoices_filtered_random'], distinct: true },
  { name: 'KEYSET_PAGES', cases: ['page500_next'], distinct: true },
  { name: 'KEYS_FIRST', cases: ['page500_number', 'checkin_range'], distinct: true },
  // PostgreSQL always reads a check-in range the plain way: its pair would compare two identical servers.
  { name: 'CHECK_IN_WALK', backends: ['sqlite'], cases: ['checkin_range', 'bookings_filtered_random'], distinct: true },
  { name: 'CREATE_PROCEDURE', backends: ['postgres'], cases: ['create_plain', 'create_keyed'], distinct: false },
  { name: 'GROUP_COMMIT', backends: ['sqlite'], cases: ['create_plain', 'create_keyed', 'writer_beside_readers'], distinct: false },
];

/** Random filters counted for the pairs' random lists: enough distinct pages for a round and its warm-up. */
const PAIR_FILTERS = 400;
let misses = 0;

/** The load as the round asks it: with distinct reads, each request with a query parameter of its own. */
export function asked(round: Round, load: CaseLoad): CaseLoad {
  if (!round.distinct) return load;
  const own = load.setupRequest;
  return {
    ...load,
    setupRequest: (req) => {
      const next = own ? own(req) : req;
      return { ...next, path: `${next.path}${next.path.includes('?') ? '&' : '?'}bench_miss=${misses++}` };
    },
  };
}

/** A read case: `load` made afresh for each round (a random list starts again from its first path). */
export function readCase(label: string, load: () => CaseLoad, connections = options.connections): PairCase {
  return async (round) => {
    const shown = round.distinct ? `${label}, each URL once` : label;
    const result = await measure(round.target, `${round.name} ${shown}`, asked(round, load()), {
      duration: options.pairDuration,
      connections,
    });
    return [[shown, result]];
  };
}

function randomList(label: string, paths: readonly string[], headers: Record<string, string>): PairCase {
  return readCase(label, () => {
    const next = inTurn(paths);
    return { path: next(), headers, setupRequest: (req) => ({ ...req, path: next() }) };
  });
}

function catalogue(token: string, bodies: PostBodies, lists: { bookings: string[]; invoices: string[] }): Record<string, PairCase> {
  const headers = baseHeaders(token);
  const get = (path: string) => () => ({ path, headers });
  const create = (keyed: boolean): PairCase => {
    const label = keyed ? 'POST /bookings/ with an Idempotency-Key' : 'POST /bookings/';
    return async (round) => [
      [
        label,
        await measure(round.target, `${round.name} ${label}`, createLoad(headers, bodies, keyed), { duration: options.pairDuration }),
      ],
    ];
  };
  return {
    page1: readCase('GET /bookings/ page 1 repeated', get(`${API}/bookings/`)),
    detail_repeated: readCase('GET /bookings/4242/ repeated', get(`${API}/bookings/4242/`)),
    sites: readCase('GET /sites/', get(`${API}/sites/`)),
    status: readCase('GET /bookings/?status=confirmed', get(`${API}/bookings/?status=confirmed`)),
    bookings_filtered_random: randomList('random filtered booking lists', lists.bookings, headers),
    invoices_filtered_random: randomList('random filtered invoice lists', lists.invoices, headers),
    page500_number: readCase(`GET /bookings/?page=${options.deepPage}`, get(`${API}/bookings/?page=${options.deepPage}`)),
    checkin_range: readCase('GET /bookings/ summer 2025 check-in range', get(SUMMER_RANGE)),
    // Walked on each round's server: a hint names a row of the page as the tenant stands, and the tenant grows.
    page500_next: async (round) => {
      const { path } = await walkNext(round.server.base, token, options.deepPage);
      return readCase(`GET /bookings/ page ${options.deepPage} via next`, get(path))(round);
    },
    create_plain: create(false),
    create_keyed: create(true),
    writer_beside_readers: async (round) => {
      const url = `${round.server.base}${API}/bookings/`;
      const readers = Math.max(1, options.connections - 2);
      const [read, write] = await Promise.all([
        hammer({ url, headers, duration: options.pairDuration, connections: readers }),
        hammer({ ...createLoad(headers, bodies, false), url, duration: options.pairDuration, connections: 2 }),
      ]);
      return [
        ['POST /bookings/ by one writer on 2 connections beside page-1 readers', write],
        [`GET /bookings/ page 1 beside that writer (${readers} conns)`, read],
      ];
    },
  };
}

/** Pays the key's first (cost-12) check and the JIT's warm-up on a fresh server. */
async function warmUp(server: Server, token: string): Promise<void> {
  await hammer({ url: `${server.base}${API}/bookings/`, headers: baseHeaders(token), duration: 2, connections: options.connections });
}

/** Every main-shape pair of `backend`, on the database the main bench ran on (or a fresh import of the main tenant). */
export async function mainPairs(
  backend: string,
  database: MainDatabase,
  token: string,
  bodies: PostBodies,
  failures: Record<string, string>,
): Promise<AcceleratorPair[]> {
  // The random lists' paths, counted once on a server with everything on; each round asks them from the first.
  const lists = await withServer(database.url, database.env, `${backend}-pairs-lists`, async (server) => {
    await warmUp(server, token);
    const get = (path: string) => getJson(server.base, path, token);
    return {
      bookings: await randomListPaths(get, BOOKING_LIST, PAIR_FILTERS),
      invoices: await randomListPaths(get, INVOICE_LIST, PAIR_FILTERS),
    };
  });
  return runPairs(
    {
      backend,
      shape: 'one large tenant',
      databaseUrl: database.url,
      env: database.env,
      accelerators: MAIN_ACCELERATORS,
      cases: catalogue(token, bodies, lists),
      warmUp: (server) => warmUp(server, token),
    },
    failures,
  );
}
