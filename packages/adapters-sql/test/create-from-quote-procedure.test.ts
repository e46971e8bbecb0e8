import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { postgresForTests } from './support/databases';

// docs/database-rules.md §6: PostgreSQL's create_booking_from_quote (migration 022) keeps the rules of a booking from a
// quote by itself. Plain SQL only: what the procedure refuses, it refuses for any caller.

const CALL = `CALL create_booking_from_quote(${Array.from({ length: 26 }, (_, i) => `$${i + 1}`).join(', ')}, NULL, NULL, NULL)`;

const LINES = [
  { position: 1, kind: 'pitch', code: null, description: 'Pitch, 2 nights', quantity: 2000, unitPrice: 3000, vatRate: 380, amount: 6000 },
  { position: 2, kind: 'extra', code: 'dog', description: 'Dog', quantity: 2000, unitPrice: 500, vatRate: 810, amount: 1000 },
];

interface Create {
  quote?: number | null;
  site?: number | null;
  type?: number;
  guests?: number;
  from?: string;
  to?: string;
  claim?: { key: string; token: string };
}

const postgres = await postgresForTests();
if (postgres) {
  describe('create_booking_from_quote (PostgreSQL)', () => {
    let client: pg.Client;
    let references = 0;
    const call = async ({ quote = null, site = null, type = 1, guests = 2, from = '2027-07-01', to = '2027-07-03', claim }: Create) => {
      const at = '2026-06-01T10:00:00Z';
      const { rows } = await client.query<{ booking_id: number; placed_site_id: number; site_number: string }>(CALL, [
        ...[1, null, `Q${++references}`, 'Anna', 'Muster', 'anna@example.ch', site, from, to, guests, 0, 0, 'pending', 7000],
        ...[at, 'online', at, null, quote, '[{"code":"dog","quantity":1}]', type, JSON.stringify(LINES), ['pending', 'confirmed']],
        ...[claim?.key ?? null, claim?.token ?? null, claim ? '2026-06-02T10:00:00Z' : null],
      ]);
      return rows[0];
    };
    const scalar = async (sql: string) => Object.values((await client.query(sql)).rows[0] as object)[0] as unknown;
    const quote = async (id: number) => {
      await client.query(
        'INSERT INTO quotes (tenant_id, id, site_type_id, site_id, check_in_date, check_out_date, num_adults, num_youth, ' +
          "num_children, extras, lines, total_price, expires_at, created_at) VALUES (1, $1, 1, NULL, '2027-07-01', '2027-07-03', " +
          "2, 0, 0, '[]', '[]', 7000, now() + interval '1 hour', now())",
        [id],
      );
      return id;
    };
    const bookingOfQuote = async (id: number) => scalar(`SELECT booking_id FROM quotes WHERE tenant_id = 1 AND id = ${id}`);

    beforeAll(async () => {
      const persistence = await openPersistence(postgres.url);
      await persistence.migrate();
      await persistence.close();
      client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query("INSERT INTO tenants (id, slug, name) VALUES (1, 'from-quote', 'From quote')");
      await client.query("INSERT INTO site_types (tenant_id, id, name) VALUES (1, 1, 'Tent'), (1, 2, 'Chalet')");
      // Type 1 in number order: A1 (inactive), A2 (holds 2), B1 (holds 6); type 2: C1.
      await client.query(
        'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, site_type_id) VALUES ' +
          "(1, 1, 'B1', '', 6, 100, 'active', 1), (1, 2, 'A2', '', 2, 100, 'active', 1), (1, 3, 'A1', '', 6, 100, 'inactive', 1), " +
          "(1, 4, 'C1', '', 4, 100, 'active', 2)",
      );
    });
    afterAll(() => client?.end());

    it('books a quote by type on the lowest free site number that holds the party, with its lines, and marks it used', async () => {
      const changesBefore = Number(await scalar('SELECT count(*) FROM change_log'));
      expect(await call({ quote: await quote(1) })).toEqual({ booking_id: 1, placed_site_id: 2, site_number: 'A2' });
      expect(await call({ quote: await quote(2) })).toEqual({ booking_id: 2, placed_site_id: 1, site_number: 'B1' });
      expect(await bookingOfQuote(1)).toBe(1);
      const stored = (await client.query('SELECT site_id, quote_id, extras, total_price FROM bookings WHERE tenant_id = 1 AND id = 1'))
        .rows;
      expect(stored).toEqual([{ site_id: 2, quote_id: 1, extras: '[{"code":"dog","quantity":1}]', total_price: '7000' }]);
      const lines = await client.query(
        'SELECT position, kind, code, description, quantity, unit_price, vat_rate, amount FROM booking_lines ' +
          'WHERE tenant_id = 1 AND booking_id = 1 ORDER BY position',
      );
      expect(lines.rows.map((l) => [l.position, l.kind, l.code, l.description, l.quantity, l.unit_price, l.vat_rate, l.amount])).toEqual(
        LINES.map((l) => [l.position, l.kind, l.code, l.description, String(l.quantity), String(l.unitPrice), l.vatRate, String(l.amount)]),
      );
      expect(Number(await scalar("SELECT n FROM booking_counts WHERE tenant_id = 1 AND status = 'pending'"))).toBe(2);
      expect(Number(await scalar('SELECT count(*) FROM change_log'))).toBe(changesBefore + 2);
    });

    it('refuses an unknown quote, a used one, and a type without a free site, storing nothing', async () => {
      const before = Number(await scalar('SELECT count(*) FROM bookings'));
      await expect(call({ quote: 99 })).rejects.toThrow(/^quote_not_found$/);
      await expect(call({ quote: 1, from: '2027-08-01', to: '2027-08-02' })).rejects.toThrow(/^quote_used$/);
      const unplaced = await quote(3);
      await expect(call({ quote: unplaced })).rejects.toThrow(/^site_unavailable$/);
      await expect(call({ quote: unplaced, guests: 7, from: '2027-08-01', to: '2027-08-02' })).rejects.toThrow(/^site_unavailable$/);
      expect(Number(await scalar('SELECT count(*) FROM bookings'))).toBe(before);
      expect(await bookingOfQuote(unplaced)).toBeNull();
      // A cancelled booking frees its site.
      await client.query("UPDATE bookings SET status = 'cancelled' WHERE tenant_id = 1 AND id = 1");
      expect((await call({ quote: unplaced }))?.site_number).toBe('A2');
    });

    it('books a named site only while it is active and free, and places by type without a quote', async () => {
      expect((await call({ site: 4, type: 2 }))?.site_number).toBe('C1');
      await expect(call({ site: 4, type: 2 })).rejects.toThrow(/^site_unavailable$/);
      await expect(call({ site: 3, from: '2028-01-01', to: '2028-01-02' })).rejects.toThrow(/^site_unavailable$/);
      expect(await call({ from: '2028-01-01', to: '2028-01-02' })).toMatchObject({ placed_site_id: 2, site_number: 'A2' });
    });

    it('gives two creates for the last free site at once one booking; the other is site_unavailable', async () => {
      const other = new pg.Client({ connectionString: postgres.url });
      await other.connect();
      const otherPid = Number((await other.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      try {
        const [q1, q2] = [await quote(10), await quote(11)];
        await client.query('BEGIN');
        // The first holds the type's sites until it commits: the second waits, then finds B1 taken.
        await client.query('SELECT 1 FROM sites WHERE tenant_id = 1 AND site_type_id = 1 FOR UPDATE');
        const second = other.query(CALL, [
          ...[1, null, 'RACE2', 'Ben', 'Muster', 'ben@example.ch', null, '2029-01-01', '2029-01-02', 5, 0, 0, 'pending', 7000],
          ...[
            '2026-06-01T10:00:00Z',
            'online',
            '2026-06-01T10:00:00Z',
            null,
            q2,
            '[]',
            1,
            '[]',
            ['pending', 'confirmed'],
            null,
            null,
            null,
          ],
        ]);
        second.catch(() => undefined);
        const waiting = `SELECT count(*) FROM pg_stat_activity WHERE pid = ${otherPid} AND wait_event_type = 'Lock'`;
        while (Number(await scalar(waiting)) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        const first = await call({ quote: q1, guests: 5, from: '2029-01-01', to: '2029-01-02' });
        await client.query('COMMIT');
        expect(first).toMatchObject({ site_number: 'B1' });
        await expect(second).rejects.toThrow(/^site_unavailable$/);
        expect(await bookingOfQuote(q2)).toBeNull();
      } finally {
        await other.end();
      }
    });

    it("completes the claim with the booking as inserted, its quote and extras included, in the create's transaction", async () => {
      await client.query(
        'INSERT INTO idempotency_keys (tenant_id, idempotency_key, fingerprint, claim_token, claimed_at, expires_at) ' +
          "VALUES (1, 'k1', 'fp', 'token', now(), now() + interval '1 minute')",
      );
      const q = await quote(20);
      await expect(call({ quote: q, from: '2030-01-01', to: '2030-01-02', claim: { key: 'k1', token: 'x' } })).rejects.toThrow(
        /^idempotency_key_in_use$/,
      );
      expect(await bookingOfQuote(q)).toBeNull();
      const created = await call({ quote: q, from: '2030-01-01', to: '2030-01-02', claim: { key: 'k1', token: 'token' } });
      const stored = (await client.query("SELECT booking, booking_id FROM idempotency_keys WHERE idempotency_key = 'k1'")).rows[0];
      expect(stored.booking_id).toBe(created!.booking_id);
      const snapshot = JSON.parse(stored.booking) as unknown[];
      expect([snapshot[0], snapshot[6], snapshot[7], snapshot[8]]).toEqual([created!.booking_id, 2, 'A2', '2030-01-01']);
      expect(snapshot.slice(-2)).toEqual([q, '[{"code":"dog","quantity":1}]']);
    });
  });
} else {
  describe('create_booking_from_quote (PostgreSQL)', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
