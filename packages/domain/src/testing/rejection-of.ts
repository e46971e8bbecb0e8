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
