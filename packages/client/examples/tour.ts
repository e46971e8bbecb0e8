// The client's API in TypeScript, one function per task; the README shows these pieces. It uses nothing but the
// client and what every runtime has (fetch, Request, Response), so it type-checks for Node, Deno, Bun and workers.
import {
  ApiError,
  type Booking,
  CampsiteClient,
  type Change,
  type CreateBookingInput,
  RateLimitError,
  type ResponseMeta,
  ValidationError,
  WebhookVerificationError,
  chainStep,
  verifyWebhook,
} from '@campsite/client';

export function connect(baseUrl: string, apiKey: string): CampsiteClient {
  return new CampsiteClient({
    baseUrl, // e.g. https://api.camping.example, or https://gateway.example/campsite behind a path prefix
    apiKey,
    timeoutMs: 15_000, // per attempt
    retry: { maxAttempts: 4 }, // for every call; a call's own `retry` overrides parts of it
    userAgent: 'channel-sync/4.2',
    // Every answer's metadata, also those of the pages that all() and follow() read.
    onResponse: (response: ResponseMeta) => {
      if (response.rateLimit && response.rateLimit.remaining < 10) console.warn('rate limit nearly used up', response.rateLimit);
    },
  });
}

export async function confirmedArrivals(api: CampsiteClient, from: string): Promise<Booking[]> {
  // One page, with the list's own filters (typed from the OpenAPI document):
  const first = await api.bookings.list({ status: 'confirmed', check_in_from: from, page_size: '50' });
  console.log(`${first.count} confirmed arrivals from ${from}`);
  // Every record, following `next` page by page:
  const arrivals: Booking[] = [];
  for await (const booking of api.bookings.all({ status: 'confirmed', check_in_from: from, page_size: '200' })) {
    arrivals.push(booking);
  }
  return arrivals;
}

export async function bookOnce(api: CampsiteClient, orderId: string, input: CreateBookingInput): Promise<Booking | null> {
  try {
    const { data: booking, response } = await api.bookings
      .create(input, { idempotencyKey: orderId, timeoutMs: 10_000, retry: { maxAttempts: 6 } })
      .withResponse();
    if (response.idempotentReplayed) console.log(`order ${orderId} was booked before: ${booking.booking_reference}`);
    console.log(`request ${response.requestId} took ${response.attempts} attempt(s)`);
    return booking;
  } catch (error) {
    if (error instanceof ValidationError && error.code === 'site_unavailable') return null; // offer other dates
    if (error instanceof RateLimitError) console.log(`try again in ${error.retryAfterSeconds} s`);
    if (error instanceof ApiError) console.log(`${error.status} ${error.code ?? error.message} (request ${error.requestId})`);
    throw error;
  }
}

export async function sellAStay(api: CampsiteClient, orderId: string, stay: StayOfType, guest: string): Promise<Booking | null> {
  // Every night: a free pitch of the type, and no date rule that refuses the stay.
  const window = { from: stay.check_in_date, to: stay.check_out_date, site_type_id: String(stay.site_type_id) };
  const [calendar] = (await api.calendar.list(window)).results;
  if (!calendar || calendar.days.some((day) => day.free === 0 || day.stop_sell)) return null;
  // The price of the stay with a dog, binding until expires_at: show the guest quote.lines and quote.total_price.
  const quote = await api.quotes.create({ ...stay, extras: [{ code: 'dog', quantity: 1 }] });
  console.log(`${quote.total_price} CHF, valid until ${quote.expires_at}`);
  try {
    // The stay, the extras and the price come from the quote; the order's id makes the call safe to repeat.
    return await api.bookings.create({ quote_id: quote.id, guest_last_name: guest }, { idempotencyKey: orderId });
  } catch (error) {
    // Too late (quote_expired: quote again), or the last pitch went to someone else meanwhile (site_unavailable).
    if (error instanceof ValidationError && (error.code === 'quote_expired' || error.code === 'site_unavailable')) return null;
    throw error;
  }
}

export interface StayOfType {
  site_type_id: number;
  check_in_date: string;
  check_out_date: string;
  num_adults: number;
}

export async function cancelStay(api: CampsiteClient, bookingId: number): Promise<boolean> {
  try {
    // A booking already cancelled is answered as it is: repeating this is harmless.
    return (await api.bookings.cancel(bookingId)).status === 'cancelled';
  } catch (error) {
    if (error instanceof ValidationError && error.code === 'not_cancellable') return false; // completed, or a no-show
    throw error;
  }
}

export interface CursorStore {
  load(): Promise<string | null>;
  save(cursor: string, changes: Change[]): Promise<void>;
}

export async function syncChanges(api: CampsiteClient, store: CursorStore, signal?: AbortSignal): Promise<number> {
  let page: Change[] = [];
  let count = 0;
  const changes = api.changes.follow({
    after: await store.load(),
    // Called once a page's changes have all been handed out: store them with the cursor, in one transaction.
    saveCursor: async (cursor) => {
      await store.save(cursor, page);
      page = [];
    },
    signal, // stops the walk, its retries and its waits
  });
  for await (const change of changes) {
    page.push(change);
    count += 1;
  }
  return count;
}

/** A webhook receiver as a fetch handler (Deno.serve, Bun.serve, Cloudflare Workers, Hono, Next.js route handlers). */
export function webhookHandler(secrets: string[], store: CursorStore, catchUp: () => void) {
  return async (request: Request): Promise<Response> => {
    // The raw body, as signed: never JSON parsed and printed again.
    const body = await request.text();
    let message;
    try {
      message = await verifyWebhook(body, request.headers, secrets);
    } catch (error) {
      if (error instanceof WebhookVerificationError) return new Response(null, { status: error.reason === 'invalid_body' ? 400 : 401 });
      throw error;
    }
    if (message.type === 'changes') {
      const step = chainStep((await store.load()) ?? '', message);
      if (step === 'next') await store.save(message.data.cursor, message.data.results);
      if (step === 'gap') catchUp(); // read the feed from the stored cursor instead (syncChanges)
    }
    return new Response(null, { status: 204 });
  };
}

export async function registerEndpoint(api: CampsiteClient, url: string): Promise<{ id: number; secret: string; position: string }> {
  // Shown this once: keep the secret for verifyWebhook and the position as the receiver's first cursor.
  const { id, secret, position } = await api.webhookEndpoints.create({ url, types: ['booking'], description: 'channel manager' });
  await api.webhookEndpoints.ping(id);
  for await (const delivery of api.webhookEndpoints.deliveries.all(id)) {
    if (delivery.error !== null) console.log(`attempt ${delivery.attempt} of ${delivery.message_id}: ${delivery.error}`);
  }
  return { id, secret, position };
}

export async function invoicePdf(api: CampsiteClient, id: number, known?: { etag: string; bytes: Uint8Array }) {
  // A conditional GET: while the document is unchanged the answer is a 304 that costs no rate limit.
  if (known) {
    const polled = await api.poll<Uint8Array>(`/api/v1/public/invoices/${id}/pdf/`, known.etag);
    return polled.changed ? { etag: polled.etag, bytes: polled.body } : known;
  }
  const { data, response } = await api.invoices.pdf(id).withResponse();
  return { etag: response.etag ?? '', bytes: data };
}
