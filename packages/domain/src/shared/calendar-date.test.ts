import { describe, expect, it } from 'vitest';
import { addDays, dayAfter, dayNumber, daysBetween, isCalendarDate, rangesOverlap } from './calendar-date';
import { formatDateTime } from './clock';

// docs/api-behaviour.md §2: dates are strictly YYYY-MM-DD in the body and in filters.
describe('isCalendarDate', () => {
  it.each(['2026-02-01', '2026-12-31', '2026-01-01', '0001-01-01', '9999-12-31', '2024-02-29', '2000-02-29'])('accepts %j', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each([
    '2026-2-1',
    '2026-02-1',
    '26-02-01',
    '2026-02-30',
    '2026-02-29', // 2026 is not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '0000-01-01',
    '2026-02-01T00:00:00Z',
    '2026-02-01T00:00',
    '2026-02-01 00:00',
    ' 2026-02-01',
    '2026-02-01 ',
    '2026-02-01\n',
    '2026 -02-01',
    '2026/02/01',
    '20260201',
    '+2026-02-01',
    '２０２６-02-01',
    '',
    'today',
  ])('rejects %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-07-01', '2026-07-04', 3],
    ['2026-07-01', '2026-07-01', 0],
    ['2026-07-04', '2026-07-01', -3],
    ['2024-02-28', '2024-03-01', 2], // leap year
    ['2026-02-28', '2026-03-01', 1],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-03-28', '2026-03-30', 2], // over the European DST switch: no 23-hour day
    ['2026-10-24', '2026-10-26', 2],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
  ])('%s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-07-01', '2026-07-04', 3],
    ['2026-07-04', '2026-07-01', -3],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2028-01-01', '2029-01-01', 366],
  ])('addDays(%s, n) is %s where daysBetween gives %i', (from, to, days) => {
    expect(addDays(from, days)).toBe(to);
  });
});

// docs/api-behaviour.md §2.4, rule 8: stays are half-open [check_in, check_out); touching ranges do not overlap.
describe('rangesOverlap', () => {
  it.each([
    ['2026-07-01', '2026-07-04', '2026-07-03', '2026-07-06', true],
    ['2026-07-01', '2026-07-10', '2026-07-03', '2026-07-04', true], // contained
    ['2026-07-01', '2026-07-04', '2026-07-01', '2026-07-04', true], // identical
    ['2026-07-01', '2026-07-04', '2026-07-04', '2026-07-06', false], // departs the day the other arrives
    ['2026-07-04', '2026-07-06', '2026-07-01', '2026-07-04', false],
    ['2026-07-01', '2026-07-04', '2026-07-05', '2026-07-06', false],
    ['2026-06-28', '2026-07-02', '2026-07-01', '2026-07-02', true],
  ])('[%s, %s) against [%s, %s) overlaps: %s', (aStart, aEnd, bStart, bEnd, expected) => {
    expect(rangesOverlap(aStart, aEnd, bStart, bEnd)).toBe(expected);
    expect(rangesOverlap(bStart, bEnd, aStart, aEnd)).toBe(expected);
  });
});

// docs/api-behaviour.md §3: datetimes are ISO 8601 in UTC with a Z suffix.
describe('formatDateTime', () => {
  it('renders UTC with a Z suffix and no zero milliseconds', () => {
    expect(formatDateTime(new Date('2026-06-01T14:00:00+02:00'))).toBe('2026-06-01T12:00:00Z');
  });

  it('keeps milliseconds that are not zero', () => {
    expect(formatDateTime(new Date('2026-06-01T12:00:00.250Z'))).toBe('2026-06-01T12:00:00.250Z');
  });
});

describe('dayAfter and dayNumber', () => {
  it('step and count days as addDays and daysBetween do: month ends, leap days of 2000 and 1600, none in 2100, years 1 to 9999', () => {
    const starts = ['0001-01-01', '0099-12-25', '1599-12-01', '1899-12-01', '1999-12-01', '2023-12-20', '2099-11-30', '9998-12-01'];
    for (const start of starts) {
      let date = start;
      for (let day = 0; day < 800 && date < '9999-12-31'; day++) {
        expect(dayAfter(date), date).toBe(addDays(date, 1));
        expect(dayNumber(date) - dayNumber(start), date).toBe(daysBetween(start, date));
        date = dayAfter(date);
      }
    }
    expect(dayAfter('9999-12-30')).toBe('9999-12-31');
  });
});
