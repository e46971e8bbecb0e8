import { DomainError } from '@campsite/domain';
import { describe, expect, it } from 'vitest';
import { migrateWhenReachable } from '../src/wait-for-database';

function recordingLogger() {
  const warnings: Array<Record<string, unknown>> = [];
  return { warnings, logger: { warn: (fields: Record<string, unknown>) => warnings.push(fields), info: () => {} } };
}

describe('migrateWhenReachable (docs/operations.md, Database faults)', () => {
  it('retries an unreachable database with growing pauses, one warn line each, until it answers', async () => {
    let calls = 0;
    const persistence = {
      migrate: async () => {
        if (++calls < 4) throw new DomainError('database_unavailable', 'the database is unavailable: connect ECONNREFUSED');
        return ['001_initial.sql'];
      },
    };
    const { warnings, logger } = recordingLogger();
    const pauses: number[] = [];
    expect(await migrateWhenReachable(persistence, logger, 30_000, async (ms) => void pauses.push(ms))).toEqual(['001_initial.sql']);
    expect(pauses).toEqual([250, 500, 1000]);
    expect(warnings.map((w) => w.attempt)).toEqual([1, 2, 3]);
    expect(warnings[0]).toMatchObject({ retryInMs: 250, reason: 'the database is unavailable: connect ECONNREFUSED' });
  });

  it('gives up with the last refusal once the wait is over, and never retries any other failure', async () => {
    const refusal = new DomainError('database_unavailable', 'the database is unavailable: connect ECONNREFUSED');
    const { logger } = recordingLogger();
    await expect(migrateWhenReachable({ migrate: async () => Promise.reject(refusal) }, logger, 0, async () => {})).rejects.toBe(refusal);
    const broken = new Error('syntax error in migration');
    let calls = 0;
    const failing = { migrate: async () => (calls++, Promise.reject(broken)) };
    await expect(migrateWhenReachable(failing, logger, 30_000, async () => {})).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});
