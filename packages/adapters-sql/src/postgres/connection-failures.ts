import { DomainError } from '@campsite/domain';

/** Node's socket errors and PostgreSQL's SQLSTATEs that mean the connection failed, not the statement. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
]);

/**
 * Whether `error` says the database connection was lost or could not be made (docs/operations.md, Database faults):
 * the statement may or may not have run. SQLSTATE class 08 is "connection exception"; pg reports a socket that closed
 * under a query, or a client that already lost its socket, by message only.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return /^Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(error.message);
}

/** The domain's word for it, keeping the driver's error as the cause. */
export function databaseUnavailable(cause: unknown): DomainError {
  const error = new DomainError(
    'database_unavailable',
    `the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
  );
  error.cause = cause;
  return error;
}

/** `error` as database_unavailable when the connection failed; otherwise unchanged. */
export function translateConnectionFailure(error: unknown): unknown {
  return isConnectionFailure(error) ? databaseUnavailable(error) : error;
}
