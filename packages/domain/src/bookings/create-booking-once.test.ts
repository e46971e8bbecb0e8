import { beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom, aSite, aTenant } from '../testing';
import { type World, aWorld, rejectionOf } from '../testing/test-world';
import type { BookingRepository } from './booking-repository';
import { CreateBooking, type CreateBookingInput, type IdempotentRequest } from './create-booking';
import { IDEMPOTENCY_KEY_TTL_MS, STALE_CLAIM_MS, readIdempotencyKey } from './idempotency';

// docs/channel-managers.md, "Retrying safely": CreateBooking.executeOnce with the in-memory store, one rule per test.

const stay = (checkInDate: string, checkOutDate: string, siteId = 1): CreateBookingInput => ({
  siteId,
  fields: {
    checkInDate,
    checkOutDate,
    numAdults: 2,
    numYouth: 0,
    numChildren: 0,
    guestFirstName: 'Ida',
    guestLastName: 'Empotent',
    guestEmail: 'ida@example.ch',
  },
});

const keyed = (key: string, fingerprint: string): IdempotentRequest => ({ key, fingerprint });

/** The bookings port with creates held at a gate until `open()`: a first request still running. */
function gated(bookings: BookingRepository) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: BookingRepository = Object.create(bookings) as BookingRepository;
  held.insertIfAvailable = async (booking, completion) => {
    await gate;
    return bookings.insertIfAvailable(booking, completion);
  };
  return { bookings: held, open };
}

let world: World;
const alpine = () => world.principal('alpine');
const createWith = (bookings: BookingRepository = world.bookings) =>
  new CreateBooking({
    bookings: bookings,
    sites: world.sites,
    clock: world.clock,
    random: new SeededRandom(7),
    customers: world.customers,
    quotes: world.quotes,
    tariffs: world.tariffs,
    idempotency: world.idempotency,
  });
const count = () => world.bookings.count(alpine().tenantId, {});

beforeEach(async () => {
  world = await aWorld([aTenant('alpine', { sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'A2', status: 'inactive' })] })]);
});

describe('readIdempotencyKey', () => {
  it('takes 1 to 255 visible ASCII characters, and no header at all', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('a')).toBe('a');
    expect(readIdempotencyKey('~'.repeat(255))).toBe('~'.repeat(255));
  });

  it.each(['', ' ', 'a b', 'x'.repeat(256), 'é', 'a\u0000', 'key-1, key-2'])('refuses %j', (raw) => {
    expect(() => readIdempotencyKey(raw)).toThrow(expect.objectContaining({ code: 'invalid_idempotency_key' }));
  });
});

describe('CreateBooking.executeOnce', () => {
  it('creates once and replays the stored answer for the same body, creating nothing', async () => {
    const create = createWith();
    const first = await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k1', 'fp'));
    expect(first.replayed).toBe(false);
    const again = await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k1', 'fp'));
    expect(again).toEqual({ replayed: true, booking: first.booking });
    expect(await count()).toBe(1);
  });

  it('refuses the key with another body, and the stored answer stays', async () => {
    const create = createWith();
    const first = await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k2', 'fp-a'));
    const reused = create.executeOnce(alpine(), stay('2027-03-05', '2027-03-06'), keyed('k2', 'fp-b'));
    expect((await rejectionOf(reused)).code).toBe('idempotency_key_reused');
    expect(await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k2', 'fp-a'))).toEqual({
      replayed: true,
      booking: first.booking,
    });
    expect(await count()).toBe(1);
  });

  it('answers idempotency_key_in_use while the first request runs, and replays once it has committed', async () => {
    const { bookings, open } = gated(world.bookings);
    const create = createWith(bookings);
    const running = create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k3', 'fp'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const meanwhile = create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k3', 'fp'));
    expect((await rejectionOf(meanwhile)).code).toBe('idempotency_key_in_use');
    // Another body under the running key is a reuse, whether or not the first has finished.
    const other = create.executeOnce(alpine(), stay('2027-04-01', '2027-04-03'), keyed('k3', 'fp-other'));
    expect((await rejectionOf(other)).code).toBe('idempotency_key_reused');
    open();
    const first = await running;
    expect(await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k3', 'fp'))).toEqual({
      replayed: true,
      booking: first.booking,
    });
    expect(await count()).toBe(1);
  });

  it('remembers nothing of a refused create: the same key runs afresh', async () => {
    const create = createWith();
    const refused = create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03', 2), keyed('k4', 'fp'));
    expect((await rejectionOf(refused)).code).toBe('site_unavailable');
    const created = await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k4', 'fp'));
    expect(created.replayed).toBe(false);
    expect(await count()).toBe(1);
  });

  it('lets a retry take over the claim of a request that died before committing, once the claim is stale', async () => {
    const { tenantId } = alpine();
    const now = world.clock.now();
    // What a process killed between its claim and its commit leaves behind: a claim without an answer.
    await world.idempotency.claim(tenantId, 'k5', 'fp', now, new Date(now.getTime() - STALE_CLAIM_MS), new Date(now.getTime() + 1000));
    const create = createWith();
    expect((await rejectionOf(create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k5', 'fp')))).code).toBe(
      'idempotency_key_in_use',
    );
    world.clock.advance(STALE_CLAIM_MS + 1);
    expect((await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k5', 'fp'))).replayed).toBe(false);
    expect(await count()).toBe(1);
  });

  it('keeps the answer for 24 hours after the booking, then forgets the key', async () => {
    const create = createWith();
    await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k6', 'fp'));
    world.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1);
    expect((await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k6', 'fp'))).replayed).toBe(true);
    world.clock.advance(1);
    const fresh = await create.executeOnce(alpine(), stay('2027-03-05', '2027-03-07'), keyed('k6', 'fp-new'));
    expect(fresh.replayed).toBe(false);
    expect(await count()).toBe(2);
  });

  it('answers a replay without reading the site again', async () => {
    const create = createWith();
    await create.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k8', 'fp'));
    const sites = Object.create(world.sites) as typeof world.sites;
    sites.findById = () => Promise.reject(new Error('database gone'));
    const again = new CreateBooking({
      bookings: world.bookings,
      sites: sites,
      clock: world.clock,
      random: new SeededRandom(7),
      customers: world.customers,
      quotes: world.quotes,
      tariffs: world.tariffs,
      idempotency: world.idempotency,
    });
    expect((await again.executeOnce(alpine(), stay('2027-03-01', '2027-03-03'), keyed('k8', 'fp'))).replayed).toBe(true);
  });
});
