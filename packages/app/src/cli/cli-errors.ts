import { DomainError } from '@campsite/domain';
import { ConfigError } from '../config';
import { FixtureError } from '../fixtures/fixture-row';

/**
 * The one line an operator sees for a failed command (docs/operations.md: one clear line, no stack trace). Unexpected
 * errors keep their stack only when asked for with LOG_LEVEL=debug or trace.
 */
export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  if (error instanceof ConfigError) return `campsite: configuration error: ${error.message}`;
  if (error instanceof FixtureError) return `campsite: import failed, nothing was imported: ${error.message}`;
  if (error instanceof DomainError) return `campsite: ${error.message === error.code ? error.code.replace(/_/g, ' ') : error.message}`;
  const verbose = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  if (verbose && error instanceof Error && error.stack) return `campsite: ${error.stack}`;
  return `campsite: ${firstLine(messageOf(error))}`;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  // Node reports "connection refused" on a dual-stack host as an AggregateError without a message of its own.
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  return (error as NodeJS.ErrnoException).code ?? error.name;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? text;
}
