import { beforeEach, describe, expect, it } from 'vitest';
import { GetCalendar } from '../pricing/get-calendar';
import { aStay } from '../testing/mothers';
import { type SellingWorld, aQuoteInput, aSellingWorld, fromQuote } from '../testing/selling-world';
import { rejectionOf } from '../testing/test-world';
import { GetAvailability } from './availability';
import type { Booking } from './booking';
import type { BookingRepository } from './booking-repository';
import { CancelBooking } from './cancel-booking';

// docs/booking-lifecycle.md, "Cancelling a booking".

let s: SellingWorld;
let cancel: CancelBooking;
/** Booked from a quote on tent pitch 1 from 2027-07-01 to 2027-07-04: priced lines and a quote's total. */
let booking: Booking;

beforeEach(async () => {
  s = await aSellingWorld();
  cancel = new CancelBooking(s.bookings);
  booking = await s.book(fromQuote((await s.quote(aQuoteInput({ siteId: 1 }))).id));
});

const stored = (id: number) => s.store.bookings.find((b) => b.tenantId === s.alpineId && b.id === id)!;
const setStatus = (id: number, status: string) => {
  stored(id).status = status;
};
const codeOf = async (id: number) => (await rejectionOf(cancel.execute(s.alpine(), id))).code;

/** The bookings port where `meanwhile` runs before each of the first `times` updates: another writer in between. */
function interleaved(meanwhile: () => void, times = 1) {
  let calls = 0;
  const bookings: BookingRepository = Object.create(s.bookings) as BookingRepository;
  bookings.updateStatus = async (...args) => {
    if (calls++ < times) meanwhile();
    return s.bookings.updateStatus(...args);
  };
  return { cancel: new CancelBooking(bookings), calls: () => calls };
}

describe('CancelBooking', () => {
  it.each(['pending', 'confirmed'])('cancels a %s booking and keeps its price and lines', async (status) => {
    setStatus(booking.id, status);
    const lines = await s.bookings.linesOf(s.alpineId, booking.id);
    s.clock.advance(5_000);
    const cancelled = await cancel.execute(s.alpine(), booking.id);
    expect(cancelled).toEqual({ ...booking, status: 'cancelled', updatedAt: s.clock.now() });
    expect(await s.bookings.findById(s.alpineId, booking.id)).toEqual(cancelled);
    expect(await s.bookings.linesOf(s.alpineId, booking.id)).toEqual(lines);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('frees the nights at once: availability, the calendar and a new quote see them', async () => {
    const window = { from: '2027-07-01', to: '2027-07-04' };
    const availability = new GetAvailability(s.sites, s.bookings);
    const calendar = new GetCalendar(s.siteTypes, s.tariffs);
    const freeOfSite1 = async () =>
      (await availability.execute(s.alpine(), window, { page: 1, pageSize: 50 })).results.find((r) => r.site.id === 1)!.free;
    const freeOfType1 = async () =>
      (await calendar.execute(s.alpine(), window, { page: 1, pageSize: 50 }, 1)).results[0]!.days.map((d) => d.free);
    expect(await freeOfSite1()).toEqual([]);
    expect(await freeOfType1()).toEqual([1, 1, 1]);
    expect((await rejectionOf(s.quote(aQuoteInput({ siteId: 1 })))).code).toBe('site_unavailable');

    await cancel.execute(s.alpine(), booking.id);
    expect(await freeOfSite1()).toEqual([window]);
    expect(await freeOfType1()).toEqual([2, 2, 2]);
    await expect(s.quote(aQuoteInput({ siteId: 1 }))).resolves.toMatchObject({ siteId: 1 });
  });

  it('answers a cancelled booking as it is, changing nothing', async () => {
    setStatus(booking.id, 'cancelled');
    const before = await s.bookings.findById(s.alpineId, booking.id);
    const writes = s.store.writes;
    s.clock.advance(5_000);
    expect(await cancel.execute(s.alpine(), booking.id)).toEqual(before);
    expect(await s.bookings.findById(s.alpineId, booking.id)).toEqual(before);
    expect(s.store.writes).toBe(writes);
  });

  it.each(['completed', 'no_show', 'checked_in', 'PENDING', ''])('refuses a %j booking as not_cancellable', async (status) => {
    setStatus(booking.id, status);
    expect(await codeOf(booking.id)).toBe('not_cancellable');
    expect(stored(booking.id).status).toBe(status);
  });

  it('gives not_found for an absent booking and for another tenant’s', async () => {
    const lakeside = s.principal('lakeside');
    const stay = (checkInDate: string, checkOutDate: string) => aStay(checkInDate, checkOutDate, { guestFirstName: 'Lea' });
    await s.createBooking.execute(lakeside, { siteId: 9, fields: stay('2027-06-01', '2027-06-03') });
    const theirs = await s.createBooking.execute(lakeside, { siteId: 9, fields: stay('2027-06-20', '2027-06-23') });
    expect(await codeOf(404)).toBe('not_found');
    expect(await codeOf(theirs.id)).toBe('not_found');
    expect(stored(booking.id).status).toBe('pending');
    expect((await s.bookings.findById(lakeside.tenantId, theirs.id))?.status).toBe('pending');
  });

  it.each([0, -1, 2.5, 2_147_483_648])('gives not_found for the id %s without asking storage', async (id) => {
    s.bookings.findById = () => Promise.reject(new Error('storage asked'));
    expect(await codeOf(id)).toBe('not_found');
  });

  it('needs bookings:write', async () => {
    const reader = s.alpine(['bookings:read', 'rates:read', 'sites:read']);
    expect((await rejectionOf(cancel.execute(reader, booking.id))).code).toBe('permission_denied');
    expect(stored(booking.id).status).toBe('pending');
  });
});

describe('CancelBooking when another writer changes the status between its read and its update', () => {
  it('cancels a booking confirmed meanwhile', async () => {
    const raced = interleaved(() => setStatus(booking.id, 'confirmed'));
    expect(await raced.cancel.execute(s.alpine(), booking.id)).toMatchObject({ status: 'cancelled', totalPrice: booking.totalPrice });
    expect(raced.calls()).toBe(2);
  });

  it('answers a booking cancelled meanwhile as it is', async () => {
    const raced = interleaved(() => setStatus(booking.id, 'cancelled'));
    expect(await raced.cancel.execute(s.alpine(), booking.id)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a booking completed meanwhile, and leaves it completed', async () => {
    const raced = interleaved(() => setStatus(booking.id, 'completed'));
    expect((await rejectionOf(raced.cancel.execute(s.alpine(), booking.id))).code).toBe('not_cancellable');
    expect(stored(booking.id).status).toBe('completed');
  });

  it('gives up after a few attempts when the status keeps changing', async () => {
    const flip = () => setStatus(booking.id, stored(booking.id).status === 'pending' ? 'confirmed' : 'pending');
    const raced = interleaved(flip, Number.POSITIVE_INFINITY);
    expect((await rejectionOf(raced.cancel.execute(s.alpine(), booking.id))).code).toBe('not_cancellable');
    expect(raced.calls()).toBeGreaterThan(1);
    expect(raced.calls()).toBeLessThan(10);
    expect(stored(booking.id).status).not.toBe('cancelled');
  });
});
