import cluster from 'node:cluster';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config';

/**
 * docs/api-behaviour.md §1: raw tokens and Authorization headers never reach a log line. The HTTP adapter is not supposed to log
 * them; these paths are the safety net for whichever shape a log call uses.
 */
export const REDACTED_PATHS = [
  'authorization',
  'token',
  'rawKey',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.cookie',
  'req.headers.cookie',
  '*.authorization',
  '*.token',
  '*.rawKey',
];

/**
 * Structured JSON logs. `serve` writes them to stdout (docs/operations.md); the one-shot commands write them to stderr,
 * because their stdout is their result (`keys create` prints the raw key alone).
 */
export function createLogger(level: LogLevel, destination: 1 | 2 | DestinationStream = 1, requestId?: () => string | undefined): Logger {
  return pino(
    {
      level,
      // The workers of `serve --workers` share stdout: each line says which process wrote it.
      base: cluster.isWorker ? { service: 'campsite', pid: process.pid } : { service: 'campsite' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Every line written while a request is being handled names it (docs/observability.md), whoever writes it;
      // a line's own requestId field wins.
      ...(requestId ? { mixin: () => withRequestId(requestId()) } : {}),
    },
    typeof destination === 'number' ? pino.destination({ dest: destination, sync: true }) : destination,
  );
}

/** pino merges the line's own fields into the object returned, so it must be a fresh one each time. */
function withRequestId(requestId: string | undefined): object {
  return requestId === undefined ? {} : { requestId };
}
