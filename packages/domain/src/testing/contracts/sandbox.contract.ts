import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, type Change } from '../../changes/change-feed';
import type { PricedLine } from '../../pricing/tariff';
import type { TenantSnapshot } from '../../tenants/tenant-import';
import { aBooking, aSite, aTenant, aUser, anInvoice, someBillingDetails } from '../mothers';
import { rejectionOf } from '../rejection-of';
import { aTariff, anExtra, aTouristTax } from '../tariff-mothers';
import { type AdapterSet, type AdapterSetup, uniquePrefix, uniqueSlug, useAdapterSet } from './adapter-set';
import { aNewBooking } from './new-booking';

const brief = (changes: Change[]) => changes.map((c) => `${c.type}:${c.id}${c.deleted ? ':deleted' : ''}`).sort();

function aKey(name: string): TenantSnapshot['apiKeys'][number] {
  return {
    name,
    prefix: uniquePrefix(),
    secretHash: '$2b$04$abcdefghijklmnopqrstuu5Q0t7u0c0fP0fS2bq3y9oPp0Xo1Qm6K',
    scopes: ['bookings:read', 'bookings:write'],
    expiresAt: null,
    revoked: false,
  };
}

/** What a sandbox is seeded with: records of every kind, a tariff and billing details. */
function content(slug: string, key = aKey('sandbox')): TenantSnapshot {
  return aTenant(slug, {
    apiKeys: [key],
    sites: [aSite({ id: 1 }), aSite({ id: 2, siteNumber: 'B2' })],
    users: [aUser({ id: 1 }), aUser({ id: 2, role: 'staff' })],
    bookings: [aBooking({ id: 1, siteId: 1, status: 'confirmed' }), aBooking({ id: 2, siteId: 2, status: 'cancelled' })],
    invoices: [anInvoice({ id: 1, bookingId: 1 })],
    tariff: aTariff({ extras: [anExtra({ id: 1 })], touristTax: aTouristTax() }),
    billing: someBillingDetails(),
  });
}

/** The records a fresh `content` puts in the feed. */
const SEEDED = ['booking:1', 'booking:2', 'customer:1', 'extra:1', 'invoice:1', 'site:1', 'site:2', 'site_type:1'];

const LINE: PricedLine = {
  position: 1,
  kind: 'pitch',
  code: null,
  description: 'Pitch',
  quantity: 2000,
  unitPrice: 3000,
  vatRate: 380,
  amount: 6000,
};

/**
 * What an integrator leaves behind in a tenant: a booking and a quote with priced lines, a webhook endpoint with a
 * delivery, an idempotency claim (for the adapters' own tests of a reset, too).
 */
export async function playInSandbox(
  set: Pick<AdapterSet, 'bookings' | 'webhooks' | 'deliveries' | 'quotes' | 'idempotency'>,
  tenantId: number,
  now: Date,
) {
  const booking = await set.bookings.insertIfAvailable(
    aNewBooking(tenantId, { checkInDate: '2027-08-01', checkOutDate: '2027-08-03', lines: [LINE] }),
  );
  const endpoint = await set.webhooks.create(
    tenantId,
    {
      url: 'https://hooks.example.com/sandbox',
      types: ['booking'],
      description: 'integrator',
      status: 'active',
      pausedReason: null,
      position: 0,
      createdAt: now,
      secrets: [{ secret: 'whsec_c2FuZGJveA', expiresAt: null }],
    },
    10,
  );
  await set.deliveries.record(tenantId, endpoint!.id, {
    messageId: 'msg_1',
    attempt: 1,
    statusCode: 200,
    error: null,
    durationMs: 5,
    at: now,
  });
  const quote = await set.quotes.insert({
    tenantId,
    siteTypeId: 1,
    siteId: 1,
    checkInDate: '2027-09-01',
    checkOutDate: '2027-09-03',
    numAdults: 1,
    numYouth: 0,
    numChildren: 0,
    extras: [],
    lines: [LINE],
    total: 6000,
    expiresAt: new Date('2099-01-01T00:00:00Z'),
    createdAt: now,
  });
  const claim = await set.idempotency.claim(tenantId, 'retry-1', 'print', now, now, new Date('2099-01-01T00:00:00Z'));
  expect(claim.kind).toBe('claimed');
  return { booking, endpoint: endpoint!, quote };
}

/** The contract of `TenantImporter.replaceSandbox` (docs/operations.md, "A sandbox for an integrator"). */
export function describeSandboxContract(name: string, setup: AdapterSetup): void {
  describe(`TenantImporter sandbox contract: ${name}`, () => {
    const adapters = useAdapterSet(setup);

    async function aSandbox(set: AdapterSet, snapshot: TenantSnapshot): Promise<number> {
      await set.importer.importTenants([{ ...snapshot, sandbox: true }]);
      return (await set.tenants.findBySlug(snapshot.slug))!.id;
    }

    const summaryOf = async (set: AdapterSet, slug: string) => (await set.tenants.listWithCounts()).find((t) => t.slug === slug);

    /** Everything of a tenant that a replacement of another tenant must leave as it was. */
    async function stateOf(set: AdapterSet, slug: string) {
      const tenant = (await set.tenants.findBySlug(slug))!;
      return {
        summary: await summaryOf(set, slug),
        keys: await set.apiKeys.listByTenant(tenant.id),
        feed: await set.changes.read(tenant.id, 0, CHANGE_TYPES, 1000),
        endpoints: await set.webhooks.list(tenant.id),
        bookings: await Promise.all([1, 2, 3].map((id) => set.bookings.findById(tenant.id, id))),
      };
    }

    const playIn = (set: AdapterSet, tenantId: number) => playInSandbox(set, tenantId, set.clock.now());

    it('puts the snapshot in the place of the sandbox: what was written there and its old key are gone, its feed starts anew', async () => {
      const set = adapters();
      const slug = uniqueSlug('sandbox');
      const oldKey = aKey('first');
      const oldId = await aSandbox(set, content(slug, oldKey));
      const played = await playIn(set, oldId);
      const oldToken = (await set.changes.read(oldId, 0, CHANGE_TYPES, 1)).token;
      const oldVersion = await set.versions.versionOf(oldId);
      expect(await summaryOf(set, slug)).toMatchObject({ sites: 2, bookings: 3, sandbox: true });

      const newKey = aKey('second');
      await set.importer.replaceSandbox(content(slug, newKey));

      const tenant = (await set.tenants.findBySlug(slug))!;
      expect(tenant).toMatchObject({ slug, name: `Camping ${slug}` });
      expect(await summaryOf(set, slug)).toEqual({ ...tenant, sites: 2, bookings: 2, billing: true, sandbox: true });
      expect(await set.apiKeys.findByPrefix(oldKey.prefix)).toBeNull();
      expect(await set.apiKeys.findByPrefix(newKey.prefix)).toMatchObject({ tenantId: tenant.id, name: 'second' });
      expect(await set.bookings.findById(tenant.id, played.booking.id)).toBeNull();
      expect(await set.bookings.findById(tenant.id, 1)).toMatchObject({ status: 'confirmed' });
      expect(await set.webhooks.list(tenant.id)).toEqual([]);
      expect(await set.quotes.findById(tenant.id, played.quote.id)).toBeNull();
      const now = set.clock.now();
      expect(await set.idempotency.claim(tenant.id, 'retry-1', 'other', now, now, new Date('2099-01-01T00:00:00Z'))).toMatchObject({
        kind: 'claimed',
      });
      // The feed holds the seeded records only, under a new token: no cursor of the old sandbox reads on in the new.
      const feed = await set.changes.read(tenant.id, 0, CHANGE_TYPES, 1000);
      expect(brief(feed.changes)).toEqual(SEEDED);
      expect(feed.token).not.toBe(oldToken);
      // Kept answers of the old sandbox are never served for the new one, even under the same id.
      expect(await set.versions.versionOf(tenant.id)).not.toEqual(oldVersion);
      expect((await set.tariffs.tariffOf(tenant.id)).extras.map((e) => e.id)).toEqual([1]);
    });

    it('leaves every other tenant as it was, sandboxes included', async () => {
      const set = adapters();
      const [slug, otherSandbox, campsite] = [uniqueSlug('sandbox'), uniqueSlug('sandbox'), uniqueSlug('campsite')];
      await playIn(set, await aSandbox(set, content(slug)));
      await playIn(set, await aSandbox(set, content(otherSandbox)));
      await set.importer.importTenants([content(campsite)]);
      await playIn(set, (await set.tenants.findBySlug(campsite))!.id);
      const before = [await stateOf(set, otherSandbox), await stateOf(set, campsite)];

      await set.importer.replaceSandbox(content(slug));

      expect([await stateOf(set, otherSandbox), await stateOf(set, campsite)]).toEqual(before);
      expect(before[1]!.summary).toMatchObject({ bookings: 3, sandbox: false });
    });

    it('refuses a tenant that is no sandbox with not_a_sandbox and an unknown slug with tenant_not_found, changing nothing', async () => {
      const set = adapters();
      const campsite = uniqueSlug('campsite');
      await set.importer.importTenants([content(campsite)]);
      await playIn(set, (await set.tenants.findBySlug(campsite))!.id);
      const before = await stateOf(set, campsite);

      const refused = await rejectionOf(set.importer.replaceSandbox(content(campsite)));
      expect(refused.code).toBe('not_a_sandbox');
      expect(refused.message).toContain(`"${campsite}"`);
      expect(await stateOf(set, campsite)).toEqual(before);

      const missing = uniqueSlug('missing');
      expect((await rejectionOf(set.importer.replaceSandbox(content(missing)))).code).toBe('tenant_not_found');
      expect(await set.tenants.findBySlug(missing)).toBeNull();
    });

    it('leaves the sandbox as it was when the snapshot cannot be loaded', async () => {
      const set = adapters();
      const slug = uniqueSlug('sandbox');
      const oldKey = aKey('first');
      await aSandbox(set, content(slug, oldKey));
      await playIn(set, (await set.tenants.findBySlug(slug))!.id);
      const before = await stateOf(set, slug);
      const other = uniqueSlug('campsite');
      const foreignKey = aKey('foreign');
      await set.importer.importTenants([content(other, foreignKey)]);

      for (const bad of [
        { ...content(slug), bookings: [aBooking({ id: 1, siteId: 9 })] },
        // Only the database's unique key sees this one, after the old rows are deleted: the deletion is undone too.
        content(slug, { ...aKey('clash'), prefix: foreignKey.prefix }),
      ]) {
        expect((await rejectionOf(set.importer.replaceSandbox(bad))).code).toBe('validation_failed');
        expect(await stateOf(set, slug)).toEqual(before);
        expect(await set.apiKeys.findByPrefix(oldKey.prefix)).toMatchObject({ name: 'first' });
      }
    });
  });
}
