/**
 * Run as its own Node process by client.test.ts, the way an integrator runs the client: the dev certificate is
 * trusted only through NODE_EXTRA_CA_CERTS (no verification switched off). It mirrors every booking of a tenant
 * through `bookings.all`, with a 429 and a 500 injected by a fetch wrapper in front of the real server, then
 * creates one booking whose first answer is lost on the way back (the booking is stored; the client sees a timeout
 * and retries with the same Idempotency-Key, which must replay that booking rather than make a second). Then it
 * follows the change feed to its end, storing the cursor, creates another booking and resumes the feed from the
 * stored cursor. Every real answer is checked against the published OpenAPI document.
 * Prints one JSON line.
 *
 *   node --import tsx client-mirror.ts <baseUrl> <apiKey> <siteId>
 */
import { answerValidator } from '@campsite/adapters-http/testing';
import { CampsiteClient } from '@campsite/client';

const [baseUrl, apiKey, siteId] = process.argv.slice(2) as [string, string, string];
let calls = 0;
const injected: string[] = [];
const seen: string[] = [];
const replays: string[] = [];
let createAnswersLost = 0;

/** The 3rd call gets a 429 and the 6th a 500, made up here; everything else reaches the server. */
const faultyFetch: typeof fetch = async (input, init) => {
  calls += 1;
  const url = String(input);
  seen.push(url);
  if (calls === 3 || calls === 6) {
    const status = calls === 3 ? 429 : 500;
    injected.push(`${status} ${new URL(url).search}`);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': 'injected' };
    if (status === 429) headers['Retry-After'] = '1';
    return new Response(
      JSON.stringify({ detail: status === 429 ? 'Request was throttled. Expected available in 1 second.' : 'A server error occurred.' }),
      { status, headers },
    );
  }
  const response = await fetch(input, init);
  const body = await response.text();
  answerValidator().check({
    method: init?.method ?? 'GET',
    url,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body,
  });
  if (init?.method === 'POST') replays.push(`${response.status} ${response.headers.get('idempotent-replayed')}`);
  if (init?.method === 'POST' && createAnswersLost === 0) {
    // The server committed the booking; its answer never reaches the client, which only sees a timeout.
    createAnswersLost += 1;
    throw new DOMException('The answer was lost on the way back.', 'TimeoutError');
  }
  return new Response(body, { status: response.status, headers: response.headers });
};

const client = new CampsiteClient({ baseUrl, apiKey, fetch: faultyFetch, retry: { baseDelayMs: 50 } });
const started = performance.now();
const ids = new Set<number>();
let rows = 0;
let count = -1;
for await (const page of client.bookings.pages({ page_size: '200' })) {
  count = page.count;
  for (const booking of page.results) {
    ids.add(booking.id);
    rows += 1;
  }
}
const mirrorMs = Math.round(performance.now() - started);
const created = await client.bookings.create({
  site_id: Number(siteId),
  check_in_date: '2031-07-01',
  check_out_date: '2031-07-03',
  num_adults: 1,
  guest_email: 'mirror@example.ch',
});
const after = await client.bookings.list({ page_size: '1' });
const pagesRequested = seen.length;

let stored: string | null = null;
let feedChanges = 0;
const feedIds = new Set<string>();
for await (const change of client.changes.follow({
  saveCursor: (cursor) => {
    stored = cursor;
  },
})) {
  feedChanges += 1;
  feedIds.add(`${change.type} ${change.id}`);
}
const second = await client.bookings.create({
  site_id: Number(siteId),
  check_in_date: '2031-08-01',
  check_out_date: '2031-08-03',
  num_adults: 1,
});
const resumed: string[] = [];
for await (const change of client.changes.follow({
  after: stored,
  saveCursor: (cursor) => {
    stored = cursor;
  },
})) {
  resumed.push(`${change.type} ${change.id} ${change.deleted} ${change.object?.id}`);
}
const again: string[] = [];
for await (const change of client.changes.follow({ after: stored })) again.push(`${change.type} ${change.id}`);

process.stdout.write(
  `${JSON.stringify({
    count,
    rows,
    unique: ids.size,
    calls,
    injected,
    mirrorMs,
    created,
    countAfter: after.count,
    pagesRequested,
    feedChanges,
    feedUnique: feedIds.size,
    replays,
    secondId: second.id,
    resumed,
    again,
  })}\n`,
);
