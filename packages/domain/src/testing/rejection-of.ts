import { DomainError } from '../shared/domain-error';

/** Awaits `promise` and returns the DomainError it rejects with; anything else (or resolving) fails the test. */
export async function rejectionOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but the promise resolved');
}

/** Runs `run` and returns what it throws, of any type; returning normally fails the test. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw, but it returned');
}
