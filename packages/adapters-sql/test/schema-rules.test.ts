import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { postgresForTests, tempDir } from './support/databases';

// docs/database-rules.md §3: the schema itself refuses what would make the API answer wrongly, whoever writes. Plain
// SQL only, no application code past the migration: each rule's offending statement is refused, and a valid statement
// of the same shape passes.

/** A second program's connection: plain SQL with `?` placeholders. */
interface RawSql {
  run(sql: string, params?: unknown[]): Promise<void>;
  /** The first column of the first row, as a number. */
  count(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

const BOOKING =
  'INSERT INTO bookings (tenant_id, id, booking_reference, guest_first_name, guest_last_name, guest_email, site_id, check_in_date, ' +
  'check_out_date, num_adults, num_youth, num_children, status, total_price, created_at, source) ' +
  "VALUES (1, ?, ?, 'A', 'B', '', ?, ?, ?, ?, ?, 0, ?, 100, ?, 'console')";

/** The engine's own: a second program's connection, an instant as the engine stores it, a date column's month. */
interface Engine {
  raw: RawSql;
  time: (ms: number) => unknown;
  monthOf: (column: string) => string;
}

function describeSchemaRules(name: string, open: () => Promise<Engine>): void {
  describe(`schema rules: ${name}`, () => {
    let raw: RawSql;
    let time: Engine['time'];
    let monthOf: Engine['monthOf'];
    let createdAt: unknown;
    const booking = (id: number, site: number, from: string, to: string, adults = 2, youth = 0, status = 'pending', made = createdAt) =>
      raw.run(BOOKING, [id, `REF${id}`, site, from, to, adults, youth, status, made]);

    beforeAll(async () => {
      ({ raw, time, monthOf } = await open());
      createdAt = time(Date.UTC(2026, 0, 1));
      await raw.run("INSERT INTO tenants (id, slug, name) VALUES (1, 'rules', 'Rules')");
      await raw.run("INSERT INTO site_types (tenant_id, id, name) VALUES (1, 1, 'Tent')");
      for (const id of [1, 2]) {
        await raw.run(
          'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, ' +
            "site_type_id) VALUES (1, ?, ?, '', 4, 100, 'active', 1)",
          [id, `S${id}`],
        );
      }
      await booking(1, 1, '2026-07-01', '2026-07-03');
    });
    afterAll(() => raw?.close());

    it('a booking refers to a site of its tenant', async () => {
      await expect(booking(2, 99, '2026-07-01', '2026-07-03')).rejects.toThrow(/constraint/i);
      await booking(2, 2, '2026-07-01', '2026-07-03');
    });

    it('a site that bookings refer to cannot be deleted; one without bookings can', async () => {
      await raw.run(
        'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, ' +
          "site_type_id) VALUES (1, 3, 'S3', '', 4, 100, 'active', 1)",
      );
      await expect(raw.run('DELETE FROM sites WHERE tenant_id = 1 AND id = 1')).rejects.toThrow(/constraint/i);
      await raw.run('DELETE FROM sites WHERE tenant_id = 1 AND id = 3');
    });

    it('an invoice refers to a booking of its tenant, or to none', async () => {
      const invoice =
        'INSERT INTO invoices (tenant_id, id, invoice_number, booking_id, total_chf, status, issued_at) ' +
        "VALUES (1, ?, 'N', ?, 100, 'OFFEN', ?)";
      await expect(raw.run(invoice, [1, 99, createdAt])).rejects.toThrow(/constraint/i);
      await raw.run(invoice, [1, 1, createdAt]);
      await raw.run(invoice, [2, null, createdAt]);
      // ...and a booking that an invoice refers to cannot be deleted.
      await expect(raw.run('DELETE FROM bookings WHERE tenant_id = 1 AND id = 1')).rejects.toThrow(/constraint/i);
    });

    it('check-out comes after check-in', async () => {
      await expect(booking(10, 1, '2026-08-05', '2026-08-05')).rejects.toThrow(/constraint/i);
      await expect(booking(10, 1, '2026-08-05', '2026-08-01')).rejects.toThrow(/constraint/i);
      await booking(10, 1, '2026-08-05', '2026-08-06');
    });

    it('guest counts are not negative', async () => {
      await expect(booking(11, 1, '2026-09-01', '2026-09-02', -1)).rejects.toThrow(/constraint/i);
      await expect(booking(11, 1, '2026-09-01', '2026-09-02', 1, -1)).rejects.toThrow(/constraint/i);
      await booking(11, 1, '2026-09-01', '2026-09-02', 0, 0);
    });

    it('leaves status values open: the platform may add new ones', async () => {
      await booking(12, 1, '2026-10-01', '2026-10-02', 1, 0, 'waitlisted');
    });

    // Version 015 (docs/database-rules.md §4): a list walks the creation order from the latest creation time its
    // check-in months hold, so a bound that missed a booking would hide it from the page.
    it("each check-in month's creation bounds hold every booking it counts, whatever the writes", async () => {
      const outside = () =>
        raw.count(
          'SELECT COUNT(*) FROM bookings b LEFT JOIN booking_month_counts m ON m.tenant_id = b.tenant_id AND m.status = b.status ' +
            `AND m.month_start = ${monthOf('b.check_in_date')} ` +
            'WHERE m.n IS NULL OR b.created_at < m.earliest_created_at OR b.created_at > m.latest_created_at',
        );
      const [t0, t1, t2, t3, t4] = [2024, 2025, 2026, 2027, 2028].map((year) => time(Date.UTC(year, 5, 1)));
      await booking(20, 1, '2026-11-05', '2026-11-07', 2, 0, 'pending', t1);
      await booking(21, 2, '2026-11-20', '2026-11-22', 2, 0, 'pending', t2);
      const bounds = 'SELECT COUNT(*) FROM booking_month_counts WHERE tenant_id = 1 AND status = ? AND month_start = ? ';
      // An insert's bounds are its bookings' own, not wider: otherwise the walk would skip nothing.
      expect(await raw.count(`${bounds}AND earliest_created_at = ? AND latest_created_at = ?`, ['pending', '2026-11-01', t1, t2])).toBe(1);
      expect(await outside()).toBe(0);
      const steps: Array<[string, unknown[]]> = [
        ['UPDATE bookings SET created_at = ? WHERE tenant_id = 1 AND id = 20', [t3]],
        ["UPDATE bookings SET status = 'confirmed', created_at = ? WHERE tenant_id = 1 AND id = 21", [t0]],
        ["UPDATE bookings SET check_in_date = '2026-12-02', check_out_date = '2026-12-04' WHERE tenant_id = 1 AND id = 20", []],
        ['UPDATE bookings SET created_at = ? WHERE tenant_id = 1 AND id IN (1, 2, 21)', [t4]],
        ['DELETE FROM bookings WHERE tenant_id = 1 AND id = 11', []],
        ["UPDATE bookings SET status = 'pending', created_at = ? WHERE tenant_id = 1 AND id = 21", [t1]],
      ];
      for (const [sql, params] of steps) {
        await raw.run(sql, params);
        expect(await outside(), sql).toBe(0);
      }
      // A bound only ever widens: the November row still claims the booking that has moved out of it.
      expect(await raw.count(`${bounds}AND latest_created_at >= ?`, ['pending', '2026-11-01', t3])).toBe(1);
    });
  });
}

describeSchemaRules('sqlite', async () => {
  const dir = tempDir('schema-rules');
  const file = join(dir.path, 'campsite.db');
  const persistence = await openPersistence(`sqlite:${file}`);
  await persistence.migrate();
  await persistence.close();
  const db = new Database(file);
  // As every writer must (docs/database-rules.md §3): SQLite checks foreign keys only when asked to.
  db.pragma('foreign_keys = ON');
  const raw: RawSql = {
    run: async (sql, params = []) => {
      db.prepare(sql).run(...params);
    },
    count: async (sql, params = []) =>
      Number(
        db
          .prepare(sql)
          .pluck()
          .get(...params),
      ),
    close: async () => {
      db.close();
      dir.remove();
    },
  };
  return { raw, time: (ms) => ms, monthOf: (column) => `substr(${column}, 1, 7) || '-01'` };
});

const postgres = await postgresForTests();
if (postgres) {
  describeSchemaRules('postgres', async () => {
    const persistence = await openPersistence(postgres.url);
    await persistence.migrate();
    await persistence.close();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const query = (sql: string, params: unknown[]) => {
      let n = 0;
      return client.query({ text: sql.replace(/\?/g, () => `$${++n}`), values: params, rowMode: 'array' });
    };
    const raw: RawSql = {
      run: async (sql, params = []) => {
        await query(sql, params);
      },
      count: async (sql, params = []) => Number((await query(sql, params)).rows[0]?.[0]),
      close: () => client.end(),
    };
    return { raw, time: (ms) => new Date(ms).toISOString(), monthOf: (column) => `date_trunc('month', ${column})::date` };
  });
} else {
  describe('schema rules: postgres', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
