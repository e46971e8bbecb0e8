const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Who a benchmark's bookings are for: `{first} {last} n`, `{email}n@example.ch`. */
export interface BenchGuest {
  first: string;
  last: string;
  email: string;
}

/**
 * The n-th one-night stay of a window no booking touches: the sites in turn, then the next night, so no two calls with
 * different n ask for the same (site, night), and creates never collide.
 */
export function nthFreeStay(siteIds: readonly number[], windowStart: number, n: number, guest: BenchGuest) {
  const day = windowStart + Math.floor(n / siteIds.length) * DAY_MS;
  return {
    site_id: siteIds[n % siteIds.length] as number,
    check_in_date: isoDay(day),
    check_out_date: isoDay(day + DAY_MS),
    num_adults: 1,
    num_youth: 0,
    num_children: 0,
    guest_first_name: guest.first,
    guest_last_name: `${guest.last} ${n}`,
    guest_email: `${guest.email}${n}@example.ch`,
  };
}
