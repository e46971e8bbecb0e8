import { DomainError } from '@campsite/domain';

/** The unique keys the domain gives a meaning to, by the constraint's name (Postgres) or its columns (SQLite). */
const UNIQUE_KEYS = [
  {
    postgres: 'bookings_reference_key',
    sqlite: 'bookings.tenant_id, bookings.booking_reference',
    error: (cause: unknown) => new DomainError('duplicate_booking_reference', undefined, {}, { cause }),
  },
  {
    postgres: 'api_keys_prefix_key',
    sqlite: 'api_keys.prefix',
    error: (cause: unknown) => new DomainError('validation_failed', 'key prefix is already in use', {}, { cause }),
  },
  {
    postgres: 'tenants_slug_key',
    sqlite: 'tenants.slug',
    error: (cause: unknown) => new DomainError('tenant_exists', 'tenant already exists', {}, { cause }),
  },
] as const;

/** What the create procedures (migrations 014 and 022) raise, by message, for the rule their statements enforce. */
const RAISED_DOMAIN_ERRORS = ['site_unavailable', 'idempotency_key_in_use', 'quote_not_found', 'quote_used'] as const;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  detail?: unknown;
}

function isUniqueViolation(error: DriverError): boolean {
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The trigger that lets a booking name only a `customer` user of its tenant (migration 008). */
function isNotACustomer(error: DriverError): boolean {
  return error.constraint === 'bookings_customer_is_customer' || String(error.message ?? '') === 'bookings_customer_is_customer';
}

/** The tariff's overlap rule (migration 019): an exclusion constraint on PostgreSQL, a trigger on SQLite. */
const OVERLAP_RULES = { seasons_overlap: 'seasons', restrictions_overlap: 'restrictions' } as const;

function overlapOf(error: DriverError): string | undefined {
  const name = error.code === '23P01' ? error.constraint : error.message;
  return Object.hasOwn(OVERLAP_RULES, String(name)) ? OVERLAP_RULES[name as keyof typeof OVERLAP_RULES] : undefined;
}

function isForeignKeyViolation(error: DriverError): boolean {
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** True for an exception raised by our own database code (RAISE EXCEPTION, SQLSTATE P0001) with `message`. */
export function isRaised(error: unknown, message: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const driver = error as DriverError;
  return driver.code === 'P0001' && driver.message === message;
}

/**
 * Turns a driver's constraint violation into the DomainError it means (docs/architecture.md: driver errors are translated inside
 * the SQL adapter), keeping the driver's error as its `cause` for the log. Anything else is returned as it is, to be rethrown.
 */
export function translateSqlError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const driver = error as DriverError;
  if (isUniqueViolation(driver)) {
    const message = String(driver.message ?? '');
    const known = UNIQUE_KEYS.find((key) => driver.constraint === key.postgres || message.endsWith(key.sqlite));
    if (known) return known.error(error);
    return new DomainError('validation_failed', `duplicate row: ${String(driver.detail ?? message)}`, {}, { cause: error });
  }
  const raised = RAISED_DOMAIN_ERRORS.find((code) => isRaised(error, code));
  if (raised) return new DomainError(raised, undefined, {}, { cause: error });
  if (isNotACustomer(driver)) {
    return new DomainError('customer_not_found', 'the booking names a user who is not a customer of its tenant', {}, { cause: error });
  }
  const overlapping = overlapOf(driver);
  if (overlapping) {
    return new DomainError('validation_failed', `${overlapping} of one site type overlap`, {}, { cause: error });
  }
  if (isForeignKeyViolation(driver)) {
    return new DomainError(
      'validation_failed',
      `row refers to a missing row: ${String(driver.detail ?? driver.message ?? '')}`,
      {},
      {
        cause: error,
      },
    );
  }
  return error;
}

/**
 * True when a booking create lost its id to another writer: the id was taken by a row inserted around the counter
 * (bookings' primary key), or Postgres broke a deadlock with such a writer. Trying again takes a fresh id.
 */
export function isLostIdRace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const driver = error as DriverError;
  if (driver.code === '40P01') return true;
  if (!isUniqueViolation(driver)) return false;
  return driver.constraint === 'bookings_pkey' || String(driver.message ?? '').endsWith('bookings.tenant_id, bookings.id');
}

/** Runs `work`, translating constraint violations into domain errors. */
export async function translatingSqlErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateSqlError(error);
  }
}
