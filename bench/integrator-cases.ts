/**
 * The API read as integrators read it, each beside its repeated twin in the same run, so that the
 * ratio between them is what a cache or a lucky plan cannot flatter. Random booking details beside one detail read
 * again and again; random filtered lists of bookings and invoices (random filter combinations, page sizes 20/50/100,
 * pages 1 to 5, so few requests repeat and most are read from the database) beside page 1 read again and again; and
 * page 1 read while one writer creates bookings on two connections, beside the writer's own rate.
 */
import type { AddCase, GetJson } from './harness';
import { hammer, type LoadResult } from './load';
import { Rng } from './seeded';

const API = '/api/v1/public';

/** A deterministic stream in [0, 1), so that two runs ask the same sequence of requests. */
function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** A UTC date between 2019-01-01 and 2027-03-31 (the generated tenant's creation dates and check-ins, bench/generate.ts). */
function aDate(next: () => number): string {
  const from = Date.UTC(2019, 0, 1);
  const to = Date.UTC(2027, 2, 31);
  return new Date(from + Math.floor(next() * ((to - from) / 86_400_000)) * 86_400_000).toISOString().slice(0, 10);
}

/** One of `values`, or nothing (half the time, so that every combination of filters comes up). */
function maybe<T>(next: () => number, values: () => T): T | undefined {
  return next() < 0.5 ? values() : undefined;
}

/** The filters of a random list: any combination of a status and the two ends of a date range (in order). */
export function randomFilter(next: () => number, statuses: readonly string[], from: string, to: string): URLSearchParams {
  const params = new URLSearchParams();
  const status = maybe(next, () => statuses[Math.floor(next() * statuses.length)]!);
  if (status !== undefined) params.set('status', status);
  const dates = [maybe(next, () => aDate(next)), maybe(next, () => aDate(next))];
  const [first, last] = dates[0] !== undefined && dates[1] !== undefined && dates[0] > dates[1] ? [dates[1], dates[0]] : dates;
  if (first !== undefined) params.set(from, first);
  if (last !== undefined) params.set(to, last);
  return params;
}

/** A list that takes filters: its status values and the names of its date range's two ends. */
export interface FilteredList {
  name: 'bookings' | 'invoices';
  statuses: readonly string[];
  from: string;
  to: string;
}

export const BOOKING_LIST: FilteredList = {
  name: 'bookings',
  statuses: ['confirmed', 'pending', 'completed', 'cancelled', 'no_show'],
  from: 'check_in_from',
  to: 'check_in_to',
};
export const INVOICE_LIST: FilteredList = {
  name: 'invoices',
  statuses: ['ERLEDIGT', 'OFFEN', 'STORNIERT', 'PICKUP'],
  from: 'issued_from',
  to: 'issued_to',
};

/**
 * Paths of random filtered lists, shuffled, as many as a run can ask without asking one twice: `filters` random
 * filters, each counted once (page 1 of 20), and every page from 1 to 5 of 20, 50 and 100 rows that exists at its
 * count. A path is read once, so it is read from the database (the server keeps a page from its second read on).
 */
export async function randomListPaths(get: GetJson, list: FilteredList, filters: number): Promise<string[]> {
  const path = `${API}/${list.name}/`;
  const next = random(path.length);
  const paths: string[] = [];
  const countOne = async () => {
    const filter = randomFilter(next, list.statuses, list.from, list.to).toString();
    const prefix = `${path}?${filter}${filter === '' ? '' : '&'}`;
    const answer = await get(`${prefix}page_size=20`);
    const count = (answer.body as { count?: number }).count;
    if (answer.status !== 200 || count === undefined) throw new Error(`GET ${prefix}page_size=20 gave ${answer.status}`);
    for (const size of [20, 50, 100]) {
      for (let page = 1; page <= 5 && (page === 1 || (page - 1) * size < count); page++)
        paths.push(`${prefix}page_size=${size}&page=${page}`);
    }
  };
  // A few at a time: the counts are cheap, the round trips are what take long.
  for (let done = 0; done < filters; done += 8) await Promise.all(Array.from({ length: Math.min(8, filters - done) }, countOne));
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  return paths;
}

/** The paths in turn, from the first, again from the first at the end. */
export function inTurn(paths: readonly string[]): () => string {
  let n = 0;
  return () => paths[n++ % paths.length]!;
}

/** Booking details: a random id of the tenant's first `bookings` each time, beside one id read again and again. */
export async function detailCases(add: AddCase, headers: Record<string, string>, bookings: number): Promise<void> {
  await add('booking_detail_repeated', 'GET /bookings/{id}/ (the same id again and again)', { path: `${API}/bookings/4242/`, headers });
  let seed = 12345;
  await add('booking_detail', 'GET /bookings/{id}/ (a random id each time)', {
    path: `${API}/bookings/1/`,
    headers,
    setupRequest: (request) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return { ...request, path: `${API}/bookings/${(seed % bookings) + 1}/` };
    },
  });
}

/** Random filtered lists of bookings and of invoices, each right after its list's page 1 read again and again. */
export async function filteredListCases(add: AddCase, headers: Record<string, string>, get: GetJson, filters: number): Promise<void> {
  for (const list of [BOOKING_LIST, INVOICE_LIST]) {
    const path = `${API}/${list.name}/`;
    await add(`${list.name}_page1_repeated`, `GET /${list.name}/ page 1 (again and again, the twin of the random lists)`, {
      path,
      headers,
    });
    const paths = inTurn(await randomListPaths(get, list, filters));
    await add(`${list.name}_filtered_random`, `GET /${list.name}/ random filters, page sizes 20/50/100, pages 1-5`, {
      path: paths(),
      headers,
      setupRequest: (request) => ({ ...request, path: paths() }),
    });
  }
}

/**
 * Page 1 read on every connection but two, while one writer creates bookings on those two; then page 1 alone on as
 * many connections, its twin. Every create moves the tenant's data stamp, so most of the reads go to the database.
 */
export async function pageBesideWriterCases(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
  nextBody: () => string,
  record: (id: string, label: string, result: LoadResult) => void,
): Promise<void> {
  const readers = Math.max(1, connections - 2);
  const [read, write] = await Promise.all([
    hammer({ url, headers, duration, connections: readers }),
    hammer({
      url,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      duration,
      connections: 2,
      setupRequest: (request) => ({ ...request, body: nextBody() }),
    }),
  ]);
  record('bookings_page1_beside_writer', `GET /bookings/ page 1 while a writer creates (${readers} conns)`, read);
  record('bookings_writer_2conns', 'POST /bookings/ by one writer on 2 connections, beside page-1 reads', write);
  record(
    'bookings_page1_alone',
    `GET /bookings/ page 1 alone (${readers} conns, the twin)`,
    await hammer({ url, headers, duration, connections: readers }),
  );
}
