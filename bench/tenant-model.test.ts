import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC, TenantModel, bookingsFromAtDensityOf } from './tenant-model';

// The 1M-booking tenant's longer history (bench/README.md, "Shapes of load"): its bookings per year are the calendar
// tenant's, and a tenant without `bookingsFrom` is generated as before.

const CALENDAR = { ...DEFAULT_SPEC, sites: 200, selling: true, seed: 4 };
const DAY = 86_400_000;

describe('bookingsFrom', () => {
  it('spreads ten times the bookings over ten times the years, ending where the default history ends', () => {
    expect(bookingsFromAtDensityOf(100_000, 100_000)).toBe('2019-01-01');
    expect(bookingsFromAtDensityOf(1_000_000, 100_000)).toBe('1951-07-24');
    const short = new TenantModel(CALENDAR);
    const long = new TenantModel({ ...CALENDAR, bookings: 1_000_000, bookingsFrom: '1951-07-24' });
    expect(long.booking(1).created_at.slice(0, 10)).toBe('1951-07-24');
    expect(long.booking(1_000_000).created_at.slice(0, 7)).toBe(short.booking(100_000).created_at.slice(0, 7));
    // The last tenth of the long history holds as many bookings as the whole short one, made in the same years.
    expect(long.booking(900_001).created_at.slice(0, 4)).toBe('2019');
  });

  it('leaves a tenant without it as it was: from 2019, each booking the same', () => {
    const model = new TenantModel(CALENDAR);
    expect(new TenantModel({ ...CALENDAR, bookingsFrom: '2019-01-01' }).booking(777)).toEqual(model.booking(777));
    expect(model.booking(1).created_at.slice(0, 10)).toBe('2019-01-01');
  });

  it('arrives on the day the booking was made or up to 240 days later, also before 1970', () => {
    const model = new TenantModel({ ...CALENDAR, bookings: 1_000_000, bookingsFrom: '1951-07-24' });
    const leads = Array.from({ length: 1000 }, (_, n) => {
      const booking = model.booking(n + 1);
      return (Date.parse(`${booking.check_in_date}T00:00:00Z`) - Date.parse(`${booking.created_at.slice(0, 10)}T00:00:00Z`)) / DAY;
    });
    expect(Math.min(...leads)).toBe(0);
    expect(Math.max(...leads)).toBeLessThanOrEqual(240);
  });

  it('refuses a start that is no date, or not before the history ends', () => {
    expect(() => new TenantModel({ ...CALENDAR, bookingsFrom: 'July 1951' })).toThrow(/bookingsFrom/);
    expect(() => new TenantModel({ ...CALENDAR, bookingsFrom: '2026-07-01' })).toThrow(/bookingsFrom/);
  });
});
