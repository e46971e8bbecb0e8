import { describe, expect, it } from 'vitest';
import { problemIn, sample } from './support/fixture-sample';

// docs/import-format.md: a file with a wrong shape, type, value, duplicate id or unknown reference is refused with
// the first problem's JSON path. The keys' problems are in parse-fixture-keys.test.ts.

describe('parseFixture', () => {
  it.each<[string, (d: any) => void, string]>([
    [
      'not an object',
      (d) => {
        d.tenants = undefined;
      },
      'tenants: required',
    ],
    [
      'tenants not an array',
      (d) => {
        d.tenants = {};
      },
      'tenants: must be an array, got an object',
    ],
    [
      'tenant not an object',
      (d) => {
        d.tenants.push(7);
      },
      'tenants[1]: must be an object, got number 7',
    ],
    [
      'missing slug',
      (d) => {
        delete d.tenants[0].slug;
      },
      'tenants[0].slug: required',
    ],
    [
      'duplicate slug in the file',
      (d) => {
        d.tenants.push({ slug: 'alpenblick', name: 'Copy' });
      },
      'tenants[1].slug: duplicate slug "alpenblick" (also tenants[0])',
    ],
    [
      'missing required field',
      (d) => {
        delete d.tenants[0].sites[1].site_number;
      },
      'tenants[0].sites[1].site_number: required',
    ],
    [
      'wrong type',
      (d) => {
        d.tenants[0].sites[0].max_occupants = '4';
      },
      'tenants[0].sites[0].max_occupants: must be an integer, got the string "4"',
    ],
    [
      'fractional integer',
      (d) => {
        d.tenants[0].bookings[0].num_adults = 1.5;
      },
      'tenants[0].bookings[0].num_adults: must be an integer, got number 1.5',
    ],
    [
      'negative count',
      (d) => {
        d.tenants[0].bookings[0].num_children = -1;
      },
      'tenants[0].bookings[0].num_children: must be at least 0, got -1',
    ],
    [
      'duplicate site type id',
      (d) => {
        d.tenants[0].site_types[1].id = 1;
      },
      'tenants[0].site_types[1].id: duplicate site type id 1 (also tenants[0].site_types[0])',
    ],
    [
      'duplicate site id',
      (d) => {
        d.tenants[0].sites[2].id = 2;
      },
      'tenants[0].sites[2].id: duplicate site id 2 (also tenants[0].sites[1])',
    ],
    [
      'duplicate user id',
      (d) => {
        d.tenants[0].users[1].id = 1;
      },
      'tenants[0].users[1].id: duplicate user id 1 (also tenants[0].users[0])',
    ],
    [
      'duplicate booking id',
      (d) => {
        d.tenants[0].bookings[1].id = 1;
      },
      'tenants[0].bookings[1].id: duplicate booking id 1 (also tenants[0].bookings[0])',
    ],
    [
      'duplicate invoice id',
      (d) => {
        d.tenants[0].invoices[1].id = 1;
      },
      'tenants[0].invoices[1].id: duplicate invoice id 1 (also tenants[0].invoices[0])',
    ],
    [
      'duplicate booking reference',
      (d) => {
        d.tenants[0].bookings[1].booking_reference = 'K7Q2M4XZ9B';
      },
      'tenants[0].bookings[1].booking_reference: duplicate booking_reference "K7Q2M4XZ9B" (also tenants[0].bookings[0])',
    ],
    [
      'unknown site type',
      (d) => {
        d.tenants[0].sites[2].site_type_id = 9;
      },
      'tenants[0].sites[2].site_type_id: unknown site type 9',
    ],
    [
      'unknown site',
      (d) => {
        d.tenants[0].bookings[1].site_id = 42;
      },
      'tenants[0].bookings[1].site_id: unknown site 42',
    ],
    [
      'unknown booking',
      (d) => {
        d.tenants[0].invoices[1].booking_id = 7;
      },
      'tenants[0].invoices[1].booking_id: unknown booking 7',
    ],
    [
      'id zero',
      (d) => {
        d.tenants[0].sites[0].id = 0;
      },
      'tenants[0].sites[0].id: must be at least 1, got 0',
    ],
    [
      'bad money',
      (d) => {
        d.tenants[0].sites[0].base_price_per_night = '35,00';
      },
      'tenants[0].sites[0].base_price_per_night: not a valid amount "35,00" (a decimal string such as "35.00")',
    ],
    [
      'money as a float',
      (d) => {
        d.tenants[0].bookings[0].total_price = 105.5;
      },
      'tenants[0].bookings[0].total_price: must be a decimal string such as "35.00", got number 105.5',
    ],
    [
      'negative price',
      (d) => {
        d.tenants[0].sites[0].base_price_per_night = '-1.00';
      },
      'tenants[0].sites[0].base_price_per_night: must not be negative, got "-1.00"',
    ],
    [
      'impossible date',
      (d) => {
        d.tenants[0].bookings[0].check_in_date = '2026-02-30';
      },
      'tenants[0].bookings[0].check_in_date: not a valid date "2026-02-30" (YYYY-MM-DD)',
    ],
    [
      'check-out not after check-in',
      (d) => {
        d.tenants[0].bookings[0].check_out_date = '2026-07-01';
      },
      'tenants[0].bookings[0].check_out_date: must be after check_in_date 2026-07-01, got 2026-07-01',
    ],
    [
      'datetime without a zone',
      (d) => {
        d.tenants[0].users[0].date_joined = '2025-03-01T10:00:00';
      },
      'tenants[0].users[0].date_joined: not a valid datetime "2025-03-01T10:00:00" (ISO 8601 with Z or an offset, ' +
        'e.g. 2026-05-02T08:15:00Z)',
    ],
    [
      'unknown role',
      (d) => {
        d.tenants[0].users[1].role = 'guest';
      },
      'tenants[0].users[1].role: unknown role "guest" (one of customer, staff, operator, admin)',
    ],
  ])('stops at the first problem with its JSON path: %s', (_, edit, message) => {
    expect(problemIn(sample(edit))).toBe(message);
  });
});
