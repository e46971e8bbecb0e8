import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '@campsite/domain/testing';
import { SecretSealer, openPersistence } from '../src';
import { postgresForTests, tempDir } from './support/databases';

// docs/security.md, "Secrets at rest": webhook signing secrets are sealed with AES-256-GCM, bound to their endpoint.

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('SecretSealer', () => {
  const sealer = new SecretSealer([OLD]);

  it('opens what it sealed, only for what it was bound to, and never shows the secret', () => {
    const sealed = sealer.seal(SECRET, 'endpoint 1');
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET.slice(6));
    expect(sealer.seal(SECRET, 'endpoint 1')).not.toBe(sealed);
    expect(sealer.open(sealed, 'endpoint 1')).toBe(SECRET);
    expect(sealer.open(sealed, 'endpoint 2')).toBeNull();
  });

  it('refuses an altered value, an unknown key and a broken shape, and takes a value stored before sealing as it is', () => {
    const sealed = sealer.seal(SECRET, 'e');
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(sealer.open(flipped, 'e')).toBeNull();
    expect(new SecretSealer([NEW]).open(sealed, 'e')).toBeNull();
    for (const broken of ['sealed:v1:', 'sealed:v1:00000000:', `sealed:v1:${sealed.split(':')[2]}:AAAA`]) {
      expect(sealer.open(broken, 'e')).toBeNull();
    }
    expect(sealer.open(SECRET, 'e')).toBe(SECRET);
  });

  it('seals with the first key and opens with any, and knows what the first key sealed', () => {
    const rotating = new SecretSealer([NEW, OLD]);
    const old = sealer.seal(SECRET, 'e');
    expect(rotating.open(old, 'e')).toBe(SECRET);
    expect(rotating.isCurrent(old)).toBe(false);
    expect(rotating.isCurrent(rotating.seal(SECRET, 'e'))).toBe(true);
    expect(() => new SecretSealer([])).toThrow();
    expect(() => new SecretSealer([Buffer.alloc(16)])).toThrow();
  });
});

const ENDPOINT = {
  url: 'https://hooks.example.com/',
  types: ['booking' as const],
  description: '',
  status: 'active' as const,
  pausedReason: null,
  position: 0,
  createdAt: new Date('2026-06-01T12:00:00Z'),
};

/** Two endpoints of one tenant, stored by a persistence that seals under `keys`. */
async function twoEndpoints(url: string, keys: Buffer[]) {
  const persistence = await openPersistence(url, { clock: new FixedClock(), sealingKeys: keys });
  await persistence.migrate();
  const tenant = await persistence.tenants.create({ slug: `seal-${Math.random().toString(36).slice(2, 8)}`, name: 'Sealing' });
  await persistence.webhooks.create(tenant.id, { ...ENDPOINT, secrets: [{ secret: SECRET, expiresAt: null }] }, 10);
  await persistence.webhooks.create(tenant.id, { ...ENDPOINT, secrets: [{ secret: `${SECRET}x`, expiresAt: null }] }, 10);
  return { persistence, tenantId: tenant.id };
}

function describeSealedEndpoints(name: string, database: () => Promise<{ url: string; raw(sql: string): Promise<string> }>) {
  describe(`sealed webhook signing secrets: ${name}`, () => {
    it('stores no secret in clear, opens it for its own endpoint only, and leaves out one copied to another row', async () => {
      const { url, raw } = await database();
      const unreadable: string[] = [];
      const { persistence, tenantId } = await twoEndpoints(url, [OLD]);
      expect(await raw('SELECT secrets FROM webhook_endpoints')).not.toContain('whsec_');
      expect((await persistence.webhooks.find(tenantId, 1))?.secrets).toEqual([{ secret: SECRET, expiresAt: null }]);
      await raw(
        `UPDATE webhook_endpoints SET secrets = (SELECT secrets FROM webhook_endpoints WHERE tenant_id = ${tenantId} AND id = 1) ` +
          `WHERE tenant_id = ${tenantId} AND id = 2`,
      );
      const reader = await openPersistence(url, { sealingKeys: [OLD], onBackgroundError: (error) => unreadable.push(String(error)) });
      expect((await reader.webhooks.find(tenantId, 2))?.secrets).toEqual([]);
      expect(unreadable).toHaveLength(1);
      expect(unreadable[0]).not.toContain(SECRET);
      // The next test re-seals the whole database: the row broken on purpose goes.
      await persistence.webhooks.delete(tenantId, 2);
      await Promise.all([persistence.close(), reader.close()]);
    });

    it('seals secrets stored before sealing began, and re-seals everything under a new key', async () => {
      const { url, raw } = await database();
      const plain = await openPersistence(url, { clock: new FixedClock() });
      await plain.migrate();
      const tenant = await plain.tenants.create({ slug: `plain-${Math.random().toString(36).slice(2, 8)}`, name: 'Plain' });
      await plain.webhooks.create(tenant.id, { ...ENDPOINT, secrets: [{ secret: SECRET, expiresAt: null }] }, 10);
      await plain.close();
      expect(await raw('SELECT secrets FROM webhook_endpoints')).toContain(SECRET);

      const sealing = await openPersistence(url, { sealingKeys: [OLD] });
      expect((await sealing.reseal(true)).resealed).toBeGreaterThanOrEqual(1);
      expect(await raw('SELECT secrets FROM webhook_endpoints')).not.toContain('whsec_');
      await sealing.close();

      const rotating = await openPersistence(url, { sealingKeys: [NEW, OLD] });
      expect((await rotating.reseal(false)).unreadable).toBe(0);
      expect(await rotating.reseal(false)).toEqual({ resealed: 0, unreadable: 0 });
      await rotating.close();
      const renewed = await openPersistence(url, { sealingKeys: [NEW] });
      expect((await renewed.webhooks.find(tenant.id, 1))?.secrets).toEqual([{ secret: SECRET, expiresAt: null }]);
      await renewed.close();
    });
  });
}

describeSealedEndpoints('sqlite', async () => {
  const dir = tempDir('sealing');
  afterAll(() => dir.remove());
  const file = join(dir.path, 'campsite.db');
  return {
    url: `sqlite:${file}`,
    raw: async (sql: string) => {
      const db = new Database(file);
      try {
        if (sql.startsWith('SELECT')) return JSON.stringify(db.prepare(sql).all());
        db.prepare(sql).run();
        return '';
      } finally {
        db.close();
      }
    },
  };
});

const postgres = await postgresForTests();
if (!postgres) describe('sealed webhook signing secrets: postgres', () => it.skip('Postgres unavailable (named at the end of the run)'));
else {
  const { url } = postgres;
  describeSealedEndpoints('postgres', async () => ({
    url,
    raw: async (sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return JSON.stringify((await client.query(sql)).rows);
      } finally {
        await client.end();
      }
    },
  }));
}
