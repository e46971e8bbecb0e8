import { describe, it } from 'vitest';
import { postgresForTests, tempDir } from '../../../adapters-sql/test/support/databases';

/**
 * Runs an HTTP scenario suite (`describeSuite`) against the wired app on SQLite (a fresh file) and on Postgres (a
 * schema of this file's own; a visible skip without one). `openOn` opens the app over a database URL.
 */
export async function describeOnSqlBackends<W extends { close(): Promise<void> }>(
  title: string,
  describeSuite: (name: string, open: () => Promise<W>) => void,
  openOn: (databaseUrl: string) => Promise<W>,
): Promise<void> {
  describeSuite('sqlite', async () => {
    const dir = tempDir('http-scenarios');
    const world = await openOn(`sqlite:${dir.path}/campsite.db`);
    return {
      ...world,
      async close() {
        await world.close();
        dir.remove();
      },
    };
  });
  const postgres = await postgresForTests(title);
  if (postgres) describeSuite('postgres', () => openOn(postgres.url));
  else describe(`${title}: postgres`, () => it.skip('Postgres unavailable (see the warning above)'));
}
