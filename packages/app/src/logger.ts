import cluster from 'node:cluster';
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * DECISIONS §1: raw tokens and Authorization headers never reach a log line. The HTTP adapter is not supposed to log
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
 * Structured JSON logs. `serve` writes them to stdout (OPERATIONS.md); the one-shot commands write them to stderr,
 * because their stdout is their result (`keys create` prints the raw key alone).
 */
export function createLogger(level: LogLevel, destination: 1 | 2 = 1): Logger {
  return pino(
    {
      level,
      // The workers of `serve --workers` share stdout: each line says which process wrote it.
      base: cluster.isWorker ? { service: 'campsite', pid: process.pid } : { service: 'campsite' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    pino.destination({ dest: destination, sync: true }),
  );
}
