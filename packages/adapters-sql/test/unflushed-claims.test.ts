import { aTenant } from '@campsite/domain/testing';
import { describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { PgDatabase } from '../src/postgres/pg-database';
import { SqlIdempotencyStore } from '../src/repositories/sql-idempotency-store';
import { postgresForTests } from './support/databases';

const postgres = await postgresForTests();

/**
 * An idempotency claim commits without waiting for the disk (SqlDialect.withoutFlush), and only the claim: the
 * setting must be the claim transaction's own, so that the booking that follows on the same connection, and every
 * other write the pool runs there, still waits for the disk. (Whether a commit waited is not visible to a client;
 * that the setting stays inside the claim is.)
 */
describe.skipIf(!postgres)('Postgres idempotency claims', () => {
  it('commit unflushed, and leave the connection committing durably afterwards', async () => {
    const persistence = await openPersistence(postgres!.url, { poolSize: 1 });
    await persistence.migrate();
    await persistence.importer.importTenants([aTenant('unflushed-claims')]);
    const tenantId = (await persistence.tenants.findBySlug('unflushed-claims'))!.id;
    await persistence.close();

    const db = new PgDatabase(postgres!.url, { max: 1 });
    try {
      const store = new SqlIdempotencyStore(db);
      const now = new Date();
      const claimed = await store.claim(
        tenantId,
        'key-1',
        'fp',
        now,
        new Date(now.getTime() - 60_000),
        new Date(now.getTime() + 86_400_000),
      );
      expect(claimed.kind).toBe('claimed');
      // One connection in the pool: this is the connection the claim ran on, in a transaction of its own.
      expect(await db.get<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting")).toEqual({ setting: 'on' });
      // The claim row is there, as any reader sees it.
      expect(await store.claim(tenantId, 'key-1', 'fp', now, new Date(now.getTime() - 60_000), now)).toMatchObject({ kind: 'in_use' });
    } finally {
      await db.close();
    }
  });
});
