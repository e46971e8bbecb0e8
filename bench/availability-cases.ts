/**
 * Availability as channel managers read it (docs/channel-managers.md, "Availability"): a year (366 nights) over all 500 sites of
 * the main tenant, in pages of 200. Once as a channel manager polls it, the same window again and again (answered
 * from memory while nothing changes), and once with a window no request asked before, so that every page is read
 * from the database and computed: what each poll costs after a booking changed the tenant.
 */
import type { AddCase } from './harness';

const API = '/api/v1/public';
const SITES = 500;

/** `2026-06-01` plus `days` (the generated tenant's bookings reach about eight months past its "today", 2026-06-30). */
export function dayFrom(days: number): string {
  return new Date(Date.UTC(2026, 5, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The `n`-th availability query of the fresh case: its start moves a day every three pages and its page size a step
 * every year of starts, so no query repeats and none can be answered from memory (an answer is kept under its URL from
 * its first reading). Every page size from 200 down to 167 splits the 500 sites into three pages.
 */
export function freshAvailabilityQuery(n: number): string {
  const page = (n % 3) + 1;
  const start = Math.floor(n / 3) % 365;
  const pageSize = Math.max(167, 200 - Math.floor(n / (3 * 365)));
  return `from=${dayFrom(start)}&to=${dayFrom(start + 366)}&page_size=${pageSize}&page=${page}`;
}

export async function availabilityCases(add: AddCase, headers: Record<string, string>): Promise<void> {
  let polled = 0;
  const window = `from=${dayFrom(0)}&to=${dayFrom(366)}&page_size=200`;
  await add('availability_366_nights', `GET /availability/ 366 nights, ${SITES} sites (pages of 200, polled)`, {
    path: `${API}/availability/?${window}`,
    headers,
    setupRequest: (request) => ({ ...request, path: `${API}/availability/?${window}&page=${(polled++ % 3) + 1}` }),
  });
  let fresh = 0;
  await add('availability_366_nights_fresh', `GET /availability/ 366 nights, ${SITES} sites (pages of ~200, each a new window)`, {
    path: `${API}/availability/?${freshAvailabilityQuery(0)}`,
    headers,
    setupRequest: (request) => ({ ...request, path: `${API}/availability/?${freshAvailabilityQuery(fresh++)}` }),
  });
}
