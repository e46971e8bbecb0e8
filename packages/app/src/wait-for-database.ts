import { isDomainError } from '@campsite/domain';
import type { Persistence } from '@campsite/adapters-sql';
import type { Logger } from 'pino';

/** How long `serve` waits for an unreachable database before it gives up (docs/operations.md, Database faults). */
export const DATABASE_WAIT_MS = 30_000;
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 2_000;

/**
 * Migrates, waiting for a database that cannot be reached yet (it starts with the service, or restarts): each refusal
 * logs one warn line saying what failed and when the next try comes, with pauses growing from 0.25 s to 2 s, for at
 * most `waitMs`. Any other failure, or the last refusal, is thrown. Resolves to the migrations applied.
 */
export async function migrateWhenReachable(
  persistence: Pick<Persistence, 'migrate'>,
  logger: Pick<Logger, 'warn' | 'info'>,
  waitMs = DATABASE_WAIT_MS,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  let pause = FIRST_PAUSE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await persistence.migrate();
      if (attempt > 1) logger.info({ attempts: attempt }, 'database reachable');
      return applied;
    } catch (error) {
      if (!isDomainError(error, 'database_unavailable') || Date.now() + pause > deadline) throw error;
      logger.warn({ attempt, retryInMs: pause, reason: error.message }, 'waiting for the database');
      await sleep(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
