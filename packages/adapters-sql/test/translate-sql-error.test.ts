import { DomainError } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { translateSqlError } from '../src/translate-sql-error';

// docs/architecture.md: a driver error becomes the domain error it means, and is kept as that error's cause, so the
// log line of a failed request still shows what the database said.

describe('translateSqlError', () => {
  const cases: Array<[string, object, string]> = [
    [
      'a known unique key (PostgreSQL)',
      { code: '23505', constraint: 'bookings_reference_key', message: 'duplicate key' },
      'duplicate_booking_reference',
    ],
    [
      'a known unique key (SQLite)',
      { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: tenants.slug' },
      'tenant_exists',
    ],
    ['another unique key', { code: '23505', constraint: 'other_key', detail: 'Key (x)=(1) already exists.' }, 'validation_failed'],
    ['a missing referenced row', { code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed' }, 'validation_failed'],
    ['a user who is not a customer', { code: 'P0001', message: 'bookings_customer_is_customer' }, 'customer_not_found'],
  ];
  for (const [what, driver, code] of cases) {
    it(`translates ${what} into ${code} and keeps the driver error as its cause`, () => {
      const translated = translateSqlError(driver);
      expect(translated).toBeInstanceOf(DomainError);
      expect((translated as DomainError).code).toBe(code);
      expect((translated as DomainError).cause).toBe(driver);
    });
  }

  it('returns any other error as it is', () => {
    const other = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    expect(translateSqlError(other)).toBe(other);
  });
});
