/**
 * BULK_LOAD's pair: the same fixture file imported into fresh databases with every accelerator on and with BULK_LOAD
 * off, in mirrored order (on, off, off, on). The rate is the one the import command prints (rows over its own time,
 * process start-up left out), else rows over the command's wall time.
 */
import { freshDatabase } from './lifecycle';
import { mirrored } from './mirrored';
import { log } from './options';
import { acceleratorEnv } from './pairs';
import type { AcceleratorPair, ImportResult, Shape } from './results';
import { importTenant, type Fixture } from './server';
import { benchServerEnv } from './server-env';

const rateOf = (i: ImportResult) => i.reportedRowsPerSecond ?? i.rowsPerSecond;

export async function bulkLoadPair(backend: string, shape: Shape, fixture: Fixture, env = benchServerEnv()): Promise<AcceleratorPair> {
  const rounds = await mirrored([{ id: 'on' }, { id: 'off' }] as const, async (side) => {
    const database = await freshDatabase(backend, `bulk_${side.id}`);
    try {
      return await importTenant(database.url, fixture, acceleratorEnv(env, side.id === 'off' ? 'BULK_LOAD' : null));
    } finally {
      await database.drop();
    }
  });
  // Both imports of a side together: all their rows over all their time.
  const together = (side: ImportResult[]) => {
    const rows = side.reduce((sum, i) => sum + i.rows, 0);
    const seconds = side.reduce((sum, i) => sum + i.rows / rateOf(i), 0);
    return Math.round(rows / seconds);
  };
  const onRps = together(rounds.get('on') ?? []);
  const offRps = together(rounds.get('off') ?? []);
  const pair: AcceleratorPair = {
    accelerator: 'BULK_LOAD',
    case: `import rows/s (${fixture.totalRows} rows, one file)`,
    backend,
    shape,
    onRps,
    offRps,
    gain: Math.round((onRps / offRps) * 1000) / 1000,
    onP99Ms: null,
    offP99Ms: null,
    failures: 0,
  };
  log(`${backend} BULK_LOAD import: on ${onRps} rows/s, off ${offRps} rows/s, gain ${pair.gain}x`);
  return pair;
}
