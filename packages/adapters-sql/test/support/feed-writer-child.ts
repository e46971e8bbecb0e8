/**
 * One writing process of the feed race (feed-race.test.ts): plain SQL on its own connection, as another part of the
 * platform writes, for `durationMs`. Some transactions hold their first change while they make more (the case where
 * positions from a sequence would commit out of order). Prints one JSON line: how many transactions committed.
 *   node --import tsx feed-writer-child.ts DATABASE_URL TENANT_ID DURATION_MS SEED
 */
import Database from 'better-sqlite3';
import pg from 'pg';

const [url, tenantArg, durationArg, seedArg] = process.argv.slice(2);
const tenantId = Number(tenantArg);
const until = Date.now() + Number(durationArg);
let seed = Number(seedArg) || 1;
const random = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Tx = (sql: string, params?: unknown[]) => Promise<void>;

/** One random transaction of one to three changes. */
async function change(run: Tx): Promise<void> {
  const steps = 1 + random(3);
  for (let i = 0; i < steps; i++) {
    const id = 1 + random(20);
    switch (random(5)) {
      case 0:
        await run('UPDATE bookings SET status = ? WHERE tenant_id = ? AND id = ?', [
          ['pending', 'confirmed', 'cancelled'][random(3)],
          tenantId,
          id,
        ]);
        break;
      case 1:
        await run('UPDATE sites SET name = ? WHERE tenant_id = ? AND id = ?', [`site ${random(1000)}`, tenantId, 1 + random(5)]);
        break;
      case 2:
        await run('UPDATE users SET role = ? WHERE tenant_id = ? AND id = ?', [
          random(2) === 0 ? 'customer' : 'staff',
          tenantId,
          1 + random(10),
        ]);
        break;
      case 3:
        await run('DELETE FROM invoices WHERE tenant_id = ? AND id = ?', [tenantId, 1000 + id]);
        await run(
          'INSERT INTO invoices (tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at) VALUES ' +
            "(?, ?, ?, NULL, ?, 'OFFEN', ?)",
          [tenantId, 1000 + id, `R-${random(100000)}`, random(10000), url!.startsWith('sqlite:') ? Date.now() : new Date().toISOString()],
        );
        break;
      default:
        await run('UPDATE bookings SET guest_first_name = ? WHERE tenant_id = ? AND id = ?', [`g${random(1000)}`, tenantId, id]);
    }
  }
}

async function main(): Promise<void> {
  let committed = 0;
  if (url!.startsWith('sqlite:')) {
    const db = new Database(url!.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    db.pragma('foreign_keys = ON');
    while (Date.now() < until) {
      db.exec('BEGIN IMMEDIATE');
      try {
        await change(async (sql, params = []) => void db.prepare(sql).run(...params));
        db.exec('COMMIT');
        committed++;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
      await pause(random(3));
    }
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const run: Tx = async (sql, params = []) => {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
      if (random(4) === 0) await pause(random(5));
    };
    while (Date.now() < until) {
      await client.query('BEGIN');
      try {
        await change(run);
        await client.query('COMMIT');
        committed++;
      } catch (error) {
        await client.query('ROLLBACK');
        // Two writers may deadlock on the same rows (40P01); the database breaks it, and this writer goes on. Two
        // writers may also replace the same invoice at once: the second one's DELETE waited for the first, found its
        // row gone, and its INSERT then meets the first one's new row (23505). Either way nothing of this transaction
        // was committed, which is all the race needs.
        const code = (error as { code?: string }).code;
        if (code !== '40P01' && code !== '23505') throw error;
      }
    }
    await client.end();
  }
  console.log(JSON.stringify({ committed }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
