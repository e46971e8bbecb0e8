// Page through the bookings, create one that cannot be made twice, read what the answers said, and follow the feed.
// Plain JavaScript for plain node. Run it after `npm install @campsite/client`:
// CAMPSITE_URL=https://api.camping.example CAMPSITE_KEY=ck_… SITE_ID=1 ORDER_ID=order-4711 node quickstart.mjs
import { CampsiteClient, ValidationError } from '@campsite/client';

const api = new CampsiteClient({
  baseUrl: process.env.CAMPSITE_URL, // with its path prefix, if the service has one
  apiKey: process.env.CAMPSITE_KEY,
  userAgent: 'quickstart/1.0', // sent before campsite-client-js/<version> in User-Agent
});

// Paging: pages() follows the service's `next` links to the end; each page is one call with its own retries.
let pages = 0;
let seen = 0;
for await (const page of api.bookings.pages({ page_size: '1' }, { signal: AbortSignal.timeout(60_000) })) {
  pages += 1;
  seen += page.results.length;
}
console.log(`bookings: ${seen} on ${pages} pages`);

// An idempotent create: the key is yours (here your order's id), and every attempt of this call sends it, so a retry
// after a lost answer, or a second run of this script, gets the first booking back instead of making another.
const input = { site_id: Number(process.env.SITE_ID), check_in_date: '2031-07-01', check_out_date: '2031-07-03', num_adults: 2 };
const orderId = process.env.ORDER_ID ?? crypto.randomUUID();
try {
  const { data: booking, response } = await api.bookings
    .create(input, { idempotencyKey: orderId, timeoutMs: 10_000, retry: { maxAttempts: 6 } })
    .withResponse();
  console.log(`created ${booking.booking_reference}: status ${response.status}, attempts ${response.attempts}`);
  console.log(`replayed: ${response.idempotentReplayed}, request id: ${response.requestId}`);
  const { limit, remaining, resetSeconds } = response.rateLimit ?? {};
  console.log(`rate limit: ${remaining} of ${limit} left, new window in ${resetSeconds} s`);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  // site_unavailable, site_not_found, or field errors: nothing was created. Quote the request id when you ask us.
  console.log(`refused: ${error.code} ${JSON.stringify(error.fieldErrors)} (request ${error.requestId})`);
}
console.log(`bookings now: ${(await api.bookings.list({ page_size: '1' })).count}`);

// The change feed: every change after a stored cursor (none here: from the start), and the cursor to store next.
let cursor = null;
let changes = 0;
for await (const change of api.changes.follow({ after: cursor, saveCursor: (next) => (cursor = next) })) {
  if (change.type === 'booking') changes += 1;
}
console.log(`booking changes: ${changes}, cursor saved: ${cursor !== null}`);
