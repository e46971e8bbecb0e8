import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPersistence } from '../src';
import { postgresForTests } from './support/databases';

// docs/database-rules.md §6: PostgreSQL's create_booking_if_available (migration 018) keeps the create's rules by
// itself. Plain SQL only: what the procedure refuses, it refuses for any caller.

const CALL =
  'CALL create_booking_if_available($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, ' +
  '$20, $21, $22, NULL, NULL)';

interface Stay {
  id?: number;
  site: number;
  from: string;
  to: string;
  claim?: { key: string; token: string };
}

const postgres = await postgresForTests();
if (postgres) {
  describe('create_booking_if_available (PostgreSQL)', () => {
    let client: pg.Client;
    let references = 0;
    const call = async ({ id, site, from, to, claim }: Stay) => {
      const at = '2026-06-01T10:00:00Z';
      const { rows } = await client.query<{ booking_id: number; site_number: string }>(CALL, [
        ...[1, id ?? null, `P${++references}`, 'Anna', 'Muster', 'anna@example.ch', site, from, to, 2, 0, 0, 'pending', 5000],
        ...[at, 'online', at, null, ['pending', 'confirmed']],
        ...[claim?.key ?? null, claim?.token ?? null, claim ? '2026-06-02T10:00:00Z' : null],
      ]);
      return rows[0];
    };
    const scalar = async (sql: string) => Object.values((await client.query(sql)).rows[0] as object)[0] as unknown;

    beforeAll(async () => {
      const persistence = await openPersistence(postgres.url);
      await persistence.migrate();
      await persistence.close();
      client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query("INSERT INTO tenants (id, slug, name) VALUES (1, 'procedure', 'Procedure')");
      await client.query("INSERT INTO site_types (tenant_id, id, name) VALUES (1, 1, 'Tent')");
      await client.query(
        'INSERT INTO sites (tenant_id, id, site_number, name, max_occupants, base_price_per_night, status, site_type_id) ' +
          "VALUES (1, 1, 'S1', '', 4, 100, 'active', 1), (1, 2, 'S2', '', 4, 100, 'inactive', 1)",
      );
    });
    afterAll(() => client?.end());

    it("takes the tenant's next id, answers the site number, and the triggers count and record the booking", async () => {
      const changesBefore = Number(await scalar('SELECT count(*) FROM change_log'));
      expect(await call({ site: 1, from: '2026-07-01', to: '2026-07-03' })).toEqual({ booking_id: 1, site_number: 'S1' });
      expect(await call({ site: 1, from: '2026-07-03', to: '2026-07-05' })).toEqual({ booking_id: 2, site_number: 'S1' });
      expect(Number(await scalar("SELECT n FROM booking_counts WHERE tenant_id = 1 AND status = 'pending'"))).toBe(2);
      expect(Number(await scalar('SELECT count(*) FROM change_log'))).toBe(changesBefore + 2);
    });

    it('refuses an overlapping stay of an occupying status, and an inactive or missing site, inserting nothing', async () => {
      const before = Number(await scalar('SELECT count(*) FROM bookings'));
      await expect(call({ site: 1, from: '2026-07-02', to: '2026-07-04' })).rejects.toThrow(/^site_unavailable$/);
      await expect(call({ site: 2, from: '2027-01-01', to: '2027-01-02' })).rejects.toThrow(/^site_unavailable$/);
      await expect(call({ site: 99, from: '2027-01-01', to: '2027-01-02' })).rejects.toThrow(/^site_unavailable$/);
      expect(Number(await scalar('SELECT count(*) FROM bookings'))).toBe(before);
      await client.query("UPDATE bookings SET status = 'cancelled' WHERE tenant_id = 1 AND id = 1");
      expect((await call({ site: 1, from: '2026-07-02', to: '2026-07-03' }))?.site_number).toBe('S1');
    });

    it('keeps a given id, and the next id comes after it', async () => {
      expect((await call({ id: 50, site: 1, from: '2028-01-01', to: '2028-01-02' }))?.booking_id).toBe(50);
      expect((await call({ site: 1, from: '2028-01-02', to: '2028-01-03' }))?.booking_id).toBe(51);
    });

    it("completes the claim with the booking as inserted, in the booking's own transaction", async () => {
      await client.query(
        'INSERT INTO idempotency_keys (tenant_id, idempotency_key, fingerprint, claim_token, claimed_at, expires_at) ' +
          "VALUES (1, 'k1', 'fp', 'token', now(), now() + interval '1 minute')",
      );
      const before = Number(await scalar('SELECT count(*) FROM bookings'));
      const wrongToken = { key: 'k1', token: 'not-ours' };
      await expect(call({ site: 1, from: '2029-01-01', to: '2029-01-02', claim: wrongToken })).rejects.toThrow(/^idempotency_key_in_use$/);
      expect(Number(await scalar('SELECT count(*) FROM bookings'))).toBe(before);

      const created = await call({ site: 1, from: '2029-01-01', to: '2029-01-02', claim: { key: 'k1', token: 'token' } });
      const stored = (await client.query("SELECT booking, booking_id FROM idempotency_keys WHERE idempotency_key = 'k1'")).rows[0];
      expect(stored.booking_id).toBe(created!.booking_id);
      const snapshot = JSON.parse(stored.booking) as unknown[];
      // The values in the order the service reads a booking: id, tenant, reference, … site number, the stay, ….
      expect(snapshot.slice(0, 10)).toEqual([
        created!.booking_id,
        1,
        expect.stringMatching(/^P\d+$/),
        'Anna',
        'Muster',
        'anna@example.ch',
        1,
        'S1',
        '2029-01-01',
        '2029-01-02',
      ]);
      expect(snapshot.slice(13, 15)).toEqual(['pending', 5000]);
    });
  });
} else {
  describe('create_booking_if_available (PostgreSQL)', () => it.skip('Postgres unavailable (named at the end of the run)'));
}
