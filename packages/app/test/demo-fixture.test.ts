import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, BOOKING_STATUSES, isOccupying, rangesOverlap } from '@campsite/domain';
import { DEMO_TENANT_SLUG, demoFixture } from '../src/demo/demo-fixture';
import { readFixture } from '../src/fixtures/parse-fixture';

describe('demo tenant', () => {
  const { tenants } = readFixture(demoFixture());
  const demo = tenants[0]!;

  it('is one valid tenant in the fixture format, without any API key', () => {
    expect(tenants).toHaveLength(1);
    expect(demo.slug).toBe(DEMO_TENANT_SLUG);
    // serve creates a fresh key after seeding: no fixed demo key exists anywhere
    expect(demo.apiKeys).toEqual([]);
  });

  it('has about twenty pitches of several types, some inactive, with varied prices and sizes', () => {
    expect(demo.sites.length).toBeGreaterThanOrEqual(18);
    expect(new Set(demo.sites.map((s) => s.siteTypeId)).size).toBeGreaterThanOrEqual(4);
    expect(demo.sites.filter((s) => s.status === 'inactive').length).toBeGreaterThan(0);
    expect(new Set(demo.sites.map((s) => s.basePricePerNight)).size).toBeGreaterThan(5);
    expect(new Set(demo.sites.map((s) => s.maxOccupants)).size).toBeGreaterThan(3);
  });

  it('has customers plus staff, operator and admin accounts', () => {
    expect(demo.users.filter((u) => u.role === 'customer').length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.users.map((u) => u.role))).toEqual(new Set(['customer', 'staff', 'operator', 'admin']));
  });

  it('has bookings in every status across 2026 and 2027, none overlapping an occupying one on its pitch', () => {
    expect(demo.bookings.length).toBeGreaterThanOrEqual(35);
    expect(new Set(demo.bookings.map((b) => b.status))).toEqual(new Set(BOOKING_STATUSES));
    expect(new Set(demo.bookings.map((b) => b.checkInDate.slice(0, 4)))).toEqual(new Set(['2026', '2027']));
    const occupying = demo.bookings.filter((b) => isOccupying(b.status));
    for (const a of occupying) {
      for (const b of occupying) {
        if (a.id < b.id && a.siteId === b.siteId)
          expect(rangesOverlap(a.checkInDate, a.checkOutDate, b.checkInDate, b.checkOutDate)).toBe(false);
      }
    }
    for (const b of demo.bookings) {
      const site = demo.sites.find((s) => s.id === b.siteId)!;
      expect(b.numAdults + b.numYouth + b.numChildren).toBeLessThanOrEqual(site.maxOccupants);
    }
  });

  it('has invoices in all four statuses, some without a booking', () => {
    expect(demo.invoices.length).toBeGreaterThanOrEqual(20);
    expect(new Set(demo.invoices.map((i) => i.status))).toEqual(new Set(INVOICE_STATUSES));
    expect(demo.invoices.some((i) => i.bookingId === null)).toBe(true);
  });

  it('is the same on every first start', () => {
    expect(demoFixture()).toEqual(demoFixture());
  });
});
